/**
 * The intents list at 100,000 intents (issue 16: any page p95 ≤ 50 ms on PostgreSQL, jump to the middle
 * ≤ 500 ms; one app's size never slows another's). A fresh database with the demo seed, 100,000 intents
 * (one in ten with a follow-up) written by one set-based statement per 10,000 into one app, then the
 * list as the route runs it at several depths, beside the same pages of a small demo app measured in
 * the same run. Run alone with DATABASE_URL set:
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx tests/bench/intent-list-bench.ts`.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { DbExecutor } from '@civic/sdk/server';
import { listIntentTree } from '../../plugins/knowledge-base/server/intent-tree';
import type { IntentListQueryDto } from '../../plugins/knowledge-base/common/intent.dto';
import { benchDatabase } from './bench-database';

const INTENTS = Number(process.env.BENCH_INTENTS ?? 100_000);
const BIG = 'demo-enterprise';
const SMALL = 'demo-plus';
const RUNS = 30;
const PAGE = 200;
const GOAL_PAGE_MS = 50;
const GOAL_JUMP_MS = 500;

if (!process.env.DATABASE_URL) {
  console.log('SKIP intents list bench: set DATABASE_URL to a PostgreSQL server');
  process.exit(0);
}

function p95(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
}

async function timed(db: DbExecutor, appId: string, query: IntentListQueryDto): Promise<{ p95: number; first: number; rows: number }> {
  const first0 = performance.now();
  const answer = await listIntentTree(db, appId, query);
  const first = performance.now() - first0;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await listIntentTree(db, appId, query);
    times.push(performance.now() - t0);
  }
  return { p95: p95(times), first, rows: answer.rows.length };
}

const database = await benchDatabase('Bench-Passw0rd-123');
const pool = new pg.Pool({ connectionString: database.env.DATABASE_URL, max: 2 });
pool.on('error', () => undefined);
let ok = true;
try {
  const db = drizzle(pool) as unknown as DbExecutor;
  const base: IntentListQueryDto = { limit: PAGE } as IntentListQueryDto;
  // Before the big app grows: the small app's first page, the baseline of this run.
  const small = await timed(db, SMALL, base);
  const started = performance.now();
  for (let from = 0; from < INTENTS; from += 10_000) {
    const to = Math.min(INTENTS, from + 10_000);
    await pool.query(
      `insert into intents (app_id, kind, display_name, updated_at)
       select $1, case when g % 5 = 0 then 'qna' else 'intent' end, 'Bench topic ' || g, now() - make_interval(secs => g)
       from generate_series($2::int, $3::int) g`,
      [BIG, from + 1, to],
    );
    // A follow-up under every tenth intent of this batch.
    await pool.query(
      `insert into intents (app_id, kind, display_name, parent_id)
       select app_id, 'intent', display_name || ' - follow-up', id from intents
       where app_id = $1 and kind = 'intent' and display_name like 'Bench topic %' and parent_id is null
         and substring(display_name from 13)::int between $2 and $3 and substring(display_name from 13)::int % 10 = 1`,
      [BIG, from + 1, to],
    );
  }
  await pool.query('vacuum analyze intents');
  const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from intents where app_id = $1', [BIG]);
  const total = rows[0].n;
  console.log(`${total.toLocaleString()} intents in ${BIG} loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  console.log(`baseline: first page of ${SMALL} (small app) before: p95 ${small.p95.toFixed(1)} ms`);
  const figures: Array<[string, { p95: number; first: number; rows: number }, number]> = [
    ['first page', await timed(db, BIG, base), GOAL_PAGE_MS],
    ['page at 10%', await timed(db, BIG, { ...base, offset: Math.floor(total * 0.1) }), GOAL_PAGE_MS],
    ['middle (jump)', await timed(db, BIG, { ...base, offset: Math.floor(total / 2) }), GOAL_JUMP_MS],
    ['last page', await timed(db, BIG, { ...base, offset: total - PAGE }), GOAL_JUMP_MS],
    ['middle, newest first', await timed(db, BIG, { ...base, offset: Math.floor(total / 2), sort: 'updatedAt', order: 'desc' } as IntentListQueryDto), GOAL_JUMP_MS],
    ['Q&A middle', await timed(db, BIG, { ...base, kind: 'qna', offset: Math.floor(total / 10) } as IntentListQueryDto), GOAL_JUMP_MS],
    ['search "topic 4242"', await timed(db, BIG, { ...base, search: 'topic 4242' } as IntentListQueryDto), GOAL_JUMP_MS],
  ];
  const smallAfter = await timed(db, SMALL, base);
  for (const [label, figure, goal] of figures) {
    const pass = figure.p95 <= goal && figure.rows > 0;
    ok &&= pass;
    console.log(`${pass ? 'PASS' : 'FAIL'}  ${label}: p95 ${figure.p95.toFixed(1)} ms (first ${figure.first.toFixed(1)} ms, ${figure.rows} rows; goal ≤ ${goal} ms; small app ${small.p95.toFixed(1)} ms)`);
  }
  const isolated = smallAfter.p95 <= Math.max(5, small.p95 * 3);
  ok &&= isolated;
  console.log(`${isolated ? 'PASS' : 'FAIL'}  the small app's first page with ${total.toLocaleString()} intents next door: p95 ${smallAfter.p95.toFixed(1)} ms (before ${small.p95.toFixed(1)} ms)`);
} finally {
  await pool.end();
  if (process.env.BENCH_KEEP) console.log(`kept: ${database.env.DATABASE_URL}`);
  else await database.dispose();
}
process.exit(ok ? 0 : 1);
