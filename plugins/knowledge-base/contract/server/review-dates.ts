import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';

/** An intent or Q&A pair whose review-by date has passed. */
export interface OverdueIntent {
  intentId: string;
  displayName: string;
  kind: 'intent' | 'qna';
  /** YYYY-MM-DD */
  reviewBy: string;
}

/** The review-by dates of the app's draft (§4 Q&A "review by"). */
export interface ReviewDates {
  /** Intents and Q&A whose review-by date is before `today` (YYYY-MM-DD), by date then name. */
  overdue(db: DbExecutor, appId: string, today: string): Promise<OverdueIntent[]>;
}
export const ReviewDates = defineServiceRef<ReviewDates>('knowledge-base.review-dates');
