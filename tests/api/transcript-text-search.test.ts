import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, desc, randomUUID, sql, type DbExecutor } from '@civic/sdk/server';
import { OWN_APP_ID, startTestServer, type TestServer } from '@civic/sdk/testing/server';
import { chatSessions, transcripts } from '../../plugins/dialog-engine/server/db/schema';
import { rarestWord, transcriptReview, whereOf, type WhereShape } from '../../plugins/dialog-engine/server/transcript-review';
import type { TranscriptQuery } from '../../plugins/dialog-engine/contract/transcripts';

/**
 * The training inbox's text search at scale (issue 18): `data ilike '%word%'` is served by the
 * trigram index (pg_trgm GIN) on PostgreSQL and on the embedded PGlite, not by reading every turn.
 */
let t: TestServer;
const ROWS = 20_000;
const base = new Date(Date.UTC(2024, 0, 1));

before(async () => {
  t = await startTestServer({ pluginIds: ['app-settings', 'entities', 'classification', 'knowledge-base', 'publishing', 'webchat', 'dialog-engine'] });
  const db = t.server.db.db;
  const sessionId = randomUUID();
  await db.insert(chatSessions).values({ id: sessionId, appId: OWN_APP_ID, environment: 'production', channel: 'PLATFORM_UNSPECIFIED', state: { contexts: [], pending: null }, createdAt: base, updatedAt: base, expiresAt: base });
  // Many ordinary questions, a few about zebras.
  await db.execute(sql`
    insert into transcripts (app_id, session_id, environment, channel, data, trans_author, reply, confidence_score, fallback, top_matches, content_version, content_hash, review_status, created_at, updated_at)
    select ${OWN_APP_ID}, ${sessionId}, 'production', 'PLATFORM_UNSPECIFIED',
           case when g % 5000 = 0 then 'how do I adopt a zebra ' || g else 'question number ' || g || ' about passports' end,
           'user', '[]'::jsonb, 0.1, true, '[]'::jsonb, '1', 'h', 'PENDING',
           ${base.toISOString()}::timestamptz + make_interval(mins => g), ${base.toISOString()}::timestamptz + make_interval(mins => g)
    from generate_series(1, ${ROWS}) g`);
  // Steady state: autovacuum has moved the rows out of the GIN index's pending list and analysed them.
  await t.server.db.executeSql('vacuum analyze transcripts');
});

after(async () => {
  await t?.close();
});

const query = (text: string): TranscriptQuery => ({
  appId: OWN_APP_ID,
  start: base,
  end: new Date(base.getTime() + 30 * 86_400_000),
  matched: false,
  reviewStatus: { operator: 'contains', value: '' },
  items: [],
  link: 'AND',
  text,
});

async function plan(db: DbExecutor, q: TranscriptQuery, shape?: WhereShape): Promise<string> {
  // The search's statement as the service runs it: its WHERE, newest first, a page of 25 and one more.
  const statement = db
    .select({ id: transcripts.id })
    .from(transcripts)
    .where(and(whereOf(q, shape)))
    .orderBy(desc(transcripts.createdAt), desc(transcripts.id))
    .limit(26);
  const { sql: text, params } = statement.toSQL();
  const { rows } = await t.server.db.executeSql(`explain ${text}`, params as unknown[]);
  return rows.map((r) => String((r as Record<string, unknown>)['QUERY PLAN'])).join('\n');
}

test('the trigram index exists on both databases', async () => {
  const { rows } = await t.server.db.executeSql(`select indexdef from pg_indexes where indexname = 'transcripts_data_trgm_idx'`);
  assert.equal(rows.length, 1, 'transcripts_data_trgm_idx is created by the migration');
  assert.match(String((rows[0] as { indexdef: string }).indexdef), /gin \(data gin_trgm_ops\)/);
});

test(`EXPLAIN: a text search over ${ROWS.toLocaleString()} questions reads the trigram index, not every row`, async () => {
  const text = await plan(t.server.db.db, query('zebra'));
  assert.match(text, /transcripts_data_trgm_idx/, text);
  assert.doesNotMatch(text, /Seq Scan on transcripts/, text);
  // Several words: each is a condition the same index serves.
  const two = await plan(t.server.db.db, query('adopt zebra'));
  assert.match(two, /transcripts_data_trgm_idx/, two);
});

test('the indexed search finds the same questions, case-insensitively, with % and _ taken literally', async () => {
  const page = await transcriptReview.search(t.server.db.db, query('ZEBRA'), { sortBy: 'createdAt', sortOrder: 'desc', limit: 25 });
  assert.equal(page.rows.length, ROWS / 5000);
  assert.ok(page.rows.every((r) => r.data.includes('zebra')));
  assert.equal((await transcriptReview.search(t.server.db.db, query('zeb%a'), { sortBy: 'createdAt', sortOrder: 'desc', limit: 25 })).rows.length, 0);
});

test('several words: only the rarest reads the trigram index, the others are checked on its rows; the same questions', async () => {
  const db = t.server.db.db;
  // "number" is in every ordinary question; "1234" in a dozen.
  const q = query('NUMBER 1234');
  assert.equal(await rarestWord(db, q), '1234');
  assert.equal(await rarestWord(db, query('1234 number')), '1234', 'whatever the order');
  assert.equal(await rarestWord(db, query('1234')), undefined, 'one word: the WHERE as it is');
  assert.equal(await rarestWord(db, query('1234 of')), '1234', 'a word too short for a trigram is never the one');
  const text = await plan(db, q, { indexedWord: '1234' });
  assert.match(text, /Index Cond: \(data ~~\* '%1234%'::text\)/, text);
  assert.match(text, /Filter: .*\(data \|\| ''::text\) ~~\* '%NUMBER%'/, text);
  assert.doesNotMatch(text, /Index Cond: .*%NUMBER%/, text);
  const page = await transcriptReview.search(db, q, { sortBy: 'createdAt', sortOrder: 'desc', limit: 25 });
  const every = await db.select({ id: transcripts.id }).from(transcripts).where(whereOf(q)).orderBy(desc(transcripts.createdAt), desc(transcripts.id));
  assert.deepEqual(page.rows.map((r) => r.transcriptId), every.map((r) => r.id));
  assert.equal(page.rows.length, 12, page.rows.map((r) => r.data).join('; '));
  assert.equal(await transcriptReview.count(db, q, 100), 12);
});

test('the first page carries its capped total from the same statement: the count apart gives the same, past the end too', async () => {
  const db = t.server.db.db;
  const page = { sortBy: 'createdAt' as const, sortOrder: 'desc' as const, limit: 5 };
  for (const text of ['zebra', 'NUMBER 1234', 'passports', 'no such word']) {
    const counted = await transcriptReview.count(db, query(text), 10_001);
    const first = await transcriptReview.search(db, query(text), { ...page, countUpTo: 10_001 });
    assert.equal(first.total, counted, text);
    // A numbered page past the last row has no row to carry it: counted apart.
    assert.equal((await transcriptReview.search(db, query(text), { ...page, offset: 50_000, countUpTo: 10_001 })).total, counted, `${text}, past the end`);
  }
  assert.equal((await transcriptReview.search(db, query('passports'), { ...page, countUpTo: 100 })).total, 100, 'capped');
  assert.equal((await transcriptReview.search(db, query('zebra'), page)).total, undefined, 'not asked, not counted');
});
