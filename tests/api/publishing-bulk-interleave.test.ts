import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { call } from './support/api-call';
import { clearKnowledge, waitForJob } from './support/knowledge-fixtures';
import { signIn } from './support/login';
import { importChunks, importStages, tierLimits } from './support/tables';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * "The embedded database never freezes the API" (issue 14): a bulk import writes the draft in short
 * transactions, so other requests are answered while it runs (on PGlite they share its one
 * connection), and it is still all or nothing.
 */
const APP = 'demo-plus';
const base = `/api/v1/apps/${APP}`;
const ROWS = 3_000;
let t: TestServer;
let editor: string;

before(async () => {
  t = await startTestServer({ beforeStart: (db) => clearKnowledge(db, APP) });
  await t.server.db.db.update(tierLimits).set({ maxIntents: 50_000 }).where(eq(tierLimits.tier, 'Plus'));
  editor = await signIn(t.http, 'editor@demo.gov.sg');
});
after(async () => {
  await t?.close();
});

const csv = (prefix: string) => Buffer.from(['question,variants,answer', ...Array.from({ length: ROWS }, (_, i) => `${prefix} ${i}?,v${i},Answer ${i}.`)].join('\n')).toString('base64');
const startImport = async (prefix: string) => {
  const response = await call(t.http, 'POST', `${base}/bulk-import`, { token: editor, json: { fileName: `${prefix}.csv`, content: csv(prefix) } });
  assert.equal(response.status, 202, JSON.stringify(response.body));
  return response.body.data.job.id as string;
};
const jobOf = async (id: string) => (await call(t.http, 'GET', `${base}/jobs/${id}`, { token: editor })).body.data.job as { status: string; counts: Record<string, number>; errors: string[] };
const pairsInDraft = async () => {
  const response = await call(t.http, 'GET', `${base}/intents?kind=qna&limit=1`, { token: editor });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.data.counts.qna as number;
};
const stagesLeft = async () => (await t.server.db.db.select().from(importStages)).length + (await t.server.db.db.select().from(importChunks)).length;

test('while an import writes the draft, requests are answered: the draft shows it growing before the job ends; a cancellation then is refused and it ends whole', async () => {
  const id = await startImport('Growing question');
  let seenPart: number | undefined;
  let healthWhileWriting = false;
  for (;;) {
    const inDraft = await pairsInDraft();
    if (inDraft > 0 && inDraft < ROWS) {
      const health = await call(t.http, 'GET', '/healthz', {});
      assert.equal(health.status, 200);
      const job = await jobOf(id);
      if (job.status === 'running') {
        seenPart = inDraft;
        healthWhileWriting = true;
        break;
      }
    }
    const job = await jobOf(id);
    if (job.status !== 'running' && job.status !== 'queued') break;
  }
  assert.ok(seenPart, 'a request answered while the job was writing saw part of the import (one long transaction would show none of it until the end)');
  assert.ok(healthWhileWriting);
  // Past its commit point the import finishes: a cancellation is no longer taken.
  const cancelled = await call(t.http, 'POST', `${base}/jobs/${id}/cancel`, { token: editor });
  assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
  const job = await waitForJob(t.http, editor, APP, id, 120_000);
  assert.equal(job.status, 'succeeded', JSON.stringify(job));
  assert.equal((job.counts as Record<string, number>).created, ROWS);
  assert.equal(await pairsInDraft(), ROWS);
  assert.equal(await stagesLeft(), 0, 'the stage is gone with the last chunk');
});

test('an import cancelled while it reads and stages leaves nothing: no pair in the draft, no staged row', async () => {
  await clearKnowledge(t.server.db.db, APP);
  const id = await startImport('Cancelled question');
  while ((await jobOf(id)).status === 'queued') await new Promise((r) => setTimeout(r, 10));
  await call(t.http, 'POST', `${base}/jobs/${id}/cancel`, { token: editor });
  const job = await waitForJob(t.http, editor, APP, id, 120_000);
  const inDraft = await pairsInDraft();
  // All or nothing: cancelled before its commit point (nearly always), or — had it got there — whole.
  if (job.status === 'cancelled') assert.equal(inDraft, 0, 'a cancelled import wrote nothing');
  else assert.deepEqual([job.status, inDraft], ['succeeded', ROWS]);
  assert.equal(await stagesLeft(), 0, 'its staged rows were discarded');
});
