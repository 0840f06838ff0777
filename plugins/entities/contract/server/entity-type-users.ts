import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';
import type { EntityUsage } from '../../common/api';

export type { EntityUsage };

/**
 * A plugin whose content references entity types (the knowledge base: tagged training phrases and
 * action parameters). Entity types are compared by `refKey` (no `@`, any case).
 */
export interface EntityTypeUser {
  /** Where each entity type of the app is used, by refKey, one usage per intent (only `onlyKey` when given). */
  usages(db: DbExecutor, appId: string, onlyKey?: string): Promise<Map<string, EntityUsage[]>>;
  /** Takes the entity type out of the app's content (it is being deleted). */
  remove(db: DbExecutor, appId: string, key: string, by: { userId: string; now: Date }): Promise<{ removedFromPhrases: number; removedParameters: number }>;
  /** Follows a rename of the entity type into the app's content. */
  rename(db: DbExecutor, appId: string, key: string, newName: string): Promise<void>;
}

/**
 * Provided by entities: a plugin whose content references entity types registers itself at mount
 * (entities cannot require it: the arrow points the other way), so listing, renaming and deleting an
 * entity type see and follow its references.
 */
export interface EntityTypeUsers {
  register(user: EntityTypeUser): void;
}
export const EntityTypeUsers = defineServiceRef<EntityTypeUsers>('entities.entity-type-users');
