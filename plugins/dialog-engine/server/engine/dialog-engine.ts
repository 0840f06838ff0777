import { and, createOutboundClient, eq, findAppRecord, HttpError, type AppRecord, type DbExecutor, type JobService, type OutboundClient } from '@civic/sdk/server';
import { dialogEngineConfigs } from '../db/schema';
import { Messages } from '@civic/sdk/common/messages';
import type { KnowledgeSnapshot } from '../../../knowledge-base/contract/common/knowledge/index';
import type { ResponseMessage } from '../../../knowledge-base/contract/common/responses/index';
import { ENGINE_SERVICES, type EngineConfig, type EngineService, type Environment, type ModelStaleness, type ScoredMatch, type TrainingStatus } from '../../common/api';
import { EngineMessages } from '../../common/messages';
import { answerTurn, EMPTY_STATE, UNCALIBRATED_THRESHOLD, type EngineAnswer, type SessionState } from './builtin-engine';
import { knowledgeEntityExtractor, type EntityExtractor } from './entity-extractor';
import { BriefCache } from './brief-cache';
import { ContentCache, type HashedContent } from './content-cache';
import { unconnectedSource, type KnowledgeSources } from './knowledge-source';
import { ModelCache } from './model-cache';
import type { ModelStore } from './model-store';
import type { TrainedKnowledge } from './trained-knowledge';

/** The job kind training runs as (listed with the app's other jobs on /importjob). */
export const TRAINING_JOB = 'training';

export interface TrainingPayload {
  environment: Environment;
  contentHash: string;
}

export interface TurnInput {
  text?: string;
  event?: string;
  channel: string;
  state: SessionState;
  sessionId: string;
  /**
   * Who asks, for a superbot's draft: a linked app answers from its draft only for its members (and
   * platform admins), from production for anyone else. Absent means nobody's drafts.
   */
  reader?: { isPlatformAdmin: boolean; permissions: Readonly<Record<string, unknown>> } | null;
}

/** An answer with the content it came from, so a transcript can explain it later. */
/** The app's fixed thresholds (null: automatic); an empty Q&A threshold uses the ML one. */
function thresholdsOf(app: AppRecord): { ml: number | null; qna: number | null } {
  return { ml: app.mlConfidenceThreshold, qna: app.qnaConfidenceThreshold ?? app.mlConfidenceThreshold };
}

export interface TurnResult extends EngineAnswer {
  contentVersion: string;
  contentHash: string;
}

/** One engine behind the adaptor interface: built-in, external (CIVIC_X) or superbot (REDIRECTION_ENGINE). */
export interface EngineAdaptor {
  answer(db: DbExecutor, app: AppRecord, environment: Environment, config: EngineConfig, input: TurnInput): Promise<TurnResult>;
}

/**
 * How long a server keeps which version production points at and an app's engine configuration
 * without reading them again. A publish, rollback or configuration change drops them at once on
 * every server (its event); this bounds a change whose notification was lost.
 */
export const BRIEF_CACHE_MS = 5_000;

type ConfigRow = typeof dialogEngineConfigs.$inferSelect;

export interface DialogEngineOptions {
  sources?: Partial<KnowledgeSources>;
  cache?: ModelCache;
  extract?: EntityExtractor;
  /** Text variant choice; tests pass () => 0. */
  choose?: (count: number) => number;
  /** Milliseconds an external handler has to answer. */
  externalTimeoutMs?: number;
  /** Calls to external handlers (CIVIC_X); the server gives its allow-list's client (useOutbound). */
  outbound?: OutboundClient;
}

/**
 * The dialog engine service: picks the adaptor an app and environment are configured with and
 * answers a turn. The built-in adaptor loads the environment's knowledge (draft, or the published
 * version), trains when its content hash changed, and answers with the classifier.
 */
export class DialogEngine {
  readonly cache: ModelCache;
  private readonly sources: KnowledgeSources;
  private readonly contents = new ContentCache();
  /** Per `appId:environment`: the version id the environment's source names (production's published version). */
  private readonly versions = new BriefCache<string | null>(BRIEF_CACHE_MS);
  /** Per `appId:environment`: the stored engine configuration. */
  private readonly configs = new BriefCache<ConfigRow | null>(BRIEF_CACHE_MS);
  private readonly extract: EntityExtractor;
  private readonly adaptors: Record<EngineService, EngineAdaptor>;
  private jobs: JobService | null = null;
  private store: ModelStore | null = null;
  /** External handlers are URLs an admin typed: called only through the outbound client (no internal addresses). */
  private outbound: OutboundClient;
  /** Contents looked up in the store and not found there (`environment:appId:hash`): not asked again. */
  private readonly notStored = new Set<string>();
  /** Per `environment:appId`: the hash of the model this process last stored or loaded from the store (the store keeps it). */
  private readonly lastStored = new Map<string, string>();
  /** Trainings asked for as jobs and not yet run: `environment:appId:hash`. */
  private readonly requested = new Set<string>();
  /** Which version a content hash was (a previous model answering while a newer one trains names its own). */
  private readonly versionOfHash = new Map<string, string>();

