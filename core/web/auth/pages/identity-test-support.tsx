import { CoreApi } from '@civic/core/common/api-paths';
import { renderConsoleInTestApp, type testUser, type FakeHandler } from '@civic/core/web/testing';

/** Shared by the identity page tests: the public auth config and a console rendered at a route. */
export const authConfig = { loginKey: btoa('k'.repeat(32)), twoFactor: true, captcha: false, ssoEnabled: false, allowedEmailDomains: ['gov.sg'] };
/** A password that meets every rule. */
export const GOOD = 'Brand-new-Passw0rd';

export function render(route: string, api: Record<string, FakeHandler> = {}, user = null as ReturnType<typeof testUser> | null) {
  return renderConsoleInTestApp({ route, user, api: { [`GET ${CoreApi.authConfig}`]: authConfig, ...api } });
}
