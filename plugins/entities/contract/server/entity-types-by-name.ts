import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';
import type { EntityEntry, EntityKind } from '../common/index';

/** An entity type written by name (a Dialogflow agent's, the demo's). */
export interface EntityTypeByName {
  /** Without the `@`. */
  name: string;
  kind: EntityKind;
  fuzzy: boolean;
  entries: EntityEntry[];
}

/**
 * The app's entity types written in bulk by name (case-insensitive; of a name given twice the last
 * counts): publishing's agent zip import, the knowledge base's demo seed. Set-based, the rows as one
 * JSON parameter; on the caller's `db`, so it is part of the caller's transaction.
 */
export interface EntityTypesByName {
  /** Replaces the kind, fuzzy matching and entries of the types the app has (bumping their version) and adds the others. */
  upsert(db: DbExecutor, appId: string, types: readonly EntityTypeByName[], now: Date): Promise<void>;
  /** Adds the types the app does not have yet; leaves the others as they are. */
  addMissing(db: DbExecutor, appId: string, types: readonly EntityTypeByName[], now: Date): Promise<void>;
}
export const EntityTypesByName = defineServiceRef<EntityTypesByName>('entities.entity-types-by-name');
