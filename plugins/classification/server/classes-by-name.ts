import { and, eq, sql, type DbExecutor } from '@civic/sdk/server';
import type { ClassesByName } from '../contract/server/classes-by-name';
import { categories, labels } from './db/schema';

/** The `ClassesByName` service: one look-up and at most one insert, the names as one JSON parameter. */
export const classesByName: ClassesByName = {
  async ensure(db: DbExecutor, appId: string, kind: 'category' | 'label', names: readonly string[]) {
    const table = kind === 'category' ? categories : labels;
    const found = new Map<string, string>();
    const wanted = [...new Map(names.map((n) => [n.toLowerCase(), n])).entries()];
    if (!wanted.length) return found;
    const keys = JSON.stringify(wanted.map(([key]) => key));
    const rows = await db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(and(eq(table.appId, appId), sql`lower(${table.name}) in (select jsonb_array_elements_text(${keys}::jsonb))`));
    for (const row of rows) found.set(row.name.toLowerCase(), row.id);
    const missing = wanted.filter(([key]) => !found.has(key)).map(([, name]) => ({ appId, name }));
    if (missing.length) for (const row of await db.insert(table).values(missing).returning({ id: table.id, name: table.name })) found.set(row.name.toLowerCase(), row.id);
    return found;
  },
};
