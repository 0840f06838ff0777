import type { ChannelResponses } from '../responses/channel-responses';
import type { ActionParameter } from './action-parameter';
import type { EntityEntry, EntityKind } from '../../../../entities/contract/common/entity-type';
import type { DefaultIntentKind, IntentKind, OutputContext, WebhookState } from './intent';
import type { PhrasePart, TrainingPhraseType } from './training-phrase';

/**
 * Everything that decides how a bot answers, as one document: what the draft holds now, and what a
 * published version froze. The engine trains on it; publishing stores it, diffs two of them and
 * exports it. Ids are kept so a diff can pair items across versions; times and authors are not content.
 */
export interface KnowledgeSnapshot {
  schemaVersion: 1;
  intents: SnapshotIntent[];
  entityTypes: SnapshotEntityType[];
  glossary: SnapshotGlossaryTerm[];
  categories: SnapshotName[];
  labels: SnapshotName[];
}

export interface SnapshotPhrase {
  type: TrainingPhraseType;
  parts: PhrasePart[];
  /** The parts' text joined. */
  text: string;
}

export interface SnapshotIntent {
  id: string;
  kind: IntentKind;
  displayName: string;
  parentId: string | null;
  defaultKind: DefaultIntentKind | null;
  webhook_state: WebhookState;
  action: string;
  events: string[];
  inputContexts: string[];
  outputContexts: OutputContext[];
  trainingPhrases: SnapshotPhrase[];
  parameters: ActionParameter[];
  responses: ChannelResponses[];
  categoryIds: string[];
  labelIds: string[];
  answerOwner: string | null;
  sourceUrl: string | null;
  reviewBy: string | null;
}

export interface SnapshotEntityType {
  id: string;
  display_name: string;
  kind: EntityKind;
  enable_fuzzy_extraction: boolean;
  entities: EntityEntry[];
}

export interface SnapshotGlossaryTerm {
  id: string;
  term: string;
  synonyms: string[];
  definition: string;
}

export interface SnapshotName {
  id: string;
  name: string;
}

export const EMPTY_SNAPSHOT: KnowledgeSnapshot = { schemaVersion: 1, intents: [], entityTypes: [], glossary: [], categories: [], labels: [] };
