import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';
import type { ChannelResponses } from '../common/responses/index';

/** An intent of the app found by name, with what a Q&A re-import compares. */
export interface NamedIntent {
  id: string;
  kind: 'intent' | 'qna';
  responses: ChannelResponses[];
  /** The phrases' texts in order; read for Q&A pairs only (empty for an intent). */
  phrases: string[];
  /** Its category and label ids; read for Q&A pairs only (empty for an intent). */
  categoryIds: string[];
  labelIds: string[];
}

/** What a bulk write sets of a Q&A pair: its responses, its phrases (plain text, in order) and its classes (ids of the app's). */
export interface QnaContent {
  responses: ChannelResponses[];
  phrases: string[];
  categoryIds: string[];
  labelIds: string[];
}

/** Who wrote, when, and from which document (a Q&A pair's source URL; null leaves an updated pair's as it is). */
export interface BulkStamp {
  userId: string | null;
  now: Date;
  sourceUrl: string | null;
}

/**
 * Q&A pairs read and written in bulk (publishing's bulk import and Q&A generator). Set-based: a few
 * multi-row statements per 5,000 pairs, each carrying its rows as one JSON parameter. Every method
 * runs on the caller's `db`, in the caller's transaction.
 */
export interface BulkQna {
  /** The app's intents named like these (case-insensitive), by lower-case name. */
  named(db: DbExecutor, appId: string, names: readonly string[]): Promise<Map<string, NamedIntent>>;
  /** Whether any of these names (case-insensitive) is already an intent of the app. */
  anyNamed(db: DbExecutor, appId: string, names: readonly string[]): Promise<boolean>;
  /** Which of these ids are not intents of the app (deleted meanwhile, another app's). */
  absent(db: DbExecutor, appId: string, ids: readonly string[]): Promise<string[]>;
  /**
   * Adds these Q&A pairs with their phrases and classes. A name the app has (taken since the caller
   * checked) is left out, pair, phrases and classes: answered in `taken`.
   */
  create(db: DbExecutor, appId: string, pairs: ReadonlyArray<QnaContent & { name: string }>, stamp: BulkStamp): Promise<{ taken: string[] }>;
  /**
   * Replaces the responses, phrases and classes of these Q&A pairs and bumps their versions (an open
   * editor must not save over them). A pair that is no longer the app's is left out: answered in
   * `missing` (its id).
   */
  update(db: DbExecutor, appId: string, pairs: ReadonlyArray<QnaContent & { id: string }>, stamp: BulkStamp): Promise<{ missing: string[] }>;
}
export const BulkQna = defineServiceRef<BulkQna>('knowledge-base.bulk-qna');
