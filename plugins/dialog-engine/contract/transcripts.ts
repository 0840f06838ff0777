/** Transcript search vocabulary shared by both tiers (the training plugin's DTOs use it). */
/** §3 Transcript fields a table filter may name. */
export const TRANSCRIPT_FILTER_FIELDS = ['data', 'intentName', 'confidenceScore', 'reviewStatus', 'thumbsUp', 'thumbsDown', 'channel', 'environment', 'transAuthor'] as const;
export type TranscriptFilterField = (typeof TRANSCRIPT_FILTER_FIELDS)[number];
export const TRANSCRIPT_FILTER_OPERATORS = ['contains', 'equals', 'notEquals', 'startsWith', 'greaterThan', 'lessThan'] as const;
export type TranscriptFilterOperator = (typeof TRANSCRIPT_FILTER_OPERATORS)[number];
export const TRANSCRIPT_SORT_FIELDS = ['createdAt', 'confidenceScore'] as const;
export type TranscriptSortField = (typeof TRANSCRIPT_SORT_FIELDS)[number];

export interface TranscriptFilterItem {
  field: TranscriptFilterField;
  operator: TranscriptFilterOperator;
  value: string;
}

/** What to look for: one app's user turns in [start, end), matched or not, the §3 table filter and a text search. */
export interface TranscriptQuery {
  appId: string;
  start: Date;
  end: Date;
  /** §7 isMatchedIntents: answered by an intent (true) or fell back (false). */
  matched: boolean;
  /** Always applied, whatever `link` says: §7 contains "" (unmatched) or equals the chosen status (matched). */
  reviewStatus: { operator: 'contains' | 'equals'; value: string };
  items: TranscriptFilterItem[];
  link: 'AND' | 'OR';
  /** Words in the question (case-insensitive). */
  text?: string;
}

export interface TranscriptPageRequest {
  sortBy: TranscriptSortField;
  sortOrder: 'asc' | 'desc';
  limit: number;
  /** The `next` of the previous page (keyset); absent for the first page. */
  after?: string;
  /** Only when no cursor is given: rows to skip (a jump to a numbered page). */
  offset?: number;
  /**
   * Count the matching rows too (the whole search, not from the cursor on), up to this cap, in the
   * page's statement: the first page's total without a second statement and a second plan.
   */
  countUpTo?: number;
}

/** One user turn as the training screens see it. */
export interface TranscriptRecord {
  transcriptId: string;
  appId: string;
  sessionId: string;
  data: string;
  transAuthor: string;
  reply: unknown[];
  confidenceScore: number;
  intentId: string | null;
  intentName: string | null;
  fallback: boolean;
  topMatches: Array<{ intentId: string; intentName: string; score: number }>;
  contentVersion: string;
  environment: string;
  channel: string;
  thumbsUp: boolean;
  thumbsDown: boolean;
  reviewStatus: string;
  createdAt: string;
  updatedAt: string;
}
