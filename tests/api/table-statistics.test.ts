import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { intents, tierLimits, trainingPhrases } from './support/tables';
import { call } from './support/api-call';
import { clearKnowledge, waitForJob } from './support/knowledge-fixtures';
import { signIn } from './support/login';
import { analysePlan, recording } from './support/query-plans';
import { startTestServer, type TestServer } from './support/test-server';
import { bulkQna } from '../../plugins/knowledge-base/server/bulk-qna';
import { intentsByName } from '../../plugins/knowledge-base/server/intents-by-name';
import { inList } from '../../plugins/knowledge-base/server/set-based';

/**
 * Issue 14: PGlite runs no autovacuum, so no table ever had statistics and the planner guessed a few
 * rows for any table — on a draft of an agent zip's 2,400 intents it may compare every intent with
 * every name of a list (a nested loop over the whole product). The job runner now analyses the
 * tables a job changed past autovacuum's threshold when the job ends (core/server/db/table-statistics.ts).
 * Here a big draft is written (as a zip import or a seed would), any job runs, and statements
 * against that draft are EXPLAIN ANALYZE'd: `BulkQna.named` (the planner must expect about the
 * draft's intents, not a handful), `IntentsByName.linkParents`, and a `name in (list) limit 1` that
 * finds nothing — the form the commit points used before they probed per name, which without
 * statistics compared every intent with every name. No plan node may go through more rows than a
 * small multiple of the rows involved. PGlite only.
 */
const APP = 'demo-plus';
const base = `/api/v1/apps/${APP}`;
const INTENTS = 2_400;
const PHRASES = 8;
const NAMES = 5_000;
let t: TestServer;

before(async () => {
  t = await startTestServer({ beforeStart: (db) => clearKnowledge(db, APP) });
});
after(async () => {
  await t?.close();
});

const lastAnalysed = async (table: string) =>
  ((await t.server.db.db.execute(sql`select last_analyze from pg_stat_user_tables where relname = ${table}`)) as unknown as { rows: Array<{ last_analyze: Date | null }> }).rows[0]?.last_analyze ?? null;

test('after a job the big tables it left have statistics, and lookups by a list of names probe the draft instead of joining it whole', { skip: process.env.DATABASE_URL ? 'PGlite only' : false }, async () => {
  const db = t.server.db.db;
  await db.update(tierLimits).set({ maxIntents: 1_000_000 }).where(eq(tierLimits.tier, 'Plus'));
  // A draft as a big agent zip leaves it: Q&A pairs of 8 phrases each.
  await db.execute(sql`insert into ${intents} (app_id, kind, display_name) select ${APP}, 'qna', 'Zip intent ' || g from generate_series(0, ${INTENTS - 1}) g`);
  await db.execute(sql`insert into ${trainingPhrases} (intent_id, app_id, position, reference_id, type, parts, text)
    select i.id, ${APP}, p, 'r' || p, 'example', '[]'::jsonb, i.display_name || ' ' || p from ${intents} i, generate_series(0, ${PHRASES - 1}) p where i.app_id = ${APP}`);

  // Any job: here a small bulk import, through the API.
  const editor = await signIn(t.http, 'editor@demo.gov.sg');
  const csv = 'Question,Variants,Answer,Category,Labels\r\nWhen do you open?,,At nine.,,';
  const started = await call(t.http, 'POST', `${base}/bulk-import`, { token: editor, json: { fileName: 'qna.csv', content: Buffer.from(csv).toString('base64') } });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  assert.equal((await waitForJob(t.http, editor, APP, started.body.data.job.id)).status, 'succeeded');
  for (let waited = 0; waited < 5_000 && !(await lastAnalysed('training_phrases')); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));

  const names = Array.from({ length: NAMES }, (_, i) => (i < INTENTS ? `ZIP INTENT ${i}` : `New question ${i}`));
  const fresh = Array.from({ length: NAMES }, (_, i) => `new question ${i}`);
  const links = Array.from({ length: INTENTS }, (_, i) => ({ name: `Zip intent ${i}`, parentName: `Zip intent ${i - (i % 2)}` }));
  let named = new Map<string, unknown>();
  const statements = await recording(db, async () => {
    named = await bulkQna.named(db, APP, names);
    await intentsByName.linkParents(db, APP, links);
    // "Is any of these names taken" as the commit points asked it before they probed per name: the form that compared every intent with every name.
    await db.execute(sql`select 1 from ${intents} where app_id = ${APP} and ${inList(sql`lower(display_name)`, fresh, 'text')} limit 1`);
  });
  assert.equal(named.size, INTENTS);
  assert.equal(await db.$count(intents, and(eq(intents.appId, APP), isNotNull(intents.parentId))), INTENTS / 2);

  const draft = statements.filter((s) => /\b(from|update) "?(intents|training_phrases)"?/i.test(s.text));
  assert.equal(draft.length, 4, 'the named intents, their phrases, the parent links, the check');
  const bound = 4 * (NAMES + INTENTS * (1 + PHRASES));
  for (const statement of draft) {
    const { worst } = await analysePlan(db, statement);
    assert.ok(worst.rows <= bound, `${statement.text.slice(0, 160)}…: a ${worst.type} node went through ${worst.rows} rows`);
  }
  // The planner knows the draft's size: it expected thousands of the app's intents, not a handful.
  const [scan] = (await analysePlan(db, draft[0])).scans;
  // The zip's intents and the Q&A pair the job imported.
  assert.deepEqual({ table: scan.table, rows: scan.actualRows }, { table: 'intents', rows: INTENTS + 1 });
  assert.ok(scan.planRows >= INTENTS / 2, `BulkQna.named: the planner expected ${scan.planRows} of the app's ${INTENTS} intents`);
});
