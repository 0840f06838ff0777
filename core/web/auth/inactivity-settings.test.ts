/** @jest-environment node */
import { inactivityTimings, InactivityOverrideKeys } from './inactivity-settings';

const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });
const standard = { inactivityPromptMinutes: 25, autoLogoffMinutes: 5 };

describe('inactivityTimings (§4)', () => {
  it('is the configured minutes to the prompt and to the logoff (25 and 5 by default)', () => {
    expect(inactivityTimings(standard, storage({}))).toEqual({ promptAfterMs: 25 * 60_000, logoffAfterMs: 5 * 60_000 });
    expect(inactivityTimings({ inactivityPromptMinutes: 10, autoLogoffMinutes: 2 }, storage({}))).toEqual({ promptAfterMs: 10 * 60_000, logoffAfterMs: 2 * 60_000 });
  });

  it('honours a shorter override (tests), never a longer or nonsensical one', () => {
    expect(inactivityTimings(standard, storage({ [InactivityOverrideKeys.promptMs]: '3000', [InactivityOverrideKeys.logoffMs]: '2000' }))).toEqual({ promptAfterMs: 3000, logoffAfterMs: 2000 });
    expect(inactivityTimings(standard, storage({ [InactivityOverrideKeys.promptMs]: String(3 * 25 * 60_000) })).promptAfterMs).toBe(25 * 60_000);
    // Longer than a configured 10 minutes, though shorter than the default 25: still refused.
    expect(inactivityTimings({ inactivityPromptMinutes: 10, autoLogoffMinutes: 5 }, storage({ [InactivityOverrideKeys.promptMs]: String(15 * 60_000) })).promptAfterMs).toBe(10 * 60_000);
    expect(inactivityTimings(standard, storage({ [InactivityOverrideKeys.promptMs]: 'soon', [InactivityOverrideKeys.logoffMs]: '5' }))).toEqual({
      promptAfterMs: 25 * 60_000,
      logoffAfterMs: 5 * 60_000,
    });
  });
});
