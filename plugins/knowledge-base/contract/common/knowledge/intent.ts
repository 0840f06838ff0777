import type { ChannelResponses } from '../responses/channel-responses';
import type { ActionParameter } from './action-parameter';
import type { TrainingPhrase } from './training-phrase';

/** `qna`: a Q&A pair — an intent whose phrases are question variants and whose response is the answer. */
export type IntentKind = 'intent' | 'qna';

/** §3 "Intent config" webhook_state. */
export const WEBHOOK_STATES = ['WEBHOOK_STATE_UNSPECIFIED', 'WEBHOOK_STATE_ENABLED', 'WEBHOOK_STATE_ENABLED_FOR_SLOT_FILLING'] as const;
export type WebhookState = (typeof WEBHOOK_STATES)[number];

/** The two intents every app starts with (§3). */
export const DefaultIntentNames = {
  welcome: 'Default Welcome Intent',
  fallback: 'Default Fallback Intent',
} as const;
export type DefaultIntentKind = keyof typeof DefaultIntentNames;
/** The event that triggers the welcome intent; the widget's quick launch event (§9) sends it. */
export const WELCOME_EVENT = 'welcome';

export interface OutputContext {
  name: string;
  lifespanCount: number;
}

/** An intent or Q&A pair as the API returns it (the draft). */
export interface Intent {
  id: string;
  appId: string;
  kind: IntentKind;
  displayName: string;
  /** The parent of a follow-up intent; null for a level 1 intent. */
  parentId: string | null;
  defaultKind: DefaultIntentKind | null;
  webhook_state: WebhookState;
  action: string;
  events: string[];
  /** Follow-ups: active only while one of these contexts is (set by the parent's output context). */
  inputContexts: string[];
  outputContexts: OutputContext[];
  trainingPhrases: TrainingPhrase[];
  parameters: ActionParameter[];
  responses: ChannelResponses[];
  categoryIds: string[];
  labelIds: string[];
  /** Q&A only: who owns the answer, where it comes from, when it must be reviewed (ISO date). */
  answerOwner: string | null;
  sourceUrl: string | null;
  reviewBy: string | null;
  /** Optimistic concurrency: a save names the version it edited; a stale one is a 409. */
  version: number;
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
}
