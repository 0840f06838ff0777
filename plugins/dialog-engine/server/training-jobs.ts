import {
  and,
  auditLog,
  eq,
  findAppRecord,
  gt,
  gte,
  isNotNull,
  JobError,
  jobs as jobsTable,
  ne,
  sql,
  type DbExecutor,
  type JobService,
  type ServerModuleApi,
} from '@civic/sdk/server';
import { ENVIRONMENTS } from '../common/api';
import { TRAINING_JOB, type DialogEngine, type TrainingPayload } from './engine/dialog-engine';
import { contentHash } from './engine/trained-knowledge';

export interface TrainingWatchOptions {
  /** How often the runner looks for changes. */
  pollMs?: number;
  /** Training starts this long after an app's last change (edits come in bursts). */
  quietMs?: number;
}

/**
 * Training as a job ("training", with progress): the job loads the environment's content and
 * trains it on the worker thread (joining a training an answer already started), so it never
 * holds a database transaction while it waits. A failed training fails the job with its reason.
 *
 * Changes are noticed from the audit trail (every content edit, import, rollback is audited)
 * and from finished jobs (imports, publishes): a few seconds after an app's last change, its draft
 * and production are trained if their content is not the one trained already.
 */
export function registerTrainingJobs(jobs: JobService, engine: DialogEngine, log: ServerModuleApi['log'], options: TrainingWatchOptions = {}): void {
  engine.useJobs(jobs);
  jobs.register<TrainingPayload>(
    TRAINING_JOB,
    async (ctx) => {
      const appId = ctx.appId ?? '';
      const { environment } = ctx.payload;
      engine.trainingStarted(appId, environment, ctx.payload.contentHash);
      const content = await engine.content(ctx.db, appId, environment).catch((error: unknown) => {
        throw new JobError(error instanceof Error ? error.message : String(error));
      });
      ctx.progress(1, { intents: content.snapshot.intents.length });
      try {
        // Cancelling the job (or its time limit) terminates the training thread: the work stops, not just the wait.
        const trained = await engine.cache.ensure(appId, environment, content.snapshot, (fraction) => ctx.progress(1 + 99 * fraction), contentHash(content.snapshot), ctx.signal);
        return {
          counts: { intents: content.snapshot.intents.length, phrases: trained.phrases },
          result: { environment, contentVersion: content.version, contentHash: trained.contentHash, millis: trained.millis },
        };
      } catch (error) {
        throw new JobError(`Training failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    { transaction: false, timeLimitSeconds: 15 * 60 },
  );

  const quietMs = options.quietMs ?? 3_000;
  const changed = new Map<string, number>();
  let lastAuditId: number | null = null;
  let jobsSince: Date | null = null;
  const seenJobs = new Set<string>();

  jobs.every('dialog-engine.training-watch', options.pollMs ?? 1_000, async ({ db, now }) => {
    if (lastAuditId === null || jobsSince === null) {
      // Start from now: models of content nobody changed train when they are first asked.
      const [latest] = await db.select({ id: sql<string | number | null>`max(${auditLog.id})` }).from(auditLog);
      lastAuditId = Number(latest?.id ?? 0);
      jobsSince = now;
      return;
    }
    // Every new row moves the mark (so rows of no app are not read again); the engine's own actions change no content.
    const audited = await db.select({ id: auditLog.id, appId: auditLog.appId, action: auditLog.action }).from(auditLog).where(gt(auditLog.id, lastAuditId)).orderBy(auditLog.id).limit(1000);
    for (const row of audited) {
      lastAuditId = Math.max(lastAuditId, row.id);
      if (row.appId && !row.action.startsWith('dialog-engine.')) changed.set(row.appId, Date.now());
    }
    const finished = await db
      .select({ id: jobsTable.id, appId: jobsTable.appId, finishedAt: jobsTable.finishedAt })
      .from(jobsTable)
      .where(and(eq(jobsTable.status, 'succeeded'), ne(jobsTable.kind, TRAINING_JOB), gte(jobsTable.finishedAt, jobsSince), isNotNull(jobsTable.appId)))
      .limit(1000);
    for (const row of finished) {
      if (seenJobs.has(row.id)) continue;
      seenJobs.add(row.id);
      if (row.finishedAt && row.finishedAt > jobsSince) jobsSince = row.finishedAt;
      if (row.appId) changed.set(row.appId, Date.now());
    }
    if (seenJobs.size > 5_000) seenJobs.clear();
    for (const [appId, at] of changed) {
      if (Date.now() - at < quietMs) continue;
      changed.delete(appId);
      await trainIfChanged(db, engine, appId).catch((error: unknown) => log.warn({ err: error, appId }, 'could not start training'));
    }
  });
}

/** Asks for a training job of each environment whose content is not the one trained (built-in engine only). */
export async function trainIfChanged(db: DbExecutor, engine: DialogEngine, appId: string): Promise<string[]> {
  const app = await findAppRecord(db, appId);
  if (!app) return [];
  const started: string[] = [];
  for (const environment of ENVIRONMENTS) {
    const config = await engine.config(db, app, environment);
    if (config.engine !== 'CIVIC_DIALOG_ENGINE') continue;
    const content = await engine.content(db, appId, environment).catch(() => null);
    if (!content) continue;
    const jobId = await engine.requestTraining(db, appId, environment, contentHash(content.snapshot));
    if (jobId) started.push(jobId);
  }
  return started;
}
