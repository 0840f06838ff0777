/**
 * Transcript search at any page depth (issue 18: p95 ≤ 20 ms with 1,000,000 transcripts on
 * PostgreSQL; the embedded PGlite within 3× of that, ≤ 60 ms). Run alone:
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx tests/bench/transcript-search-bench.ts`
 * (PGlite always; PostgreSQL too when DATABASE_URL is set). A fresh database with the demo seed, a
 * million unmatched and matched turns for one app, then the search as the route runs it (a keyset
 * page and the capped total) at several depths, and a text search (the trigram index).
 * BENCH_TRANSCRIPTS and BENCH_PGLITE_TRANSCRIPTS change the row counts. BENCH_BEFORE names another
 * module exporting `transcriptReview` (e.g. the file as it was, copied beside it): each case then runs
 * both, alternately in the same loop, and prints the two p95s (before and after under the same load).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { DbExecutor } from '@civic/sdk/server';
import { OWN_APP_ID, startTestServer } from '@civic/sdk/testing/server';
import { transcriptReview } from '../../plugins/dialog-engine/server/transcript-review';
import type { TranscriptReview } from '../../plugins/dialog-engine/contract/server/transcript-review';
import type { TranscriptQuery } from '../../plugins/dialog-engine/contract/transcripts';
import { benchDatabase } from './bench-database';

const ROWS = Number(process.env.BENCH_TRANSCRIPTS ?? 1_000_000);
const PGLITE_ROWS = Number(process.env.BENCH_PGLITE_TRANSCRIPTS ?? ROWS);
const RUNS = 40;
const PG_BAR_MS = 20;
const PGLITE_BAR_MS = 3 * PG_BAR_MS;
const BEFORE = process.env.BENCH_BEFORE ? ((await import(process.env.BENCH_BEFORE)) as { transcriptReview: TranscriptReview }).transcriptReview : null;

type Exec = (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

/** A third unmatched, a quarter of the matched PENDING; a minute of history per row; one statement per 100,000 rows. */
async function load(exec: Exec, appId: string, rows: number): Promise<void> {
  const [session] = await exec(`select id from chat_sessions where app_id = $1 limit 1`, [appId]);
  if (!session) throw new Error('the demo seed has no chat session');
  for (let from = 0; from < rows; from += 100_000) {
    await exec(
      `insert into transcripts (app_id, session_id, environment, channel, data, trans_author, reply, confidence_score, intent_id, intent_name, fallback, top_matches, content_version, content_hash, review_status, created_at, updated_at)
       select $1, $2, 'production', 'PLATFORM_UNSPECIFIED', 'question number ' || g, 'user', '[]'::jsonb, (g % 100) / 100.0,
              case when g % 3 = 0 then null else gen_random_uuid() end, case when g % 3 = 0 then null else 'Intent ' || (g % 50) end,
              g % 3 = 0, '[]'::jsonb, '1', 'h', case when g % 4 = 0 then 'PENDING' else '' end,
              now() - make_interval(mins => g), now() - make_interval(mins => g)
       from generate_series($3::int, $4::int) g`,
      [appId, session.id, from + 1, Math.min(rows, from + 100_000)],
    );
  }
  // Steady state: autovacuum has set the visibility map (counts read the index alone) and emptied the GIN pending list.
  await exec('vacuum analyze transcripts');
}

function query(appId: string, matched: boolean, text?: string): TranscriptQuery {
  const now = new Date();
  return {
    appId,
    start: new Date(now.getTime() - 3 * 365 * 86_400_000),
    end: now,
    matched,
    reviewStatus: matched ? { operator: 'equals', value: 'PENDING' } : { operator: 'contains', value: '' },
    items: [],
    link: 'AND',
    text,
  };
}

interface Figure {
  what: string;
  p95: number;
  /** The same case with BENCH_BEFORE's module, measured in the same loop. */
  before?: number;
}

const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95) - 1];

