import { and, apps, eq, exists, findAppRecord, JobError, not, type DbExecutor, type JobHandler, type ServerModuleApi } from '@civic/sdk/server';
import { classificationChanged } from '../../classification/contract/events';
import { entitiesChanged } from '../../entities/contract/events';
import { knowledgeChanged } from '../../knowledge-base/contract/events';
import { versionPublished, versionRolledBack } from '../../publishing/contract/events';
import { ENVIRONMENTS, type Environment } from '../common/api';
import { EngineMessages } from '../common/messages';
import { modelTrained } from '../contract/events';
import { TRAINING_JOB, type DialogEngine, type TrainingPayload } from './engine/dialog-engine';
import { contentHash } from './engine/trained-knowledge';
import { trainedModels } from './db/trained-models';
import { CoalescedRuns } from './coalesced-runs';
import { EngineSettings } from './settings';

export interface TrainingOptions {
  /** Training of a draft starts this long after the app's last change (edits come in bursts). */
  quietMs?: number;
  /** The most phrases one training may learn from (CIVIC_TRAINING_MAX_PHRASES, EngineSettings); default its default. */
  maxPhrases?: number;
}

/**
 * A draft training asked for is waited for at most this long before the next may be asked: its end
 * is known from this process's job or another's `model.trained`, and a job failed elsewhere says nothing.
 */
const DRAFT_WAIT_MS = 60_000;

/** What training needs of the server module's API. */
export type TrainingApi = Pick<ServerModuleApi, 'jobs' | 'events' | 'db' | 'log'>;

/**
 * Training as a job ("training", with progress): the job loads the environment's content and
 * trains it on the worker thread (joining a training an answer already started), so it never
 * holds a database transaction while it waits. A failed training fails the job with its reason.
 * The trained model is stored and announced (`model.trained`), and other processes load it.
 *
 * Trainings start from domain events, not from polling: a few seconds after an app's last
 * `knowledge.changed` its draft trains (a burst of edits is one training); after
 * `version.published` or `version.rolledBack`, its production. Only the process where the change
 * happened asks (the job runs once, on whichever process picks it up); the others learn of the
 * model through `model.trained`, and an answer finds it in the store in any case. A draft edited
 * on and on trains one model at a time: changes while its training is asked for or runs ask for
 * one more training, after it (CoalescedRuns), not one each.
 */
