/** @jest-environment node */
import type { AccessApp, AccessContext, AccessUser } from './access-context';
import { isAllowed, isVisible } from './access-context';
import {
  allOf,
  anyOf,
  appEditor,
  appViewer,
  featureFlag,
  platformAdmin,
  roleOnApp,
  STARTER_TIER_REASON,
  superbotApp,
  tierRestricted,
} from './predicates';
import { NO_RESTRICTION_OVERRIDES, type SubscriptionTierName } from '../model/tiers';

const app = (tier: SubscriptionTierName, overrides: Partial<AccessApp> = {}): AccessApp => ({
  appId: 'a1',
  subscriptionTier: tier,
  isSuperbot: false,
  restrictions: NO_RESTRICTION_OVERRIDES,
  isPlaygroundEnabled: false,
  chuMode: null,
  nlpEngineService: 'CIVIC_DIALOG_ENGINE',
  ...overrides,
});
const user = (overrides: Partial<AccessUser> = {}): AccessUser => ({
  id: 'u1',
  isPlatformAdmin: false,
  permissions: {},
  authLevel: 2,
  ...overrides,
});
const ctx = (u: AccessUser | null, a: AccessApp | null, flags: Record<string, boolean> = {}): AccessContext => ({
  user: u,
  app: a,
  flags,
  switches: { twoFactor: true, captcha: true, history: false, fileResponses: false },
  subscriberAppIds: [],
});
const disabled = (reason: string) => ({ disabledReason: reason });
const allow = () => true;
const hide = () => false;

describe('roleOnApp', () => {
  it('is the role held on the current app', () => {
    expect(roleOnApp(ctx(user({ permissions: { a1: '1' } }), app('Plus')))).toBe('1');
    expect(roleOnApp(ctx(user({ permissions: { other: '2' } }), app('Plus')))).toBeUndefined();
  });

  it('counts platform admins as ADMIN on every app (§6)', () => {
    expect(roleOnApp(ctx(user({ isPlatformAdmin: true }), app('Plus')))).toBe('2');
  });

  it('is nothing without an app, a user, or before the second factor', () => {
    expect(roleOnApp(ctx(user({ permissions: { a1: '2' } }), null))).toBeUndefined();
    expect(roleOnApp(ctx(null, app('Plus')))).toBeUndefined();
    expect(roleOnApp(ctx(user({ permissions: { a1: '2' }, authLevel: 1 }), app('Plus')))).toBeUndefined();
  });

  it('orders roles viewer < editor < admin in appViewer/appEditor', () => {
    const viewer = ctx(user({ permissions: { a1: '0' } }), app('Plus'));
    const editor = ctx(user({ permissions: { a1: '1' } }), app('Plus'));
    expect([appViewer(viewer), appEditor(viewer)]).toEqual([true, false]);
    expect([appViewer(editor), appEditor(editor)]).toEqual([true, true]);
    expect(platformAdmin(editor)).toBe(false);
  });
});

describe('tierRestricted', () => {
  const analytics = tierRestricted('analytics');

  it('disables the feature, with a reason, for non-admins on a Starter-tier app', () => {
    expect(analytics(ctx(user({ permissions: { a1: '2' } }), app('Starter')))).toEqual(disabled(STARTER_TIER_REASON));
  });

  it("allows it when the app's restriction flag lets it through", () => {
    const starter = app('Starter', { restrictions: { ...NO_RESTRICTION_OVERRIDES, analytics: true } });
    expect(analytics(ctx(user({ permissions: { a1: '0' } }), starter))).toBe(true);
    expect(tierRestricted('labels')(ctx(user({ permissions: { a1: '0' } }), starter))).toEqual(disabled(STARTER_TIER_REASON));
  });

  it('allows other tiers and platform admins', () => {
    for (const tier of ['Enterprise', 'Plus', 'Internal'] as const) {
      expect(analytics(ctx(user(), app(tier)))).toBe(true);
    }
    expect(analytics(ctx(user({ isPlatformAdmin: true }), app('Starter')))).toBe(true);
  });

  it('hides it when there is no app or no user', () => {
    expect(analytics(ctx(user(), null))).toBe(false);
    expect(analytics(ctx(null, app('Starter')))).toBe(false);
  });
});

describe('allOf', () => {
  const c = ctx(user(), app('Plus'));

  it('allows only when every predicate allows', () => {
    expect(allOf(allow, allow)(c)).toBe(true);
    expect(allOf()(c)).toBe(true);
  });

  it('lets hidden win over disabled, wherever it comes', () => {
    expect(allOf(() => disabled('first'), hide)(c)).toBe(false);
    expect(allOf(hide, () => disabled('first'))(c)).toBe(false);
  });

  it('keeps the first disabled reason', () => {
    expect(allOf(allow, () => disabled('first'), () => disabled('second'))(c)).toEqual(disabled('first'));
  });
});

describe('anyOf', () => {
  const c = ctx(user(), app('Plus'));

  it('allows when any predicate allows', () => {
    expect(anyOf(hide, () => disabled('x'), allow)(c)).toBe(true);
  });

  it('falls back to the first disabled reason, else hidden', () => {
    expect(anyOf(hide, () => disabled('first'), () => disabled('second'))(c)).toEqual(disabled('first'));
    expect(anyOf(hide, hide)(c)).toBe(false);
    expect(anyOf()(c)).toBe(false);
  });

  it('composes with the building blocks (GenAI Playground reading of §6)', () => {
    const playground = anyOf((x) => x.app?.isPlaygroundEnabled === true, allOf(appEditor, tierRestricted('analytics')));
    expect(playground(ctx(user({ permissions: { a1: '0' } }), app('Plus', { isPlaygroundEnabled: true })))).toBe(true);
    expect(playground(ctx(user({ permissions: { a1: '0' } }), app('Plus')))).toBe(false);
    expect(playground(ctx(user({ permissions: { a1: '1' } }), app('Starter')))).toEqual(disabled(STARTER_TIER_REASON));
  });
});

describe('flags and app kinds', () => {
  it('reads feature flags and the superbot flag', () => {
    expect(featureFlag('helpdesk')(ctx(user(), null, { helpdesk: true }))).toBe(true);
    expect(featureFlag('helpdesk')(ctx(user(), null, {}))).toBe(false);
    expect(superbotApp(ctx(user(), app('Plus', { isSuperbot: true })))).toBe(true);
    expect(superbotApp(ctx(user(), null))).toBe(false);
  });

  it('maps answers to allowed/visible', () => {
    expect([isAllowed(true), isVisible(true)]).toEqual([true, true]);
    expect([isAllowed(disabled('x')), isVisible(disabled('x'))]).toEqual([false, true]);
    expect([isAllowed(false), isVisible(false)]).toEqual([false, false]);
  });
});
