import { sql, type DbExecutor } from '@civic/sdk/server';
import { conversationSessions, conversationTurns } from '../../dialog-engine/contract/server/conversation-read-model';
import type { LinkedApps } from '../../dialog-engine/contract/server/linked-apps';
import type { BotSummaryReport, CsatReport, DailyPoint, DashboardReport, IntentsReport, IntentStat, IntentTranscriptsPage, Kpi, SessionsReport, SuperbotReport, TranscriptRow } from '../common/api';
import { eachDay } from '../common/date-range';
import { channelsOf, hourly, intentHourly, localDaySql, memberHourly, num, previousScope, rangeInfo, ratio, rowsOf, sourceWhere, type ReportScope } from './report-scope';

const CSAT_SUM = sql`(csat_1 + 2 * csat_2 + 3 * csat_3 + 4 * csat_4 + 5 * csat_5)`;
const CSAT_COUNT = sql`(csat_1 + csat_2 + csat_3 + csat_4 + csat_5)`;

interface Totals {
  sessions: number;
  engaged: number;
  contained: number;
  messages: number;
  fallbacks: number;
  thumbsUp: number;
  thumbsDown: number;
  csatCount: number;
  csatSum: number;
}

async function totals(db: DbExecutor, scope: ReportScope): Promise<Totals> {
  const [r] = rowsOf(
    await db.execute(sql`select coalesce(sum(sessions), 0) as sessions, coalesce(sum(engaged_sessions), 0) as engaged, coalesce(sum(contained_sessions), 0) as contained,
      coalesce(sum(turns), 0) as messages, coalesce(sum(fallbacks), 0) as fallbacks, coalesce(sum(thumbs_up), 0) as thumbs_up, coalesce(sum(thumbs_down), 0) as thumbs_down,
      coalesce(sum(${CSAT_COUNT}), 0) as csat_count, coalesce(sum(${CSAT_SUM}), 0) as csat_sum from ${hourly(scope)}`),
  );
  return {
    sessions: num(r.sessions), engaged: num(r.engaged), contained: num(r.contained), messages: num(r.messages), fallbacks: num(r.fallbacks),
    thumbsUp: num(r.thumbs_up), thumbsDown: num(r.thumbs_down), csatCount: num(r.csat_count), csatSum: num(r.csat_sum),
  };
}

/** Distinct people: each citizen's session is one (they are anonymous), plus the distinct signed-in members. */
async function users(db: DbExecutor, scope: ReportScope): Promise<number> {
  const [r] = rowsOf(
    await db.execute(sql`select (select coalesce(sum(anonymous_sessions), 0) from ${hourly(scope)}) + (select count(distinct user_id) from ${memberHourly(scope)}) as n`),
  );
  return num(r.n);
}

async function daily(db: DbExecutor, scope: ReportScope): Promise<DailyPoint[]> {
  const rows = rowsOf(
    await db.execute(sql`select ${localDaySql(scope, sql`hour`)} as day, sum(sessions) as sessions, sum(turns) as messages, sum(fallbacks) as fallbacks,
      sum(${CSAT_COUNT}) as csat_count, sum(${CSAT_SUM}) as csat_sum from ${hourly(scope)} group by 1`),
  );
  const people = rowsOf(
    await db.execute(sql`select day, sum(n) as n from (
        select ${localDaySql(scope, sql`hour`)} as day, sum(anonymous_sessions) as n from ${hourly(scope)} group by 1
        union all
        select ${localDaySql(scope, sql`hour`)} as day, count(distinct user_id) as n from ${memberHourly(scope)} group by 1
      ) p group by day`),
  );
  const byDay = new Map(rows.map((r) => [String(r.day), r]));
  const usersByDay = new Map(people.map((r) => [String(r.day), num(r.n)]));
  return eachDay(scope.range.from, scope.range.to).map((day) => {
    const r = byDay.get(day);
    const csatCount = num(r?.csat_count);
    return {
      day, sessions: num(r?.sessions), users: usersByDay.get(day) ?? 0, messages: num(r?.messages), fallbacks: num(r?.fallbacks),
      csatCount, csatAverage: ratio(num(r?.csat_sum), csatCount),
    };
  });
}

