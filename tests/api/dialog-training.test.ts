import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { intents, jobs, trainingPhrases } from './support/tables';
import { EngineMessages } from '../../plugins/dialog-engine/common/messages';
import { dialogEngineModule } from '../../plugins/dialog-engine/server';
import type { DialogEngine } from '../../plugins/dialog-engine/server/engine/dialog-engine';
import { call } from './support/api-call';
import { clearKnowledge, waitForJob } from './support/knowledge-fixtures';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

const BIG = 'demo-plus';
const SMALL = 'demo-enterprise';
const INTENTS = 200;
let t: TestServer;
let admin: string;
/** This server's engine (each mount makes its own). */
let dialogEngine: DialogEngine | undefined;

const WORDS = ['permit', 'renew', 'parking', 'licence', 'pet', 'tax', 'grant', 'housing', 'school', 'clinic', 'water', 'bill', 'refund', 'appeal', 'fine', 'rebate', 'subsidy', 'visa', 'card', 'road'];
const word = (i: number, salt: number) => WORDS[(i * 7 + salt * 13) % WORDS.length];

/** An app big enough that training takes seconds: INTENTS intents with ten phrases each. */
async function seedBigApp(): Promise<void> {
  const db = t.server.db.db;
  await clearKnowledge(db, BIG);
  const rows = await db
    .insert(intents)
    .values(Array.from({ length: INTENTS }, (_, i) => ({ appId: BIG, kind: 'intent' as const, displayName: `Topic ${i}`, responses: [{ platform: 'PLATFORM_UNSPECIFIED' as const, enable_default_response: true, messages: [{ type: 'text' as const, text: [`Answer ${i}`] }] }] })))
    .returning({ id: intents.id });
  const phrases = rows.flatMap((row, i) =>
    Array.from({ length: 10 }, (_, p) => {
      const text = `how do i ${word(i, p)} my ${word(i, p + 3)} topic${i} case ${p} ${word(i + p, 5)}`;
      return { intentId: row.id, appId: BIG, position: p, referenceId: `big-${i}-${p}`, type: 'example' as const, parts: [{ text }], text };
    }),
  );
  for (let start = 0; start < phrases.length; start += 1000) await db.insert(trainingPhrases).values(phrases.slice(start, start + 1000));
}

before(async () => {
  t = await startTestServer({ modules: { 'dialog-engine': dialogEngineModule({ onEngine: (engine) => (dialogEngine = engine) }) } });
  admin = await signIn(t.http, 'admin@demo.gov.sg');
  await seedBigApp();
});
after(async () => {
  await t?.close();
});

