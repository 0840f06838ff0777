/** @jest-environment node */
import { formatLastSignIn } from './format-last-sign-in';

describe('formatLastSignIn', () => {
  it('formats in the given locale and time zone, naming the zone', () => {
    const at = '2026-11-20T02:05:00.000Z';
    expect(formatLastSignIn(at, 'en-SG', 'Asia/Singapore')).toMatch(/20 Nov 2026.*10:05.*(SGT|GMT\+8)/);
    expect(formatLastSignIn(at, 'en-US', 'America/New_York')).toMatch(/Nov 19, 2026.*9:05.*(EST|GMT-5)/);
  });

  it('says "Never" before the first sign-in', () => {
    expect(formatLastSignIn(null)).toBe('Never');
  });
});
