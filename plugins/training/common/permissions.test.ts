import type { AccessApp, AccessContext } from '@civic/sdk/common/access';
import { canReviewQuestions, canRevealPersonalData, canViewHistory, canViewTraining } from './permissions';

const NONE = { analytics: false, categories: false, labels: false, trainingHub: false };
const app = (tier: AccessApp['subscriptionTier'], trainingHub = false): AccessApp => ({
  appId: 'a1',
  subscriptionTier: tier,
  isSuperbot: false,
  restrictions: { ...NONE, trainingHub },
  isPlaygroundEnabled: false,
  chuMode: null,
  nlpEngineService: 'CIVIC_DIALOG_ENGINE',
});
const ctx = (role: '0' | '1' | '2' | null, a: AccessApp, options: { admin?: boolean; history?: boolean } = {}): AccessContext => ({
  user: { id: 'u1', isPlatformAdmin: options.admin ?? false, permissions: role ? { a1: role } : {}, authLevel: 2 },
  app: a,
  flags: {},
  switches: { twoFactor: true, captcha: true, history: options.history ?? false, fileResponses: false },
  subscriberAppIds: [],
});
const starterReason = { disabledReason: 'Not available on the Starter tier' };

describe('training permissions', () => {
  it('§6: on a Starter app non-platform-admins see it disabled unless the training hub flag allows', () => {
    expect(canViewTraining(ctx('2', app('Starter')))).toEqual(starterReason);
    expect(canReviewQuestions(ctx('1', app('Starter')))).toEqual(starterReason);
    expect(canViewTraining(ctx('0', app('Starter', true)))).toBe(true);
    expect(canViewTraining(ctx(null, app('Starter'), { admin: true }))).toBe(true);
    expect(canViewTraining(ctx('0', app('Plus')))).toBe(true);
  });

  it('viewers read, editors triage, admins reveal', () => {
    expect(canReviewQuestions(ctx('0', app('Plus')))).toBe(false);
    expect(canReviewQuestions(ctx('1', app('Plus')))).toBe(true);
    expect(canRevealPersonalData(ctx('1', app('Plus')))).toBe(false);
    expect(canRevealPersonalData(ctx('2', app('Plus')))).toBe(true);
  });

  it('History follows the history switch (off by default)', () => {
    expect(canViewHistory(ctx('2', app('Plus')))).toBe(false);
    expect(canViewHistory(ctx('0', app('Plus'), { history: true }))).toBe(true);
  });
});
