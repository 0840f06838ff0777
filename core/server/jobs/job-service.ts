import type { DbExecutor } from '../db/database';
import type { Logger } from '../logging/logger';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** A job as routes show it (progress of a running job is live, from the runner's memory). */
export interface JobRecord {
  id: string;
  kind: string;
  appId: string | null;
  status: JobStatus;
  progress: number;
  counts: Record<string, number>;
  errors: string[];
  /** Only where the job was just enqueued (and in the handler's context): lists and polls leave it out. */
  payload: unknown;
  result: unknown;
  cancelRequested: boolean;
  createdBy: string | null;
  createdByEmail: string;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  heartbeatAt: Date | null;
}

/**
 * What a job handler is given. For a transactional kind (the default) `db` is the job's one
 * transaction; for `{ transaction: false }` it is the database itself and the handler writes its
 * result through `commit`.
 */
export interface JobContext<P = unknown> {
  readonly id: string;
  readonly kind: string;
  readonly appId: string | null;
  readonly payload: P;
  readonly createdBy: string | null;
  readonly createdByEmail: string;
  readonly db: DbExecutor;
  readonly log: Logger;
  /** Aborted when the job is cancelled, passes its time limit or the server stops: pass it on to long work. */
  readonly signal: AbortSignal;
  /** 1 on the first run, 2 on the first retry… */
  readonly attempt: number;
  now(): Date;
  /** 0–100, with optional counts (rows done, pairs found…); cheap to call often. */
  progress(percent: number, counts?: Record<string, number>): void;
  /** Throws when `signal` is aborted: the job ends `cancelled` (or `failed` past its time limit) and nothing commits. */
  throwIfCancelled(): void;
  /**
   * Writes the job's result in one short transaction together with its final status (succeeded):
   * all or nothing. A `{ transaction: false }` job stages its work (parses, validates, reads) outside
   * any transaction and calls this once at the end, so other requests interleave while it runs — on
   * PGlite a long transaction holds the only connection. In a transactional job it runs in the job's
   * transaction. The handler's own return value is then ignored.
   */
  commit(write: (tx: DbExecutor) => Promise<JobOutcome | void>): Promise<void>;
  /**
   * From here the job runs to its end: a cancellation or its time limit no longer stops it (a job that
   * commits its work in several transactions calls this in the one that makes the work final). A
   * server stop still does: a `resumable` kind is then run again at the next start.
   */
  uncancellable(): void;
}

export interface JobOutcome {
  result?: unknown;
  counts?: Record<string, number>;
  /** Per-item problems that did not fail the job (e.g. skipped rows). */
  errors?: string[];
}

export type JobHandler<P = unknown> = (ctx: JobContext<P>) => Promise<JobOutcome | void>;

export interface EnqueueJob {
  kind: string;
  appId: string | null;
  payload?: unknown;
  createdBy?: { id: string; email: string } | null;
}

export interface JobKindOptions {
  /**
   * Default true: the handler runs in one transaction that commits its writes with the final status
   * (fine for short jobs). False for a job that runs long — stages its work and calls `ctx.commit`,
   * or waits on other work (training on a worker thread): it must not hold a connection (PGlite has
   * only one) for its whole run; `ctx.db` is then the database itself.
   */
  transaction?: boolean;
  /** How many jobs of this kind run at once in each server process (default 1). Every kind has its own queue and workers. */
  concurrency?: number;
  /** Retries after an unexpected error (not a `JobError`, cancellation or time limit); default 2. */
  retryLimit?: number;
  /** Seconds before the first retry (default 2); doubled at each further retry. */
  retryDelaySeconds?: number;
  /** The job is stopped (its signal aborted) and failed after this long; default 30 minutes. */
  timeLimitSeconds?: number;
  /**
   * Default false: a job whose server stopped or died is failed ("Interrupted"). True for a handler
   * that keeps its own durable state and picks it up when run again (a staged import finishing what
   * it committed to): such a job is queued again instead — at the next start on PGlite, within a
   * minute on PostgreSQL.
   */
  resumable?: boolean;
}

/** Housekeeping the runner calls every `everyMs` (not a job row): e.g. noticing changes. */
export type PeriodicTask = (ctx: { db: DbExecutor; now: Date; log: Logger }) => Promise<void>;

/** A task on a cron schedule (scheduled publish, reminders, retention): runs in one server process per tick. */
export type ScheduledTask = (ctx: { db: DbExecutor; now: Date; log: Logger; signal: AbortSignal }) => Promise<void>;

export interface ScheduleOptions {
  /** IANA time zone of the cron expression (default UTC). */
  tz?: string;
  timeLimitSeconds?: number;
}

/** The jobs API plugins get as `api.jobs`. */
export interface JobService {
  register<P>(kind: string, handler: JobHandler<P>, options?: JobKindOptions): void;
  /** Runs `task` about every `everyMs` while the server runs (one run at a time). */
  every(name: string, everyMs: number, task: PeriodicTask): void;
  /**
   * Runs `task` on a cron schedule (`m h dom mon dow`, minute granularity), once per tick across
   * every server process of the deployment. Register at mount.
   */
  schedule(name: string, cron: string, task: ScheduledTask, options?: ScheduleOptions): void;
  /** Runs a scheduled task now, as its schedule would (admins' "run now", tests). */
  runScheduled(name: string): Promise<void>;
  /** The schedules the queue holds, as registered. */
  schedules(): Promise<Array<{ name: string; cron: string; tz: string | null }>>;
  /** Inserts a queued job (inside the caller's transaction when given one): it runs once that commits. */
  enqueue(db: DbExecutor, job: EnqueueJob): Promise<JobRecord>;
  list(db: DbExecutor, appId: string, options?: { limit?: number; kind?: string }): Promise<JobRecord[]>;
  get(db: DbExecutor, id: string): Promise<JobRecord | undefined>;
  /** Queued jobs end at once; a running one has its signal aborted (in any server process, within seconds). */
  cancel(db: DbExecutor, id: string): Promise<JobRecord | undefined>;
  /** Resolves when the job has finished (tests, and routes that wait briefly). */
  waitFor(id: string, timeoutMs?: number): Promise<JobRecord | undefined>;
}

/** A failure whose message the user may see (anything else shows a generic text). Never retried. */
export class JobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobError';
  }
}

export const JOB_INTERRUPTED = 'Interrupted: the server stopped while this job was running. Nothing was changed; run it again.';
export const JOB_FAILED = 'The job failed. Nothing was changed; run it again or contact support.';
export const JOB_TIMED_OUT = 'The job took longer than its time limit and was stopped. Nothing was changed; run it again.';
