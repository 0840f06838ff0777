import type { ActionParameter, OutputContext, PhrasePart, SnapshotIntent } from '../../knowledge-base/contract/common/knowledge/index';
import type { ChannelResponses, Platform } from '../../knowledge-base/contract/common/responses/index';

/** Limits on uploaded agent zips (checked before anything is unpacked). */
export const ZIP_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxFiles: 5_000,
  /** Compression ratio above which a large entry is treated as a bomb. */
  maxRatio: 100,
} as const;

export const MB = 1024 * 1024;
export const UNSPECIFIED: Platform = 'PLATFORM_UNSPECIFIED';
export const WEBHOOK_SLOT = 'WEBHOOK_STATE_ENABLED_FOR_SLOT_FILLING';

/** An intent as imported: references by name, not id. */
export interface ImportedIntent {
  name: string;
  parentName: string | null;
  kind: 'intent' | 'qna';
  defaultKind: 'welcome' | 'fallback' | null;
  webhook_state: SnapshotIntent['webhook_state'];
  action: string;
  events: string[];
  inputContexts: string[];
  outputContexts: OutputContext[];
  trainingPhrases: Array<{ reference_id: string; type: 'example' | 'template'; parts: PhrasePart[]; text: string }>;
  parameters: ActionParameter[];
  responses: ChannelResponses[];
  categories: string[];
  labels: string[];
  answerOwner: string | null;
  sourceUrl: string | null;
  reviewBy: string | null;
}

export interface ImportedEntityType {
  name: string;
  kind: 'KIND_MAP' | 'KIND_LIST' | 'KIND_REGEXP';
  fuzzy: boolean;
  entries: Array<{ value: string; synonyms: string[] }>;
}

export interface ImportedAgent {
  displayName: string;
  intents: ImportedIntent[];
  entityTypes: ImportedEntityType[];
  glossary: Array<{ term: string; synonyms: string[]; definition: string }>;
  categories: string[];
  labels: string[];
}