  constructor(private readonly options: DialogEngineOptions = {}) {
    this.cache = options.cache ?? new ModelCache();
    this.sources = { draft: unconnectedSource, production: unconnectedSource, ...options.sources };
    this.extract = options.extract ?? knowledgeEntityExtractor;
    this.outbound = options.outbound ?? createOutboundClient({ hosts: [], networks: [] });
    this.adaptors = {
      CIVIC_DIALOG_ENGINE: { answer: (db, app, environment, _config, input) => this.builtin(db, app, environment, input) },
      CIVIC_X: { answer: (db, app, environment, config, input) => this.external(app, environment, config, input) },
      REDIRECTION_ENGINE: { answer: (db, app, environment, config, input) => this.superbot(db, app, environment, config, input) },
    };
  }

  /** External handlers are called through this client (the deployment's CIVIC_OUTBOUND_ALLOW). */
  useOutbound(client: OutboundClient): void {
    this.outbound = client;
  }

  /** Trainings are recorded as jobs of this service (the server's job runner). */
  useJobs(jobs: JobService | null): void {
    this.jobs = jobs;
    this.requested.clear();
  }

  /** Trained models are stored there and loaded from there (every process answers with the newest model). */
  useStore(store: ModelStore | null): void {
    this.store = store;
    this.notStored.clear();
    this.lastStored.clear();
  }

  /**
   * Puts this content's stored model in place when it is not here yet (one look-up per content
   * unless `force`: a process that hears a model was stored looks again). True when it answers now.
   */
  async adoptStored(db: DbExecutor, appId: string, environment: Environment, snapshot: KnowledgeSnapshot, hash: string, force = false): Promise<boolean> {
    if (this.cache.currentHash(appId, environment) === hash) return true;
    const key = `${environment}:${appId}:${hash}`;
    if (!this.store || (!force && this.notStored.has(key))) return false;
    const stored = await this.store.loadNewestFor(db, appId, environment, snapshot, hash);
    if (!stored) {
      if (this.notStored.size > 10_000) this.notStored.clear();
      this.notStored.add(key);
      return false;
    }
    this.notStored.delete(key);
    this.lastStored.set(`${environment}:${appId}`, hash);
    this.cache.install(appId, environment, stored.knowledge, stored.trainedAt);
    return true;
  }

  /**
   * Keeps a model this process trained, for the other processes and the next start; true when it
   * wrote it. A model it stored or loaded last for this app and environment is not written again
   * (jobs queued during a training all find its content trained: without this each wrote it anew).
   */
  async storeTrained(db: DbExecutor, appId: string, environment: Environment, knowledge: TrainedKnowledge, trainedAt: Date): Promise<boolean> {
    const slot = `${environment}:${appId}`;
    if (!this.store || this.lastStored.get(slot) === knowledge.contentHash) return false;
    await this.store.save(db, appId, environment, knowledge, trainedAt);
    // Answering needs the model, not its stored form.
    delete knowledge.packed;
    this.notStored.delete(`${slot}:${knowledge.contentHash}`);
    if (this.lastStored.size > 10_000) this.lastStored.clear();
    this.lastStored.set(slot, knowledge.contentHash);
    return true;
  }

  /** Lets publishing (or a test) provide an environment's knowledge source. */
  setSource(environment: Environment, source: KnowledgeSources[Environment]): void {
    const version = source.version?.bind(source);
    this.sources[environment] = version
      ? { load: (db, appId) => source.load(db, appId), version: (db, appId) => this.versions.get(`${appId}:${environment}`, () => version(db, appId)) }
      : source;
  }

  /** Forgets what this server keeps briefly about an app (its versions and configuration): they changed. */
  forget(appId: string): void {
    this.versions.dropPrefix(`${appId}:`);
    this.configs.dropPrefix(`${appId}:`);
  }

