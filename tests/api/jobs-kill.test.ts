import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import got, { type Got } from 'got';
import { createServer } from 'node:net';
import { call } from './support/api-call';
import { waitForJob } from './support/knowledge-fixtures';
import { signIn } from './support/login';

/**
 * A server process killed (SIGKILL) in the middle of a bulk import: after a restart on the same
 * embedded database the job is marked failed, and the import left all of its rows or none.
 */
const ROOT = join(import.meta.dirname, '../..');
const E2E_PASSWORD = 'Civic-kill-Passw0rd';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
const APP = 'demo-plus';
const dataDir = mkdtempSync(join(tmpdir(), 'civic-kill-'));
let child: ChildProcess | undefined;

after(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<{ http: Got; process: ChildProcess }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'host/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      CIVIC_DATA_DIR: dataDir,
      CIVIC_PUBLIC_URL: `http://127.0.0.1:${port}`,
      CIVIC_DEMO_PASSWORD: E2E_PASSWORD,
      CIVIC_TWO_FACTOR: 'off',
      CIVIC_CAPTCHA: 'off',
      CIVIC_AUTH_RATE_LIMIT: '0',
      // Nothing but the import runs: no production trainings of a published demo at start.
      CIVIC_DEMO_PUBLISHED: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  proc.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${output}`);
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok).catch(() => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`server not ready: ${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { http: got.extend({ prefixUrl: url, throwHttpErrors: false, retry: { limit: 0 }, responseType: 'json' }), process: proc };
}

test('SIGKILL during a bulk import: after restart the job is failed and no row of it exists', { timeout: 240_000 }, async () => {
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
  const lines = ['question,variants,answer'];
  for (let i = 0; i < 20_000; i += 1) lines.push(`Killed question ${i},v${i}a|v${i}b,Answer ${i}`);
  const response = await call(first.http, 'POST', `/api/v1/apps/${APP}/bulk-import`, { token, json: { fileName: 'big.csv', content: Buffer.from(lines.join('\n')).toString('base64') } });
  assert.equal(response.status, 202);
  const jobId = response.body.data.job.id as string;
  // The job takes a few seconds (20,000 rows): kill the process while its transaction is open.
  await new Promise((r) => setTimeout(r, 500));
  const exited = new Promise((r) => first.process.once('exit', r));
  first.process.kill('SIGKILL');
  await exited;

  const second = await start(port);
  child = second.process;
  const token2 = await signIn(second.http, 'editor@demo.gov.sg', E2E_PASSWORD);
  const job = (await waitForJob(second.http, token2, APP, jobId, 120_000)) as { status: string; errors: string[] };
  const preview = await call(second.http, 'POST', `/api/v1/apps/${APP}/bulk-import/preview`, {
    token: token2,
    json: { fileName: 'big.csv', content: Buffer.from(lines.slice(0, 3).join('\n')).toString('base64') },
  });
  const alreadyThere = preview.body.data.unchanged as number;
  console.log(`job after the restart: ${job.status}`);
  if (job.status === 'failed') {
    assert.match(job.errors[0], /Interrupted/);
    assert.equal(alreadyThere, 0, 'a killed import leaves none of its rows');
  } else {
    // Killed before it started: it ran after the restart, whole.
    assert.equal(job.status, 'succeeded');
    assert.equal(alreadyThere, 2);
  }
  const exited2 = new Promise((r) => second.process.once('exit', r));
  second.process.kill('SIGTERM');
  await exited2;
});