test('training runs as a job off the request thread: the server answers meanwhile; the job shows progress and ends done', async () => {
  const started = await call(t.http, 'POST', `/api/v1/admin/dialog-engine/apps/${BIG}/draft/train`, { token: admin });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  const jobId = started.body.data.jobId as string;
  assert.ok(jobId, 'a training job was queued');

  // While it trains: /healthz and the job itself answer promptly, and the job's progress moves.
  const latencies: number[] = [];
  const progress: number[] = [];
  let job: Record<string, unknown> = {};
  const deadline = Date.now() + 120_000;
  for (;;) {
    const t0 = performance.now();
    const health = await t.http.get('healthz');
    latencies.push(performance.now() - t0);
    assert.equal(health.statusCode, 200);
    job = (await call(t.http, 'GET', `/api/v1/apps/${BIG}/jobs/${jobId}`, { token: admin })).body.data.job;
    if (job.status === 'running') progress.push(job.progress as number);
    if (job.status !== 'queued' && job.status !== 'running') break;
    assert.ok(Date.now() < deadline, 'training finished in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  latencies.sort((a, b) => a - b);
  const worst = latencies.at(-1) ?? 0;
  const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? 0;
  console.log(`# training ${INTENTS} intents: ${latencies.length} /healthz calls while it ran, p95 ${p95.toFixed(1)} ms, worst ${worst.toFixed(1)} ms; progress seen ${progress.join(',')}`);
  assert.equal(job.kind, 'training');
  assert.equal(job.status, 'succeeded', JSON.stringify(job));
  assert.equal(job.progress, 100);
  assert.equal((job.counts as Record<string, number>).intents, INTENTS);
  assert.ok((job.counts as Record<string, number>).phrases >= INTENTS * 10);
  assert.ok(latencies.length >= 5, `the server answered ${latencies.length} times while training`);
  assert.ok(worst < 1_000, `no request waited for the training (worst ${worst.toFixed(0)} ms)`);
  assert.ok(progress.some((value) => value > 0 && value < 100), `progress moved while running: ${progress.join(',')}`);

  // The job is listed with the app's jobs, and /dialogFlow shows the model trained.
  const listed = await call(t.http, 'GET', `/api/v1/apps/${BIG}/jobs`, { token: admin, searchParams: { kind: 'training' } });
  assert.ok(listed.body.data.jobs.some((row: { id: string }) => row.id === jobId));
  const apps = await call(t.http, 'GET', '/api/v1/admin/dialog-engine/apps', { token: admin });
  const row = apps.body.data.apps.find((app: { appId: string }) => app.appId === BIG);
  assert.equal(row.training.draft.state, 'trained');
  assert.equal(row.training.draft.progress, 1);

  // The same content again: nothing to train.
  const again = await call(t.http, 'POST', `/api/v1/admin/dialog-engine/apps/${BIG}/draft/train`, { token: admin });
  assert.equal(again.status, 202);
  assert.equal(again.body.data.jobId, null);
});

test('a training that fails marks its job failed, saying why', async () => {
  const started = await call(t.http, 'POST', `/api/v1/admin/dialog-engine/apps/${SMALL}/production/train`, { token: admin });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  const job = await waitForJob(t.http, admin, SMALL, started.body.data.jobId as string);
  assert.equal(job.kind, 'training');
  assert.equal(job.status, 'failed');
  assert.deepEqual(job.errors, [EngineMessages.notPublished]);
});

/** Waits for the first training job of `environment` not in `seen`. */
async function nextTrainingJob(appId: string, environment: string, seen: ReadonlySet<string>): Promise<string> {
  const db = t.server.db.db;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const rows = await db.select({ id: jobs.id, payload: jobs.payload }).from(jobs).where(and(eq(jobs.appId, appId), eq(jobs.kind, 'training')));
    const found = rows.filter((row) => !seen.has(row.id) && (row.payload as { environment: string }).environment === environment);
    if (found.length > 0) {
      assert.equal(found.length, 1, `one new ${environment} training job`);
      return found[0].id;
    }
    assert.ok(Date.now() < deadline, `no ${environment} training job started`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function trainingJobIds(appId: string): Promise<Set<string>> {
  const rows = await t.server.db.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.appId, appId), eq(jobs.kind, 'training')));
  return new Set(rows.map((row) => row.id));
}

test('a content change starts a training job a few seconds after the last edit; so does a publish, for production', async () => {
  const before = await trainingJobIds(SMALL);
  const created = await call(t.http, 'POST', `/api/v1/apps/${SMALL}/intents`, { token: admin, json: { displayName: 'Zz Adopt a cat' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const draftJob = await nextTrainingJob(SMALL, 'draft', before);
  assert.equal((await waitForJob(t.http, admin, SMALL, draftJob, 60_000)).status, 'succeeded');
  const apps = await call(t.http, 'GET', '/api/v1/admin/dialog-engine/apps', { token: admin });
  assert.equal(apps.body.data.apps.find((app: { appId: string }) => app.appId === SMALL).training.draft.state, 'trained');
  const afterDraft = await trainingJobIds(SMALL);
  assert.equal(afterDraft.size, before.size + 1, 'production is not published: only the draft trained');

  const published = await call(t.http, 'POST', `/api/v1/apps/${SMALL}/publishing/publish`, { token: admin, json: { note: 'train me' } });
  assert.equal(published.status, 202, JSON.stringify(published.body));
  assert.equal((await waitForJob(t.http, admin, SMALL, published.body.data.job.id as string)).status, 'succeeded');
  const productionJob = await nextTrainingJob(SMALL, 'production', afterDraft);
  const job = await waitForJob(t.http, admin, SMALL, productionJob, 60_000);
  assert.equal(job.status, 'succeeded', JSON.stringify(job));
  const after = await call(t.http, 'GET', '/api/v1/admin/dialog-engine/apps', { token: admin });
  assert.equal(after.body.data.apps.find((app: { appId: string }) => app.appId === SMALL).training.production.state, 'trained');
});

test('a trained model is stored: with the memory emptied (as after a restart) the next answer loads it, and nothing trains', async () => {
  const apps = await call(t.http, 'GET', '/api/v1/admin/dialog-engine/apps', { token: admin });
  const trained = apps.body.data.apps.find((app: { appId: string }) => app.appId === SMALL).training.draft;
  assert.equal(trained.state, 'trained');
  const stored = (await t.server.db.db.execute(sql`select content_hash from dialog_engine_trained_models where app_id = ${SMALL} and environment = 'draft'`)) as unknown as { rows: Array<{ content_hash: string }> };
  assert.ok(stored.rows.some((row) => row.content_hash === trained.contentHash), 'the draft model is in the store');

  assert.ok(dialogEngine, 'the dialog engine mounted');
  dialogEngine.cache.forget(SMALL);
  const before = await trainingJobIds(SMALL);
  const headers = { origin: 'https://console.example.gov.sg' };
  const session = await call(t.http, 'POST', `/api/v1/chat/${SMALL}/sessions`, { token: admin, json: { environment: 'draft' }, headers });
  assert.equal(session.status, 201, JSON.stringify(session.body));
  const after = await call(t.http, 'GET', '/api/v1/admin/dialog-engine/apps', { token: admin });
  const draft = after.body.data.apps.find((app: { appId: string }) => app.appId === SMALL).training.draft;
  assert.equal(draft.state, 'trained');
  assert.equal(draft.contentHash, trained.contentHash);
  assert.deepEqual(await trainingJobIds(SMALL), before, 'no training job was started');
});

/** The engine's training state of an app's draft, as /dialogFlow shows it. */
async function draftTraining(appId: string): Promise<{ state: string; contentHash: string | null }> {
  const apps = await call(t.http, 'GET', '/api/v1/admin/dialog-engine/apps', { token: admin });
  return apps.body.data.apps.find((app: { appId: string }) => app.appId === appId).training.draft;
}

test('cancelling a training through the API stops the training itself: the job ends cancelled, no model of that content, the next training works', async () => {
  // New content for the big app, written directly so that no content event starts a training of its own.
  const db = t.server.db.db;
  const [first] = await db.select({ id: intents.id }).from(intents).where(eq(intents.appId, BIG)).limit(1);
  await db.insert(trainingPhrases).values({ intentId: first.id, appId: BIG, position: 10, referenceId: 'big-cancel', type: 'example', parts: [{ text: 'stop this training' }], text: 'stop this training' });
  const trainedBefore = (await draftTraining(BIG)).contentHash;

  const started = await call(t.http, 'POST', `/api/v1/admin/dialog-engine/apps/${BIG}/draft/train`, { token: admin });
  assert.equal(started.status, 202, JSON.stringify(started.body));
  const jobId = started.body.data.jobId as string;
  const deadline = Date.now() + 30_000;
  while ((await draftTraining(BIG)).state !== 'training') {
    assert.ok(Date.now() < deadline, 'the training never started');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const cancelled = await call(t.http, 'POST', `/api/v1/apps/${BIG}/jobs/${jobId}/cancel`, { token: admin });
  assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
  assert.equal((await waitForJob(t.http, admin, BIG, jobId, 30_000)).status, 'cancelled');

  // The training thread was terminated: the draft's training ended as failed, not later as trained.
  let training = await draftTraining(BIG);
  while (training.state === 'training') {
    assert.ok(Date.now() < deadline, 'the training went on after the cancel');
    await new Promise((resolve) => setTimeout(resolve, 20));
    training = await draftTraining(BIG);
  }
  assert.equal(training.state, 'failed');
  const stored = (await db.execute(sql`select content_hash from dialog_engine_trained_models where app_id = ${BIG} and environment = 'draft'`)) as unknown as { rows: Array<{ content_hash: string }> };
  assert.deepEqual(stored.rows.map((row) => row.content_hash), [trainedBefore], 'only the model trained before the cancel is stored');

  const again = await call(t.http, 'POST', `/api/v1/admin/dialog-engine/apps/${BIG}/draft/train`, { token: admin });
  assert.equal(again.status, 202);
  assert.equal((await waitForJob(t.http, admin, BIG, again.body.data.jobId as string, 120_000)).status, 'succeeded');
  assert.equal((await draftTraining(BIG)).state, 'trained');
});