  async config(db: DbExecutor, app: AppRecord, environment: Environment): Promise<EngineConfig> {
    const row = await this.configs.get(`${app.appId}:${environment}`, async () => {
      const [stored] = await db
        .select()
        .from(dialogEngineConfigs)
        .where(and(eq(dialogEngineConfigs.appId, app.appId), eq(dialogEngineConfigs.environment, environment)));
      return stored ?? null;
    });
    const engine = (row?.engine ?? app.nlpEngineService) as EngineService;
    return {
      appId: app.appId,
      environment,
      engine: (ENGINE_SERVICES as readonly string[]).includes(engine) ? engine : 'CIVIC_DIALOG_ENGINE',
      qnaHandler: row ? row.qnaHandler : app.qnaHandler,
      dialogHandler: row ? row.dialogHandler : app.dialogHandler,
      linkedAppIds: row?.linkedAppIds ?? [],
    };
  }

  async answer(db: DbExecutor, app: AppRecord, environment: Environment, input: TurnInput): Promise<TurnResult> {
    const config = await this.config(db, app, environment);
    return this.adaptors[config.engine].answer(db, app, environment, config, input);
  }

  status(appId: string, environment: Environment): TrainingStatus {
    return this.cache.status(appId, environment);
  }

  /** While a newer model trains: when the one that answered was trained and the newer one's progress. */
  staleness(appId: string, environment: Environment, answeredHash: string): ModelStaleness | null {
    return this.cache.staleness(appId, environment, answeredHash);
  }

  /**
   * The thresholds an environment answers with: the app's fixed values, or where it has none
   * (automatic), the threshold its trained model suggests from held-out phrases (0.7 uncalibrated).
   */
  effectiveThresholds(app: AppRecord, environment: Environment): { ml: number; qna: number } {
    const suggested = this.status(app.appId, environment).calibration?.suggestedThreshold ?? UNCALIBRATED_THRESHOLD;
    const fixed = thresholdsOf(app);
    return { ml: fixed.ml ?? suggested, qna: fixed.qna ?? suggested };
  }

  /** The content an environment answers from now; 409 before production's first publish. */
  async content(db: DbExecutor, appId: string, environment: Environment): Promise<HashedContent> {
    const content = await this.contents.load(db, appId, environment, this.sources[environment]);
    if (!content) throw new HttpError(409, EngineMessages.notPublished);
    return content;
  }

  /**
   * Records a training of this content as a job (queued; the job follows the training, which
   * starts at once when an answer needs it). Nothing when the model is there or already asked for.
   */
  async requestTraining(db: DbExecutor, appId: string, environment: Environment, hash: string, createdBy: { id: string; email: string } | null = null): Promise<string | null> {
    const key = `${environment}:${appId}:${hash}`;
    if (!this.jobs || this.requested.has(key) || this.cache.knownHashes(appId, environment).includes(hash)) return null;
    this.requested.add(key);
    try {
      const job = await this.jobs.enqueue(db, { kind: TRAINING_JOB, appId, payload: { environment, contentHash: hash } satisfies TrainingPayload, createdBy });
      return job.id;
    } catch (error) {
      this.requested.delete(key);
      throw error;
    }
  }

  /** The model of an environment's current content exactly (waits for its training, off the request thread). */
  async currentKnowledge(db: DbExecutor, appId: string, environment: Environment): Promise<TrainedKnowledge> {
    const content = await this.content(db, appId, environment);
    return this.cache.ensure(appId, environment, content.snapshot, undefined, content.hash);
  }

  /** One question answered by a given model as a new conversation would be (first text variant). */
  answerFresh(knowledge: TrainedKnowledge, app: AppRecord, text: string): EngineAnswer {
    return answerTurn(knowledge, { text, channel: 'PLATFORM_UNSPECIFIED', state: EMPTY_STATE }, {
      thresholds: thresholdsOf(app),
      extract: this.extract,
      choose: () => 0,
    });
  }

  /** A training job has started: later changes to the same content may ask again. */
  trainingStarted(appId: string, environment: Environment, hash: string): void {
    this.requested.delete(`${environment}:${appId}:${hash}`);
  }

