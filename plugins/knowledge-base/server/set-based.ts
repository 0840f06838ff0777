import { sql, type SQL } from '@civic/sdk/server';

/** Rows per statement when writing in bulk: big enough to be set-based, small enough for a sane parameter. */
const CHUNK = 5_000;

/** The items in slices of `size`, for one multi-row statement each. */
export function* chunks<T>(items: readonly T[], size = CHUNK): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** `value in (…)` with the list as one JSON parameter (a batch would otherwise bind hundreds). */
export const inList = (value: SQL, list: readonly string[], type: 'text' | 'uuid') =>
  type === 'uuid'
    ? sql`${value} in (select x::uuid from jsonb_array_elements_text(${JSON.stringify(list)}::jsonb) as x)`
    : sql`${value} in (select jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))`;

/** A text array from a JSON array column of `jsonb_to_recordset`. */
export const textArray = (column: string) => sql.raw(`array(select jsonb_array_elements_text(${column}))`);

/** The last of each name (case-insensitive): a list naming a thing twice means its last version. */
export function lastByName<T>(items: readonly T[], nameOf: (item: T) => string): T[] {
  return [...new Map(items.map((item) => [nameOf(item).toLowerCase(), item])).values()];
}
