import { addDays, localDay } from './date-range';

export type Frequency = 'weekly' | 'monthly';

/** The period a report covers: the 7 days, or the calendar month so far, ending yesterday (local days). */
export function reportPeriod(frequency: Frequency, now: Date, timeZone: string): { from: string; to: string } {
  const to = addDays(localDay(now, timeZone), -1);
  return frequency === 'weekly' ? { from: addDays(to, -6), to } : { from: `${to.slice(0, 7)}-01`, to };
}

/** Which reports the daily run sends today: weekly ones on Mondays, monthly ones on the 1st (local). */
export function dueFrequencies(now: Date, timeZone: string): Frequency[] {
  const today = localDay(now, timeZone);
  const due: Frequency[] = [];
  if (new Date(`${today}T00:00:00Z`).getUTCDay() === 1) due.push('weekly');
  if (today.endsWith('-01')) due.push('monthly');
  return due;
}
