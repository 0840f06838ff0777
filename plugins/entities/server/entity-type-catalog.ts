import { asc, eq, type DbExecutor } from '@civic/sdk/server';
import type { CatalogEntityType, EntityTypeCatalog } from '../contract/server/entity-type-catalog';
import { entityTypes } from './db/schema';

/** The `EntityTypeCatalog` service: the app's entity types by name. */
export const entityTypeCatalog: EntityTypeCatalog = {
  async list(db: DbExecutor, appId: string): Promise<CatalogEntityType[]> {
    const rows = await db.select().from(entityTypes).where(eq(entityTypes.appId, appId)).orderBy(asc(entityTypes.displayName));
    return rows.map((row) => ({ id: row.id, display_name: row.displayName, kind: row.kind, enable_fuzzy_extraction: row.enableFuzzyExtraction, entities: row.entries }));
  },
};
