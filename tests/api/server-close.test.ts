import assert from 'node:assert/strict';
import { test } from 'node:test';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer } from './support/test-server';

/**
 * Closing the server stops the work it started in the background before the database closes: no
 * query runs on a closed database (one PGlite run of publishing-bulk failed with "PGlite is closed",
 * an unhandled rejection after the test server had closed).
 */
const QUIET_MS = 3_000;

test('a change asks for a draft training a few seconds later; closed meanwhile, the server asks nothing of the closed database', async () => {
  const lines: string[] = [];
  const t = await startTestServer({ onLogLine: (line) => lines.push(line) });
  let closed = false;
  try {
    const editor = await signIn(t.http, 'editor@demo.gov.sg');
    // knowledge.changed: the dialog engine asks for the draft's training once the app is quiet (3 s).
    const created = await call(t.http, 'POST', '/api/v1/apps/demo-plus/intents', { token: editor, json: { displayName: 'Opening hours of the library' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const before = lines.length;
    await t.close();
    closed = true;
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS + 1_000));
    const after = lines.slice(before).filter((line) => (JSON.parse(line) as { level: number }).level >= 40);
    assert.deepEqual(after, [], 'nothing failed after close');
  } finally {
    if (!closed) await t.close();
  }
});
