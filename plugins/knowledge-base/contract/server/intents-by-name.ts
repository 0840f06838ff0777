import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';
import type { Intent, PhrasePart } from '../common/knowledge/index';

/** An intent or Q&A pair written by name (a Dialogflow agent's): its parent named too, its classes as ids of the app's. */
export interface IntentByName
  extends Pick<
    Intent,
    'kind' | 'defaultKind' | 'webhook_state' | 'action' | 'events' | 'inputContexts' | 'outputContexts' | 'parameters' | 'responses' | 'categoryIds' | 'labelIds' | 'answerOwner' | 'sourceUrl' | 'reviewBy'
  > {
  name: string;
  /** The follow-up's parent, among the intents written with it (any other name, or its own, leaves it a root). */
  parentName: string | null;
  trainingPhrases: Array<{ reference_id: string; type: 'example' | 'template'; parts: PhrasePart[]; text: string }>;
}

/** A glossary term written by its term. */
export interface GlossaryByTerm {
  term: string;
  synonyms: string[];
  definition: string;
}

/** A follow-up's link to its parent, both by name. */
export interface ParentByName {
  name: string;
  parentName: string;
}

/**
 * Intents and glossary terms written in bulk by name (case-insensitive; of a name given twice the
 * last counts) — publishing's agent zip import, which re-run changes nothing. Set-based: a few
 * statements per 5,000 rows, each carrying its rows as one JSON parameter. On the caller's `db`: the
 * caller may write an import in one transaction, or in parts of a transaction each (publishing stages
 * its zip import so as not to hold the database) and then link the parents across parts.
 */
export interface IntentsByName {
  /**
   * Adds the intents the app does not have; replaces everything of those it has (fields, phrases,
   * categories, labels, parent) and bumps their versions, so an open editor does not save over them.
   */
  upsert(db: DbExecutor, appId: string, intents: readonly IntentByName[], stamp: { userId: string | null; now: Date }): Promise<void>;
  /**
   * Makes each named intent a follow-up of the app's intent named `parentName` (its own name, or one
   * the app does not have, leaves it a root): for an import upserted in several parts, once all are
   * written, since `upsert` links a parent only among the intents written with it.
   */
  linkParents(db: DbExecutor, appId: string, links: readonly ParentByName[]): Promise<void>;
  /** Adds the terms the app does not have; replaces the synonyms and definition of those it has. */
  upsertGlossary(db: DbExecutor, appId: string, terms: readonly GlossaryByTerm[], now: Date): Promise<void>;
}
export const IntentsByName = defineServiceRef<IntentsByName>('knowledge-base.intents-by-name');
