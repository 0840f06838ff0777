import { addDays, eachDay, localDay, rangeProblem, resolveRange, startOfLocalDay } from './date-range';

describe('analytics date ranges (§9)', () => {
  // 2026-03-10 01:30 in Singapore (UTC+8) is still 2026-03-09 17:30 UTC.
  const now = new Date('2026-03-09T17:30:00Z');

  it('defaults to the last 30 days ending yesterday in the deployment time zone', () => {
    const r = resolveRange({}, now, 'Asia/Singapore');
    expect([r.from, r.to, r.days]).toEqual(['2026-02-08', '2026-03-09', 30]);
    expect(r.start.toISOString()).toBe('2026-02-07T16:00:00.000Z');
    expect(r.end.toISOString()).toBe('2026-03-09T16:00:00.000Z');
    expect([r.previous.from, r.previous.to, r.previous.days]).toEqual(['2026-01-09', '2026-02-07', 30]);
    // In UTC the same instant is still the 9th: yesterday is the 8th.
    expect(resolveRange({}, now, 'UTC').to).toBe('2026-03-08');
  });

  it('knows every preset: 0 is today so far, n is n whole days ending yesterday', () => {
    const spans = [0, 1, 3, 5, 7, 30, 60, 365].map((preset) => {
      const r = resolveRange({ preset }, now, 'Asia/Singapore');
      return [preset, r.from, r.to, r.days];
    });
    expect(spans).toEqual([
      [0, '2026-03-10', '2026-03-10', 1],
      [1, '2026-03-09', '2026-03-09', 1],
      [3, '2026-03-07', '2026-03-09', 3],
      [5, '2026-03-05', '2026-03-09', 5],
      [7, '2026-03-03', '2026-03-09', 7],
      [30, '2026-02-08', '2026-03-09', 30],
      [60, '2026-01-09', '2026-03-09', 60],
      [365, '2025-03-10', '2026-03-09', 365],
    ]);
  });

  it('starts days at local midnight across a daylight-saving change', () => {
    // New York springs forward on 2026-03-08: that day has 23 hours.
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(localDay(new Date('2026-03-09T03:59:59Z'), 'America/New_York')).toBe('2026-03-08');
  });

  it('refuses half, unreal, reversed and overlong custom ranges', () => {
    expect(rangeProblem({ from: '2026-01-01' })).toBe('Give both a start and an end date');
    expect(rangeProblem({ from: '2026-02-30', to: '2026-03-01' })).toBe('Dates must be real days written YYYY-MM-DD');
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe('The start date must not be after the end date');
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-02' })).toBe('A range may span at most 366 days');
    expect(rangeProblem({ from: '2026-01-01', to: '2026-01-31' })).toBeUndefined();
  });

  it('lists days and adds days over month ends', () => {
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});
