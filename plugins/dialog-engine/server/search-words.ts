import { sql, type DbExecutor, type SQL } from '@civic/sdk/server';
import type { TranscriptQuery } from '../contract/transcripts';
import { transcripts } from './db/schema';

/** LIKE pattern with the user's % and _ taken literally. */
export function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The search text's words (each must occur, case-insensitively). */
export function wordsOf(query: TranscriptQuery): string[] {
  return (query.text ?? '').trim().split(/\s+/).filter(Boolean);
}

/** A word the trigram index can narrow: three letters or digits in a row (shorter ones give no trigram). */
const TRIGRAM_WORD = /[\p{L}\p{N}]{3}/u;

/**
 * With several words, the one the trigram index should serve: the rarest by the planner's estimate.
 * Given every word, PostgreSQL reads the index for each and intersects, and a word in most questions
 * (a "number" in every one of 1,000,000) costs reading its whole posting lists: 1,245 buffers beside
 * 9 for the rare word alone (10 ms, 36 ms on PGlite, against 2 ms and 3 ms). The estimates cost one
 * plan, no rows read (PostgreSQL's statistics of `data`): a UNION ALL of one branch a word, each
 * branch's estimate in its node. One word, or none or one the index can narrow, costs no plan.
 */
export async function rarestWord(db: DbExecutor, query: TranscriptQuery): Promise<string | undefined> {
  const words = wordsOf(query);
  // At most eight branches: any further words are checked on the chosen word's rows as well.
  const candidates = [...new Set(words.filter((word) => TRIGRAM_WORD.test(word)))].slice(0, 8);
  if (words.length < 2 || candidates.length === 0) return undefined;
  if (candidates.length === 1) return candidates[0];
  const branches = candidates.map((word) => sql`select 1 from ${transcripts} where ${transcripts.data} ilike ${`%${likeEscape(word)}%`}`);
  const estimates = branchRows(await db.execute(sql`explain (format json) ${sql.join(branches, sql` union all `)}`));
  // A plan of another shape than one branch a word: no choice, PostgreSQL intersects them all (same rows).
  if (estimates.length !== candidates.length) return undefined;
  let best = 0;
  estimates.forEach((rows, i) => {
    if (rows < estimates[best]) best = i;
  });
  return candidates[best];
}

interface PlanNode {
  'Node Type'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

/** The row estimate of each branch of the top Append node in `explain (format json)` (the driver may give the JSON parsed or as text). */
function branchRows(result: unknown): number[] {
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  const cell = Object.values((rows[0] ?? {}) as Record<string, unknown>)[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan?: PlanNode }> | undefined;
  const top = plan?.[0]?.Plan;
  if (top?.['Node Type'] !== 'Append') return [];
  return (top.Plans ?? []).map((node) => Number(node['Plan Rows'] ?? Number.POSITIVE_INFINITY));
}

/** The text's conditions: each word in the question; with `indexedWord`, only that one in the indexed expression. */
export function wordConditions(query: TranscriptQuery, indexedWord: string | undefined): SQL[] {
  return wordsOf(query).map((word) => {
    const pattern = `%${likeEscape(word)}%`;
    // `data || ''` is the same text, but not the indexed expression: a filter on the indexed word's rows.
    return indexedWord === undefined || word === indexedWord ? sql`${transcripts.data} ilike ${pattern}` : sql`(${transcripts.data} || '') ilike ${pattern}`;
  });
}
