import { sql, type DbExecutor, type SQL } from '@civic/sdk/server';
import { conversationSessions, conversationTurns } from '../../dialog-engine/contract/server/conversation-read-model';
import { analyticsHourly, analyticsIntentHourly, analyticsMemberHourly, analyticsPointHourly, analyticsRollupState } from './db/schema';

const HOUR_MS = 3_600_000;
/**
 * Hours this far back are rebuilt on every run: a session's turns, its CSAT and a turn's thumbs may
 * still change while the session lives (30 idle minutes, renewed per turn); two days covers it with room.
 */
export const SETTLE_HOURS = 48;

export const floorHour = (t: Date) => new Date(Math.floor(t.getTime() / HOUR_MS) * HOUR_MS);

const CONFIDENCE_TENTHS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** Columns of analytics_hourly after its keys, in table order: the live tail yields the same. */
export const HOURLY_MEASURES = [
  'sessions', 'anonymous_sessions', 'engaged_sessions', 'contained_sessions', 'len_1', 'len_2_3', 'len_4_6', 'len_7_10', 'len_11_plus',
  'csat_1', 'csat_2', 'csat_3', 'csat_4', 'csat_5', 'csat_comments', 'turns', 'fallbacks', 'thumbs_up', 'thumbs_down', 'confidence_sum',
  ...CONFIDENCE_TENTHS.map((tenth) => `conf_${tenth}` as const),
] as const;
export const INTENT_MEASURES = ['turns', 'fallbacks', 'thumbs_up', 'thumbs_down', 'confidence_sum'] as const;

const hourOf = (column: SQL) => sql`(date_trunc('hour', ${column} at time zone 'UTC') at time zone 'UTC')`;

const NO_TENTHS = sql.raw(CONFIDENCE_TENTHS.map((tenth) => `0 as conf_${tenth}`).join(', '));
/** A turn's confidence tenth as ten 0/1 columns (conf_0 … conf_9). */
const TENTH_FLAGS = sql.raw(CONFIDENCE_TENTHS.map((tenth) => `(greatest(least(floor(t.confidence_score * 10), 9), 0) = ${tenth})::int`).join(', '));

/**
 * The hourly buckets of one app over [from, to), computed from the dialog engine's read model: sessions by
 * the hour they started (their length and containment over all their turns), turns by the hour they were
 * written. Rows: app_id, environment, channel, hour, then HOURLY_MEASURES.
 */
export function hourlyFromSource(appId: string, from: Date, to: Date): SQL {
  const zeros = (n: number) => sql.raw(Array(n).fill('0').join(', '));
  const sums = sql.raw(HOURLY_MEASURES.map((m) => (m === 'confidence_sum' ? `sum(${m})::float8 as ${m}` : `sum(${m})::int as ${m}`)).join(', '));
  return sql`
    select app_id, environment, channel, hour, ${sums} from (
      select s.app_id, s.environment, s.channel, ${hourOf(sql`s.created_at`)} as hour,
        1 as sessions, (s.user_id is null)::int as anonymous_sessions, (n.turns > 0)::int as engaged_sessions, (n.turns > 0 and n.fallbacks = 0)::int as contained_sessions,
        (n.turns = 1)::int as len_1, (n.turns between 2 and 3)::int as len_2_3, (n.turns between 4 and 6)::int as len_4_6,
        (n.turns between 7 and 10)::int as len_7_10, (n.turns > 10)::int as len_11_plus,
        -- A session without a rating counts in none of them (null = 1 is null, which sum() would keep).
        coalesce(s.csat_rating = 1, false)::int as csat_1, coalesce(s.csat_rating = 2, false)::int as csat_2, coalesce(s.csat_rating = 3, false)::int as csat_3,
        coalesce(s.csat_rating = 4, false)::int as csat_4, coalesce(s.csat_rating = 5, false)::int as csat_5,
        (coalesce(s.csat_comment, '') <> '')::int as csat_comments,
        0 as turns, 0 as fallbacks, 0 as thumbs_up, 0 as thumbs_down, 0::float8 as confidence_sum, ${NO_TENTHS}
      from ${conversationSessions} s
      cross join lateral (select count(*)::int as turns, (count(*) filter (where t.fallback))::int as fallbacks from ${conversationTurns} t where t.session_id = s.id) n
      where s.app_id = ${appId} and s.created_at >= ${from.toISOString()}::timestamptz and s.created_at < ${to.toISOString()}::timestamptz
      union all
      select t.app_id, t.environment, t.channel, ${hourOf(sql`t.created_at`)}, ${zeros(15)},
        1, t.fallback::int, t.thumbs_up::int, t.thumbs_down::int, t.confidence_score, ${TENTH_FLAGS}
      from ${conversationTurns} t
      where t.app_id = ${appId} and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
    ) x group by app_id, environment, channel, hour`;
}

/** Per-intent hourly buckets of one app over [from, to). Rows: app_id, environment, channel, hour, intent_name, INTENT_MEASURES. */
export function intentHourlyFromSource(appId: string, from: Date, to: Date): SQL {
  return sql`
    select t.app_id, t.environment, t.channel, ${hourOf(sql`t.created_at`)} as hour, coalesce(t.intent_name, '') as intent_name,
      count(*)::int as turns, (count(*) filter (where t.fallback))::int as fallbacks,
      (count(*) filter (where t.thumbs_up))::int as thumbs_up, (count(*) filter (where t.thumbs_down))::int as thumbs_down,
      sum(t.confidence_score)::float8 as confidence_sum
    from ${conversationTurns} t
    where t.app_id = ${appId} and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
    group by 1, 2, 3, 4, 5`;
}

