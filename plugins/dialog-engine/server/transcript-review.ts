import { and, desc, eq, gte, inArray, lt, or, sql, type DbExecutor, type SQL } from '@civic/sdk/server';
import type { TranscriptReview } from '../contract/server/transcript-review';
import type { TranscriptFilterItem, TranscriptPageRequest, TranscriptQuery, TranscriptRecord } from '../contract/transcripts';
import { transcripts } from './db/schema';
import { likeEscape, rarestWord, wordConditions } from './search-words';

export { rarestWord } from './search-words';

type Row = typeof transcripts.$inferSelect;

function record(row: Row): TranscriptRecord {
  return {
    transcriptId: row.id,
    appId: row.appId,
    sessionId: row.sessionId,
    data: row.data,
    transAuthor: row.transAuthor,
    reply: row.reply,
    confidenceScore: row.confidenceScore,
    intentId: row.intentId,
    intentName: row.intentName,
    fallback: row.fallback,
    topMatches: row.topMatches,
    contentVersion: row.contentVersion,
    environment: row.environment,
    channel: row.channel,
    thumbsUp: row.thumbsUp,
    thumbsDown: row.thumbsDown,
    reviewStatus: row.reviewStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const TEXT_COLUMNS = {
  data: transcripts.data,
  intentName: transcripts.intentName,
  reviewStatus: transcripts.reviewStatus,
  channel: transcripts.channel,
  environment: transcripts.environment,
  transAuthor: transcripts.transAuthor,
} as const;

function itemCondition(item: TranscriptFilterItem): SQL {
  if (item.field === 'confidenceScore') {
    const value = Number(item.value);
    const n = Number.isFinite(value) ? value : 0;
    const column = transcripts.confidenceScore;
    switch (item.operator) {
      case 'greaterThan':
        return sql`${column} > ${n}`;
      case 'lessThan':
        return sql`${column} < ${n}`;
      case 'notEquals':
        return sql`${column} <> ${n}`;
      default:
        return sql`${column} = ${n}`;
    }
  }
  if (item.field === 'thumbsUp' || item.field === 'thumbsDown') {
    const column = item.field === 'thumbsUp' ? transcripts.thumbsUp : transcripts.thumbsDown;
    const wanted = item.value.trim().toLowerCase() === 'true';
    return item.operator === 'notEquals' ? sql`${column} <> ${wanted}` : sql`${column} = ${wanted}`;
  }
  const column = sql`coalesce(${TEXT_COLUMNS[item.field]}, '')`;
  switch (item.operator) {
    case 'contains':
      return sql`${column} ilike ${`%${likeEscape(item.value)}%`}`;
    case 'startsWith':
      return sql`${column} ilike ${`${likeEscape(item.value)}%`}`;
    case 'notEquals':
      return sql`${column} <> ${item.value}`;
    case 'greaterThan':
      return sql`${column} > ${item.value}`;
    case 'lessThan':
      return sql`${column} < ${item.value}`;
    default:
      return sql`${column} = ${item.value}`;
  }
}

/** Which ends of the time range the WHERE states (a keyset page leaves out the one its cursor already implies). */
interface RangeBounds {
  start: boolean;
  end: boolean;
}

/** How the WHERE is written (same rows either way): which range ends it states, which word reads the trigram index. */
export interface WhereShape {
  bounds?: RangeBounds;
  /** With several words, the one the trigram index serves; the others are checked on its rows only. */
  indexedWord?: string;
}

/** The WHERE of a query: app, time range, matched or not, the review-status rule, the table filter, the text. */
export function whereOf(query: TranscriptQuery, shape: WhereShape = {}): SQL {
  const bounds = shape.bounds ?? { start: true, end: true };
  const parts: SQL[] = [eq(transcripts.appId, query.appId)];
  if (bounds.start) parts.push(gte(transcripts.createdAt, query.start));
  if (bounds.end) parts.push(lt(transcripts.createdAt, query.end));
  parts.push(eq(transcripts.fallback, !query.matched));
  // §7: contains "" (unmatched questions) holds for every row: no condition, so the index serves the sort.
  if (query.reviewStatus.operator === 'equals') parts.push(eq(transcripts.reviewStatus, query.reviewStatus.value));
  else if (query.reviewStatus.value !== '') parts.push(sql`${transcripts.reviewStatus} ilike ${`%${likeEscape(query.reviewStatus.value)}%`}`);
  if (query.items.length > 0) {
    const items = query.items.map(itemCondition);
    parts.push(query.link === 'OR' ? or(...items)! : and(...items)!);
  }
  parts.push(...wordConditions(query, shape.indexedWord));
  return and(...parts)!;
}

interface Cursor {
  v: string | number;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string | undefined): Cursor | null {
  if (!text) return null;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (typeof value?.id !== 'string' || !/^[0-9a-f-]{36}$/i.test(value.id) || (typeof value.v !== 'string' && typeof value.v !== 'number')) return null;
    return value;
  } catch {
    return null;
  }
}

/** An invalid cursor (tampered, or from another sort) is refused rather than silently restarting. */
export class CursorError extends Error {
  override name = 'CursorError';
}

/** Row comparison: the (sort value, id) pair strictly after the last row seen, in the sort's direction. */
function keysetAfter(column: typeof transcripts.createdAt | typeof transcripts.confidenceScore, order: 'asc' | 'desc', value: Date | number, id: string): SQL {
  return order === 'asc' ? sql`(${column}, ${transcripts.id}) > (${value}, ${id})` : sql`(${column}, ${transcripts.id}) < (${value}, ${id})`;
}

async function search(db: DbExecutor, query: TranscriptQuery, page: TranscriptPageRequest): Promise<{ rows: TranscriptRecord[]; next: string | null; total?: number }> {
  const column = page.sortBy === 'confidenceScore' ? transcripts.confidenceScore : transcripts.createdAt;
  // The indexes are (… created_at DESC NULLS LAST, id DESC NULLS LAST): say the nulls order too, or
  // PostgreSQL cannot walk them for the sort (the columns are never null, but the planner does not know).
  const direction = page.sortOrder === 'asc' ? (c: SQL | typeof column | typeof transcripts.id) => sql`${c} asc nulls first` : (c: SQL | typeof column | typeof transcripts.id) => sql`${c} desc nulls last`;
  const cursor = decodeCursor(page.after);
  if (page.after && !cursor) throw new CursorError('The page cursor is not valid for this search');
  let bounds: RangeBounds = { start: true, end: true };
  let after: SQL | undefined;
  if (cursor && page.sortBy === 'confidenceScore') {
    if (typeof cursor.v !== 'number') throw new CursorError('The page cursor is from another sort');
    after = keysetAfter(column, page.sortOrder, cursor.v, cursor.id);
  } else if (cursor) {
    const time = typeof cursor.v === 'string' ? new Date(cursor.v) : new Date(Number.NaN);
    if (Number.isNaN(time.getTime())) throw new CursorError('The page cursor is from another sort');
    // Sorted by time, the cursor and the range's near end bound the same column from the same side:
    // state only the tighter of the two (it implies the other). PostgreSQL 18 (PGlite) starts the
    // index scan at the plain bound when both are given and walks every entry up to the cursor (at
    // 250,000 rows deep, 3,680 buffers instead of 5); with the cursor alone it starts at the cursor.
    const cursorIsTighter = page.sortOrder === 'asc' ? time >= query.start : time < query.end;
    if (cursorIsTighter) {
      after = keysetAfter(column, page.sortOrder, time, cursor.id);
      bounds = page.sortOrder === 'asc' ? { start: false, end: true } : { start: true, end: false };
    }
  }
  const shape: WhereShape = { bounds, indexedWord: await rarestWord(db, query) };
  const conditions = after ? [whereOf(query, shape), after] : [whereOf(query, shape)];
  // The capped total rides in the page's statement (an uncorrelated subquery: PostgreSQL runs it once,
  // with the first row): one statement and one plan for the first page and its total, not two.
  const countable = page.countUpTo === undefined ? undefined : whereOf(query, { indexedWord: shape.indexedWord });
  const total = countable && page.countUpTo !== undefined ? sql<number>`(${cappedCountSql(db, countable, page.countUpTo)})` : sql<null>`null::int`;
  let statement = db
    .select({ row: transcripts, total })
    .from(transcripts)
    .where(and(...conditions))
    .orderBy(direction(column), direction(transcripts.id))
    .limit(page.limit + 1)
    .$dynamic();
  if (!cursor && page.offset) statement = statement.offset(page.offset);
  const found = await statement;
  const rows = found.map((f) => f.row);
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  const next = more && last ? encodeCursor({ v: page.sortBy === 'confidenceScore' ? last.confidenceScore : last.createdAt.toISOString(), id: last.id }) : null;
  if (!countable || page.countUpTo === undefined) return { rows: shown.map(record), next };
  // No row, no total with it: none match, unless the page started past them (a cursor, an offset).
  const counted = found[0] ? Number(found[0].total) : !cursor && !page.offset ? 0 : await cappedCount(db, countable, page.countUpTo);
  return { rows: shown.map(record), next, total: counted };
}

/** `select count(*)` of the rows matching `where`, reading at most `cap` of them. */
function cappedCountSql(db: DbExecutor, where: SQL, cap: number) {
  const inner = db.select({ id: transcripts.id }).from(transcripts).where(where).limit(cap).as('capped');
  return db.select({ n: sql<number>`count(*)::int` }).from(inner);
}

async function cappedCount(db: DbExecutor, where: SQL, cap: number): Promise<number> {
  const [row] = await cappedCountSql(db, where, cap);
  return Number(row?.n ?? 0);
}

export const transcriptReview: TranscriptReview = {
  search,
  count: async (db, query, cap) => cappedCount(db, whereOf(query, { indexedWord: await rarestWord(db, query) }), cap),
  async ids(db, query, max) {
    const rows = await db.select({ id: transcripts.id }).from(transcripts).where(whereOf(query)).orderBy(desc(transcripts.createdAt), desc(transcripts.id)).limit(max);
    return rows.map((row) => row.id);
  },
  async get(db, appId, ids) {
    if (ids.length === 0) return [];
    const rows = await db
      .select()
      .from(transcripts)
      .where(and(eq(transcripts.appId, appId), inArray(transcripts.id, [...ids])));
    return rows.map(record);
  },
  async setReviewStatus(db, appId, target, status, now) {
    let where: SQL;
    if ('ids' in target) {
      if (target.ids.length === 0) return [];
      where = and(eq(transcripts.appId, appId), inArray(transcripts.id, [...target.ids]))!;
    } else {
      const ids = db.select({ id: transcripts.id }).from(transcripts).where(whereOf({ ...target.query, appId })).limit(target.max);
      where = and(eq(transcripts.appId, appId), inArray(transcripts.id, ids))!;
    }
    const changed = await db.update(transcripts).set({ reviewStatus: status, updatedAt: now }).where(where).returning({ id: transcripts.id });
    return changed.map((row) => row.id);
  },
  async candidates(db, appId, since, limit) {
    const rows = await db
      .select()
      .from(transcripts)
      .where(and(eq(transcripts.appId, appId), eq(transcripts.reviewStatus, 'PENDING'), gte(transcripts.createdAt, since)))
      .orderBy(desc(transcripts.createdAt), desc(transcripts.id))
      .limit(limit);
    return rows.map(record);
  },
  pendingCount: (db, appId, cap) => cappedCount(db, and(eq(transcripts.appId, appId), eq(transcripts.reviewStatus, 'PENDING'))!, cap),
};