function kpis(now: Totals & { users: number }, before: Totals & { users: number }): Kpi[] {
  const pick = (t: Totals & { users: number }) => ({
    sessions: t.sessions,
    users: t.users,
    messages: t.messages,
    messagesPerSession: ratio(t.messages, t.engaged),
    fallbackRate: ratio(t.fallbacks, t.messages),
    containment: ratio(t.contained, t.engaged),
    csat: ratio(t.csatSum, t.csatCount),
    thumbsDown: t.thumbsDown,
  });
  const a = pick(now);
  const b = pick(before);
  const kpi = (key: Kpi['key'], label: string, format: Kpi['format']): Kpi => {
    const value = a[key];
    const previous = b[key];
    return { key, label, format, value, previous, change: value !== null && previous !== null && previous !== 0 ? value / previous - 1 : null };
  };
  return [
    kpi('sessions', 'Sessions', 'count'),
    kpi('users', 'Users', 'count'),
    kpi('messages', 'Messages', 'count'),
    kpi('messagesPerSession', 'Messages per session', 'decimal'),
    kpi('fallbackRate', 'Fallback rate', 'percent'),
    kpi('containment', 'Containment', 'percent'),
    kpi('csat', 'CSAT (1–5)', 'rating'),
    kpi('thumbsDown', 'Thumbs down', 'count'),
  ];
}

export async function dashboardReport(db: DbExecutor, scope: ReportScope): Promise<DashboardReport> {
  const before = previousScope(scope);
  const [t, u, pt, pu, days, channels] = [await totals(db, scope), await users(db, scope), await totals(db, before), await users(db, before), await daily(db, scope), await channelsOf(db, scope.appId)];
  return { range: rangeInfo(scope.range), channels, kpis: kpis({ ...t, users: u }, { ...pt, users: pu }), daily: days };
}

export const LENGTH_BUCKETS = ['1', '2–3', '4–6', '7–10', '11+'] as const;

export async function sessionsReport(db: DbExecutor, scope: ReportScope): Promise<SessionsReport> {
  const days = await daily(db, scope);
  const heat = rowsOf(
    await db.execute(sql`select extract(dow from hour at time zone ${scope.timeZone})::int as weekday, extract(hour from hour at time zone ${scope.timeZone})::int as hr,
      sum(turns) as messages from ${hourly(scope)} group by 1, 2`),
  );
  const heatmap = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
  for (const r of heat) heatmap[num(r.weekday)][num(r.hr)] = num(r.messages);
  const byChannel = rowsOf(await db.execute(sql`select channel, sum(sessions) as sessions, sum(turns) as messages from ${hourly(scope)} group by channel order by 2 desc, 1`)).map((r) => ({
    channel: String(r.channel), sessions: num(r.sessions), messages: num(r.messages),
  }));
  const [l] = rowsOf(await db.execute(sql`select coalesce(sum(len_1), 0) as a, coalesce(sum(len_2_3), 0) as b, coalesce(sum(len_4_6), 0) as c, coalesce(sum(len_7_10), 0) as d, coalesce(sum(len_11_plus), 0) as e from ${hourly(scope)}`));
  const lengths = LENGTH_BUCKETS.map((bucket, i) => ({ bucket, sessions: num(l[['a', 'b', 'c', 'd', 'e'][i]]) }));
  return { range: rangeInfo(scope.range), channels: await channelsOf(db, scope.appId), daily: days, heatmap, byChannel, lengths };
}

