import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';

/** A training phrase as conflict detection sees it: its id, its intent and its joined text. */
export interface AppPhrase {
  id: string;
  intentId: string;
  text: string;
}

/** An intent or Q&A pair named in a report. */
export interface AppIntentName {
  id: string;
  name: string;
  kind: 'intent' | 'qna';
}

/** Why a phrase could not be moved or deleted. */
export type PhraseChangeRefusal = 'phrase-not-found' | 'intent-not-found' | 'same-intent';

export type PhraseChange =
  | { ok: true; phrase: AppPhrase; intentName: string }
  | { ok: false; reason: PhraseChangeRefusal };

/**
 * The training phrases of an app, for plugins that check them in bulk (publishing's conflict
 * detection): keyset pages of every phrase, look-ups by id, the names of intents, a fingerprint that
 * changes with any phrase, and the two fixes — move a phrase to another intent, delete it. Both fixes
 * bump the intents' version (an editor holding the old one gets a conflict, not a silent overwrite);
 * the caller publishes `knowledge.changed` in its transaction. Pass your own `DbExecutor`.
 */
export interface AppPhrases {
  /** Up to `limit` phrases of the app with ids after `afterId` (in id order); `null` starts at the first. */
  page(db: DbExecutor, appId: string, afterId: string | null, limit: number): Promise<AppPhrase[]>;
  /** The phrases of the app among `ids` (others — deleted, another app's — are left out). */
  byIds(db: DbExecutor, appId: string, ids: readonly string[]): Promise<AppPhrase[]>;
  /** Names and kinds of the app's intents among `ids`. */
  intentNames(db: DbExecutor, appId: string, ids: readonly string[]): Promise<AppIntentName[]>;
  /** How many phrases the app has and a digest of all of them with their intents (`null` when none). */
  fingerprint(db: DbExecutor, appId: string): Promise<{ phrases: number; fingerprint: string | null }>;
  /** Moves the phrase to the end of another intent of the app; `intentName` is the target's. */
  move(db: DbExecutor, appId: string, phraseId: string, toIntentId: string, by: { userId: string; now: Date }): Promise<PhraseChange>;
  /** Deletes the phrase; `intentName` is the intent that held it. */
  remove(db: DbExecutor, appId: string, phraseId: string, by: { userId: string; now: Date }): Promise<PhraseChange>;
}
export const AppPhrases = defineServiceRef<AppPhrases>('knowledge-base.app-phrases');