  private async builtin(db: DbExecutor, app: AppRecord, environment: Environment, input: TurnInput): Promise<TurnResult> {
    const content = await this.content(db, app.appId, environment);
    const hash = content.hash;
    if (!this.cache.knownHashes(app.appId, environment).includes(hash)) {
      // Trained by another process or before a restart: answer with that model, train nothing.
      const stored = await this.adoptStored(db, app.appId, environment, content.snapshot, hash).catch(() => false);
      if (!stored && this.jobs) await this.requestTraining(db, app.appId, environment, hash).catch(() => null);
    }
    const knowledge = await this.cache.get(app.appId, environment, content.snapshot, hash);
    const answer = answerTurn(knowledge, { text: input.text, event: input.event, channel: input.channel, state: input.state }, {
      thresholds: thresholdsOf(app),
      extract: this.extract,
      choose: this.options.choose,
    });
    if (this.versionOfHash.size > 10_000) this.versionOfHash.clear();
    this.versionOfHash.set(hash, content.version);
    const contentVersion = knowledge.contentHash === hash ? content.version : (this.versionOfHash.get(knowledge.contentHash) ?? content.version);
    return { ...answer, contentVersion, contentHash: knowledge.contentHash };
  }

  /** §5: an external-engine app needs both handlers; both are asked, the more confident answer wins. */
  private async external(app: AppRecord, environment: Environment, config: EngineConfig, input: TurnInput): Promise<TurnResult> {
    if (!config.qnaHandler || !config.dialogHandler) throw new HttpError(409, Messages.externalEngineHandlers);
    const ask = async (url: string) => {
      const response = await this.outbound.request(url, {
        method: 'POST',
        json: { appId: app.appId, environment, sessionId: input.sessionId, text: input.text ?? '', event: input.event ?? null, channel: input.channel, contexts: input.state.contexts },
        timeoutMs: this.options.externalTimeoutMs ?? 10_000,
      });
      if (response.status < 200 || response.status >= 300) throw new Error(`external handler answered ${response.status}`);
      const body = JSON.parse(response.body) as { messages?: ResponseMessage[]; intentName?: string | null; confidence?: number; fallback?: boolean } | null;
      if (!body || typeof body !== 'object') throw new Error('external handler answered no object');
      return { messages: Array.isArray(body.messages) ? body.messages : [], intentName: body.intentName ?? null, confidence: typeof body.confidence === 'number' ? body.confidence : 0, fallback: body.fallback === true };
    };
    const settled = await Promise.allSettled([ask(config.qnaHandler), ask(config.dialogHandler)]);
    const answers = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    if (answers.length === 0) throw new HttpError(502, EngineMessages.externalFailed);
    const best = answers.reduce((a, b) => (b.confidence > a.confidence ? b : a));
    return {
      messages: best.messages,
      intentId: null,
      intentName: best.intentName,
      confidence: best.confidence,
      fallback: best.fallback,
      topMatches: answers.filter((a) => a.intentName).map((a) => ({ intentId: '', intentName: a.intentName as string, score: a.confidence })),
      parameters: {},
      state: input.state,
      contentVersion: 'external',
      contentHash: '',
    };
  }

  /** Superbot: every linked app answers with its own content; the most confident answer is routed to. */
  private async superbot(db: DbExecutor, app: AppRecord, environment: Environment, config: EngineConfig, input: TurnInput): Promise<TurnResult> {
    const linked: AppRecord[] = [];
    for (const appId of config.linkedAppIds) {
      const record = appId !== app.appId ? await findAppRecord(db, appId) : undefined;
      if (record) linked.push(record);
    }
    if (linked.length === 0) throw new HttpError(409, EngineMessages.noLinkedApps);
    const results: Array<{ appId: string; result: TurnResult }> = [];
    for (const target of linked) {
      const reader = input.reader;
      const mayReadDraft = reader != null && (reader.isPlatformAdmin || reader.permissions[target.appId] !== undefined);
      const targetEnvironment: Environment = environment === 'draft' && !mayReadDraft ? 'production' : environment;
      try {
        results.push({ appId: target.appId, result: await this.builtin(db, target, targetEnvironment, { ...input, state: input.state ?? EMPTY_STATE }) });
      } catch (error) {
        // A linked app the reader may not see the draft of and that was never published has nothing to offer.
        if (targetEnvironment !== environment && error instanceof HttpError && error.status === 409) continue;
        throw error;
      }
    }
    if (results.length === 0) throw new HttpError(409, EngineMessages.noLinkedApps);
    const answered = results.filter(({ result }) => !result.fallback);
    const pool = answered.length > 0 ? answered : results;
    const best = pool.reduce((a, b) => (b.result.confidence > a.result.confidence ? b : a));
    const topMatches: ScoredMatch[] = results
      .flatMap(({ appId, result }) => result.topMatches.map((match) => ({ ...match, intentName: `${appId}: ${match.intentName}` })))
      .sort((a, b) => b.score - a.score)
      .slice(0, 5);
    return { ...best.result, topMatches, contentVersion: `${best.appId}:${best.result.contentVersion}` };
  }
}
