import { and, desc, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../db/database';
import { jobs } from '../db/schema';
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

/** What a job handler is given. `db` is the job's one transaction: commit is all-or-nothing. */
export interface JobContext<P = unknown> {
  readonly id: string;
  readonly kind: string;
  readonly appId: string | null;
  readonly payload: P;
  readonly createdBy: string | null;
  readonly createdByEmail: string;
  readonly db: DbExecutor;
  readonly log: Logger;
  now(): Date;
  /** 0–100, with optional counts (rows done, pairs found…); cheap to call often. */
  progress(percent: number, counts?: Record<string, number>): void;
  /** Throws when the job was cancelled: the transaction rolls back and the job ends `cancelled`. */
  throwIfCancelled(): void;
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
   * Default true: the job's writes and its final status commit in one transaction. False for a job
   * that mostly waits on other work (training on a worker thread): it must not hold a connection
   * (PGlite has only one) for its whole run; `ctx.db` is then the database itself.
   */
  transaction?: boolean;
}

/** Housekeeping the runner calls every `everyMs` between jobs (not a job row): e.g. noticing changes. */
export type PeriodicTask = (ctx: { db: DbExecutor; now: Date; log: Logger }) => Promise<void>;

/** The jobs API plugins get as `api.jobs`. */
export interface JobService {
  register<P>(kind: string, handler: JobHandler<P>, options?: JobKindOptions): void;
  /** Runs `task` about every `everyMs` in the runner's loop (after its jobs), while the server runs. */
  every(name: string, everyMs: number, task: PeriodicTask): void;
  /** Inserts a queued job (inside the caller's transaction when given one); the runner picks it up. */
  enqueue(db: DbExecutor, job: EnqueueJob): Promise<JobRecord>;
  list(db: DbExecutor, appId: string, options?: { limit?: number; kind?: string }): Promise<JobRecord[]>;
  get(db: DbExecutor, id: string): Promise<JobRecord | undefined>;
  /** Queued jobs end at once; a running one is asked to stop at its next check. */
  cancel(db: DbExecutor, id: string): Promise<JobRecord | undefined>;
  /** Resolves when the job has finished (tests, and routes that wait briefly). */
  waitFor(id: string, timeoutMs?: number): Promise<JobRecord | undefined>;
}

/** A failure whose message the user may see (anything else shows a generic text). */
export class JobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobError';
  }
}

class JobCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'JobCancelled';
  }
}

export const JOB_INTERRUPTED = 'Interrupted: the server stopped while this job was running. Nothing was changed; run it again.';
export const JOB_FAILED = 'The job failed. Nothing was changed; run it again or contact support.';

export interface JobRunnerOptions {
  pollMs?: number;
  heartbeatMs?: number;
  /** A running job whose heartbeat is older than this is considered dead. */
  staleMs?: number;
}

type Row = typeof jobs.$inferSelect;

/** Every column but the payload, which may hold a whole uploaded file: what lists and polls read. */
const { payload: _payload, ...viewColumns } = getTableColumns(jobs);

/**
 * Runs queued jobs one at a time in the server process. Claiming uses `FOR UPDATE SKIP LOCKED`, so
 * several server processes on one PostgreSQL share the queue; PGlite (one process, one connection)
 * runs the same statement. Each job runs in one transaction together with its final status, and a
 * heartbeat shows it is alive; at start, running jobs with a stale heartbeat are failed.
 */
