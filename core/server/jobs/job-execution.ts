import { and, eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { DbExecutor } from '../db/database';
import { jobs } from '../db/schema';
import type { Logger } from '../logging/logger';
import { JOB_FAILED, JOB_INTERRUPTED, JOB_TIMED_OUT, JobError, type JobContext, type JobHandler, type JobOutcome } from './job-service';

export type JobRow = typeof jobs.$inferSelect;
export type StopReason = 'cancel' | 'timeout' | 'stop';

/** A registered job kind, as the runner keeps it (JobKindOptions with defaults applied). */
export interface JobKind {
  queue: string;
  handler: JobHandler<never>;
  transaction: boolean;
  concurrency: number;
  retryLimit: number;
  retryDelaySeconds: number;
  timeLimitSeconds: number;
  resumable: boolean;
}

/** What the runner knows of a job running in this process: its progress and how to stop it. */
export interface LiveJob {
  progress: number;
  counts: Record<string, number>;
  controller: AbortController;
  reason: StopReason | undefined;
  /** Past `ctx.uncancellable()`: only a server stop aborts it. */
  uncancellable: boolean;
}

export class StopSignal extends Error {
  constructor(readonly reason: StopReason) {
    super(reason);
    this.name = 'StopSignal';
  }
}

export function liveJob(): LiveJob {
  return { progress: 0, counts: {}, controller: new AbortController(), reason: undefined, uncancellable: false };
}

/** Stops a running job for this reason; a job past `uncancellable()` stops only with its server. */
export function abortLiveJob(live: LiveJob, reason: StopReason): void {
  if (live.controller.signal.aborted || (live.uncancellable && reason !== 'stop')) return;
  live.reason = reason;
  live.controller.abort(new StopSignal(reason));
}

export interface ExecutionDeps {
  db: DbExecutor;
  log: Logger;
  now: () => Date;
  heartbeatMs: number;
}

/** How a run ended: `retry` when pg-boss should run it again (the caller rethrows `error`). */
export type ExecutionEnd = { retry: false } | { retry: true; error: unknown };

/**
 * Runs one claimed job (its row already `running`) to the end: its handler with a context, a time
 * limit, a heartbeat that carries progress and hears a cancel from another process, and the row's
 * final state — succeeded in the job's own transaction (or its `commit`'s), else cancelled, failed,
 * queued again to retry, or queued again to resume after a server stop (resumable kinds).
 */
export async function executeJob(deps: ExecutionDeps, kind: JobKind, row: JobRow, job: PgBoss.JobWithMetadata<object>, live: LiveJob): Promise<ExecutionEnd> {
  const { db, now } = deps;
  const signal = live.controller.signal;
  const timeLimit = setTimeout(() => abortLiveJob(live, 'timeout'), kind.timeLimitSeconds * 1000);
  let beating = false;
  const heartbeat = setInterval(() => {
    // On PGlite a transactional job holds the one connection: this waits, and one at a time.
    if (beating) return;
    beating = true;
    void db
      .update(jobs)
      .set({ heartbeatAt: now(), progress: live.progress, counts: live.counts })
      .where(and(eq(jobs.id, row.id), eq(jobs.status, 'running')))
      .returning({ cancel: jobs.cancelRequested })
      .then(([state]) => {
        if (state?.cancel) abortLiveJob(live, 'cancel');
      })
      .catch((error: unknown) => deps.log.warn({ err: error, job: row.id }, 'job heartbeat failed'))
      .finally(() => (beating = false));
  }, deps.heartbeatMs);
  heartbeat.unref();
  const log = deps.log.child({ job: row.id, kind: row.kind });
  const throwIfCancelled = () => {
    if (signal.aborted) throw new StopSignal(live.reason ?? 'cancel');
  };
  let committed: JobOutcome | undefined;
  try {
    const body = async (tx: DbExecutor) => {
      const ctx: JobContext<never> = {
        id: row.id,
        kind: row.kind,
        appId: row.appId,
        payload: row.payload as never,
        createdBy: row.createdBy,
        createdByEmail: row.createdByEmail,
        db: tx,
        log,
        signal,
        attempt: job.retryCount + 1,
        now,
        progress: (percent, counts) => {
          live.progress = Math.max(0, Math.min(100, Math.round(percent)));
          if (counts) live.counts = { ...live.counts, ...counts };
        },
        throwIfCancelled,
        uncancellable: () => {
          live.uncancellable = true;
        },
        commit: async (write) => {
          if (committed) throw new Error('A job commits once');
          throwIfCancelled();
          if (kind.transaction) {
            committed = (await write(tx)) ?? {};
            return;
          }
          await db.transaction(async (short) => {
            const outcome = (await write(short)) ?? {};
            throwIfCancelled();
            await markSucceeded(short, row.id, live, outcome, now);
            committed = outcome;
          });
        },
      };
      const returned = (await kind.handler(ctx)) ?? {};
      if (committed && !kind.transaction) return;
      throwIfCancelled();
      // The final status commits with the job's writes: done means done.
      await markSucceeded(tx, row.id, live, committed ?? returned, now);
    };
    if (kind.transaction) await db.transaction(body);
    else await body(db);
    return { retry: false };
  } catch (error) {
    const stop = error instanceof StopSignal ? error.reason : signal.aborted ? live.reason : undefined;
    const retry = !stop && !(error instanceof JobError) && job.retryCount < job.retryLimit;
    // A resumable job stopped with its server is queued again: the next start runs it (requeue of orphans).
    const resume = stop === 'stop' && kind.resumable;
    if (!stop && !(error instanceof JobError)) log.error({ err: error, attempt: job.retryCount + 1 }, retry ? 'job failed; it will be retried' : 'job failed');
    const message = stop === 'timeout' ? JOB_TIMED_OUT : stop === 'stop' ? JOB_INTERRUPTED : error instanceof JobError ? error.message : JOB_FAILED;
    await db
      .update(jobs)
      .set(
        retry || resume
          ? { status: 'queued', progress: 0, counts: {}, startedAt: null }
          : { status: stop === 'cancel' ? 'cancelled' : 'failed', progress: live.progress, counts: live.counts, errors: stop === 'cancel' ? [] : [message], finishedAt: now() },
      )
      .where(eq(jobs.id, row.id))
      .catch((failure: unknown) => log.error({ err: failure }, 'could not record job failure'));
    // pg-boss schedules the retry (with backoff) when the handler throws and retries remain.
    return retry ? { retry: true, error } : { retry: false };
  } finally {
    clearTimeout(timeLimit);
    clearInterval(heartbeat);
  }
}

async function markSucceeded(tx: DbExecutor, id: string, live: LiveJob, outcome: JobOutcome, now: () => Date): Promise<void> {
  await tx
    .update(jobs)
    .set({
      status: 'succeeded',
      progress: 100,
      counts: { ...live.counts, ...outcome.counts },
      errors: outcome.errors ?? [],
      result: outcome.result ?? null,
      finishedAt: now(),
      heartbeatAt: now(),
    })
    .where(eq(jobs.id, id));
}
