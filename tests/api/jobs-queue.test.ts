import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { anyone } from '@civic/core/common/access';
import { JOB_INTERRUPTED, JOB_TIMED_OUT, JobError, type JobService } from '@civic/core/server/jobs/job-service';
import type { JobRunner } from '@civic/core/server/jobs/job-runner';
import { jobs } from './support/tables';
import type { ServerPlugin } from '@civic/core/server/plugins/server-module';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The queue under the jobs (pg-boss): a queue per kind, retries with backoff, time limits,
 * cancellation that stops the work, fairness between apps and cron schedules. Runs on PGlite, and
 * on PostgreSQL with DATABASE_URL.
 */
const APP = 'demo-enterprise';
const OTHER = 'demo-plus';
let t: TestServer;
let runner: JobService;

/** A latch a test opens; `reached` resolves when a handler waits on it. */
function latch() {
  let open: () => void = () => undefined;
  let reach: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const reached = new Promise<void>((resolve) => (reach = resolve));
  return { open, opened, reached, reach };
}
const latches = new Map<string, ReturnType<typeof latch>>();
const gate = (name: string) => {
  if (!latches.has(name)) latches.set(name, latch());
  return latches.get(name)!;
};

const flakyAttempts: Array<{ attempt: number; at: number }> = [];
let hopelessAttempts = 0;
const fairOrder: string[] = [];
let stoppedBySignal: string[] = [];
const resumedRuns: string[] = [];
let ticks = 0;
let tickSeen: () => void = () => undefined;

/** Waits for the abort or the latch, whichever first; records an abort. */
async function holdUntil(name: string, signal: AbortSignal, label: string): Promise<void> {
  const held = gate(name);
  held.reach();
  await new Promise<void>((resolve, reject) => {
    void held.opened.then(resolve);
    signal.addEventListener('abort', () => {
      stoppedBySignal.push(label);
      reject(signal.reason);
    });
  });
}

const testJobs: ServerPlugin = {
  manifest: { id: 'job-queue-test', canAccess: anyone },
  module: {
    pluginId: 'job-queue-test',
    register(api) {
      runner = api.jobs;
      api.jobs.register<{ gate: string }>('test.long', async (ctx) => holdUntil(ctx.payload.gate, ctx.signal, `long:${ctx.id}`), { transaction: false });
      api.jobs.register('test.quick', async () => ({ result: { quick: true } }), { transaction: false });
      api.jobs.register(
        'test.flaky',
        async (ctx) => {
          flakyAttempts.push({ attempt: ctx.attempt, at: Date.now() });
          if (ctx.attempt < 3) throw new Error('the mail server is down');
          return { result: { attempts: ctx.attempt } };
        },
        { transaction: false, retryLimit: 2, retryDelaySeconds: 1 },
      );
      api.jobs.register(
        'test.hopeless',
        async () => {
          hopelessAttempts += 1;
          throw new JobError('Row 3: the answer is missing');
        },
        { transaction: false, retryLimit: 2, retryDelaySeconds: 1 },
      );
      api.jobs.register<{ gate: string }>('test.slow', async (ctx) => holdUntil(ctx.payload.gate, ctx.signal, `slow:${ctx.id}`), { transaction: false, timeLimitSeconds: 1 });
      api.jobs.register<{ gate: string }>(
        'test.committed',
        async (ctx) => {
          ctx.uncancellable();
          await holdUntil(ctx.payload.gate, ctx.signal, `committed:${ctx.id}`);
          return { result: { finished: true } };
        },
        { transaction: false, timeLimitSeconds: 1 },
      );
      api.jobs.register(
        'test.resumable',
        async (ctx) => {
          resumedRuns.push(ctx.id);
        },
        { transaction: false, resumable: true },
      );
      api.jobs.register<{ label: string; gate?: string }>(
        'test.fair',
        async (ctx) => {
          fairOrder.push(ctx.payload.label);
          if (ctx.payload.gate) await holdUntil(ctx.payload.gate, ctx.signal, ctx.payload.label);
        },
        { transaction: false, concurrency: 1 },
      );
      api.jobs.schedule('test.tick', '*/5 * * * *', async ({ db }) => {
        await db.execute('select 1');
        ticks += 1;
        tickSeen();
      });
    },
  },
};

before(async () => {
  t = await startTestServer({ extraPlugins: [testJobs] });
});
after(async () => {
  for (const held of latches.values()) held.open();
  await t?.close();
});

const db = () => t.server.db.db;

test('a queue per kind: a long job of one kind does not delay a job of another kind', async () => {
  const long = await runner.enqueue(db(), { kind: 'test.long', appId: APP, payload: { gate: 'long-1' } });
  await gate('long-1').reached;
  const quick = await runner.enqueue(db(), { kind: 'test.quick', appId: APP });
  const done = await runner.waitFor(quick.id, 20_000);
  assert.equal(done?.status, 'succeeded');
  assert.deepEqual(done?.result, { quick: true });
  assert.equal((await runner.get(db(), long.id))?.status, 'running', 'the long job is still running');
  gate('long-1').open();
  assert.equal((await runner.waitFor(long.id))?.status, 'succeeded');
});

