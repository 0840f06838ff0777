import { sql, type DbExecutor, type SQL } from '@civic/sdk/server';
import type { IntentListResponse, IntentRow } from '../common/api';
import type { IntentListQueryDto } from '../common/intent.dto';

export const DEFAULT_PAGE_SIZE = 200;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A page of the app's intent tree, flattened in tree order: the rows that match the search and filters
 * plus their ancestors (so each match keeps its place), each parent before its follow-ups, siblings in
 * the chosen sort. The order is the path the database keeps on every intent (`name_path` or
 * `updated_path`, collation "C"), so the whole list (or one kind: a Q&A pair has no parent or
 * follow-ups) is a range of a per-app index, at any depth; a search or a category or label filter sorts
 * only its matches and their ancestors.
 */
export async function listIntentTree(db: DbExecutor, appId: string, query: IntentListQueryDto): Promise<IntentListResponse> {
  const conditions: SQL[] = [sql`i.app_id = ${appId}`];
  if (query.kind) conditions.push(sql`i.kind = ${query.kind}`);
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    // The app's phrases are scanned once for the pattern, not once per intent.
    conditions.push(
      sql`(lower(i.display_name) like ${pattern} or i.id in (select tp.intent_id from training_phrases tp where tp.app_id = ${appId} and lower(tp.text) like ${pattern}))`,
    );
  }
  if (query.categoryId) conditions.push(sql`exists (select 1 from intent_categories ic where ic.intent_id = i.id and ic.category_id = ${query.categoryId})`);
  if (query.labelId) conditions.push(sql`exists (select 1 from intent_labels il where il.intent_id = i.id and il.label_id = ${query.labelId})`);
  const where = sql.join(conditions, sql` and `);
  // Only the kind (or nothing) narrows the list: it is closed under ancestors, an index range.
  const ranged = !search && !query.categoryId && !query.labelId;

  const column = query.sort === 'updatedAt' ? 'updated_path' : 'name_path';
  const path = sql.raw(`i.${column} collate "C" ${query.order === 'desc' ? 'desc' : 'asc'}`);
  const level = sql.raw(`length(i.${column}) - length(replace(i.${column}, chr(2), '')) + 1`);
  const offset = query.offset ?? 0;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const columns = sql`i.id, i.kind, i.display_name, i.parent_id, ${level} as level, i.default_kind, i.answer_owner, i.source_url,
      i.review_by::text as review_by, i.updated_at,
      (select count(*)::int from training_phrases tp where tp.intent_id = i.id) as phrase_count,
      (select count(*)::int from intents c where c.parent_id = i.id) as child_count,
      coalesce((select array_agg(ic.category_id::text) from intent_categories ic where ic.intent_id = i.id), '{}') as category_ids,
      coalesce((select array_agg(il.label_id::text) from intent_labels il where il.intent_id = i.id), '{}') as label_ids`;

  const result = ranged
    ? await db.execute(sql`
        with page as (select i.id from intents i where ${where} order by ${path} offset ${offset} limit ${limit})
        select ${columns}, true as matched
        from page join intents i on i.id = page.id
        order by ${path}`)
    : await db.execute(sql`
        with recursive
          matched as (select unnest(${`{${await matchedIds(db, where)}}`}::uuid[]) as id),
          up(id, parent_id) as (
            select i.id, i.parent_id from intents i join matched m on m.id = i.id
            union
            select p.id, p.parent_id from intents p join up on up.parent_id = p.id
          ),
          page as (
            select i.id, count(*) over () as total from up join intents i on i.id = up.id order by ${path} offset ${offset} limit ${limit}
          )
        select ${columns}, page.total::int as total, exists (select 1 from matched m where m.id = i.id) as matched
        from page join intents i on i.id = page.id
        order by ${path}`);
  const raw = rowsOf(result);
  const rows: IntentRow[] = raw.map((r) => ({
    id: String(r.id),
    kind: r.kind as IntentRow['kind'],
    displayName: String(r.display_name),
    parentId: (r.parent_id as string | null) ?? null,
    level: Number(r.level),
    defaultKind: (r.default_kind as IntentRow['defaultKind']) ?? null,
    phraseCount: Number(r.phrase_count),
    childCount: Number(r.child_count),
    categoryIds: asArray(r.category_ids),
    labelIds: asArray(r.label_ids),
    answerOwner: (r.answer_owner as string | null) ?? null,
    sourceUrl: (r.source_url as string | null) ?? null,
    reviewBy: (r.review_by as string | null) ?? null,
    updatedAt: new Date(r.updated_at as string | Date).toISOString(),
    matched: Boolean(r.matched),
  }));
  // Kept by the database per statement (migration 0001): not a count over the app's intents per page.
  const countResult = await db.execute(sql`select kind, n from intent_counts where app_id = ${appId}`);
  const counts = { intent: 0, qna: 0 };
  for (const row of rowsOf(countResult)) counts[row.kind as 'intent' | 'qna'] = Number(row.n);
  let total: number;
  if (ranged) total = query.kind ? counts[query.kind as 'intent' | 'qna'] : counts.intent + counts.qna;
  else total = raw.length > 0 ? Number(raw[0].total) : offset > 0 ? await countTree(db, where) : 0;
  return { rows, total, offset, counts };
}

/**
 * The ids that match a search or filter, found first: the planner cannot guess how few rows a
 * `like '%…%'` keeps (it guessed half of a 110,000-intent app and hashed the whole table, with JIT),
 * so the tree query gets them as a list whose length it knows.
 */
async function matchedIds(db: DbExecutor, where: SQL): Promise<string> {
  const result = await db.execute(sql`select i.id from intents i where ${where}`);
  return rowsOf(result)
    .map((r) => String(r.id))
    .join(',');
}

async function countTree(db: DbExecutor, where: SQL): Promise<number> {
  const result = await db.execute(sql`
    with recursive
      matched as (select i.id from intents i where ${where}),
      up(id, parent_id) as (
        select i.id, i.parent_id from intents i join matched m on m.id = i.id
        union
        select p.id, p.parent_id from intents p join up on up.parent_id = p.id
      )
    select count(*)::int as n from up`);
  return Number(rowsOf(result)[0]?.n ?? 0);
}

/** Postgres text[] may arrive as an array or, from some drivers, as its literal `{a,b}`. */
function asArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.startsWith('{')) return value.slice(1, -1).split(',').filter((v) => v !== '');
  return [];
}

/** The intent and all of its follow-ups, any depth (ids). */
export async function subtreeIds(db: DbExecutor, intentId: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive sub(id) as (
      select id from intents where id = ${intentId}
      union all
      select c.id from intents c join sub on c.parent_id = sub.id
    ) select id from sub`);
  return rowsOf(result).map((r) => String(r.id));
}

/** Rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
export function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return ((result as { rows?: Array<Record<string, unknown>> }).rows ?? []);
}
