import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';
import type { TranscriptPageRequest, TranscriptQuery, TranscriptRecord } from '../transcripts';

/**
 * The dialog engine's transcripts for review (the training plugin's inbox): search, count and
 * review-status updates. Methods take the caller's executor and run in its transaction.
 */
export interface TranscriptReview {
  /** A page of the matching rows; with `page.countUpTo`, their capped count as well (`total`). */
  search(db: DbExecutor, query: TranscriptQuery, page: TranscriptPageRequest): Promise<{ rows: TranscriptRecord[]; next: string | null; total?: number }>;
  /** Matching rows, counted up to `cap` (big counts are capped, not exact). */
  count(db: DbExecutor, query: TranscriptQuery, cap: number): Promise<number>;
  /** Ids of the matching rows, newest first, at most `max` (a bulk action on a whole search result). */
  ids(db: DbExecutor, query: TranscriptQuery, max: number): Promise<string[]>;
  get(db: DbExecutor, appId: string, transcriptIds: readonly string[]): Promise<TranscriptRecord[]>;
  /** Sets the status of the given turns of the app (others are ignored); answers the ids changed. */
  setReviewStatus(db: DbExecutor, appId: string, target: { ids: readonly string[] } | { query: TranscriptQuery; max: number }, status: string, now: Date): Promise<string[]>;
  /**
   * Questions to learn from (the training hub's assistant): the app's PENDING turns since `since`,
   * unmatched or low-confidence, newest first, at most `limit`.
   */
  candidates(db: DbExecutor, appId: string, since: Date, limit: number): Promise<TranscriptRecord[]>;
  /** PENDING turns of the app, matched or not (the §2 badge), counted up to `cap`. */
  pendingCount(db: DbExecutor, appId: string, cap: number): Promise<number>;
}
export const TranscriptReview = defineServiceRef<TranscriptReview>('dialog-engine.transcript-review');
