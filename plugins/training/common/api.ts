import type { TranscriptRecord } from '../../dialog-engine/contract/index';

const app = (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}`;

/** Paths of the training API (routes as mounted, and builders for the browser). */
export const TrainingApi = {
  searchRoute: '/api/v1/apps/:appId/transcripts/search',
  search: (appId: string) => `${app(appId)}/transcripts/search`,
  bulkReviewRoute: '/api/v1/apps/:appId/transcripts/bulk-update-review-status',
  bulkReview: (appId: string) => `${app(appId)}/transcripts/bulk-update-review-status`,
  pendingCountRoute: '/api/v1/apps/:appId/transcripts/pending-count',
  pendingCount: (appId: string) => `${app(appId)}/transcripts/pending-count`,
  revealRoute: '/api/v1/apps/:appId/transcripts/:transcriptId/reveal',
  reveal: (appId: string, transcriptId: string) => `${app(appId)}/transcripts/${encodeURIComponent(transcriptId)}/reveal`,
  trainedRoute: '/api/v1/apps/:appId/transcripts/trained',
  trained: (appId: string) => `${app(appId)}/transcripts/trained`,
  classifyRoute: '/api/v1/apps/:appId/transcripts/classification',
  classify: (appId: string) => `${app(appId)}/transcripts/classification`,
  accuracyRoute: '/api/v1/apps/:appId/training-accuracy',
  accuracy: (appId: string) => `${app(appId)}/training-accuracy`,
  historyRoute: '/api/v1/apps/:appId/training-history',
  history: (appId: string) => `${app(appId)}/training-history`,
} as const;

/** Review statuses (§4: PENDING awaits review). An empty status means "never put up for review". */
export const REVIEW_STATUSES = ['PENDING', 'REVIEWED', 'DISMISSED'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Whole-filter bulk updates touch at most this many questions at once. */
export const BULK_FILTER_MAX = 10_000;
/** Totals are counted up to this many (then shown as "10,000+"). */
export const COUNT_CAP = 10_000;

/** A category or label (classification's) by id and name. */
export interface QuestionClass {
  id: string;
  name: string;
}

/** One question as the inbox shows it: personal data masked unless revealed. */
export interface TranscriptRow extends TranscriptRecord {
  /** True when `data` had personal data replaced by masks. */
  masked: boolean;
  /** The categories and labels people gave it in the inbox, by name. */
  categories: QuestionClass[];
  labels: QuestionClass[];
}

/** POST …/transcripts/classification: the questions changed and what each now carries. */
export interface ClassifyQuestionsResult {
  updated: number;
  questions: Array<{ transcriptId: string; categories: QuestionClass[]; labels: QuestionClass[] }>;
}

/** POST …/transcripts/search. */
export interface TranscriptSearchResult {
  list: TranscriptRow[];
  /** Rows matching, up to COUNT_CAP (`totalCapped` when there are more); only on a first page (no `cursor`). */
  total?: number;
  totalCapped?: boolean;
  pageNum: number;
  pageSize: number;
  /** Cursor of the next page (keyset); null on the last. */
  next: string | null;
  /** The range searched (ISO), after defaults. */
  start: string;
  end: string;
}

export interface BulkReviewResult {
  updated: number;
  transcriptIds: string[];
}

export interface PendingCount {
  count: number;
}

export interface RevealResult {
  transcriptId: string;
  data: string;
}

/** One entry of the training history: who trained what, when, and its measured effect. */
export interface TrainingHistoryEntry {
  id: string;
  action: TrainingAction;
  transcriptIds: string[];
  intentId: string | null;
  intentName: string | null;
  phrase: string | null;
  reason: string | null;
  by: string;
  at: string;
  /**
   * For training (a phrase added, an intent created): the draft's accuracy on the app's test cases, or
   * else on a held-out slice of its reviewed questions, just before the step and just after it.
   */
  accuracy: TrainingAccuracy | null;
}

/** What accuracy is measured on: the app's test cases, or its reviewed questions the model never learned. */
export type AccuracyBasis = 'test-cases' | 'held-out';

/** One question of an evaluation set: a reviewed question (by id) or a test case (its text), and the intent that must answer it. */
export interface AccuracyItem {
  transcriptId?: string;
  question?: string;
  intentId: string;
}

/** Accuracy before and after a training step (shares 0–1, rounded to 0.001), and the change. */
export interface TrainingAccuracy {
  basis: AccuracyBasis;
  questions: number;
  before: number;
  after: number;
  delta: number;
}

/** POST …/training-accuracy: the draft's accuracy now (taken before a training step; its id goes with the step). */
export interface AccuracyMeasurement {
  id: string;
  basis: AccuracyBasis;
  questions: number;
  correct: number;
  accuracy: number;
  measuredAt: string;
}

/** Reviewed questions measured at most (newest first); a measurement is usable by a step this long. */
export const ACCURACY_MAX_QUESTIONS = 200;
export const ACCURACY_MEASUREMENT_TTL_MS = 60 * 60_000;


export const TRAINING_ACTIONS = ['added-phrase', 'created-intent', 'dismissed', 'status'] as const;
export type TrainingAction = (typeof TRAINING_ACTIONS)[number];

export interface TrainingHistoryList {
  items: TrainingHistoryEntry[];
}

/** The training hub's assistant: suggested phrases for one intent. */
export interface HubSuggestion {
  text: string;
  /** The engine's closeness of the question to the intent (0–1). */
  score: number;
  /** How often it was asked (the same question however typed). */
  asked: number;
  transcriptIds: string[];
}
export interface HubIntent {
  intentId: string;
  intentName: string;
  suggestions: HubSuggestion[];
}
export interface HubSuggestions {
  intents: HubIntent[];
  /** The questions considered: pending ones of the last HUB_DAYS days. */
  since: string;
  /** The LLM provider that applies to the app (its credential's name), or null when none is configured. */
  llm: { name: string } | null;
}
/** GET …/training-hub/paraphrases: new phrases an LLM provider wrote for one intent, not yet among the app's phrases. */
export interface HubParaphrases {
  intentId: string;
  intentName: string;
  /** The provider's credential name: "Suggested by <source>". */
  source: string;
  suggestions: string[];
}
/** The assistant learns from the pending questions of this many days, this many suggestions an intent. */
export const HUB_DAYS = 60;
export const HUB_PER_INTENT = 10;
export const HUB_CANDIDATES = 5000;
/** Paraphrases asked of the LLM provider for one intent: by default, at most; each at most this long; its time limit. */
export const PARAPHRASE_COUNT = 5;
export const PARAPHRASE_MAX_COUNT = 10;
export const PARAPHRASE_MAX_CHARS = 200;
export const PARAPHRASE_TIMEOUT_MS = 12_000;

export const TrainingHubApi = {
  suggestionsRoute: '/api/v1/apps/:appId/training-hub/suggestions',
  suggestions: (appId: string) => `${app(appId)}/training-hub/suggestions`,
  paraphrasesRoute: '/api/v1/apps/:appId/training-hub/paraphrases',
  paraphrases: (appId: string) => `${app(appId)}/training-hub/paraphrases`,
  /** §7 feature usage of the assistant. */
  autoTpActions: '/api/v1/feature-usages/auto-tp/actions',
} as const;

/** Training by clusters: one group of similar unmatched questions. */
export interface QuestionCluster {
  id: number;
  /** Its top terms, joined: "baby bonus cash". */
  label: string;
  topTerms: string[];
  /** The questions closest to its centre (personal data masked). */
  representatives: string[];
  size: number;
  /** Up to CLUSTER_MAX_IDS of its questions (what "create intent" marks trained). */
  transcriptIds: string[];
  /** Up to CLUSTER_MAX_PHRASES distinct questions without personal data: the new intent's phrases. */
  phrases: string[];
  /** Mean cosine of its questions to its centre (0–1). */
  cohesion: number;
}
export interface ClusterRunResult {
  clusters: QuestionCluster[];
  questions: number;
  /** Questions close to no group's centre (gibberish, one-offs): in no cluster. */
  ungrouped: number;
  k: number;
  silhouette: number;
  millis: number;
}
export interface ClusterJobView {
  id: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  progress: number;
  counts: Record<string, number>;
  errors: string[];
  result: ClusterRunResult | null;
}
/** A run clusters at most this many pending unmatched questions (the newest). */
export const CLUSTER_MAX_QUESTIONS = 10_000;
export const CLUSTER_MAX_IDS = 1000;
export const CLUSTER_MAX_PHRASES = 20;
export const CLUSTER_JOB_KIND = 'training.cluster';

export const ClusterApi = {
  runsRoute: '/api/v1/apps/:appId/training-clusters',
  runs: (appId: string) => `${app(appId)}/training-clusters`,
  runRoute: '/api/v1/apps/:appId/training-clusters/:jobId',
  run: (appId: string, jobId: string) => `${app(appId)}/training-clusters/${encodeURIComponent(jobId)}`,
} as const;
