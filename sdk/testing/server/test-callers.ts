import type { Got } from 'got';
import { OUTSIDER_EMAIL } from './fixtures';
import { signIn } from './login';

/**
 * The kinds of caller every API test and the access matrix speak of, each a seeded account:
 * a platform admin, the demo apps' admin, editor and viewer, and an outsider who holds a role only
 * on another agency's app (test-other).
 */
export type SignedInCaller = 'platformAdmin' | 'appAdmin' | 'editor' | 'viewer' | 'outsider';

export const CALLER_EMAILS: Readonly<Record<SignedInCaller, string>> = {
  platformAdmin: 'admin@demo.gov.sg',
  appAdmin: 'appadmin@demo.gov.sg',
  editor: 'editor@demo.gov.sg',
  viewer: 'viewer@demo.gov.sg',
  outsider: OUTSIDER_EMAIL,
};

/** The app the demo app admin, editor and viewer all hold a role on. */
export const OWN_APP_ID = 'demo-enterprise';

/** Signs in as that kind of caller and returns the bearer token. */
export function signInAs(http: Got, caller: SignedInCaller): Promise<string> {
  return signIn(http, CALLER_EMAILS[caller]);
}
