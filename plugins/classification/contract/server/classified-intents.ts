import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';

/** A bulk change of intents' categories and labels (ids already checked to be the app's). */
export interface ClassChange {
  intentIds: string[];
  addCategoryIds: string[];
  removeCategoryIds: string[];
  addLabelIds: string[];
  removeLabelIds: string[];
}

/**
 * The plugin that holds intents and their categories and labels (the knowledge base). Classification
 * counts, checks and changes assignments through it, never through its tables.
 */
export interface ClassifiedIntents {
  /** How many of the app's intents carry each of its categories (or labels), by class id; absent means none. */
  usageCounts(db: DbExecutor, appId: string, kind: 'category' | 'label'): Promise<Map<string, number>>;
  /** Of `intentIds`, those that are intents of the app. */
  existing(db: DbExecutor, appId: string, intentIds: readonly string[]): Promise<string[]>;
  /** Applies the change, bumps each intent's version (an open editor must not save over it) and answers their classes. */
  apply(db: DbExecutor, appId: string, change: ClassChange, by: { userId: string; now: Date }): Promise<Array<{ id: string; categoryIds: string[]; labelIds: string[] }>>;
}

/**
 * Provided by classification: the plugin holding the intents registers itself at mount (classification
 * cannot require it: the arrow points the other way). One may register.
 */
export interface ClassifiedIntentsOwner {
  register(owner: ClassifiedIntents): void;
}
export const ClassifiedIntentsOwner = defineServiceRef<ClassifiedIntentsOwner>('classification.classified-intents');
