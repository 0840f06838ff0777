import { and, desc, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, DbExecutor } from '../db/database';
import { TableStatistics } from '../db/table-statistics';
import { jobs } from '../db/schema';
import type { Logger } from '../logging/logger';
import { executorSql } from './executor-sql';
import { abortLiveJob, executeJob, liveJob, StopSignal, type ExecutionEnd, type JobKind, type JobRow, type LiveJob, type StopReason } from './job-execution';
import {
  JOB_INTERRUPTED,
  type EnqueueJob,
  type JobHandler,
  type JobKindOptions,
  type JobRecord,
  type JobService,
  type PeriodicTask,
  type ScheduledTask,
  type ScheduleOptions,
} from './job-service';

export interface JobRunnerOptions {
  /** How often an idle worker asks pg-boss for work (seconds, at least 0.5). */
  pollSeconds?: number;
  heartbeatMs?: number;
  /** A running job whose heartbeat is older than this is considered dead. */
  staleMs?: number;
  /** On stop, how long jobs in hand may run on before they are aborted. */
  stopGraceMs?: number;
  /** How often pg-boss looks for due cron schedules (seconds, 1–45). */
  cronMonitorSeconds?: number;
}

/** Every column but the payload, which may hold a whole uploaded file: what lists and polls read. */
const { payload: _payload, ...viewColumns } = getTableColumns(jobs);

const DEFAULT_TIME_LIMIT_SECONDS = 30 * 60;
/** pg-boss expires a job this long after our own time limit: only a job whose process died gets there. */
const EXPIRY_MARGIN_SECONDS = 5 * 60;
const SCHEDULE_PREFIX = 'schedule__';
/** How often the embedded database's statistics are looked at besides after each job (autovacuum's default naptime). */
const STATISTICS_EVERY_MS = 60_000;

/** A pg-boss queue name per job kind (its names allow letters, digits, `_` and `-`). */
function queueOf(kind: string): string {
  return `job__${kind.replace(/[^\w-]/g, '_')}`;
}

/**
 * The jobs of every plugin, dispatched by pg-boss (in its own `pgboss` schema, on PGlite through the
 * database's SQL runner). The `jobs` table stays the record people see — status, progress, counts,
 * errors, result, who and when — and pg-boss decides what runs where: a queue per kind with its own
 * workers (a long training never delays a publish), retries with backoff, a time limit, cron
 * schedules, several server processes sharing the work on PostgreSQL.
 *
 * Fairness between apps: a job is sent with priority −(the app's jobs of that kind already waiting
 * or running), and pg-boss takes the highest priority first, so one app's burst is interleaved with
 * the other apps' jobs instead of queueing them behind it.
 */