/** p95 of the route's statements: a page of 25 (and the capped total on a first page). */
async function measure(db: DbExecutor, appId: string, rows: number): Promise<Figure[]> {
  const figures: Figure[] = [];
  const cases: Array<{ matched: boolean; depth: number; text?: string; order?: 'asc' }> = [];
  for (const matched of [false, true]) for (const depth of [0, 10_000, 100_000, 250_000]) cases.push({ matched, depth });
  cases.push({ matched: false, depth: 100_000, order: 'asc' });
  cases.push({ matched: false, depth: 0, text: 'number 4242' });
  for (const c of cases) {
    const page = { sortBy: 'createdAt' as const, sortOrder: c.order ?? ('desc' as const), limit: 25 };
    const total = c.matched ? Math.floor((rows * 2) / 3 / 4) : Math.floor(rows / 3);
    if (c.depth >= total) continue;
    const q = query(appId, c.matched, c.text);
    // Walk to the depth once (a numbered page: slow, not measured), keep the cursor there.
    const start = c.depth === 0 ? undefined : ((await transcriptReview.search(db, q, { ...page, limit: 1, offset: c.depth - 1 })).next ?? undefined);
    const run = async (review: TranscriptReview) => {
      const t0 = performance.now();
      const found = await review.search(db, q, { ...page, after: start, countUpTo: start ? undefined : 10_001 });
      // A module from before the total rode in the page's statement counts it apart.
      if (!start && found.total === undefined) await review.count(db, q, 10_001);
      return performance.now() - t0;
    };
    const times: number[] = [];
    const before: number[] = [];
    // Five unmeasured runs first: the steady state, with the index pages in memory.
    for (let i = -5; i < RUNS; i++) {
      const after = await run(transcriptReview);
      const then = BEFORE ? await run(BEFORE) : 0;
      if (i >= 0) {
        times.push(after);
        before.push(then);
      }
    }
    const kind = c.text ? `text “${c.text}”    ` : c.matched ? 'matched PENDING' : c.order ? 'unmatched asc  ' : 'unmatched      ';
    figures.push({
      what: `${kind} depth ${c.depth.toLocaleString().padStart(7)} (${c.depth === 0 ? 'first page of 25 + capped total' : 'keyset page of 25'})`,
      p95: p95(times),
      ...(BEFORE ? { before: p95(before) } : {}),
    });
  }
  return figures;
}

async function onPglite(): Promise<Figure[]> {
  // startTestServer takes PostgreSQL when DATABASE_URL is set: this run is the embedded one.
  const url = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const t = await startTestServer({ pluginIds: ['app-settings', 'entities', 'classification', 'knowledge-base', 'publishing', 'webchat', 'dialog-engine'] });
  if (url) process.env.DATABASE_URL = url;
  try {
    const exec: Exec = async (text, params) => (await t.server.db.executeSql(text, params)).rows as Array<Record<string, unknown>>;
    const started = performance.now();
    await load(exec, OWN_APP_ID, PGLITE_ROWS);
    console.log(`PGlite: ${PGLITE_ROWS.toLocaleString()} transcripts loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return await measure(t.server.db.db, OWN_APP_ID, PGLITE_ROWS);
  } finally {
    await t.close();
  }
}

async function onPostgres(): Promise<Figure[] | null> {
  if (!process.env.DATABASE_URL) return null;
  const database = await benchDatabase('Bench-Passw0rd-123');
  const pool = new pg.Pool({ connectionString: database.env.DATABASE_URL, max: 2 });
  pool.on('error', () => undefined);
  try {
    const exec: Exec = async (text, params) => (await pool.query(text, params)).rows as Array<Record<string, unknown>>;
    const started = performance.now();
    await load(exec, 'demo-enterprise', ROWS);
    console.log(`PostgreSQL: ${ROWS.toLocaleString()} transcripts loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return await measure(drizzle(pool) as unknown as DbExecutor, 'demo-enterprise', ROWS);
  } finally {
    await pool.end();
    await database.dispose();
  }
}

const postgres = await onPostgres();
const pglite = await onPglite();
let ok = true;
console.log(`\nTranscript search p95 — PostgreSQL ${ROWS.toLocaleString()} rows (≤ ${PG_BAR_MS} ms), PGlite ${PGLITE_ROWS.toLocaleString()} rows (≤ ${PGLITE_BAR_MS} ms, 3× PostgreSQL's bar):`);
const was = (f?: Figure) => (f?.before === undefined ? '' : ` (before ${f.before.toFixed(1)})`);
const pgByCase = new Map((postgres ?? []).map((f) => [f.what, f]));
for (const figure of pglite) {
  const pgFigure = pgByCase.get(figure.what);
  const pgText = pgFigure ? `PostgreSQL ${pgFigure.p95.toFixed(1).padStart(6)} ms${was(pgFigure)} ${pgFigure.p95 <= PG_BAR_MS ? 'PASS' : 'FAIL'}` : 'PostgreSQL     — (no DATABASE_URL)';
  const ratio = pgFigure ? ` (${(figure.p95 / pgFigure.p95).toFixed(1)}× PostgreSQL)` : '';
  const pass = figure.p95 <= PGLITE_BAR_MS && (!pgFigure || pgFigure.p95 <= PG_BAR_MS);
  ok &&= pass;
  console.log(`${pass ? 'PASS' : 'FAIL'} ${figure.what}: ${pgText} | PGlite ${figure.p95.toFixed(1).padStart(6)} ms${was(figure)}${ratio}`);
}
process.exit(ok ? 0 : 1);
