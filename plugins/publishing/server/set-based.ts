import { and, eq, sql, type DbExecutor, type SQL } from '@civic/sdk/server';
import type { categories, labels } from '../../classification/contract/server/tables';

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

/** Category or label ids by lower-case name, creating the names the app does not have yet. */
export async function idsByName(db: DbExecutor, appId: string, table: typeof categories | typeof labels, names: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const wanted = [...new Map(names.map((n) => [n.toLowerCase(), n])).entries()];
  if (!wanted.length) return found;
  const keys = wanted.map(([key]) => key);
  for (const row of await db.select({ id: table.id, name: table.name }).from(table).where(and(eq(table.appId, appId), inList(sql`lower(${table.name})`, keys, 'text')))) found.set(row.name.toLowerCase(), row.id);
  const missing = wanted.filter(([key]) => !found.has(key)).map(([, name]) => ({ appId, name }));
  if (missing.length) for (const row of await db.insert(table).values(missing).returning({ id: table.id, name: table.name })) found.set(row.name.toLowerCase(), row.id);
  return found;
}