/** The members who chatted, per hour, over [from, to). Rows: app_id, environment, channel, hour, user_id. */
export function memberHourlyFromSource(appId: string, from: Date, to: Date): SQL {
  return sql`
    select distinct s.app_id, s.environment, s.channel, ${hourOf(sql`s.created_at`)} as hour, s.user_id
    from ${conversationSessions} s
    where s.app_id = ${appId} and s.created_at >= ${from.toISOString()}::timestamptz and s.created_at < ${to.toISOString()}::timestamptz and s.user_id is not null`;
}

/**
 * One big-endian int4 a turn: its second within the UTC hour (bits 11–22), its confidence in thousandths
 * (bits 1–10) and 1 for a fallback (bit 0). point-cloud.ts unpacks it.
 */
const PACKED_TURN = sql`int4send((floor(extract(epoch from t.created_at) - extract(epoch from ${hourOf(sql`t.created_at`)}))::int << 11)
  | (round(least(greatest(t.confidence_score, 0), 1) * 1000)::int << 1) | t.fallback::int)`;

/** The turns of one app over [from, to) as packed points, one row an hour. Rows: app_id, environment, channel, hour, points. */
export function pointHourlyFromSource(appId: string, from: Date, to: Date): SQL {
  return sql`
    select t.app_id, t.environment, t.channel, ${hourOf(sql`t.created_at`)} as hour, string_agg(${PACKED_TURN}, ''::bytea order by t.created_at, t.id) as points
    from ${conversationTurns} t
    where t.app_id = ${appId} and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
    group by 1, 2, 3, 4`;
}

export async function rolledUntil(db: DbExecutor, appId: string): Promise<Date | undefined> {
  const rows = await db.select({ at: analyticsRollupState.rolledUntil }).from(analyticsRollupState).where(sql`${analyticsRollupState.appId} = ${appId}`);
  return rows[0]?.at;
}

async function earliestActivity(db: DbExecutor, appId: string): Promise<Date | undefined> {
  const result = await db.execute(sql`select least(
      (select min(created_at) from ${conversationSessions} where app_id = ${appId}),
      (select min(created_at) from ${conversationTurns} where app_id = ${appId})) as first`);
  const first = (result as unknown as { rows: Array<{ first: string | Date | null }> }).rows[0]?.first;
  return first ? new Date(first) : undefined;
}

/**
 * Brings one app's rollups up to the last whole hour before `now`: rebuilds the hours from the
 * watermark (less SETTLE_HOURS) and moves the watermark. Idempotent; safe to run twice at once.
 */
export async function refreshRollups(db: DbExecutor, appId: string, now: Date): Promise<void> {
  const until = floorHour(now);
  const mark = await rolledUntil(db, appId);
  let from: Date;
  if (mark) from = new Date(mark.getTime() - SETTLE_HOURS * HOUR_MS);
  else {
    const first = await earliestActivity(db, appId);
    from = first ? floorHour(first) : until;
  }
  if (from < until) {
    const range = sql`app_id = ${appId} and hour >= ${from.toISOString()}::timestamptz and hour < ${until.toISOString()}::timestamptz`;
    await db.execute(sql`delete from ${analyticsHourly} where ${range}`);
    await db.execute(sql`delete from ${analyticsIntentHourly} where ${range}`);
    await db.execute(sql`delete from ${analyticsMemberHourly} where ${range}`);
    await db.execute(sql`delete from ${analyticsPointHourly} where ${range}`);
    await db.execute(sql`insert into ${analyticsMemberHourly} (app_id, environment, channel, hour, user_id) ${memberHourlyFromSource(appId, from, until)} on conflict do nothing`);
    const hourly = sql.raw(HOURLY_MEASURES.join(', '));
    const hourlySet = sql.raw(HOURLY_MEASURES.map((m) => `${m} = excluded.${m}`).join(', '));
    await db.execute(sql`insert into ${analyticsHourly} (app_id, environment, channel, hour, ${hourly})
      ${hourlyFromSource(appId, from, until)}
      on conflict (app_id, hour, environment, channel) do update set ${hourlySet}`);
    const intent = sql.raw(INTENT_MEASURES.join(', '));
    const intentSet = sql.raw(INTENT_MEASURES.map((m) => `${m} = excluded.${m}`).join(', '));
    await db.execute(sql`insert into ${analyticsIntentHourly} (app_id, environment, channel, hour, intent_name, ${intent})
      ${intentHourlyFromSource(appId, from, until)}
      on conflict (app_id, hour, environment, channel, intent_name) do update set ${intentSet}`);
    await db.execute(sql`insert into ${analyticsPointHourly} (app_id, environment, channel, hour, points)
      ${pointHourlyFromSource(appId, from, until)}
      on conflict (app_id, hour, environment, channel) do update set points = excluded.points`);
  }
  await db
    .insert(analyticsRollupState)
    .values({ appId, rolledUntil: until, updatedAt: now })
    .onConflictDoUpdate({ target: analyticsRollupState.appId, set: { rolledUntil: sql`greatest(${analyticsRollupState.rolledUntil}, excluded.rolled_until)`, updatedAt: now } });
}
