/**
 * Analytics at scale (issue 19): a 90-day dashboard over 1,000,000 transcripts (200,000 sessions of five
 * turns) of one app. Target: ≤ 300 ms on PostgreSQL, ≤ 3× that on PGlite. Standalone:
 * `node --import tsx tests/api/support/analytics-bench.ts` (DATABASE_URL=postgres://… for PostgreSQL); its
 * last line is the result as JSON. `npm run bench` runs it as a section.
 */
import { sql } from '@civic/sdk/server';
import { call, OWN_APP_ID, startTestServer } from '@civic/sdk/testing/server';
import { AnalyticsApi } from '../../../plugins/analytics/common/api';
import { addDays, localDay } from '../../../plugins/analytics/common/date-range';
import { AnalyticsSettings } from '../../../plugins/analytics/server/settings';

export const ANALYTICS_SESSIONS = 200_000;
export const ANALYTICS_TURNS_PER_SESSION = 5;
const PLUGINS = ['knowledge-base', 'classification', 'entities', 'publishing', 'webchat', 'app-settings', 'dialog-engine', 'analytics'];

export interface AnalyticsBenchResult {
  database: 'postgres' | 'pglite';
  transcripts: number;
  loadSeconds: number;
  /** The first read: the rollups built from nothing (what the minute job otherwise does as it goes). */
  catchUpMs: number;
  /** Median of the following reads of the 90-day dashboard. */
  dashboardMedianMs: number;
  dashboardTimesMs: number[];
}

export async function analyticsBench(runs = 7): Promise<AnalyticsBenchResult> {
  const t = await startTestServer({ pluginIds: PLUGINS });
  try {
    const db = t.server.db.db;
    const started = performance.now();
    const batch = 50_000;
    for (let from = 0; from < ANALYTICS_SESSIONS; from += batch) {
      await db.execute(sql`insert into chat_sessions (id, app_id, environment, channel, state, csat_rating, csat_comment, created_at, updated_at, expires_at)
        select gen_random_uuid(), ${OWN_APP_ID}, case when g % 10 = 0 then 'draft' else 'production' end,
          case when g % 3 = 0 then 'TELEGRAM' else 'PLATFORM_UNSPECIFIED' end, '{"contexts":[],"pending":null}'::jsonb,
          case when g % 4 = 0 then 1 + g % 5 end, case when g % 40 = 0 then 'comment ' || g end, ts, ts, ts + interval '30 minutes'
        from (select g, now() - (random() * interval '90 days') - interval '1 day' as ts from generate_series(${from + 1}::int, ${from + batch}::int) g) x`);
    }
    await db.execute(sql`insert into transcripts (app_id, session_id, environment, channel, data, trans_author, reply, confidence_score, intent_id, intent_name, fallback,
        top_matches, content_version, content_hash, thumbs_up, thumbs_down, review_status, created_at, updated_at)
      select s.app_id, s.id, s.environment, s.channel, 'question ' || k, 'user', '[]'::jsonb, r, null, case when r < 0.3 then null else 'Intent ' || (abs(hashtext(s.id::text)) + k) % 40 end,
        r < 0.3, '[]'::jsonb, 'v' || (1 + extract(day from s.created_at)::int % 4), 'h', r > 0.95, r between 0.3 and 0.32, '', s.created_at + k * interval '1 minute', s.created_at + k * interval '1 minute'
      from chat_sessions s cross join generate_series(0, ${ANALYTICS_TURNS_PER_SESSION - 1}::int) k cross join lateral (select random() as r) rr
      where s.app_id = ${OWN_APP_ID}`);
    await db.execute(sql`analyze chat_sessions`);
    await db.execute(sql`analyze transcripts`);
    const loadSeconds = (performance.now() - started) / 1000;

    const token = await t.signInAs('viewer');
    const to = addDays(localDay(new Date(), t.config.env.CIVIC_TIME_ZONE ?? AnalyticsSettings.timeZone.default), -1);
    const range = { from: addDays(to, -89), to };
    const time = async () => {
      const t0 = performance.now();
      const res = await call(t.http, 'GET', AnalyticsApi.dashboard(OWN_APP_ID), { token, searchParams: range });
      if (res.status !== 200) throw new Error(`dashboard answered ${res.status}: ${JSON.stringify(res.body)}`);
      return performance.now() - t0;
    };
    const catchUpMs = await time();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await time());
    const sorted = [...times].sort((a, b) => a - b);
    const counted = (await db.execute(sql`select count(*)::int as n from transcripts where app_id = ${OWN_APP_ID}`)) as unknown as { rows: Array<{ n: number }> };
    return {
      database: t.server.db.kind,
      transcripts: Number(counted.rows[0]?.n),
      loadSeconds,
      catchUpMs,
      dashboardMedianMs: sorted[Math.floor(sorted.length / 2)],
      dashboardTimesMs: times,
    };
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await analyticsBench();
  console.error(
    `Analytics on ${r.database}, ${r.transcripts.toLocaleString()} transcripts (loaded in ${r.loadSeconds.toFixed(0)} s): rollups from nothing on the first read ${r.catchUpMs.toFixed(0)} ms; ` +
      `90-day dashboard median ${r.dashboardMedianMs.toFixed(0)} ms (${r.dashboardTimesMs.map((x) => x.toFixed(0)).join(', ')})`,
  );
  console.log(JSON.stringify(r));
}
