import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';
import type { EntityType } from '../common/entity-type';

/** An entity type as the app's knowledge holds it (what the engine trains on and a version keeps). */
export type CatalogEntityType = Pick<EntityType, 'id' | 'display_name' | 'kind' | 'enable_fuzzy_extraction' | 'entities'>;

/** The app's entity types, for plugins that build on them (the knowledge base's snapshot, parameter checks). */
export interface EntityTypeCatalog {
  /** The app's entity types, ordered by name. */
  list(db: DbExecutor, appId: string): Promise<CatalogEntityType[]>;
}
export const EntityTypeCatalog = defineServiceRef<EntityTypeCatalog>('entities.entity-type-catalog');
