import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { Got } from 'got';
import { call } from './support/api-call';
import { waitForJob } from './support/knowledge-fixtures';
import { signIn } from './support/login';
import { embeddedEnv, freePort, startServerProcess, type ServerProcess } from '../support/server-process';

/**
 * A server process killed (SIGKILL) while a bulk import writes the draft (past its commit point, part
 * of it already in): after a restart on the same embedded database the job is run again, writes what
 * it had left and ends with every row — never a part of the file.
 */
const E2E_PASSWORD = 'Civic-kill-Passw0rd';

const APP = 'demo-plus';
const dataDir = mkdtempSync(join(tmpdir(), 'civic-kill-'));
let child: ChildProcess | undefined;

after(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<ServerProcess> {
  return startServerProcess(
    embeddedEnv({
      CIVIC_DATA_DIR: dataDir,
      CIVIC_DEMO_PASSWORD: E2E_PASSWORD,
      CIVIC_TWO_FACTOR: 'off',
      CIVIC_CAPTCHA: 'off',
      CIVIC_AUTH_RATE_LIMIT: '0',
      // Nothing but the import runs: no production trainings of a published demo at start.
      CIVIC_DEMO_PUBLISHED: 'off',
      LOG_LEVEL: 'warn',
    }),
    { port, readyWithinMs: 90_000 },
  );
}

test('SIGKILL while a bulk import writes the draft: after restart the import resumes and ends whole', { timeout: 240_000 }, async () => {
  const port = await freePort();
  const first = await start(port);
  child = first.process;
  const token = await signIn(first.http, 'editor@demo.gov.sg', E2E_PASSWORD);
  // 20,000 rows are past the Plus tier's intent limit (imports are held to it): a platform admin raises it first.
  const admin = await signIn(first.http, 'admin@demo.gov.sg', E2E_PASSWORD);
  const tiers = await call(first.http, 'GET', '/api/v1/subscription-tier-limit', { token: admin });
  type Tier = { tier: string; maxMembers: number; maxMonthlySessions: number; restrictions: Record<string, boolean> };
  const plus = (tiers.body.data as Tier[]).find((tier) => tier.tier === 'Plus');
  assert.ok(plus, JSON.stringify(tiers.body));
  const limits = { maxIntents: 50_000, maxMembers: plus.maxMembers, maxMonthlySessions: plus.maxMonthlySessions, ...plus.restrictions };
  const raised = await call(first.http, 'PUT', '/api/v1/admin/subscription-tier-limit/Plus', { token: admin, json: limits });
  assert.equal(raised.status, 200, JSON.stringify(raised.body));
  const ROWS = 20_000;
  const lines = ['question,variants,answer'];
  for (let i = 0; i < ROWS; i += 1) lines.push(`Killed question ${i},v${i}a|v${i}b,Answer ${i}`);
  const pairs = async (http: Got, bearer: string) => (await call(http, 'GET', `/api/v1/apps/${APP}/intents?kind=qna&limit=1`, { token: bearer })).body.data.counts.qna as number;
  // The demo's own Q&A pairs.
  const before = await pairs(first.http, token);
  const response = await call(first.http, 'POST', `/api/v1/apps/${APP}/bulk-import`, { token, json: { fileName: 'big.csv', content: Buffer.from(lines.join('\n')).toString('base64') } });
  assert.equal(response.status, 202);
  const jobId = response.body.data.job.id as string;
  // Killed once part of the file is in the draft and part is not.
  let seen = 0;
  while (seen === 0 || seen >= ROWS) {
    seen = (await pairs(first.http, token)) - before;
    assert.ok(seen < ROWS, 'the import ended before a request saw it part-way');
  }
  const exited = new Promise((r) => first.process.once('exit', r));
  first.process.kill('SIGKILL');
  await exited;

  const second = await start(port);
  child = second.process;
  const token2 = await signIn(second.http, 'editor@demo.gov.sg', E2E_PASSWORD);
  const job = (await waitForJob(second.http, token2, APP, jobId, 180_000)) as { status: string; errors: string[]; counts: Record<string, number> };
  console.log(`killed with ${seen} of ${ROWS} pairs in the draft; after the restart the job ${job.status}`);
  assert.equal(job.status, 'succeeded', JSON.stringify(job));
  assert.deepEqual(job.errors, []);
  assert.equal(job.counts.created, ROWS);
  assert.equal(await pairs(second.http, token2), before + ROWS, 'every row, once');
  const preview = await call(second.http, 'POST', `/api/v1/apps/${APP}/bulk-import/preview`, {
    token: token2,
    json: { fileName: 'big.csv', content: Buffer.from([lines[0], lines[1], lines[ROWS]].join('\n')).toString('base64') },
  });
  assert.equal(preview.body.data.unchanged, 2, 'the first and the last row are in as the file says');
  const exited2 = new Promise((r) => second.process.once('exit', r));
  second.process.kill('SIGTERM');
  await exited2;
});
