import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { call } from './support/api-call';
import { clearKnowledge } from './support/knowledge-fixtures';
import { startImportServer, type ImportServer } from './support/import-server';

/**
 * "The embedded database never freezes the API" (issue 14): a bulk import writes the draft in short
 * transactions, so other requests are answered while it runs (on PGlite they share its one
 * connection), and it is still all or nothing.
 */
const APP = 'demo-plus';
const ROWS = 3_000;
let s: ImportServer;

before(async () => {
  s = await startImportServer(APP);
});
after(async () => {
  await s?.t.close();
});

const csv = (prefix: string) => Buffer.from(['question,variants,answer', ...Array.from({ length: ROWS }, (_, i) => `${prefix} ${i}?,v${i},Answer ${i}.`)].join('\n')).toString('base64');
const startImport = (prefix: string) => s.start('bulk-import', `${prefix}.csv`, csv(prefix));

test('while an import writes the draft, requests are answered: the draft shows it growing before the job ends; a cancellation then is refused and it ends whole', async () => {
  const id = await startImport('Growing question');
  const seenPart = await s.partSeenWhileRunning(id, ROWS, 'qna');
  assert.ok(seenPart, 'a request answered while the job was writing saw part of the import (one long transaction would show none of it until the end)');
  // Past its commit point the import finishes: a cancellation is no longer taken.
  const cancelled = await call(s.t.http, 'POST', `/api/v1/apps/${APP}/jobs/${id}/cancel`, { token: s.editor });
  assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
  const job = await s.wait(id, 120_000);
  assert.equal(job.status, 'succeeded', JSON.stringify(job));
  assert.equal((job.counts as Record<string, number>).created, ROWS);
  assert.equal(await s.inDraft('qna'), ROWS);
  assert.equal(await s.stagesLeft(), 0, 'the stage is gone with the last chunk');
});

test('an import cancelled while it reads and stages leaves nothing: no pair in the draft, no staged row', async () => {
  await clearKnowledge(s.t.server.db.db, APP);
  const job = await s.cancelOnceStarted(await startImport('Cancelled question'), 120_000);
  const inDraft = await s.inDraft('qna');
  // All or nothing: cancelled before its commit point (nearly always), or — had it got there — whole.
  if (job.status === 'cancelled') assert.equal(inDraft, 0, 'a cancelled import wrote nothing');
  else assert.deepEqual([job.status, inDraft], ['succeeded', ROWS]);
  assert.equal(await s.stagesLeft(), 0, 'its staged rows were discarded');
});