test('an unexpected failure is retried with a growing delay; the third attempt succeeds', async () => {
  const job = await runner.enqueue(db(), { kind: 'test.flaky', appId: APP });
  const done = await runner.waitFor(job.id, 30_000);
  assert.equal(done?.status, 'succeeded');
  assert.deepEqual(done?.result, { attempts: 3 });
  assert.deepEqual(
    flakyAttempts.map((a) => a.attempt),
    [1, 2, 3],
  );
  // pg-boss's backoff: the n-th retry waits between delay·2^(n−1) and delay·2^n seconds.
  assert.ok(flakyAttempts[1].at - flakyAttempts[0].at >= 1_000);
  assert.ok(flakyAttempts[2].at - flakyAttempts[1].at >= 2_000);
});

test('a JobError is the job’s answer, not a hiccup: it fails at once with its message and is not retried', async () => {
  const job = await runner.enqueue(db(), { kind: 'test.hopeless', appId: APP });
  const done = await runner.waitFor(job.id);
  assert.equal(done?.status, 'failed');
  assert.deepEqual(done?.errors, ['Row 3: the answer is missing']);
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  assert.equal(hopelessAttempts, 1);
});

test('a job past its time limit has its signal aborted, stops, and fails with the time-limit message', async () => {
  stoppedBySignal = [];
  const job = await runner.enqueue(db(), { kind: 'test.slow', appId: APP, payload: { gate: 'slow-never' } });
  const done = await runner.waitFor(job.id, 20_000);
  assert.equal(done?.status, 'failed');
  assert.deepEqual(done?.errors, [JOB_TIMED_OUT]);
  assert.deepEqual(stoppedBySignal, [`slow:${job.id}`], 'the handler itself was stopped');
});

test('cancelling a running job aborts its signal: the handler stops at once, the job ends cancelled', async () => {
  stoppedBySignal = [];
  const job = await runner.enqueue(db(), { kind: 'test.long', appId: APP, payload: { gate: 'long-cancel' } });
  await gate('long-cancel').reached;
  const progress = await runner.get(db(), job.id);
  assert.equal(progress?.status, 'running');
  await runner.cancel(db(), job.id);
  const done = await runner.waitFor(job.id);
  assert.equal(done?.status, 'cancelled');
  assert.deepEqual(stoppedBySignal, [`long:${job.id}`]);
});

test('past ctx.uncancellable() neither a cancellation nor the time limit stops a job: it runs to its end', async () => {
  stoppedBySignal = [];
  const job = await runner.enqueue(db(), { kind: 'test.committed', appId: APP, payload: { gate: 'committed' } });
  await gate('committed').reached;
  const asked = await runner.cancel(db(), job.id);
  assert.equal(asked?.cancelRequested, false, 'the cancellation is not taken');
  // Past its one-second time limit, still running.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  assert.equal((await runner.get(db(), job.id))?.status, 'running');
  gate('committed').open();
  const done = await runner.waitFor(job.id);
  assert.equal(done?.status, 'succeeded');
  assert.deepEqual(done?.result, { finished: true });
  assert.deepEqual(stoppedBySignal, []);
});

test('a job whose process died is failed as interrupted, or, of a resumable kind, queued again and run', async () => {
  const long = new Date(Date.now() - 10 * 60_000);
  const dead = { appId: APP, status: 'running' as const, startedAt: long, heartbeatAt: long };
  const [resumable] = await db().insert(jobs).values({ kind: 'test.resumable', ...dead }).returning();
  const [plain] = await db().insert(jobs).values({ kind: 'test.quick', ...dead }).returning();
  await (runner as JobRunner).recoverStale(60_000);
  const again = await runner.waitFor(resumable.id, 20_000);
  assert.equal(again?.status, 'succeeded');
  assert.deepEqual(resumedRuns, [resumable.id]);
  const failed = await runner.get(db(), plain.id);
  assert.equal(failed?.status, 'failed');
  assert.deepEqual(failed?.errors, [JOB_INTERRUPTED]);
});

test('fairness: one app’s burst does not keep another app’s job waiting behind it', async () => {
  fairOrder.length = 0;
  const first = await runner.enqueue(db(), { kind: 'test.fair', appId: APP, payload: { label: 'A1', gate: 'fair-a1' } });
  await gate('fair-a1').reached;
  const burst = [];
  for (const label of ['A2', 'A3', 'A4', 'A5']) burst.push(await runner.enqueue(db(), { kind: 'test.fair', appId: APP, payload: { label } }));
  const other = await runner.enqueue(db(), { kind: 'test.fair', appId: OTHER, payload: { label: 'B1' } });
  gate('fair-a1').open();
  for (const job of [first, ...burst, other]) assert.equal((await runner.waitFor(job.id))?.status, 'succeeded');
  assert.deepEqual(fairOrder, ['A1', 'B1', 'A2', 'A3', 'A4', 'A5']);
});

test('cron schedules: registered in the queue with their expression, and a tick runs the task', async () => {
  const schedules = await runner.schedules();
  // Plugins register their own (analytics' rollup and reports): this test's is among them.
  assert.deepEqual(schedules.filter((s) => s.name.startsWith('test.')), [{ name: 'test.tick', cron: '*/5 * * * *', tz: 'UTC' }]);
  const before = ticks;
  const seen = new Promise<void>((resolve) => (tickSeen = resolve));
  await runner.runScheduled('test.tick');
  await seen;
  assert.equal(ticks, before + 1);
});
