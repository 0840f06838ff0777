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
 * the chosen sort. One recursive query; paging is by offset over the flattened rows, with the total.
 */
export async function listIntentTree(db: DbExecutor, appId: string, query: IntentListQueryDto): Promise<IntentListResponse> {
  const conditions: SQL[] = [sql`i.app_id = ${appId}`];
  if (query.kind) conditions.push(sql`i.kind = ${query.kind}`);
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    conditions.push(
      sql`(lower(i.display_name) like ${pattern} or exists (select 1 from training_phrases tp where tp.intent_id = i.id and lower(tp.text) like ${pattern}))`,
    );
  }
  if (query.categoryId) conditions.push(sql`exists (select 1 from intent_categories ic where ic.intent_id = i.id and ic.category_id = ${query.categoryId})`);
  if (query.labelId) conditions.push(sql`exists (select 1 from intent_labels il where il.intent_id = i.id and il.label_id = ${query.labelId})`);
  const where = sql.join(conditions, sql` and `);

  // Sibling order key: the sort field, then the id so that equal names stay in a stable order.
  const key = (alias: string) =>
    query.sort === 'updatedAt'
      ? sql.raw(`to_char(${alias}.updated_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') || ${alias}.id::text`)
      : sql.raw(`lower(${alias}.display_name) || chr(1) || ${alias}.id::text`);
  const direction = sql.raw(query.order === 'desc' ? 'desc' : 'asc');
  const offset = query.offset ?? 0;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;

  const result = await db.execute(sql`
    with recursive
      matched as (select i.id from intents i where ${where}),
      up(id, parent_id) as (
        select i.id, i.parent_id from intents i join matched m on m.id = i.id
        union
        select p.id, p.parent_id from intents p join up on up.parent_id = p.id
      ),
      tree(id, level, path) as (
        select i.id, 1, array[${key('i')}] from intents i join up on up.id = i.id where i.parent_id is null
        union all
        select c.id, t.level + 1, t.path || ${key('c')} from intents c join up on up.id = c.id join tree t on c.parent_id = t.id
      ),
      page as (
        select id, level, path, count(*) over () as total from tree order by path ${direction} offset ${offset} limit ${limit}
      )
    select i.id, i.kind, i.display_name, i.parent_id, page.level, i.default_kind, i.answer_owner, i.source_url,
      i.review_by::text as review_by, i.updated_at, page.total::int as total,
      exists (select 1 from matched m where m.id = i.id) as matched,
      (select count(*)::int from training_phrases tp where tp.intent_id = i.id) as phrase_count,
      (select count(*)::int from intents c where c.parent_id = i.id) as child_count,
      coalesce((select array_agg(ic.category_id::text) from intent_categories ic where ic.intent_id = i.id), '{}') as category_ids,
      coalesce((select array_agg(il.label_id::text) from intent_labels il where il.intent_id = i.id), '{}') as label_ids
    from page join intents i on i.id = page.id
    order by page.path ${direction}
  `);
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
  let total = raw.length > 0 ? Number(raw[0].total) : 0;
  if (raw.length === 0 && offset > 0) total = await countTree(db, where);

  const countResult = await db.execute(sql`select kind, count(*)::int as n from intents where app_id = ${appId} group by kind`);
  const counts = { intent: 0, qna: 0 };
  for (const row of rowsOf(countResult)) counts[row.kind as 'intent' | 'qna'] = Number(row.n);
  return { rows, total, offset, counts };
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