export function registerTraining(api: TrainingApi, engine: DialogEngine, options: TrainingOptions = {}): { stop(): Promise<void> } {
  const { jobs, events, db, log } = api;
  const maxPhrases = options.maxPhrases ?? Number(EngineSettings.trainingMaxPhrases.default);
  engine.useJobs(jobs);
  // Per app: who waits for the end of its draft's training (this process's job, or another's model).
  const draftWaits = new Map<string, Set<() => void>>();
  const draftEnded = (appId: string) => {
    for (const done of draftWaits.get(appId) ?? []) done();
    draftWaits.delete(appId);
  };
  const training: JobHandler<TrainingPayload> = async (ctx) => {
    const appId = ctx.appId ?? '';
    const { environment } = ctx.payload;
    engine.trainingStarted(appId, environment, ctx.payload.contentHash);
    const content = await engine.content(ctx.db, appId, environment).catch((error: unknown) => {
      throw new JobError(error instanceof Error ? error.message : String(error));
    });
    ctx.progress(1, { intents: content.snapshot.intents.length });
    // A size limit, besides the job's time limit: content far past what trains in minutes is refused, not attempted.
    const phrases = content.snapshot.intents.reduce((sum, intent) => sum + intent.trainingPhrases.length, 0);
    if (phrases > maxPhrases) {
      throw new JobError(EngineMessages.trainingTooLarge(phrases, maxPhrases));
    }
    const hash = contentHash(content.snapshot);
    // Another process may have trained this content already: then there is nothing to do.
    const answering = engine.cache.currentHash(appId, environment) === hash;
    const adopted = !answering && (await engine.adoptStored(ctx.db, appId, environment, content.snapshot, hash, true).catch(() => false));
    try {
      // Cancelling the job (or its time limit) terminates the training thread: the work stops, not just the wait.
      const trained = await engine.cache.ensure(appId, environment, content.snapshot, (fraction) => ctx.progress(1 + 99 * fraction), hash, ctx.signal);
      if (!adopted && (await engine.storeTrained(ctx.db, appId, environment, trained, ctx.now()))) {
        await events.publish(ctx.db, modelTrained, { appId, environment, contentHash: trained.contentHash });
      }
      return {
        counts: { intents: content.snapshot.intents.length, phrases: trained.phrases },
        result: { environment, contentVersion: content.version, contentHash: trained.contentHash, millis: trained.millis, stored: adopted ? 'loaded' : 'trained' },
      };
    } catch (error) {
      throw new JobError(`Training failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  jobs.register<TrainingPayload>(
    TRAINING_JOB,
    async (ctx) => {
      try {
        return await training(ctx);
      } finally {
        if (ctx.payload.environment === 'draft') draftEnded(ctx.appId ?? '');
      }
    },
    { transaction: false, timeLimitSeconds: 15 * 60 },
  );

  const quietMs = options.quietMs ?? 3_000;
  const pending = new Map<string, NodeJS.Timeout>();
  const train = async (appId: string, environments: readonly Environment[]): Promise<void> => {
    await trainIfChanged(db, engine, appId, environments).catch((error: unknown) => log.warn({ err: error, appId }, 'could not start training'));
  };

  const drafts = new CoalescedRuns(
    async (appId) => {
      let done = () => {};
      const ended = new Promise<void>((resolve) => (done = resolve));
      const timer = setTimeout(done, DRAFT_WAIT_MS);
      timer.unref();
      draftWaits.set(appId, (draftWaits.get(appId) ?? new Set()).add(done));
      try {
        const [jobId] = await trainIfChanged(db, engine, appId, ['draft']);
        if (jobId) await ended;
      } finally {
        clearTimeout(timer);
        draftWaits.get(appId)?.delete(done);
      }
    },
    (error, appId) => log.warn({ err: error, appId }, 'could not start training'),
  );
  const draftChanged = ({ appId }: { appId: string }, meta: { local: boolean }) => {
    if (!meta.local) return;
    clearTimeout(pending.get(appId));
    const timer = setTimeout(() => {
      pending.delete(appId);
      drafts.request(appId);
    }, quietMs);
    timer.unref();
    pending.set(appId, timer);
  };
  // The draft the engine trains on is the knowledge base with its entities and classification.
  events.subscribe(knowledgeChanged, draftChanged);
  events.subscribe(entitiesChanged, draftChanged);
  events.subscribe(classificationChanged, draftChanged);
  const production = ({ appId }: { appId: string }, meta: { local: boolean }) => (meta.local ? train(appId, ['production']) : undefined);
  events.subscribe(versionPublished, production);
  events.subscribe(versionRolledBack, production);
  events.subscribe(modelTrained, async ({ appId, environment, contentHash: hash }, meta) => {
    if (meta.local || !(ENVIRONMENTS as readonly string[]).includes(environment)) return;
    if (environment === 'draft') draftEnded(appId);
    const content = await engine.content(db, appId, environment as Environment).catch(() => null);
    // Only the model of the content this process would answer from now is worth loading.
    if (content && contentHash(content.snapshot) === hash) await engine.adoptStored(db, appId, environment as Environment, content.snapshot, hash, true);
  });

  return {
    async stop() {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
      // No draft run starts now; those asking for a job are let go of their wait and end.
      const running = drafts.stop();
      for (const appId of [...draftWaits.keys()]) draftEnded(appId);
      await running;
    },
  };
}

/** Asks for a training job of each environment whose content is not the one trained (built-in engine only). */
export async function trainIfChanged(db: DbExecutor, engine: DialogEngine, appId: string, environments: readonly Environment[] = ENVIRONMENTS): Promise<string[]> {
  const app = await findAppRecord(db, appId);
  if (!app) return [];
  const started: string[] = [];
  for (const environment of environments) {
    const config = await engine.config(db, app, environment);
    if (config.engine !== 'CIVIC_DIALOG_ENGINE') continue;
    const content = await engine.content(db, appId, environment).catch(() => null);
    if (!content) continue;
    const hash = contentHash(content.snapshot);
    if (await engine.adoptStored(db, appId, environment, content.snapshot, hash).catch(() => false)) continue;
    const jobId = await engine.requestTraining(db, appId, environment, hash);
    if (jobId) started.push(jobId);
  }
  return started;
}

/**
 * At start: production content no model was ever stored for is asked to train — an app published
 * while no server ran, above all the demo apps the seed publishes before the server exists (no
 * `version.published` event announces those). Apps that were never published are passed over.
 */
export async function trainUntrainedProduction(db: DbExecutor, engine: DialogEngine): Promise<string[]> {
  const stored = db
    .select({ appId: trainedModels.appId })
    .from(trainedModels)
    .where(and(eq(trainedModels.appId, apps.appId), eq(trainedModels.environment, 'production')));
  const untrained = await db.select({ appId: apps.appId }).from(apps).where(not(exists(stored)));
  const started: string[] = [];
  for (const { appId } of untrained) started.push(...(await trainIfChanged(db, engine, appId, ['production'])));
  return started;
}