export async function csatReport(db: DbExecutor, scope: ReportScope): Promise<CsatReport> {
  const [d] = rowsOf(await db.execute(sql`select coalesce(sum(csat_1), 0) as r1, coalesce(sum(csat_2), 0) as r2, coalesce(sum(csat_3), 0) as r3, coalesce(sum(csat_4), 0) as r4, coalesce(sum(csat_5), 0) as r5 from ${hourly(scope)}`));
  const distribution = [1, 2, 3, 4, 5].map((rating) => ({ rating, count: num(d[`r${rating}`]) }));
  const count = distribution.reduce((s, x) => s + x.count, 0);
  const sum = distribution.reduce((s, x) => s + x.rating * x.count, 0);
  const days = await daily(db, scope);
  const comments = rowsOf(
    await db.execute(sql`select s.id, s.csat_rating, s.csat_comment, s.created_at, s.channel from ${conversationSessions} s
      where ${sourceWhere(scope, 's')} and coalesce(s.csat_comment, '') <> '' order by s.created_at desc, s.id desc limit 50`),
  ).map((r) => ({ sessionId: String(r.id), rating: r.csat_rating === null ? null : num(r.csat_rating), comment: String(r.csat_comment), createdAt: new Date(r.created_at as string).toISOString(), channel: String(r.channel) }));
  const worstRated = rowsOf(
    await db.execute(sql`select intent_name, sum(thumbs_down) as down, sum(thumbs_up) as up, sum(turns) as turns from ${intentHourly(scope)}
      group by intent_name having sum(thumbs_down) > 0 order by 2 desc, sum(thumbs_down)::float8 / sum(turns) desc, 1 limit 10`),
  ).map((r) => ({ intentName: String(r.intent_name), thumbsDown: num(r.down), thumbsUp: num(r.up), turns: num(r.turns) }));
  return {
    range: rangeInfo(scope.range), channels: await channelsOf(db, scope.appId), distribution, average: ratio(sum, count),
    trend: days.map((x) => ({ day: x.day, count: x.csatCount, average: x.csatAverage })), comments, worstRated,
  };
}

export async function intentsReport(db: DbExecutor, scope: ReportScope): Promise<IntentsReport> {
  const top: IntentStat[] = rowsOf(
    await db.execute(sql`select intent_name, sum(turns) as turns, sum(fallbacks) as fallbacks, sum(thumbs_up) as up, sum(thumbs_down) as down, sum(confidence_sum) as conf
      from ${intentHourly(scope)} group by intent_name order by 2 desc, 1 limit 50`),
  ).map((r) => ({ intentName: String(r.intent_name), turns: num(r.turns), fallbacks: num(r.fallbacks), thumbsUp: num(r.up), thumbsDown: num(r.down), averageConfidence: num(r.turns) ? num(r.conf) / num(r.turns) : 0 }));
  const days = await daily(db, scope);
  const turnsByDay = new Map(
    rowsOf(await db.execute(sql`select ${localDaySql(scope, sql`hour`)} as day, sum(turns) as turns from ${hourly(scope)} group by 1`)).map((r) => [String(r.day), num(r.turns)]),
  );
  const fallbackTrend = days.map((x) => {
    const turns = turnsByDay.get(x.day) ?? 0;
    return { day: x.day, turns, fallbacks: x.fallbacks, rate: ratio(x.fallbacks, turns) };
  });
  const tenths = Array.from({ length: 10 }, (_, i) => i);
  const [bins] = rowsOf(await db.execute(sql`select ${sql.raw(tenths.map((i) => `coalesce(sum(conf_${i}), 0) as conf_${i}`).join(', '))} from ${hourly(scope)}`));
  const confidence = tenths.map((i) => ({ bin: `${(i / 10).toFixed(1)}–${((i + 1) / 10).toFixed(1)}`, count: num(bins?.[`conf_${i}`]) }));
  return { range: rangeInfo(scope.range), channels: await channelsOf(db, scope.appId), top, fallbackTrend, confidence };
}

const PAGE = 25;
const toRow = (r: Record<string, unknown>): TranscriptRow => ({
  id: String(r.id), createdAt: new Date(r.created_at as string).toISOString(), text: String(r.data), intentName: String(r.intent_name ?? ''),
  confidence: num(r.confidence_score), fallback: Boolean(r.fallback), thumbsUp: Boolean(r.thumbs_up), thumbsDown: Boolean(r.thumbs_down), channel: String(r.channel),
});

export async function intentTranscripts(db: DbExecutor, scope: ReportScope, intent: string, pageNum: number): Promise<IntentTranscriptsPage> {
  const where = sql`${sourceWhere(scope, 't')} and coalesce(t.intent_name, '') = ${intent}`;
  const [c] = rowsOf(await db.execute(sql`select count(*) as n from ${conversationTurns} t where ${where}`));
  const items = rowsOf(
    await db.execute(sql`select t.id, t.created_at, t.data, t.intent_name, t.confidence_score, t.fallback, t.thumbs_up, t.thumbs_down, t.channel
      from ${conversationTurns} t where ${where} order by t.created_at desc, t.id desc limit ${PAGE} offset ${pageNum * PAGE}`),
  ).map(toRow);
  return { items, total: num(c.n) };
}

