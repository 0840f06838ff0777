import { and, eq, sql, type DbExecutor, type SQL } from '@civic/sdk/server';
import type { PgColumn, PgTable } from '@civic/sdk/server/schema';

/** Rows per statement when writing in bulk: big enough to be set-based, small enough for a sane parameter. */
export const SET_CHUNK = 5_000;

/** The items in slices of `size`, for one multi-row statement each. */
export function* chunks<T>(items: T[], size = SET_CHUNK): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** `value in (…)` with the list as one JSON parameter (a batch would otherwise bind hundreds). */
export const inList = (value: SQL, list: string[], type: 'text' | 'uuid') =>
  type === 'uuid'
    ? sql`${value} in (select x::uuid from jsonb_array_elements_text(${JSON.stringify(list)}::jsonb) as x)`
    : sql`${value} in (select jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))`;

/** A table of an app's named rows (id, app_id, name). */
type NamedRowsTable = PgTable & { id: PgColumn; appId: PgColumn; name: PgColumn };

/**
 * Row ids by lower-case name, creating the names the app does not have yet. Transitional, for the
 * agent zip import, which still passes classification's tables: the bulk import asks classification's
 * `ClassesByName` instead.
 */
export async function idsByName(db: DbExecutor, appId: string, table: NamedRowsTable, names: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const wanted = [...new Map(names.map((n) => [n.toLowerCase(), n])).entries()];
  if (!wanted.length) return found;
  const keys = wanted.map(([key]) => key);
  const rows = (await db.select({ id: table.id, name: table.name }).from(table).where(and(eq(table.appId, appId), inList(sql`lower(${table.name})`, keys, 'text')))) as Array<{ id: string; name: string }>;
  for (const row of rows) found.set(row.name.toLowerCase(), row.id);
  const missing = wanted.filter(([key]) => !found.has(key)).map(([, name]) => ({ appId, name }));
  if (missing.length) {
    const made = (await db.insert(table).values(missing as never).returning({ id: table.id, name: table.name })) as Array<{ id: string; name: string }>;
    for (const row of made) found.set(row.name.toLowerCase(), row.id);
  }
  return found;
}
