/**
 * §9 date ranges of analytics, in the deployment's time zone (CIVIC_TIME_ZONE): whole local days,
 * by default the last 30 ending yesterday. Pure: both tiers and the tests use it.
 */

/** §9 presets, in days. 0 is today so far; any other is that many whole days ending yesterday. */
export const RANGE_PRESETS = [0, 1, 3, 5, 7, 30, 60, 365] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET: RangePreset = 30;
/** The longest custom range, in days (a year and a leap day). */
export const MAX_RANGE_DAYS = 366;

export interface DayRange {
  /** First local day, YYYY-MM-DD. */
  from: string;
  /** Last local day (inclusive), YYYY-MM-DD. */
  to: string;
  days: number;
  /** The instant the first day starts. */
  start: Date;
  /** The instant after the last day ends (exclusive). */
  end: Date;
}

export interface ResolvedRange extends DayRange {
  timeZone: string;
  /** The same number of days just before, for "change against the previous period". */
  previous: DayRange;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

function parts(instant: Date, timeZone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** Local time minus UTC at that instant, in ms. */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const p = parts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The local calendar day of an instant, YYYY-MM-DD. */
export function localDay(instant: Date, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The local hour (0–23) and weekday (0 Sunday … 6 Saturday) of an instant. */
export function localHourOfWeek(instant: Date, timeZone: string): { weekday: number; hour: number } {
  const p = parts(instant, timeZone);
  return { weekday: new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay(), hour: p.hour };
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export function isValidDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const t = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === day;
}

/** The instant a local day starts (midnight, or the first instant after a skipped midnight). */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  let candidate = guess - zoneOffsetMs(new Date(guess), timeZone);
  const second = guess - zoneOffsetMs(new Date(candidate), timeZone);
  if (second !== candidate) candidate = localDay(new Date(second), timeZone) === day ? second : candidate;
  return new Date(candidate);
}

function dayRange(from: string, to: string, timeZone: string): DayRange {
  return { from, to, days: daysBetween(from, to), start: startOfLocalDay(from, timeZone), end: startOfLocalDay(addDays(to, 1), timeZone) };
}

export interface RangeInput {
  preset?: number;
  from?: string;
  to?: string;
}

/** Why a custom range is refused; undefined when it is fine. */
export function rangeProblem(input: RangeInput): string | undefined {
  if ((input.from === undefined) !== (input.to === undefined)) return 'Give both a start and an end date';
  if (input.from === undefined || input.to === undefined) return undefined;
  if (!isValidDay(input.from) || !isValidDay(input.to)) return 'Dates must be real days written YYYY-MM-DD';
  if (input.from > input.to) return 'The start date must not be after the end date';
  if (daysBetween(input.from, input.to) > MAX_RANGE_DAYS) return `A range may span at most ${MAX_RANGE_DAYS} days`;
  return undefined;
}

/** The range asked for: custom days, else a preset (default 30) ending yesterday (0: today). */
export function resolveRange(input: RangeInput, now: Date, timeZone: string): ResolvedRange {
  const today = localDay(now, timeZone);
  let from: string;
  let to: string;
  if (input.from !== undefined && input.to !== undefined) {
    from = input.from;
    to = input.to;
  } else {
    const preset = input.preset ?? DEFAULT_PRESET;
    to = preset === 0 ? today : addDays(today, -1);
    from = preset === 0 ? today : addDays(to, -(preset - 1));
  }
  const days = daysBetween(from, to);
  const previous = dayRange(addDays(from, -days), addDays(from, -1), timeZone);
  return { ...dayRange(from, to, timeZone), timeZone, previous };
}

/** Every day of a range, in order (for charts that show days with no data as zero). */
export function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
