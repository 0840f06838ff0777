import type { AccessContext } from '@civic/sdk/common/access';
import { canOpenNextGenConsole, canOpenNextGenPlayground } from './permissions';

const ctx = (chuMode: 'ALL' | 'PLAYGROUND' | null, flag: boolean, role: '0' | null = '0'): AccessContext => ({
  user: { id: 'u', isPlatformAdmin: false, permissions: role ? { a1: role } : {}, authLevel: 2 },
  app: { appId: 'a1', subscriptionTier: 'Plus', isSuperbot: false, restrictions: { analytics: false, categories: false, labels: false, trainingHub: false }, isPlaygroundEnabled: true, chuMode, nlpEngineService: 'CIVIC_DIALOG_ENGINE' },
  flags: { 'next-gen-console': flag },
  switches: { twoFactor: true, captcha: true, history: false, fileResponses: false },
  subscriberAppIds: [],
});

describe('next-generation console entries (§2, §6)', () => {
  it.each([
    ['ALL', true, true, false],
    ['PLAYGROUND', true, false, true],
    [null, true, false, false],
    ['ALL', false, false, false],
    ['PLAYGROUND', false, false, false],
  ] as const)('mode %s, flag %s → console %s, playground %s', (mode, flag, console, playground) => {
    expect(canOpenNextGenConsole(ctx(mode, flag)) === true).toBe(console);
    expect(canOpenNextGenPlayground(ctx(mode, flag)) === true).toBe(playground);
  });

  it('needs a role on the app', () => {
    expect(canOpenNextGenConsole(ctx('ALL', true, null)) === true).toBe(false);
  });
});
