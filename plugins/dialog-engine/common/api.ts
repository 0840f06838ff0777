import type { ResponseMessage } from '../../knowledge-base/contract/common/responses/index';

/** Draft answers from the live knowledge base (members only); production from the published version. */
export const ENVIRONMENTS = ['draft', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** §3 nlpEngine.service values the adaptors understand. */
export const ENGINE_SERVICES = ['CIVIC_DIALOG_ENGINE', 'CIVIC_X', 'REDIRECTION_ENGINE'] as const;
export type EngineService = (typeof ENGINE_SERVICES)[number];
export const ENGINE_LABELS: Record<EngineService, string> = {
  CIVIC_DIALOG_ENGINE: 'Built-in dialog engine',
  CIVIC_X: 'External engine',
  REDIRECTION_ENGINE: 'Superbot (routes to linked apps)',
};

export const ChatApi = {
  sessions: (appId: string) => `/api/v1/chat/${encodeURIComponent(appId)}/sessions`,
  messages: (appId: string, sessionId: string) => `/api/v1/chat/${encodeURIComponent(appId)}/sessions/${encodeURIComponent(sessionId)}/messages`,
  feedback: (appId: string, transcriptId: string) => `/api/v1/chat/${encodeURIComponent(appId)}/transcripts/${encodeURIComponent(transcriptId)}/feedback`,
  csat: (appId: string, sessionId: string) => `/api/v1/chat/${encodeURIComponent(appId)}/sessions/${encodeURIComponent(sessionId)}/csat`,
} as const;

export const DialogFlowApi = {
  list: () => '/api/v1/admin/dialog-engine/apps',
  config: (appId: string, environment: Environment) => `/api/v1/admin/dialog-engine/apps/${encodeURIComponent(appId)}/${environment}`,
  test: (appId: string, environment: Environment) => `/api/v1/admin/dialog-engine/apps/${encodeURIComponent(appId)}/${environment}/test`,
} as const;

/** Publish replay: recent real questions answered by the draft and by production. */
export const ReplayApi = {
  route: '/api/v1/apps/:appId/replay',
  replay: (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}/replay`,
} as const;

/** How many of the latest production questions a replay asks again. */
export const REPLAY_QUESTIONS = 200;

export interface ReplayAnswer {
  intentId: string | null;
  intentName: string | null;
  confidence: number;
  fallback: boolean;
  messages: ResponseMessage[];
}

export interface ReplayChange {
  question: string;
  /** How often it was asked among the replayed questions. */
  asked: number;
  /** `intent`: another intent (or the fallback) would answer; `answer`: the same intent, a different reply. */
  change: 'intent' | 'answer';
  production: ReplayAnswer;
  draft: ReplayAnswer;
}

export interface ReplayResult {
  /** False before the first publish: there is nothing to compare with. */
  published: boolean;
  /** The user turns replayed (at most REPLAY_QUESTIONS) and how many distinct questions they held. */
  questions: number;
  distinct: number;
  changes: ReplayChange[];
}

export interface StartSessionResult {
  sessionId: string;
  /** The welcome event's answer. */
  messages: ResponseMessage[];
}

export interface SendMessageResult {
  transcriptId: string;
  messages: ResponseMessage[];
  intentName: string | null;
  confidence: number;
  fallback: boolean;
  /** Draft sessions only (Try it, the fitting room): set while a newer model than the one that answered trains. */
  staleModel?: ModelStaleness;
}

/** An answer from an older model while a newer one trains ("answering with the model from 10:42; training 60%"). */
export interface ModelStaleness {
  /** When the model that answered was trained (ISO), if known. */
  answeringTrainedAt: string | null;
  /** How far the newer model is, 0..1. */
  trainingProgress: number;
}

export interface ScoredMatch {
  intentId: string;
  intentName: string;
  score: number;
}

/**
 * What an app's own phrases say about its fallback threshold: a probe training run without one
 * phrase in ten, asked those phrases (the app's good questions it has not seen).
 */
export interface ThresholdCalibration {
  /** The threshold the data suggests: about 1% of the questions answered right fall back. */
  suggestedThreshold: number;
  /** At threshold i / 20 (i = 0…20): the share of good questions that would fall back. */
  fallbackRates: number[];
  heldOut: number;
  /** Share of the held-out phrases whose best intent was right. */
  accuracy: number;
}

/** The share of good questions that fall back at `threshold` (linear between the measured steps). */
export function fallbackRateAt(calibration: ThresholdCalibration, threshold: number): number {
  const rates = calibration.fallbackRates;
  const steps = rates.length - 1;
  const at = Math.min(steps, Math.max(0, threshold * steps));
  const low = Math.floor(at);
  const high = Math.min(steps, low + 1);
  return rates[low] + (rates[high] - rates[low]) * (at - low);
}

/** GET fallback threshold advice (app editors and viewers): the app's thresholds and each environment's calibration. */
export const ThresholdApi = {
  route: '/api/v1/apps/:appId/fallback-threshold',
  advice: (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}/fallback-threshold`,
} as const;

export interface ThresholdAdvice {
  /** The app's fixed thresholds; null = automatic (the model's suggested threshold). */
  mlConfidenceThreshold: number | null;
  qnaConfidenceThreshold: number | null;
  /** Per environment, the thresholds answers use now (fixed, or automatic's current value). */
  effective: Record<Environment, { ml: number; qna: number }>;
  calibration: Record<Environment, ThresholdCalibration | null>;
  training: Record<Environment, TrainingStatus['state']>;
}

/** Training state of one app and environment's model. */
export interface TrainingStatus {
  state: 'untrained' | 'training' | 'trained' | 'failed';
  progress: number;
  contentHash: string | null;
  trainedAt: string | null;
  intents: number;
  phrases: number;
  millis: number | null;
  /** The model's threshold calibration (null until trained, or with too few phrases to hold some out). */
  calibration: ThresholdCalibration | null;
}

export interface EngineConfig {
  appId: string;
  environment: Environment;
  engine: EngineService;
  qnaHandler: string | null;
  dialogHandler: string | null;
  /** Superbot: the apps it routes to. */
  linkedAppIds: string[];
}

export interface DialogFlowAppRow {
  appId: string;
  appName: string;
  configs: EngineConfig[];
  training: Record<Environment, TrainingStatus>;
}

export interface TestMessageResult {
  messages: ResponseMessage[];
  intentName: string | null;
  confidence: number;
  fallback: boolean;
  topMatches: ScoredMatch[];
  training: TrainingStatus;
  contentVersion: string;
}
