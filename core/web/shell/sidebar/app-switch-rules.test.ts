/** @jest-environment node */
import { appViewer, tierRestricted, type AccessApp, type AccessContext, type AccessPredicate } from '@civic/core/common/access';
import { NO_RESTRICTION_OVERRIDES, type SubscriptionTierName } from '@civic/core/common/model';
import type { AppSwitchBehaviour } from '@civic/core/common/plugins';
import { appSwitchTarget, type AppSwitchInput } from './app-switch-rules';

const ctxFor = (tier: SubscriptionTierName): AccessContext => {
  const app: AccessApp = {
    appId: 'new',
    subscriptionTier: tier,
    isSuperbot: false,
    restrictions: NO_RESTRICTION_OVERRIDES,
    isPlaygroundEnabled: false,
    chuMode: null,
    nlpEngineService: 'CIVIC_DIALOG_ENGINE',
  };
  return {
    user: { id: 'u', isPlatformAdmin: false, permissions: { new: '2' }, authLevel: 2 },
    app,
    flags: {},
    switches: { twoFactor: true, captcha: true, history: false, fileResponses: false },
    subscriberAppIds: [],
  };
};

/** Routes as plugins declare them; core knows none of these paths. */
const served = new Map([
  ['/intents/:appId', { path: '/intents/:appId', appParam: 'appId' }],
  ['/my-workspace/:appId', { path: '/my-workspace/:appId', appParam: 'appId' }],
  ['/list/:app', { path: '/list/:app', appParam: 'app' }],
]);
const toList = { goTo: '/intents/:appId' };
const on = (
  path: string,
  params: Record<string, string>,
  tier: SubscriptionTierName,
  canAccess: AccessPredicate = appViewer,
  onAppSwitch?: AppSwitchBehaviour,
): AppSwitchInput => ({
  current: { path, appParam: 'appId', params, canAccess, onAppSwitch },
  newAppId: 'new',
  ctx: ctxFor(tier),
  home: served.get('/my-workspace/:appId') ?? null,
  route: (p) => served.get(p) ?? null,
});

describe('appSwitchTarget (§2 app switching)', () => {
  it('stays put on pages that do not depend on an app', () => {
    expect(appSwitchTarget({ ...on('/dashboard', {}, 'Plus'), current: { path: '/dashboard', params: {}, canAccess: appViewer } })).toBeNull();
    expect(appSwitchTarget({ ...on('/x', {}, 'Plus'), current: null })).toBeNull();
  });

  it('keeps the page and its other parameters with the new app id', () => {
    expect(appSwitchTarget(on('/app-settings/:tabId/:appId', { tabId: 'general', appId: 'old' }, 'Enterprise'))).toBe(
      '/app-settings/general/new',
    );
  });

  it('sends a route that declares { goTo } to that route of the new app, whatever the tier', () => {
    for (const path of ['/intent/:appId/:mode/:intentId', '/QandA/:appId/:mode', '/flow/:appId/:mode/:intentId']) {
      expect(appSwitchTarget(on(path, { appId: 'old', mode: 'edit', intentId: 'i1' }, 'Starter', appViewer, toList))).toBe('/intents/new');
    }
  });

  it("fills the target route's own app parameter", () => {
    expect(appSwitchTarget(on('/editor/:appId', { appId: 'old' }, 'Plus', appViewer, { goTo: '/list/:app' }))).toBe('/list/new');
  });

  it("keeps the page when the route says 'same' or nothing, and knows no path by name", () => {
    expect(appSwitchTarget(on('/intent/:appId/:mode', { appId: 'old', mode: 'create' }, 'Plus', appViewer, 'same'))).toBe('/intent/new/create');
    expect(appSwitchTarget(on('/intent/:appId/:mode', { appId: 'old', mode: 'create' }, 'Plus'))).toBe('/intent/new/create');
  });

  it('sends a Starter-tier app to My Workspace only from pages it may not use', () => {
    expect(appSwitchTarget(on('/analytics/:appId', { appId: 'old' }, 'Starter', tierRestricted('analytics')))).toBe('/my-workspace/new');
    expect(appSwitchTarget(on('/analytics/:appId', { appId: 'old' }, 'Plus', tierRestricted('analytics')))).toBe('/analytics/new');
    expect(appSwitchTarget(on('/team/:appId', { appId: 'old' }, 'Starter'))).toBe('/team/new');
  });

  it("falls back to the app's home, then the dashboard, when the declared route is not served", () => {
    const input = on('/intent/:appId/:mode', { appId: 'old', mode: 'create' }, 'Plus', appViewer, toList);
    expect(appSwitchTarget({ ...input, route: () => null })).toBe('/my-workspace/new');
    expect(appSwitchTarget({ ...input, route: () => null, home: null })).toBe('/dashboard');
    expect(appSwitchTarget({ ...on('/analytics/:appId', { appId: 'old' }, 'Starter', tierRestricted('analytics')), home: null })).toBe('/dashboard');
  });
});
