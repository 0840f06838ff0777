import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';

/**
 * How many intents an app has, for the tier's intent limit (Q&A pairs count as intents, as in a
 * single create). Pass your own `db`: the count is part of your transaction.
 */
export interface IntentCounts {
  /** The app's intents and Q&A pairs. */
  total(db: DbExecutor, appId: string): Promise<number>;
  /** How many of these names (case-insensitive, each once) are not yet intents of the app: what an upsert by name would add. */
  newNames(db: DbExecutor, appId: string, names: readonly string[]): Promise<number>;
}
export const IntentCounts = defineServiceRef<IntentCounts>('knowledge-base.intent-counts');