export class JobRunner implements JobService {
  readonly #handlers = new Map<string, JobHandler<never>>();
  readonly #untransacted = new Set<string>();
  readonly #periodic = new Map<string, { everyMs: number; task: PeriodicTask; due: number }>();
  readonly #live = new Map<string, { progress: number; counts: Record<string, number>; cancel: boolean }>();
  readonly #waiters = new Map<string, Array<() => void>>();
  readonly #pollMs: number;
  readonly #heartbeatMs: number;
  readonly #staleMs: number;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = true;
  #lastRecovery = 0;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    private readonly now: () => Date,
    options: JobRunnerOptions = {},
  ) {
    this.#pollMs = options.pollMs ?? 250;
    this.#heartbeatMs = options.heartbeatMs ?? 5_000;
    this.#staleMs = options.staleMs ?? 60_000;
  }

  register<P>(kind: string, handler: JobHandler<P>, options: JobKindOptions = {}): void {
    if (this.#handlers.has(kind)) throw new Error(`Job kind "${kind}" is registered twice`);
    this.#handlers.set(kind, handler as JobHandler<never>);
    if (options.transaction === false) this.#untransacted.add(kind);
  }

  every(name: string, everyMs: number, task: PeriodicTask): void {
    if (this.#periodic.has(name)) throw new Error(`Periodic task "${name}" is registered twice`);
    this.#periodic.set(name, { everyMs, task, due: Date.now() + everyMs });
  }

  async #runPeriodic(): Promise<void> {
    for (const [name, entry] of this.#periodic) {
      if (this.#stopped || Date.now() < entry.due) continue;
      entry.due = Date.now() + entry.everyMs;
      await entry.task({ db: this.database.db, now: this.now(), log: this.log }).catch((error: unknown) => this.log.warn({ err: error, task: name }, 'periodic task failed'));
    }
  }

  async enqueue(db: DbExecutor, job: EnqueueJob): Promise<JobRecord> {
    if (!this.#handlers.has(job.kind)) throw new Error(`No handler for job kind "${job.kind}"`);
    const [row] = await db
      .insert(jobs)
      .values({
        kind: job.kind,
        appId: job.appId,
        payload: job.payload ?? {},
        createdBy: job.createdBy?.id ?? null,
        createdByEmail: job.createdBy?.email ?? '',
        createdAt: this.now(),
      })
      .returning();
    this.#kick();
    return this.#view(row);
  }

  async list(db: DbExecutor, appId: string, options: { limit?: number; kind?: string } = {}): Promise<JobRecord[]> {
    const where = options.kind ? and(eq(jobs.appId, appId), eq(jobs.kind, options.kind)) : eq(jobs.appId, appId);
    const rows = await db.select(viewColumns).from(jobs).where(where).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(options.limit ?? 100);
    return rows.map((row) => this.#view(row));
  }

  async get(db: DbExecutor, id: string): Promise<JobRecord | undefined> {
    const [row] = await db.select(viewColumns).from(jobs).where(eq(jobs.id, id));
    return row ? this.#view(row) : undefined;
  }

  async cancel(db: DbExecutor, id: string): Promise<JobRecord | undefined> {
    // In this process the running job sees the request at once (before any database round trip,
    // which on PGlite waits for the job's transaction); other processes see the column.
    const live = this.#live.get(id);
    if (live) live.cancel = true;
    const now = this.now();
    const [queued] = await db
      .update(jobs)
      .set({ status: 'cancelled', finishedAt: now })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
      .returning();
    if (queued) {
      this.#settle(id);
      return this.#view(queued);
    }
    const [running] = await db.update(jobs).set({ cancelRequested: true }).where(and(eq(jobs.id, id), eq(jobs.status, 'running'))).returning();
    if (running) return this.#view(running);
    return this.get(db, id);
  }

  waitFor(id: string, timeoutMs = 30_000): Promise<JobRecord | undefined> {
    return new Promise((resolve) => {
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(poll);
        void this.get(this.database.db, id).then(resolve, () => resolve(undefined));
      };
      const timer = setTimeout(finish, timeoutMs);
      const list = this.#waiters.get(id) ?? [];
      list.push(finish);
      this.#waiters.set(id, list);
      // Another process may run it: look at the row now and then.
      const poll = setInterval(() => {
        void this.get(this.database.db, id).then((job) => {
          if (job && job.status !== 'queued' && job.status !== 'running') finish();
        });
      }, 500);
      void this.get(this.database.db, id).then((job) => {
        if (!job || (job.status !== 'queued' && job.status !== 'running')) finish();
      });
    });
  }

  /**
   * Fails dead jobs, then polls for work. On PGlite the data-dir lock means no other process can be
   * running a job, so every job still marked running died with the previous process.
   */
  async start(): Promise<void> {
    this.#stopped = false;
    await this.recoverStale(this.database.kind === 'pglite' ? 0 : this.#staleMs);
    this.#schedule(0);
  }

  /** Stops polling and waits for the job in hand (the server is closing). */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  /** Running jobs whose heartbeat is stale belong to a process that died: fail them. */
  async recoverStale(staleMs = this.#staleMs): Promise<number> {
    const now = this.now();
    this.#lastRecovery = Date.now();
    const cutoff = new Date(now.getTime() - staleMs);
    const rows = await this.database.db
      .update(jobs)
      .set({ status: 'failed', finishedAt: now, errors: sql`${jobs.errors} || ${JSON.stringify([JOB_INTERRUPTED])}::jsonb` })
      .where(and(eq(jobs.status, 'running'), lte(sql`coalesce(${jobs.heartbeatAt}, ${jobs.startedAt}, ${jobs.createdAt})`, cutoff)))
      .returning({ id: jobs.id });
    if (rows.length) this.log.warn({ jobs: rows.map((row) => row.id) }, 'interrupted jobs marked failed');
    return rows.length;
  }

  #kick(): void {
    if (!this.#stopped && !this.#running) this.#schedule(0);
  }

  #schedule(ms: number): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#running) return;
      this.#running = this.#tick().finally(() => {
        this.#running = undefined;
        this.#schedule(this.#pollMs);
      });
    }, ms);
  }

  async #tick(): Promise<void> {
    try {
      if (Date.now() - this.#lastRecovery > this.#staleMs) await this.recoverStale();
      for (;;) {
        if (this.#stopped) return;
        const job = await this.#claim();
        if (!job) break;
        await this.#run(job);
      }
      await this.#runPeriodic();
    } catch (error) {
      this.log.error({ err: error }, 'job runner tick failed');
    }
  }

  async #claim(): Promise<Row | undefined> {
    const kinds = [...this.#handlers.keys()];
    if (kinds.length === 0) return undefined;
    const now = this.now();
    return this.database.db.transaction(async (tx) => {
      const [next] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.status, 'queued'), inArray(jobs.kind, kinds)))
        .orderBy(jobs.createdAt, jobs.id)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!next) return undefined;
      const [row] = await tx.update(jobs).set({ status: 'running', startedAt: now, heartbeatAt: now }).where(eq(jobs.id, next.id)).returning();
      return row;
    });
  }

  async #run(row: Row): Promise<void> {
    const handler = this.#handlers.get(row.kind);
    const live = { progress: 0, counts: {} as Record<string, number>, cancel: false };
    this.#live.set(row.id, live);
    const db = this.database.db;
    const persistent = this.database.kind === 'postgres';
    const heartbeat = setInterval(() => {
      // PGlite has one connection, busy with the job's transaction: this waits until it ends.
      void db
        .update(jobs)
        .set({ heartbeatAt: this.now(), ...(persistent ? { progress: live.progress, counts: live.counts } : {}) })
        .where(and(eq(jobs.id, row.id), eq(jobs.status, 'running')))
        .returning({ cancel: jobs.cancelRequested })
        .then(([state]) => {
          if (state?.cancel) live.cancel = true;
        })
        .catch((error: unknown) => this.log.warn({ err: error, job: row.id }, 'job heartbeat failed'));
    }, this.#heartbeatMs);
    heartbeat.unref();
    const log = this.log.child({ job: row.id, kind: row.kind });
    const inTransaction = !this.#untransacted.has(row.kind);
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
          now: this.now,
          progress: (percent, counts) => {
            live.progress = Math.max(0, Math.min(100, Math.round(percent)));
            if (counts) live.counts = { ...live.counts, ...counts };
          },
          throwIfCancelled: () => {
            if (live.cancel) throw new JobCancelled();
          },
        };
        if (!handler) throw new JobError(`No handler for job kind "${row.kind}"`);
        const outcome = (await handler(ctx)) ?? {};
        if (live.cancel) throw new JobCancelled();
        // The final status commits with the job's writes: done means done.
        await tx
          .update(jobs)
          .set({
            status: 'succeeded',
            progress: 100,
            counts: { ...live.counts, ...outcome.counts },
            errors: outcome.errors ?? [],
            result: outcome.result ?? null,
            finishedAt: this.now(),
            heartbeatAt: this.now(),
          })
          .where(eq(jobs.id, row.id));
      };
      if (inTransaction) await db.transaction(body);
      else await body(db);
    } catch (error) {
      const cancelled = error instanceof JobCancelled;
      if (!cancelled && !(error instanceof JobError)) log.error({ err: error }, 'job failed');
      const message = error instanceof JobError ? error.message : JOB_FAILED;
      await db
        .update(jobs)
        .set({
          status: cancelled ? 'cancelled' : 'failed',
          progress: live.progress,
          counts: live.counts,
          errors: cancelled ? [] : [message],
          finishedAt: this.now(),
        })
        .where(eq(jobs.id, row.id))
        .catch((failure: unknown) => log.error({ err: failure }, 'could not record job failure'));
    } finally {
      clearInterval(heartbeat);
      this.#live.delete(row.id);
      this.#settle(row.id);
    }
  }

  #settle(id: string): void {
    const waiters = this.#waiters.get(id);
    this.#waiters.delete(id);
    for (const wake of waiters ?? []) wake();
  }

  #view(row: Omit<Row, 'payload'> & { payload?: unknown }): JobRecord {
    const live = row.status === 'running' ? this.#live.get(row.id) : undefined;
    return {
      id: row.id,
      kind: row.kind,
      appId: row.appId,
      status: row.status,
      progress: live ? live.progress : row.progress,
      counts: live ? { ...row.counts, ...live.counts } : row.counts,
      errors: row.errors,
      payload: row.payload,
      result: row.result ?? null,
      cancelRequested: row.cancelRequested || (live?.cancel ?? false),
      createdBy: row.createdBy,
      createdByEmail: row.createdByEmail,
      createdAt: row.createdAt,
      startedAt: row.startedAt,
      finishedAt: row.finishedAt,
      heartbeatAt: row.heartbeatAt,
    };
  }
}
