import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { glossaryTerms, jobs } from './support/tables';
import { JOB_INTERRUPTED, JobError, type JobService } from '@civic/core/server/jobs/job-service';
import type { ServerPlugin } from '@civic/core/server/plugins/server-module';
import { anyone } from '@civic/core/common/access';
import { call } from './support/api-call';
import { OTHER_APP_ID } from './support/fixtures';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

const APP = 'demo-enterprise';
let t: TestServer;
let runner: JobService;
let admin: string;
let viewer: string;
let staleId = '';
let freshId = '';
/** Lets the `test.block` job finish. */
let release: () => void = () => undefined;
/** Resolves when a `test.block` job holds its transaction (no database call may wait for it on PGlite). */
let started: Promise<void> = Promise.resolve();
let markStarted: () => void = () => undefined;
function expectStart(): void {
  started = new Promise<void>((resolve) => (markStarted = resolve));
}

const testJobs: ServerPlugin = {
  manifest: { id: 'job-test', canAccess: anyone },
  module: {
    pluginId: 'job-test',
    register(api) {
      runner = api.jobs;
      api.jobs.register<{ term: string; fail?: boolean }>('test.write', async (ctx) => {
        await ctx.db.insert(glossaryTerms).values({ appId: ctx.appId ?? '', term: ctx.payload.term, definition: 'from a job' });
        ctx.progress(50, { written: 1 });
        if (ctx.payload.fail) throw new JobError('Row 2: the answer is missing');
        return { counts: { written: 1 }, result: { term: ctx.payload.term } };
      });
      api.jobs.register<{ term: string }>('test.block', async (ctx) => {
        await ctx.db.insert(glossaryTerms).values({ appId: ctx.appId ?? '', term: ctx.payload.term, definition: 'half-written' });
        ctx.progress(30);
        markStarted();
        const released = new Promise<void>((resolve) => (release = resolve));
        let done = false;
        void released.then(() => (done = true));
        while (!done) {
          ctx.throwIfCancelled();
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      });
    },
  },
};

before(async () => {
  t = await startTestServer({
    extraPlugins: [testJobs],
    // Rows a killed process left behind (of a kind that is not resumable): one job dead for ten minutes, one still beating.
    beforeStart: async (db, now) => {
      const [stale] = await db
        .insert(jobs)
        .values({ kind: 'publishing.conflicts', appId: APP, status: 'running', progress: 40, startedAt: new Date(now.getTime() - 700_000), heartbeatAt: new Date(now.getTime() - 600_000), createdByEmail: 'editor@demo.gov.sg' })
        .returning();
      const [fresh] = await db
        .insert(jobs)
        .values({ kind: 'publishing.conflicts', appId: APP, status: 'running', progress: 10, startedAt: now, heartbeatAt: now, createdByEmail: 'editor@demo.gov.sg' })
        .returning();
      staleId = stale.id;
      freshId = fresh.id;
    },
  });
  admin = await signIn(t.http, 'appadmin@demo.gov.sg');
  viewer = await signIn(t.http, 'viewer@demo.gov.sg');
});
after(async () => {
  release();
  await t?.close();
});

const db = () => t.server.db.db;
const termExists = async (term: string) => (await db().select().from(glossaryTerms).where(and(eq(glossaryTerms.appId, APP), eq(glossaryTerms.term, term)))).length > 0;

test('at start, a running job whose heartbeat is stale is marked failed (interrupted); on PostgreSQL a live one is left alone', async () => {
  const response = await call(t.http, 'GET', `/api/v1/apps/${APP}/jobs/${staleId}`, { token: admin });
  assert.equal(response.status, 200);
  assert.equal(response.body.data.job.status, 'failed');
  assert.deepEqual(response.body.data.job.errors, [JOB_INTERRUPTED]);
  assert.ok(response.body.data.job.finishedAt);
  const fresh = await call(t.http, 'GET', `/api/v1/apps/${APP}/jobs/${freshId}`, { token: admin });
  // PGlite's data-dir lock means no other process runs jobs: anything still running died with the last one.
  assert.equal(fresh.body.data.job.status, t.server.db.kind === 'pglite' ? 'failed' : 'running');
});

test('a job runs in the background: its writes and its final status commit together, with progress and counts', async () => {
  const queued = await runner.enqueue(db(), { kind: 'test.write', appId: APP, payload: { term: 'Job term ok' }, createdBy: null });
  assert.equal(queued.status, 'queued');
  const done = await runner.waitFor(queued.id);
  assert.equal(done?.status, 'succeeded');
  assert.equal(done?.progress, 100);
  assert.deepEqual(done?.counts, { written: 1 });
  assert.deepEqual(done?.result, { term: 'Job term ok' });
  assert.ok(await termExists('Job term ok'));
});

test('a failing job leaves nothing half-written and shows its error', async () => {
  const queued = await runner.enqueue(db(), { kind: 'test.write', appId: APP, payload: { term: 'Job term failed', fail: true } });
  const done = await runner.waitFor(queued.id);
  assert.equal(done?.status, 'failed');
  assert.deepEqual(done?.errors, ['Row 2: the answer is missing']);
  assert.equal(await termExists('Job term failed'), false);
});

test('cancelling a running job rolls its writes back; a queued one is cancelled before it starts', { timeout: 120_000 }, async () => {
  expectStart();
  const blocking = await runner.enqueue(db(), { kind: 'test.block', appId: APP, payload: { term: 'Job term cancelled' } });
  const waiting = await runner.enqueue(db(), { kind: 'test.write', appId: APP, payload: { term: 'Job term after' } });
  await started;
  const cancelRunning = runner.cancel(db(), blocking.id);
  const ended = await runner.waitFor(blocking.id);
  await cancelRunning;
  assert.equal(ended?.status, 'cancelled');
  assert.equal(await termExists('Job term cancelled'), false, 'the cancelled job wrote nothing');
  // The queued one ran after it (or was cancelled if we were quicker): cancel a fresh queued job instead.
  await runner.waitFor(waiting.id);
  expectStart();
  const blocker2 = await runner.enqueue(db(), { kind: 'test.block', appId: APP, payload: { term: 'Job term blocker' } });
  // Queued behind the blocker: its kind's one worker takes the blocker first (another kind would start at
  // once, in its own queue). Enqueued before the blocker holds PGlite's one connection.
  const queued = await runner.enqueue(db(), { kind: 'test.block', appId: APP, payload: { term: 'Job term queued' } });
  await started;
  expectStart();
  // Not awaited before the release: on PGlite the cancel's queries wait for the blocker's transaction.
  const cancelling = runner.cancel(db(), queued.id);
  release();
  const answer = await cancelling;
  // On a busy machine the worker may take the queued job before the cancel lands: then it runs whole.
  const ranFirst = answer?.status === 'running';
  if (ranFirst) {
    await started;
    release();
  }
  assert.equal((await runner.waitFor(blocker2.id))?.status, 'succeeded');
  const final = await runner.waitFor(queued.id);
  if (!ranFirst) {
    assert.equal(answer?.status, 'cancelled');
    assert.equal(final?.status, 'cancelled');
    assert.equal(await termExists('Job term queued'), false);
  }
  assert.equal(await termExists('Job term blocker'), true);
});

test('GET jobs lists the app’s jobs newest first with kind, status, progress, counts, errors, who and when', async () => {
  const response = await call(t.http, 'GET', `/api/v1/apps/${APP}/jobs`, { token: viewer });
  assert.equal(response.status, 200);
  const list = response.body.data.jobs as Array<Record<string, unknown>>;
  assert.ok(list.length >= 6);
  const times = list.map((job) => Date.parse(String(job.createdAt)));
  assert.deepEqual(times, [...times].sort((a, b) => b - a));
  const failed = list.find((job) => job.id === staleId);
  assert.deepEqual(Object.keys(failed ?? {}).sort(), ['cancelRequested', 'counts', 'createdAt', 'createdByEmail', 'errors', 'finishedAt', 'id', 'kind', 'progress', 'startedAt', 'status'].sort());
  assert.equal(failed?.createdByEmail, 'editor@demo.gov.sg');
  const filtered = await call(t.http, 'GET', `/api/v1/apps/${APP}/jobs`, { token: viewer, searchParams: { kind: 'test.write' } });
  assert.ok((filtered.body.data.jobs as Array<{ kind: string }>).every((job) => job.kind === 'test.write'));
});

test('cancel through the API: viewers may not, finished jobs answer 409, another app’s job is 404', async () => {
  const finished = (await runner.list(db(), APP, { kind: 'test.write' })).find((job) => job.status === 'succeeded');
  assert.ok(finished);
  assert.equal((await call(t.http, 'POST', `/api/v1/apps/${APP}/jobs/${finished.id}/cancel`, { token: viewer })).status, 403);
  const conflict = await call(t.http, 'POST', `/api/v1/apps/${APP}/jobs/${finished.id}/cancel`, { token: admin });
  assert.equal(conflict.status, 409);
  assert.equal(conflict.body.message, 'This job has already finished');
  const platform = await signIn(t.http, 'admin@demo.gov.sg');
  assert.equal((await call(t.http, 'GET', `/api/v1/apps/${OTHER_APP_ID}/jobs/${finished.id}`, { token: platform })).status, 404);
  assert.equal((await call(t.http, 'GET', `/api/v1/apps/${APP}/jobs/not-a-uuid`, { token: admin })).status, 404);

  const queued = await runner.enqueue(db(), { kind: 'test.block', appId: APP, payload: { term: 'Job term api cancel' } });
  // Through the API: on PGlite the request waits while the job holds the one connection, so cancel it while queued or running.
  const unblock = setTimeout(() => release(), 1_500);
  const response = await call(t.http, 'POST', `/api/v1/apps/${APP}/jobs/${queued.id}/cancel`, { token: admin });
  clearTimeout(unblock);
  assert.ok(response.status === 200 || response.status === 409, `status ${response.status}`);
  release();
  const ended = await runner.waitFor(queued.id);
  if (response.status === 200) assert.equal(ended?.status, 'cancelled');
  assert.equal(await termExists('Job term api cancel'), ended?.status === 'succeeded');
});
