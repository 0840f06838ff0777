/** @jest-environment node */
import { Timing } from '@civic/core/common/constants';
import { inactivityTimings, InactivityOverrideKeys } from './inactivity-settings';

const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

describe('inactivityTimings (§4)', () => {
  it('is 25 minutes to the prompt and 5 more to the logoff by default', () => {
    expect(inactivityTimings(storage({}))).toEqual({ promptAfterMs: Timing.inactivityPromptMs, logoffAfterMs: Timing.autoLogoffAfterPromptMs });
  });

  it('honours a shorter override (tests), never a longer or nonsensical one', () => {
    expect(inactivityTimings(storage({ [InactivityOverrideKeys.promptMs]: '3000', [InactivityOverrideKeys.logoffMs]: '2000' }))).toEqual({ promptAfterMs: 3000, logoffAfterMs: 2000 });
    expect(inactivityTimings(storage({ [InactivityOverrideKeys.promptMs]: String(3 * Timing.inactivityPromptMs) })).promptAfterMs).toBe(Timing.inactivityPromptMs);
    expect(inactivityTimings(storage({ [InactivityOverrideKeys.promptMs]: 'soon', [InactivityOverrideKeys.logoffMs]: '5' }))).toEqual({
      promptAfterMs: Timing.inactivityPromptMs,
      logoffAfterMs: Timing.autoLogoffAfterPromptMs,
    });
  });
});
