/** @jest-environment node */
import { appViewer, tierRestricted, type AccessApp, type AccessContext } from '@civic/core/common/access';
import { NO_RESTRICTION_OVERRIDES, type SubscriptionTierName } from '@civic/core/common/model';
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

const known = new Set(['/intents/:appId', '/my-workspace/:appId']);
const on = (path: string, params: Record<string, string>, tier: SubscriptionTierName, canAccess = appViewer): AppSwitchInput => ({
  current: { path, appParam: 'appId', params, canAccess },
  newAppId: 'new',
  ctx: ctxFor(tier),
  hasRoute: (p) => known.has(p),
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

  it('sends editing routes to the intents list, whatever the tier', () => {
    for (const path of ['/intent/:appId/:mode/:intentId', '/QandA/:appId/:mode', '/flow/:appId/:mode/:intentId']) {
      expect(appSwitchTarget(on(path, { appId: 'old', mode: 'edit', intentId: 'i1' }, 'Starter'))).toBe('/intents/new');
    }
  });

  it('sends a Starter-tier app to My Workspace only from pages it may not use', () => {
    expect(appSwitchTarget(on('/analytics/:appId', { appId: 'old' }, 'Starter', tierRestricted('analytics')))).toBe('/my-workspace/new');
    expect(appSwitchTarget(on('/analytics/:appId', { appId: 'old' }, 'Plus', tierRestricted('analytics')))).toBe('/analytics/new');
    expect(appSwitchTarget(on('/team/:appId', { appId: 'old' }, 'Starter'))).toBe('/team/new');
  });

  it('falls back to My Workspace, then the dashboard, when the intents list is not served', () => {
    const input = on('/intent/:appId/:mode', { appId: 'old', mode: 'create' }, 'Plus');
    expect(appSwitchTarget({ ...input, hasRoute: (p) => p === '/my-workspace/:appId' })).toBe('/my-workspace/new');
    expect(appSwitchTarget({ ...input, hasRoute: () => false })).toBe('/dashboard');
  });
});
