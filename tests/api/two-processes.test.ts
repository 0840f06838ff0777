import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { call } from './support/api-call';
import { waitForJob } from './support/knowledge-fixtures';
import { signIn } from './support/login';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { startServerProcess, type ServerProcess } from '../support/server-process';

/**
 * Two real server processes on one PostgreSQL database (the scaled-out deployment): a change and a
 * publish made through one reach the other as domain events, and the other answers citizens with
 * the model the first trained — loaded from the model store, not trained again.
 */
const ROOT = join(import.meta.dirname, '../..');
const PASSWORD = 'Civic-two-Passw0rd';
const APP = 'demo-enterprise';
const CONSOLE = 'http://console.two-processes.test';
const url = process.env.DATABASE_URL;

type Server = ServerProcess;

let database: TestDatabase | undefined;
const servers: Server[] = [];

/** What both processes share: the database and the keys (as a real deployment's servers do). */
function sharedEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return {
    ...inherited,
    DATABASE_URL: databaseUrl,
    CIVIC_LOGIN_KEY: crypto.randomBytes(32).toString('base64'),
    CIVIC_SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
    CIVIC_AUDIT_KEY: crypto.randomBytes(32).toString('base64'),
    CIVIC_DATA_DIR: mkdtempSync(join(tmpdir(), 'civic-two-processes-seed-')),
    CIVIC_TOKEN_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    CIVIC_TOKEN_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    CIVIC_DEMO_PASSWORD: PASSWORD,
    CIVIC_PUBLIC_URL: CONSOLE,
    CIVIC_TWO_FACTOR: 'off',
    CIVIC_CAPTCHA: 'off',
    CIVIC_AUTH_RATE_LIMIT: '0',
    // The test publishes the demo app itself and follows that publish's production training.
    CIVIC_DEMO_PUBLISHED: 'off',
  };
}

