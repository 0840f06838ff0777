import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';

/** A category or label by id and name. */
export interface ClassRef {
  id: string;
  name: string;
}

/** The app's categories and labels, for plugins that assign them (the knowledge base's intents). */
export interface ClassCatalog {
  /** The app's categories and labels, each ordered by name. */
  list(db: DbExecutor, appId: string): Promise<{ categories: ClassRef[]; labels: ClassRef[] }>;
  /** Of `ids`, those that are categories (or labels) of the app. */
  existing(db: DbExecutor, appId: string, kind: 'category' | 'label', ids: readonly string[]): Promise<string[]>;
}
export const ClassCatalog = defineServiceRef<ClassCatalog>('classification.class-catalog');
