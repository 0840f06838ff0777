/**
 * Transcript search at any page depth (issue 18: p95 ≤ 20 ms with 1,000,000 transcripts on
 * PostgreSQL). Run alone with DATABASE_URL set:
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx tests/bench/transcript-search-bench.ts`.
 * A fresh database with the demo seed, a million unmatched and matched turns for one app, then the
 * search as the route runs it (a keyset page and the capped total) at several depths.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { DbExecutor } from '@civic/sdk/server';
import { transcriptReview } from '../../plugins/dialog-engine/server/transcript-review';
import type { TranscriptQuery } from '../../plugins/dialog-engine/contract/transcripts';
import { benchDatabase } from './bench-database';

const ROWS = Number(process.env.BENCH_TRANSCRIPTS ?? 1_000_000);
const APP = 'demo-enterprise';
const RUNS = 40;

if (!process.env.DATABASE_URL) {
  console.log('SKIP transcript search bench: set DATABASE_URL to a PostgreSQL server');
  process.exit(0);
}
const database = await benchDatabase('Bench-Passw0rd-123');
const pool = new pg.Pool({ connectionString: database.env.DATABASE_URL, max: 2 });
pool.on('error', () => undefined);
let ok = true;
const explain: Array<{ sql: string; params: unknown[] }> = [];
try {
  const started = performance.now();
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ id: string }>(`select id from chat_sessions where app_id = $1 limit 1`, [APP]);
    const session = rows[0]?.id;
    if (!session) throw new Error('the demo seed has no chat session');
    // One statement per 100,000 rows: a minute of history per row, a third of them unmatched.
    for (let from = 0; from < ROWS; from += 100_000) {
      await client.query(
        `insert into transcripts (app_id, session_id, environment, channel, data, trans_author, reply, confidence_score, intent_id, intent_name, fallback, top_matches, content_version, content_hash, review_status, created_at, updated_at)
         select $1, $2, 'production', 'PLATFORM_UNSPECIFIED', 'question number ' || g, 'user', '[]'::jsonb, (g % 100) / 100.0,
                case when g % 3 = 0 then null else gen_random_uuid() end, case when g % 3 = 0 then null else 'Intent ' || (g % 50) end,
                g % 3 = 0, '[]'::jsonb, '1', 'h', case when g % 4 = 0 then 'PENDING' else '' end,
                now() - make_interval(mins => g), now() - make_interval(mins => g)
         from generate_series($3::int, $4::int) g`,
        [APP, session, from + 1, Math.min(ROWS, from + 100_000)],
      );
    }
    // Steady state: autovacuum has set the visibility map, so counts read the index alone.
    await client.query('vacuum analyze transcripts');
  } finally {
    client.release();
  }
  console.log(`${ROWS.toLocaleString()} transcripts loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const db = drizzle(pool, { logger: process.env.BENCH_EXPLAIN ? { logQuery: (sql, params) => explain.push({ sql, params }) } : undefined }) as unknown as DbExecutor;
  const now = new Date();
  const query = (matched: boolean): TranscriptQuery => ({
    appId: APP,
    start: new Date(now.getTime() - 3 * 365 * 86_400_000),
    end: now,
    matched,
    reviewStatus: matched ? { operator: 'equals', value: 'PENDING' } : { operator: 'contains', value: '' },
    items: [],
    link: 'AND',
  });
  const page = { sortBy: 'createdAt' as const, sortOrder: 'desc' as const, limit: 25 };

  for (const matched of [false, true]) {
    const q = query(matched);
    // Walk to each depth once (through numbered pages: slow, not measured), keep the cursor there.
    for (const depth of [0, 10_000, 100_000, 250_000]) {
      const total = matched ? Math.floor((ROWS * 2) / 3 / 4) : Math.floor(ROWS / 3);
      if (depth >= total) continue;
      const start = depth === 0 ? undefined : (await transcriptReview.search(db, q, { ...page, limit: 1, offset: depth - 1 })).next ?? undefined;
      const times: number[] = [];
      // Five unmeasured runs first: the steady state, with the index pages in memory.
      for (let i = -5; i < RUNS; i++) {
        const t0 = performance.now();
        await transcriptReview.search(db, q, { ...page, after: start });
        // As the route: the capped total comes with the first page only.
        if (!start) await transcriptReview.count(db, q, 10_001);
        if (i >= 0) times.push(performance.now() - t0);
      }
      if (process.env.BENCH_EXPLAIN && explain.length > 0) {
        for (const statement of explain.slice(-2)) {
          const plan = await pool.query(`explain analyze ${statement.sql}`, statement.params);
          console.log(statement.sql, '\n', plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
        }
        explain.length = 0;
      }
      times.sort((a, b) => a - b);
      const p95 = times[Math.floor(times.length * 0.95) - 1];
      const pass = p95 <= 20;
      ok &&= pass;
      console.log(`${pass ? 'PASS' : 'FAIL'} ${matched ? 'matched PENDING' : 'unmatched     '} depth ${depth.toLocaleString().padStart(7)}: p95 ${p95.toFixed(1)} ms (${depth === 0 ? 'first page of 25 + capped total' : 'keyset page of 25'}; target ≤ 20 ms)`);
    }
  }
} finally {
  await pool.end();
  await database.dispose();
}
process.exit(ok ? 0 : 1);
