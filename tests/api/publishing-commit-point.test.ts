import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { intents, tierLimits } from './support/tables';
import { clearKnowledge } from './support/knowledge-fixtures';
import { recording, worstNode } from './support/query-plans';
import { startTestServer, type TestServer } from './support/test-server';
import { classCatalog } from '../../plugins/classification/server/class-catalog';
import { classesByName } from '../../plugins/classification/server/classes-by-name';
import { bulkQna } from '../../plugins/knowledge-base/server/bulk-qna';
import { intentCounts } from '../../plugins/knowledge-base/server/intent-queries';
import type { BulkRow } from '../../plugins/publishing/common/bulk';
import type { BulkServices, StagedImport } from '../../plugins/publishing/server/bulk-plan';
import { checkBulkDraft } from '../../plugins/publishing/server/bulk-stage';
import { newIntentNames } from '../../plugins/publishing/server/intent-limit';

/**
 * Issue 14: the commit point of an import (one short transaction) held the embedded database for
 * 17–48 s when the draft already had an agent zip's 2,400 intents. PGlite keeps no statistics, so
 * the planner guessed a few intents and 100 names, and checked "is any of these 5,000 names taken"
 * with a nested loop comparing every intent with every name (12,000,000 comparisons a statement).
 * The checks' statements are run here against such a draft and EXPLAIN ANALYZE'd with the same
 * parameters: no plan node may touch more rows than a small multiple of names + intents. A time
 * bound would hang on the machine's load; this fails on the plan itself. PGlite only (the engine
 * that has no autovacuum); on PostgreSQL it is skipped.
 */
const APP = 'demo-plus';
const INTENTS = 2_400;
const NAMES = 5_000;
const kb: BulkServices = { qna: bulkQna, counts: intentCounts, classes: classCatalog, classNames: classesByName };
let t: TestServer;

before(async () => {
  t = await startTestServer({ beforeStart: (db) => clearKnowledge(db, APP) });
});
after(async () => {
  await t?.close();
});

const row = (question: string, no: number): BulkRow => ({ row: no, question, variants: [], answer: 'An answer.', category: null, labels: [], errors: [] });

test("the commit points' checks probe the draft's index per name, whatever PGlite's planner guesses", { skip: process.env.DATABASE_URL ? 'PGlite only' : false }, async () => {
  const db = t.server.db.db;
  await db.update(tierLimits).set({ maxIntents: 1_000_000 }).where(eq(tierLimits.tier, 'Plus'));
  // The agent zip's intents, as the bench imports them before the bulk import.
  await db.execute(sql`insert into ${intents} (app_id, kind, display_name) select ${APP}, 'intent', 'Zip intent ' || g from generate_series(0, ${INTENTS - 1}) g`);
  const ids = (await db.select({ id: intents.id }).from(intents).where(eq(intents.appId, APP))).map((r) => r.id);
  assert.equal(ids.length, INTENTS);
  const questions = Array.from({ length: NAMES }, (_, i) => `Interleaved question ${i}`);
  const staged: StagedImport = {
    creates: new Map(questions.map((q, i) => [q.toLowerCase(), row(q, i + 2)])),
    updates: new Map(ids.slice(0, 1_000).map((id, i) => [`zip intent ${i}`, { id, row: row(`Zip intent ${i}`, NAMES + i + 2) }])),
    counts: { created: 0, updated: 0, unchanged: 0, skipped: 0, invalid: 0 },
    errors: [],
  };

  const statements = await recording(db, async () => {
    // The bulk import's commit point: room, no new name taken, no changed pair deleted.
    await checkBulkDraft(kb, db, APP, staged);
    // The agent zip import's: how many of its names are new.
    assert.equal(await newIntentNames(intentCounts, db, APP, [...questions, 'zip intent 7']), NAMES);
  });
  // The answers are still right: a taken name and a deleted pair are found.
  assert.equal(await bulkQna.anyNamed(db, APP, [...questions, 'ZIP INTENT 2399']), true);
  assert.equal(await bulkQna.anyNamed(db, APP, questions), false);
  assert.deepEqual(await bulkQna.absent(db, APP, [ids[0], '00000000-0000-4000-8000-000000000000', ids[1]]), ['00000000-0000-4000-8000-000000000000']);

  const reads = statements.filter((s) => /\bfrom "?intents"?/i.test(s.text) && !/^\s*(insert|update|delete)/i.test(s.text));
  assert.ok(reads.length >= 3, `the checks read the draft: ${reads.length} statements`);
  for (const statement of reads) {
    const worst = await worstNode(db, statement);
    assert.ok(worst.rows <= 4 * (NAMES + INTENTS), `${statement.text.slice(0, 160)}…: a ${worst.type} node went through ${worst.rows} rows`);
  }
});
