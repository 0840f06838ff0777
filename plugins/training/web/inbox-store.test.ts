import { presetRange, searchBody, defaultFilters } from './inbox-store';

describe('the inbox filters', () => {
  const now = new Date(2026, 10, 20, 15, 0, 0);

  it('§9 presets end yesterday; 0 is today', () => {
    expect(presetRange(5, now)).toEqual({ startDate: '2026-11-15', endDate: '2026-11-19' });
    expect(presetRange(0, now)).toEqual({ startDate: '2026-11-20', endDate: '2026-11-20' });
  });

  it('§7 review-status condition: contains "" for unmatched, equals the chosen status for matched, first among the filters', () => {
    const unmatched = searchBody(false, { ...defaultFilters(false), items: [{ field: 'data', operator: 'contains', value: 'tax' }] });
    expect(unmatched.filters?.[0]).toEqual({ field: 'reviewStatus', operator: 'contains', value: '' });
    expect(unmatched.filters?.[1]).toEqual({ field: 'data', operator: 'contains', value: 'tax' });
    expect(unmatched.isMatchedIntents).toBe(false);
    expect(searchBody(true, defaultFilters(true)).filters?.[0]).toEqual({ field: 'reviewStatus', operator: 'equals', value: 'PENDING' });
    expect(searchBody(true, { ...defaultFilters(true), reviewStatus: 'REVIEWED' }).filters?.[0]).toEqual({ field: 'reviewStatus', operator: 'equals', value: 'REVIEWED' });
  });
});