/** The app a superbot turn went to: its content version is `<linked app id>:<version>`. */
const ROUTED_TO = sql`split_part(t.content_version, ':', 1)`;

/** Turns per linked app the superbot routed to, and its misroutes; the linked apps come from the dialog engine's settings. */
export async function superbotReport(db: DbExecutor, scope: ReportScope, linkedApps: LinkedApps): Promise<SuperbotReport> {
  const isSuperbot = scope.isSuperbot;
  const linkedAppIds = await linkedApps.of(db, scope.appId);
  const base = { range: rangeInfo(scope.range), channels: await channelsOf(db, scope.appId), isSuperbot, linkedAppIds };
  if (!isSuperbot) return { ...base, routing: [], misroutes: [] };
  const routed = new Map(
    rowsOf(
      await db.execute(sql`select ${ROUTED_TO} as app, count(*) as turns, count(*) filter (where t.fallback) as fallbacks, count(*) filter (where t.thumbs_down) as down
        from ${conversationTurns} t where ${sourceWhere(scope, 't')} and position(':' in t.content_version) > 0 group by 1`),
    ).map((r) => [String(r.app), { turns: num(r.turns), fallbacks: num(r.fallbacks), thumbsDown: num(r.down) }]),
  );
  const routing = [...new Set([...linkedAppIds, ...routed.keys()])]
    .map((appId) => ({ appId, ...(routed.get(appId) ?? { turns: 0, fallbacks: 0, thumbsDown: 0 }) }))
    .sort((a, b) => b.turns - a.turns || a.appId.localeCompare(b.appId));
  const misroutes = rowsOf(
    await db.execute(sql`select t.id, t.created_at, t.data, t.intent_name, t.confidence_score, t.fallback, t.thumbs_up, t.thumbs_down, t.channel, ${ROUTED_TO} as routed_to
      from ${conversationTurns} t where ${sourceWhere(scope, 't')} and (t.fallback or t.thumbs_down) order by t.created_at desc, t.id desc limit 50`),
  ).map((r) => ({ ...toRow(r), routedTo: String(r.routed_to), reason: r.fallback ? ('fallback' as const) : ('thumbsDown' as const) }));
  return { ...base, routing, misroutes };
}

export async function botSummaryReport(db: DbExecutor, scope: ReportScope): Promise<BotSummaryReport> {
  const t = await totals(db, scope);
  const busiestHours = rowsOf(
    await db.execute(sql`select extract(dow from hour at time zone ${scope.timeZone})::int as weekday, extract(hour from hour at time zone ${scope.timeZone})::int as hr, sum(turns) as messages
      from ${hourly(scope)} group by 1, 2 having sum(turns) > 0 order by 3 desc, 1, 2 limit 5`),
  ).map((r) => ({ weekday: num(r.weekday), hour: num(r.hr), messages: num(r.messages) }));
  const versionRows = rowsOf(
    await db.execute(sql`select t.content_version as version, min(t.created_at) as first_seen, max(t.created_at) as last_seen, count(*) as turns,
        count(*) filter (where t.fallback) as fallbacks, count(*) filter (where t.thumbs_down) as down
      from ${conversationTurns} t where ${sourceWhere(scope, 't')} group by 1 order by 2`),
  );
  let previousRate: number | null = null;
  const versions = versionRows.map((r) => {
    const turns = num(r.turns);
    const fallbackRate = num(r.fallbacks) / turns;
    const effect = {
      version: String(r.version), firstSeen: new Date(r.first_seen as string).toISOString(), lastSeen: new Date(r.last_seen as string).toISOString(), turns,
      fallbackRate, thumbsDownRate: num(r.down) / turns, fallbackChange: previousRate === null ? null : fallbackRate - previousRate,
    };
    previousRate = fallbackRate;
    return effect;
  });
  return {
    range: rangeInfo(scope.range), channels: await channelsOf(db, scope.appId), sessions: t.sessions, messages: t.messages,
    containment: ratio(t.contained, t.engaged), fallbackRate: ratio(t.fallbacks, t.messages), csatAverage: ratio(t.csatSum, t.csatCount), csatCount: t.csatCount, busiestHours, versions,
  };
}
