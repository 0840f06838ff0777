import { HttpError, sql, type DbExecutor, type SQL } from '@civic/sdk/server';
import type { AnalyticsQueryDto } from '../common/analytics-query.dto';
import type { RangeInfo } from '../common/api';
import { rangeProblem, resolveRange, type ResolvedRange } from '../common/date-range';
import { analyticsHourly, analyticsIntentHourly, analyticsMemberHourly, analyticsPointHourly } from './db/schema';
import { floorHour, HOURLY_MEASURES, hourlyFromSource, INTENT_MEASURES, intentHourlyFromSource, memberHourlyFromSource, pointHourlyFromSource, refreshRollups, rolledUntil } from './rollup';

/** How far the rollups may lag before a read brings them up to date itself (the job runs every minute). */
const CATCH_UP_HOURS = 2;

/** One report's question: the app, the resolved range, the filters, and where the rollups end. */
export interface ReportScope {
  appId: string;
  range: ResolvedRange;
  channel?: string;
  environment?: string;
  /** Hours before this are read from the rollups, the rest live from the dialog engine's read model. */
  mark: Date;
  timeZone: string;
  /** The app routes to linked apps (REDIRECTION_ENGINE). */
  isSuperbot: boolean;
}

export function rangeInfo(range: ResolvedRange): RangeInfo {
  return { from: range.from, to: range.to, days: range.days, timeZone: range.timeZone, previous: { from: range.previous.from, to: range.previous.to } };
}

/** Resolves the query's range (422 on a bad one) and makes sure the rollups are nearly current. */
export async function openScope(db: DbExecutor, app: { appId: string; isSuperbot: boolean }, query: AnalyticsQueryDto, now: Date, timeZone: string): Promise<ReportScope> {
  const { appId } = app;
  const input = { preset: query.preset === undefined ? undefined : Number(query.preset), from: query.from, to: query.to };
  const problem = rangeProblem(input);
  if (problem) throw HttpError.invalid([problem], { [query.from === undefined ? 'from' : 'to']: [problem] });
  const range = resolveRange(input, now, timeZone);
  let mark = await rolledUntil(db, appId);
  if (!mark || mark.getTime() < floorHour(now).getTime() - CATCH_UP_HOURS * 3_600_000) {
    await refreshRollups(db, appId, now);
    mark = await rolledUntil(db, appId);
  }
  return { appId, range, channel: query.channel || undefined, environment: query.environment || undefined, mark: mark ?? floorHour(now), timeZone, isSuperbot: app.isSuperbot };
}

/** The same scope over the previous period. */
export function previousScope(scope: ReportScope): ReportScope {
  return { ...scope, range: { ...scope.range, ...scope.range.previous } };
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

function filters(scope: ReportScope, prefix = ''): SQL {
  const parts: SQL[] = [sql`true`];
  if (scope.channel) parts.push(sql`${sql.raw(prefix)}channel = ${scope.channel}`);
  if (scope.environment) parts.push(sql`${sql.raw(prefix)}environment = ${scope.environment}`);
  return sql.join(parts, sql` and `);
}

/** Where the rollups stop and the live tail starts, within the range. */
function cut(scope: ReportScope): Date {
  const { start, end } = scope.range;
  return new Date(Math.min(Math.max(scope.mark.getTime(), start.getTime()), end.getTime()));
}

/** A derived table `h` of hourly buckets over the scope: rollups, then the live tail, filtered. */
export function hourly(scope: ReportScope): SQL {
  const c = cut(scope);
  const cols = sql.raw(['app_id', 'environment', 'channel', 'hour', ...HOURLY_MEASURES].join(', '));
  const rolled = sql`select ${cols} from ${analyticsHourly} where app_id = ${scope.appId} and hour >= ${iso(scope.range.start)} and hour < ${iso(c)}`;
  const live = c < scope.range.end ? sql` union all ${hourlyFromSource(scope.appId, c, scope.range.end)}` : sql``;
  return sql`(select * from (${rolled}${live}) u where ${filters(scope)}) h`;
}

/** A derived table `i` of per-intent hourly buckets over the scope. */
export function intentHourly(scope: ReportScope): SQL {
  const c = cut(scope);
  const cols = sql.raw(['app_id', 'environment', 'channel', 'hour', 'intent_name', ...INTENT_MEASURES].join(', '));
  const rolled = sql`select ${cols} from ${analyticsIntentHourly} where app_id = ${scope.appId} and hour >= ${iso(scope.range.start)} and hour < ${iso(c)}`;
  const live = c < scope.range.end ? sql` union all ${intentHourlyFromSource(scope.appId, c, scope.range.end)}` : sql``;
  return sql`(select * from (${rolled}${live}) u where ${filters(scope)}) i`;
}

/** A derived table `m` of the members who chatted, per hour, over the scope. */
export function memberHourly(scope: ReportScope): SQL {
  const c = cut(scope);
  const rolled = sql`select app_id, environment, channel, hour, user_id from ${analyticsMemberHourly} where app_id = ${scope.appId} and hour >= ${iso(scope.range.start)} and hour < ${iso(c)}`;
  const live = c < scope.range.end ? sql` union all ${memberHourlyFromSource(scope.appId, c, scope.range.end)}` : sql``;
  return sql`(select * from (${rolled}${live}) u where ${filters(scope)}) m`;
}

/**
 * A derived table `p` of the scope's turns as packed points, one row an hour, environment and channel:
 * from the hour the range starts in (a zone's half-hour offset: point-cloud.ts drops what is outside).
 */
export function pointHourly(scope: ReportScope): SQL {
  const c = cut(scope);
  const rolled = sql`select app_id, environment, channel, hour, points from ${analyticsPointHourly} where app_id = ${scope.appId} and hour >= ${iso(floorHour(scope.range.start))} and hour < ${iso(c)}`;
  const live = c < scope.range.end ? sql` union all ${pointHourlyFromSource(scope.appId, c, scope.range.end)}` : sql``;
  return sql`(select * from (${rolled}${live}) u where ${filters(scope)}) p`;
}

/** Conditions on a view of the dialog engine's read model aliased `alias` for the scope (range and filters). */
export function sourceWhere(scope: ReportScope, alias: string): SQL {
  const a = sql.raw(alias);
  return sql`${a}.app_id = ${scope.appId} and ${a}.created_at >= ${iso(scope.range.start)} and ${a}.created_at < ${iso(scope.range.end)} and ${filters(scope, `${alias}.`)}`;
}

/** The local day of an hour bucket or timestamp column. */
export const localDaySql = (scope: ReportScope, column: SQL) => sql`to_char(${column} at time zone ${scope.timeZone}, 'YYYY-MM-DD')`;

export function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (result as { rows?: Array<Record<string, unknown>> }).rows ?? [];
}

export async function channelsOf(db: DbExecutor, appId: string): Promise<string[]> {
  const result = await db.execute(sql`select distinct channel from ${analyticsHourly} where app_id = ${appId} order by channel`);
  return rowsOf(result).map((r) => String(r.channel));
}

export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const ratio = (a: number, b: number): number | null => (b > 0 ? a / b : null);