function run(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    proc.stderr?.on('data', (chunk) => (output += chunk));
    proc.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited ${code}: ${output}`))));
  });
}

async function start(env: NodeJS.ProcessEnv): Promise<Server> {
  // Debug level: a process logs each event it receives from another one ("event from another server process").
  // Each server its own data folder (its audit checkpoint), as on separate machines; never the repo's.
  const server = await startServerProcess({ ...env, LOG_LEVEL: 'debug', CIVIC_DATA_DIR: mkdtempSync(join(tmpdir(), 'civic-two-processes-')) }, { stdout: true, readyWithinMs: 90_000 });
  servers.push(server);
  return server;
}

async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function trainingOf(server: Server, token: string, environment: 'draft' | 'production') {
  const response = await call(server.http, 'GET', '/api/v1/admin/dialog-engine/apps', { token });
  const app = (response.body.data.apps as Array<{ appId: string; training: Record<string, { state: string; contentHash: string | null }> }>).find((a) => a.appId === APP);
  return app?.training[environment];
}

/** Content hashes of the app's stored models (the dialog engine's table). */
async function storedModels(databaseUrl: string, environment: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ content_hash: string }>('select content_hash from dialog_engine_trained_models where app_id = $1 and environment = $2', [APP, environment]);
    return rows.map((row) => row.content_hash);
  } finally {
    await client.end();
  }
}

before(async () => {
  if (!url) return;
  database = await createTestDatabase();
  if (database.target.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
  const env = sharedEnv(database.target.url);
  await run('host/server/seed-cli.ts', env);
  await start(env);
  await start(env);
});

after(async () => {
  for (const server of servers) {
    if (server.process.exitCode !== null) continue;
    const exited = new Promise((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (server.process.exitCode === null) server.process.kill('SIGKILL');
  }
  await database?.dispose();
});

test('two server processes on one PostgreSQL (skipped without DATABASE_URL): a draft change reaches the other process; after a publish through one, the other answers with the new model', { skip: !url, timeout: 300_000 }, async () => {
  const [first, second] = servers;
  const admin = await signIn(first.http, 'admin@demo.gov.sg', PASSWORD);

  const created = await call(first.http, 'POST', `/api/v1/apps/${APP}/intents`, {
    token: admin,
    json: {
      displayName: 'Zz Adopt a shelter cat',
      trainingPhrases: ['how do i adopt a cat', 'adopt a cat from the shelter', 'cat adoption', 'i want to adopt a kitten', 'adopting a shelter cat'].map((text) => ({ type: 'example', parts: [{ text }] })),
      responses: [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: ['Visit the animal shelter to adopt a cat.'] }] }],
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  await until('knowledge.changed in the second process', async () => /"event":"knowledge\.changed"[^\n]*"appId":"demo-enterprise"/.test(second.output()));

  const published = await call(first.http, 'POST', `/api/v1/apps/${APP}/publishing/publish`, { token: admin, json: { note: 'two processes' } });
  assert.equal(published.status, 202, JSON.stringify(published.body));
  assert.equal((await waitForJob(first.http, admin, APP, published.body.data.job.id as string, 60_000)).status, 'succeeded');
  // Jobs run on whichever process picks them up: the publish job's event reached the other one.
  await until('version.published in the process that did not run the publish', async () => servers.some((server) => /"event":"version\.published"/.test(server.output())));

  // The production model is trained by a job (on either process), stored and announced: the second
  // process has it before anyone asks it anything.
  const trained = await until('the production model in the second process', async () => {
    const status = await trainingOf(second, admin, 'production');
    return status?.state === 'trained' && status.contentHash ? status : null;
  });
  await until('model.trained in the process that did not train', async () => servers.some((server) => /"event":"model\.trained"/.test(server.output())));

  const headers = { origin: CONSOLE };
  const session = await call(second.http, 'POST', `/api/v1/chat/${APP}/sessions`, { json: { environment: 'production' }, headers });
  assert.equal(session.status, 201, JSON.stringify(session.body));
  const answered = await call(second.http, 'POST', `/api/v1/chat/${APP}/sessions/${session.body.data.sessionId}/messages`, { json: { text: 'how can I adopt a cat from the shelter?' }, headers });
  assert.equal(answered.status, 200, JSON.stringify(answered.body));
  assert.equal(answered.body.data.intentName, 'Zz Adopt a shelter cat', JSON.stringify(answered.body.data));
  assert.equal((await trainingOf(second, admin, 'production'))?.contentHash, trained.contentHash, 'the second process answered with the stored model');

  const stored = await storedModels(database?.target.kind === 'postgres' ? database.target.url : '', 'production');
  assert.ok(stored.includes(trained.contentHash ?? ''), 'the model answering is the one in the store');
});

test("a chat session moving between the processes follows on from the other's turn: the state is written behind the reply, then announced", { skip: !url, timeout: 120_000 }, async () => {
  const [first, second] = servers;
  const headers = { origin: CONSOLE };
  const started = await call(first.http, 'POST', `/api/v1/chat/${APP}/sessions`, { json: { environment: 'production' }, headers });
  assert.equal(started.status, 201, JSON.stringify(started.body));
  const path = `/api/v1/chat/${APP}/sessions/${started.body.data.sessionId}/messages`;
  const say = async (server: Server, text: string) => {
    const answer = await call(server.http, 'POST', path, { json: { text }, headers });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.data.intentName as string;
  };
  // The second process answers a turn first: it holds its own copy of the session from then on.
  await say(second, 'hello');
  const announced = () => (second.output().match(/"event":"dialog-engine\.chatSessionsChanged"/g) ?? []).length;
  const before = announced();
  assert.equal(await say(first, 'How do I renew my passport?'), 'Renew passport');
  await until('the first process announcing the written state', async () => announced() > before);
  assert.equal(await say(second, 'how much does it cost'), 'Renew passport - fees');
});
