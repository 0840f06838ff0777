import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';

/** The app's categories and labels by name, for imports that name them (publishing's bulk import). */
export interface ClassesByName {
  /**
   * Ids of the app's categories (or labels) by lower-case name, creating, as first written, the
   * names (case-insensitive) the app does not have yet. Runs on the caller's `db`.
   */
  ensure(db: DbExecutor, appId: string, kind: 'category' | 'label', names: readonly string[]): Promise<Map<string, string>>;
}
export const ClassesByName = defineServiceRef<ClassesByName>('classification.classes-by-name');
