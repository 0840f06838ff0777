import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { EngineMessages } from '../../plugins/dialog-engine/common/messages';
import { call } from './support/api-call';
import { waitForJob } from './support/knowledge-fixtures';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Training has a size limit besides its time limit (issue 15): content past CIVIC_TRAINING_MAX_PHRASES
 * is refused at once, with the reason on the job, rather than left to run for many minutes.
 */
const APP = 'demo-enterprise';
const LIMIT = 3;
let t: TestServer;
let admin: string;

before(async () => {
  t = await startTestServer({ env: { CIVIC_TRAINING_MAX_PHRASES: String(LIMIT) } });
  admin = await signIn(t.http, 'admin@demo.gov.sg');
});

after(async () => {
  await t?.close();
});

test('a training of more phrases than CIVIC_TRAINING_MAX_PHRASES fails at once, saying how many and the limit', async () => {
  const started = await call(t.http, 'POST', `/api/v1/admin/dialog-engine/apps/${APP}/draft/train`, { token: admin });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  const job = await waitForJob(t.http, admin, APP, started.body.data.jobId as string, 30_000);
  assert.equal(job.kind, 'training');
  assert.equal(job.status, 'failed');
  const [reason] = job.errors as string[];
  const phrases = Number(/Training refused: ([\d,]+) training phrases/.exec(reason)?.[1].replace(/,/g, ''));
  assert.ok(phrases > LIMIT, reason);
  assert.equal(reason, EngineMessages.trainingTooLarge(phrases, LIMIT));
});

test('a bad limit stops the server at start with a message naming the variable', async () => {
  await assert.rejects(startTestServer({ env: { CIVIC_TRAINING_MAX_PHRASES: 'lots' } }), /CIVIC_TRAINING_MAX_PHRASES must be a whole number/);
});
