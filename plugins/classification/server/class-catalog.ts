import { and, asc, eq, inArray, type DbExecutor } from '@civic/sdk/server';
import type { ClassCatalog } from '../contract/server/class-catalog';
import { categories, labels } from './db/schema';

/** The `ClassCatalog` service. */
export const classCatalog: ClassCatalog = {
  async list(db: DbExecutor, appId: string) {
    return {
      categories: await db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.appId, appId)).orderBy(asc(categories.name)),
      labels: await db.select({ id: labels.id, name: labels.name }).from(labels).where(eq(labels.appId, appId)).orderBy(asc(labels.name)),
    };
  },
  async existing(db: DbExecutor, appId: string, kind: 'category' | 'label', ids: readonly string[]) {
    if (ids.length === 0) return [];
    const table = kind === 'category' ? categories : labels;
    const rows = await db.select({ id: table.id }).from(table).where(and(eq(table.appId, appId), inArray(table.id, [...ids])));
    return rows.map((row) => row.id);
  },
};
