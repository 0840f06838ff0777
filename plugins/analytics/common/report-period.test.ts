import { dueFrequencies, reportPeriod } from './report-period';

describe('report periods', () => {
  const zone = 'Asia/Singapore';
  // Monday 1 June 2026, 08:00 in Singapore.
  const mondayFirst = new Date('2026-06-01T00:00:00Z');

  it('sends weekly reports on Mondays and monthly ones on the 1st, in local time', () => {
    expect(dueFrequencies(mondayFirst, zone)).toEqual(['weekly', 'monthly']);
    expect(dueFrequencies(new Date('2026-06-02T00:00:00Z'), zone)).toEqual([]);
    // 23:30 UTC on Sunday 31 May is already Monday 1 June in Singapore.
    expect(dueFrequencies(new Date('2026-05-31T23:30:00Z'), zone)).toEqual(['weekly', 'monthly']);
    expect(dueFrequencies(new Date('2026-05-31T23:30:00Z'), 'UTC')).toEqual([]);
  });

  it('covers the week, or the month, ending yesterday', () => {
    expect(reportPeriod('weekly', mondayFirst, zone)).toEqual({ from: '2026-05-25', to: '2026-05-31' });
    expect(reportPeriod('monthly', mondayFirst, zone)).toEqual({ from: '2026-05-01', to: '2026-05-31' });
    expect(reportPeriod('monthly', new Date('2026-06-10T04:00:00Z'), zone)).toEqual({ from: '2026-06-01', to: '2026-06-09' });
  });
});