export class JobRunner implements JobService {
  readonly #kinds = new Map<string, JobKind>();
  readonly #schedules = new Map<string, { cron: string; task: ScheduledTask; options: ScheduleOptions }>();
  readonly #periodic = new Map<string, { everyMs: number; task: PeriodicTask; timer?: NodeJS.Timeout }>();
  readonly #live = new Map<string, LiveJob>();
  readonly #inHand = new Set<Promise<unknown>>();
  /** pg-boss's statements under way, and whether the stop has let the last of them end. */
  readonly #bossStatements = new Set<Promise<unknown>>();
  #bossDone = false;
  readonly #waiters = new Map<string, Array<() => void>>();
  readonly #workers = new Map<string, string[]>();
  readonly #options: Required<JobRunnerOptions>;
  readonly #statistics: TableStatistics;
  #boss: PgBoss | undefined;
  #recovery: NodeJS.Timeout | undefined;
  #stopped = true;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
    private readonly now: () => Date,
    options: JobRunnerOptions = {},
  ) {
    this.#options = { pollSeconds: 0.5, heartbeatMs: 2_000, staleMs: 60_000, stopGraceMs: 10_000, cronMonitorSeconds: 30, ...options };
    // PGlite has no autovacuum: the tables a job (an import, a seed) filled get their statistics when it ends, the rest within a minute.
    this.#statistics = new TableStatistics(database, log);
    this.every('core.table-statistics', STATISTICS_EVERY_MS, () => this.#refreshStatistics());
  }

  register<P>(kind: string, handler: JobHandler<P>, options: JobKindOptions = {}): void {
    if (this.#kinds.has(kind)) throw new Error(`Job kind "${kind}" is registered twice`);
    if (this.#boss) throw new Error(`Job kind "${kind}" registered after the runner started`);
    this.#kinds.set(kind, {
      queue: queueOf(kind),
      handler: handler as JobHandler<never>,
      transaction: options.transaction ?? true,
      concurrency: Math.max(1, options.concurrency ?? 1),
      retryLimit: Math.max(0, options.retryLimit ?? 2),
      retryDelaySeconds: Math.max(0, Math.round(options.retryDelaySeconds ?? 2)),
      timeLimitSeconds: Math.max(1, options.timeLimitSeconds ?? DEFAULT_TIME_LIMIT_SECONDS),
      resumable: options.resumable ?? false,
    });
  }

  every(name: string, everyMs: number, task: PeriodicTask): void {
    if (this.#periodic.has(name)) throw new Error(`Periodic task "${name}" is registered twice`);
    this.#periodic.set(name, { everyMs, task });
  }

  schedule(name: string, cron: string, task: ScheduledTask, options: ScheduleOptions = {}): void {
    if (this.#schedules.has(name)) throw new Error(`Schedule "${name}" is registered twice`);
    if (this.#boss) throw new Error(`Schedule "${name}" registered after the runner started`);
    this.#schedules.set(name, { cron, task, options });
  }

  async runScheduled(name: string): Promise<void> {
    if (!this.#schedules.has(name)) throw new Error(`No schedule "${name}"`);
    await this.#started().send(SCHEDULE_PREFIX + queueOf(name), {});
  }

  async schedules(): Promise<Array<{ name: string; cron: string; tz: string | null }>> {
    const byQueue = new Map([...this.#schedules.keys()].map((name) => [SCHEDULE_PREFIX + queueOf(name), name]));
    const rows = await this.#started().getSchedules();
    return rows.flatMap((row) => {
      const name = byQueue.get(row.name);
      return name ? [{ name, cron: row.cron, tz: row.options?.tz ?? null }] : [];
    });
  }

  async enqueue(db: DbExecutor, job: EnqueueJob): Promise<JobRecord> {
    const kind = this.#kinds.get(job.kind);
    if (!kind) throw new Error(`No handler for job kind "${job.kind}"`);
    const waiting = job.appId
      ? Number(
          (
            await db
              .select({ n: sql<number>`count(*)` })
              .from(jobs)
              .where(and(eq(jobs.kind, job.kind), eq(jobs.appId, job.appId), inArray(jobs.status, ['queued', 'running'])))
          )[0]?.n ?? 0,
        )
      : 0;
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
    // In the caller's transaction: the queue entry exists exactly when the row does.
    await this.#started().send(kind.queue, {}, { id: row.id, priority: -waiting, db: executorSql(db) });
    this.#wake(kind.queue);
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
    // In this process the running job is stopped at once (before any database round trip, which on
    // PGlite may wait for a job's transaction); other processes see the column at their next heartbeat.
    if (this.#live.get(id)?.uncancellable) return this.get(db, id);
    this.#abort(id, 'cancel');
    const [queued] = await db
      .update(jobs)
      .set({ status: 'cancelled', finishedAt: this.now() })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
      .returning();
    if (queued) {
      const kind = this.#kinds.get(queued.kind);
      if (kind && this.#boss) await this.#boss.cancel(kind.queue, id, { db: executorSql(db) });
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
      // A failed look (the database closed meanwhile) is no answer: the timeout's look settles it.
      const poll = setInterval(() => {
        void this.get(this.database.db, id).then((job) => {
          if (job && job.status !== 'queued' && job.status !== 'running') finish();
        }, () => undefined);
      }, 500);
      void this.get(this.database.db, id).then((job) => {
        if (!job || (job.status !== 'queued' && job.status !== 'running')) finish();
      }, () => undefined);
    });
  }

  /**
   * Starts pg-boss (creating or upgrading its schema), fails jobs that died with a previous process,
   * creates a queue per kind and its workers, the cron schedules and the periodic tasks. On PGlite
   * the data-dir lock means no other process can be running a job, so every job still marked
   * running died with the previous process.
   */
  async start(): Promise<void> {
    const database = this.database;
    const boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => this.#bossStatement(() => database.executeSql(text, values)) },
      schema: 'pgboss',
      pollingIntervalSeconds: this.#options.pollSeconds,
      cronMonitorIntervalSeconds: this.#options.cronMonitorSeconds,
      // Our own heartbeat finds dead jobs; pg-boss's supervision archives and expires its rows.
      supervise: true,
      schedule: true,
      migrate: true,
    });
    boss.on('error', (error) => this.log.warn({ err: error }, 'job queue error'));
    await boss.start();
    this.#boss = boss;
    this.#stopped = false;
    for (const kind of this.#kinds.values()) {
      const queue = {
        name: kind.queue,
        retryLimit: kind.retryLimit,
        retryDelay: kind.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: kind.timeLimitSeconds + EXPIRY_MARGIN_SECONDS,
      };
      await boss.createQueue(kind.queue, queue);
      await boss.updateQueue(kind.queue, queue);
    }
    await this.recoverStale(this.database.kind === 'pglite' ? 0 : this.#options.staleMs);
    await this.#requeueOrphans();
    for (const kind of this.#kinds.values()) {
      const ids: string[] = [];
      for (let i = 0; i < kind.concurrency; i += 1) {
        ids.push(
          await boss.work<object>(kind.queue, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.#options.pollSeconds }, ([job]) => this.#track(this.#run(kind, job))),
        );
      }
      this.#workers.set(kind.queue, ids);
    }
    await this.#startSchedules(boss);
    for (const [name, entry] of this.#periodic) this.#loop(name, entry);
    void this.#track(this.#refreshStatistics());
    if (this.database.kind === 'postgres') {
      this.#recovery = setInterval(() => void this.recoverStale().catch((error: unknown) => this.log.warn({ err: error }, 'job recovery failed')), this.#options.staleMs);
      this.#recovery.unref();
    }
  }

  /** Stops taking work, lets jobs in hand finish for a grace period, then aborts them (they fail as interrupted). */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    clearInterval(this.#recovery);
    for (const entry of this.#periodic.values()) clearTimeout(entry.timer);
    const boss = this.#boss;
    if (!boss) return;
    const abortLater = setTimeout(() => {
      for (const id of this.#live.keys()) this.#abort(id, 'stop');
    }, this.#options.stopGraceMs);
    await boss.stop({ graceful: true, close: false, wait: true, timeout: this.#options.stopGraceMs + 2_000 }).catch((error: unknown) => this.log.warn({ err: error }, 'job queue stop failed'));
    for (const id of this.#live.keys()) this.#abort(id, 'stop');
    await Promise.allSettled([...this.#inHand]);
    clearTimeout(abortLater);
    // pg-boss marks a job done a moment after its handler returns, without waiting for it (a job that
    // outlived the stop's grace): let it issue that, let its statements end, then refuse it any more —
    // the database closes next, and a late statement would fail unhandled ("PGlite is closed").
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.allSettled([...this.#bossStatements]);
    this.#bossDone = true;
  }

  /**
   * A pg-boss statement, counted while it runs. After the stop none reaches the database: the stop has
   * failed those jobs already, and pg-boss neither awaits such a completion nor catches its failure —
   * an answer of no rows would throw in its reading of the count — so the statement is left unanswered.
   */
  #bossStatement(run: () => Promise<{ rows: unknown[] }>): Promise<{ rows: unknown[] }> {
    if (this.#bossDone) return new Promise(() => undefined);
    const statement = run();
    this.#bossStatements.add(statement);
    void statement.finally(() => this.#bossStatements.delete(statement)).catch(() => undefined);
    return statement;
  }

  /**
   * Running jobs whose heartbeat is stale belong to a process that died: fail them (and their queue
   * entries) — or, of a resumable kind, queue them again.
   */
  async recoverStale(staleMs = this.#options.staleMs): Promise<number> {
    const now = this.now();
    const cutoff = new Date(now.getTime() - staleMs);
    const stale = and(eq(jobs.status, 'running'), lte(sql`coalesce(${jobs.heartbeatAt}, ${jobs.startedAt}, ${jobs.createdAt})`, cutoff));
    const resumable = [...this.#kinds].filter(([, kind]) => kind.resumable).map(([name]) => name);
    const resumed = resumable.length
      ? await this.database.db
          .update(jobs)
          .set({ status: 'queued', startedAt: null, heartbeatAt: null })
          .where(and(stale, inArray(jobs.kind, resumable)))
          .returning({ id: jobs.id, kind: jobs.kind })
      : [];
    for (const row of resumed) {
      const kind = this.#kinds.get(row.kind);
      if (!kind || !this.#boss) continue;
      await this.#boss.deleteJob(kind.queue, row.id).catch(() => undefined);
      await this.#boss.send(kind.queue, {}, { id: row.id });
      this.#wake(kind.queue);
    }
    const rows = await this.database.db
      .update(jobs)
      .set({ status: 'failed', finishedAt: now, errors: sql`${jobs.errors} || ${JSON.stringify([JOB_INTERRUPTED])}::jsonb` })
      .where(stale)
      .returning({ id: jobs.id, kind: jobs.kind });
    if (resumed.length) this.log.warn({ jobs: resumed.map((row) => row.id) }, 'interrupted jobs queued again to resume');
    if (rows.length === 0) return resumed.length;
    this.log.warn({ jobs: rows.map((row) => row.id) }, 'interrupted jobs marked failed');
    for (const row of rows) {
      const kind = this.#kinds.get(row.kind);
      if (kind) await this.#boss?.cancel(kind.queue, row.id).catch(() => undefined);
    }
    return resumed.length + rows.length;
  }

  #started(): PgBoss {
    if (!this.#boss || this.#stopped) throw new Error('The job runner is not running');
    return this.#boss;
  }

  /** Queued rows with no pending queue entry (from a release before pg-boss, or lost in a stop): send them again. */
  async #requeueOrphans(): Promise<void> {
    const boss = this.#started();
    const queued = await this.database.db.select({ id: jobs.id, kind: jobs.kind }).from(jobs).where(eq(jobs.status, 'queued'));
    for (const row of queued) {
      const kind = this.#kinds.get(row.kind);
      if (!kind) continue;
      const entry = await boss.getJobById(kind.queue, row.id);
      if (entry && (entry.state === 'created' || entry.state === 'retry' || entry.state === 'active')) continue;
      if (entry) await boss.deleteJob(kind.queue, row.id);
      await boss.send(kind.queue, {}, { id: row.id });
    }
  }

  async #startSchedules(boss: PgBoss): Promise<void> {
    const wanted = new Set<string>();
    for (const [name, { cron, task, options }] of this.#schedules) {
      const queue = SCHEDULE_PREFIX + queueOf(name);
      wanted.add(queue);
      const limit = options.timeLimitSeconds ?? DEFAULT_TIME_LIMIT_SECONDS;
      await boss.createQueue(queue, { name: queue, retryLimit: 0, expireInSeconds: limit + EXPIRY_MARGIN_SECONDS });
      await boss.schedule(queue, cron, {}, { tz: options.tz ?? 'UTC' });
      await boss.work(queue, { batchSize: 1, pollingIntervalSeconds: this.#options.pollSeconds }, () => this.#track(this.#runScheduled(name, task, limit)));
    }
    // A schedule no plugin registers any more (plugin switched off, task removed) stops firing.
    for (const row of await boss.getSchedules()) {
      if (row.name.startsWith(SCHEDULE_PREFIX) && !wanted.has(row.name)) await boss.unschedule(row.name);
    }
  }

  async #runScheduled(name: string, task: ScheduledTask, limitSeconds: number): Promise<void> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new StopSignal('timeout')), limitSeconds * 1000);
    try {
      await task({ db: this.database.db, now: this.now(), log: this.log.child({ schedule: name }), signal: controller.signal });
    } catch (error) {
      this.log.warn({ err: error, schedule: name }, 'scheduled task failed');
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  #loop(name: string, entry: { everyMs: number; task: PeriodicTask; timer?: NodeJS.Timeout }): void {
    entry.timer = setTimeout(() => {
      if (this.#stopped) return;
      void this.#track(
        entry.task({ db: this.database.db, now: this.now(), log: this.log }).catch((error: unknown) => this.log.warn({ err: error, task: name }, 'periodic task failed')),
      ).finally(() => {
        if (!this.#stopped) this.#loop(name, entry);
      });
    }, entry.everyMs);
  }

  async #refreshStatistics(): Promise<void> {
    await this.#statistics.refresh().catch((error: unknown) => this.log.warn({ err: error }, 'gathering table statistics failed'));
  }

  #track<T>(work: Promise<T>): Promise<T> {
    this.#inHand.add(work);
    void work.finally(() => this.#inHand.delete(work)).catch(() => undefined);
    return work;
  }

  /** A job was just sent: wake one idle local worker of its queue rather than wait for its next poll. */
  #wake(queue: string): void {
    const ids = this.#workers.get(queue);
    if (!ids?.length) return;
    // After the caller's transaction has had a moment to commit.
    setTimeout(() => ids.forEach((id) => this.#boss?.notifyWorker(id)), 20).unref();
  }

  #abort(id: string, reason: StopReason): void {
    const live = this.#live.get(id);
    if (live) abortLiveJob(live, reason);
  }

  async #run(kind: JobKind, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const db = this.database.db;
    const startedAt = this.now();
    // Claim the row: a cancelled (or already finished) job is not run.
    const [row] = await db
      .update(jobs)
      .set({ status: 'running', startedAt, heartbeatAt: startedAt, progress: 0, cancelRequested: false })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'queued')))
      .returning();
    if (!row) return;
    const live = liveJob();
    this.#live.set(row.id, live);
    let end: ExecutionEnd;
    try {
      end = await executeJob({ db, log: this.log, now: this.now, heartbeatMs: this.#options.heartbeatMs }, kind, row, job, live);
    } finally {
      this.#live.delete(row.id);
    }
    // pg-boss schedules the retry (with backoff) when the handler throws and retries remain.
    if (end.retry) throw end.error;
    // Before the job's waiters hear it ended: the next import's commit point is planned with what this one wrote.
    await this.#refreshStatistics();
    this.#finished(row.id);
  }

  #finished(id: string): void {
    this.#settle(id);
  }

  #settle(id: string): void {
    const waiters = this.#waiters.get(id);
    this.#waiters.delete(id);
    for (const wake of waiters ?? []) wake();
  }

  #view(row: Omit<JobRow, 'payload'> & { payload?: unknown }): JobRecord {
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
      cancelRequested: row.cancelRequested || (live?.reason === 'cancel'),
      createdBy: row.createdBy,
      createdByEmail: row.createdByEmail,
      createdAt: row.createdAt,
      startedAt: row.startedAt,
      finishedAt: row.finishedAt,
      heartbeatAt: row.heartbeatAt,
    };
  }
}
