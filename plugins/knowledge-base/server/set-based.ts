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

/**
 * The listed keys each looked up on their own — `from <list> cross join lateral (select … where
 * <column> = key limit 1)` — with `probe` the subquery's select, from and where (the key is `k.key`).
 * Why not `column in (<list>)`: PGlite never gathers statistics (no autovacuum), so the planner
 * guesses a few rows for an app's intents and 100 for the list, and with a `limit` it may pick a
 * nested loop that compares every intent with every key — 2,400 intents × 5,000 names took 4 s per
 * statement (issue 14). A lateral subquery with a `limit` is never merged into a join, so the plan
 * stays one index probe per key, whatever the planner guesses.
 */
export const eachKey = (list: readonly string[], probe: SQL, join: 'inner' | 'left' = 'inner') =>
  sql`jsonb_array_elements_text(${JSON.stringify(list)}::jsonb) as k(key) ${sql.raw(join === 'inner' ? 'cross join' : 'left join')} lateral (${probe} limit 1) as hit ${sql.raw(join === 'inner' ? '' : 'on true')}`;
