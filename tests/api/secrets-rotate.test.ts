import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { openDatabase } from '@civic/core/server/db/open-database';
import { createLogger } from '@civic/core/server/logging/logger';
import { SecretSealer } from '@civic/core/server/secrets/secret-sealer';
import { credentialSecrets } from '../../plugins/credentials/server/db/schema';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Issue 17, `npm run secrets:rotate`: with CIVIC_SECRETS_KEY holding a new key before the old one,
 * the command re-wraps every credential secret to the new key, says how many, and finds nothing left
 * when run again — after which the credentials no longer need the old key.
 */
const ROOT = path.join(import.meta.dirname, '../..');
const oldKey = crypto.randomBytes(32);
const newKey = crypto.randomBytes(32);
const b64 = (key: Buffer) => key.toString('base64');
const SECRETS = ['sk_rotate_payment_key_0001', 'whsec_rotate_webhook_0002', '123456789:AAF-rotate-telegram-token-0003'];
let t: TestServer;

before(async () => {
  t = await startTestServer({ env: { CIVIC_SECRETS_KEY: b64(oldKey) } });
  const admin = await signIn(t.http, 'admin@demo.gov.sg');
  const add = (kind: string, json: Record<string, string>) => call(t.http, 'POST', `/api/v1/admin/credentials/${kind}`, { token: admin, json: { scope: 'platform', ...json } });
  assert.equal((await add('credential-payment', { name: 'Pay', endpoint: 'https://pay.example.gov.sg', merchantId: 'M-1', apiKey: SECRETS[0], webhookSecret: SECRETS[1] })).status, 201);
  assert.equal((await add('credential-telegram', { name: 'Bot', apiBase: 'https://tg.example.gov.sg', botToken: SECRETS[2] })).status, 201);
  // The command is a process of its own: the embedded database is one process's at a time.
  await t.server.close();
});
after(async () => {
  await t?.close();
});

/** `npm run secrets:rotate` on the test server's database, with the given CIVIC_SECRETS_KEY. */
function rotate(secretsKey: string): Promise<{ code: number; output: string }> {
  const { DATABASE_URL: _inherited, NODE_TEST_CONTEXT: _runner, ...inherited } = process.env;
  const database = t.config.database.kind === 'postgres' ? { DATABASE_URL: t.config.database.url } : {};
  const env = { ...inherited, ...database, NODE_ENV: 'test', LOG_LEVEL: 'silent', CIVIC_DATA_DIR: t.config.dataDir, CIVIC_AUDIT_KEY: b64(t.config.keys.auditKey), CIVIC_SECRETS_KEY: secretsKey };
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'secrets:rotate'], { cwd: ROOT, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

test('npm run secrets:rotate re-wraps every secret to the newest key; run again, nothing is left; the newest key alone opens them all', { timeout: 180_000 }, async () => {
  const first = await rotate(`${b64(newKey)}, ${b64(oldKey)}`);
  assert.equal(first.code, 0, first.output);
  const ring = new SecretSealer([newKey, oldKey]);
  assert.match(first.output, new RegExp(`Every sealed secret is now under key ${ring.currentKeyId}\\.`));
  assert.match(first.output, /credentials\.credential_secrets: 3 re-wrapped/);

  const again = await rotate(b64(newKey));
  assert.equal(again.code, 0, again.output);
  assert.match(again.output, /credentials\.credential_secrets: 0 re-wrapped/);

  const database = await openDatabase(t.config.database, createLogger('silent'));
  try {
    const rows = await database.db.select().from(credentialSecrets);
    assert.equal(rows.length, 3);
    const onlyNew = new SecretSealer([newKey]);
    const opened = rows.map((row) => onlyNew.open(row.sealed, `credentials:${row.credentialId}:${row.field}`));
    assert.deepEqual(opened.sort(), [...SECRETS].sort());
    assert.ok(rows.every((row) => row.keyId === ring.currentKeyId));
  } finally {
    await database.close();
  }
});

test('a secret under a key CIVIC_SECRETS_KEY lacks stops the rotation with what to do, no stack and no secret', async () => {
  const stranger = await rotate(b64(crypto.randomBytes(32)));
  assert.equal(stranger.code, 1);
  assert.match(stranger.output, /^Rotation stopped: The secret was sealed with a key this server does not hold \(CIVIC_SECRETS_KEY\)\. Give CIVIC_SECRETS_KEY every key/m);
  assert.doesNotMatch(stranger.output, /^\s+at /m);
  for (const secret of SECRETS) assert.ok(!stranger.output.includes(secret));
});
