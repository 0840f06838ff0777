import { and, asc, desc, eq, inArray, lt, or, gt, sql, type DbExecutor } from '@civic/sdk/server';
import type { GroupedPairs } from './conflict-groups';
import { conflictGroups, conflictPairs, conflictRuns } from './db/schema';

/**
 * Rows per insert statement: each is short (tens of milliseconds on PGlite, whose statements run on
 * the request thread), so other requests get the connection and the thread in between.
 */
const BATCH = 500;

export type ConflictRun = typeof conflictRuns.$inferSelect;
export type GroupSort = 'pairs' | 'score';

/**
 * Yields to the event loop. A PGlite statement runs on the request thread and its promise resolves
 * without a turn of the loop, so a loop of statements needs this between them to let requests in.
 */
export const pause = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Writes a run's groups and pairs under a new `writing` run, in batches outside any transaction;
 * `promoteRun` then makes it the app's current run in the job's final transaction.
 */
export async function writeRun(
  db: DbExecutor,
  run: { appId: string; jobId: string; threshold: number; phrases: number; millis: number },
  grouped: GroupedPairs,
  ids: { phrases: readonly string[]; hashes: Int32Array; intents: readonly string[] },
  throwIfCancelled: () => void,
): Promise<ConflictRun> {
  const { groups } = grouped;
  const identical = groups.identical.reduce((sum, count) => sum + count, 0);
  const [row] = await db
    .insert(conflictRuns)
    .values({ ...run, state: 'writing', groups: groups.pairs.length, pairs: grouped.group.length, identical })
    .returning();
  for (let from = 0; from < groups.pairs.length; from += BATCH) {
    throwIfCancelled();
    const rows: Array<[number, string, string, number, number, number]> = [];
    for (let g = from; g < Math.min(groups.pairs.length, from + BATCH); g += 1) {
      rows.push([g + 1, ids.intents[groups.intentA[g]], ids.intents[groups.intentB[g]], groups.pairs[g], groups.maxScore[g], groups.identical[g]]);
    }
    await db.execute(sql`insert into ${conflictGroups} (run_id, app_id, no, intent_a, intent_b, pair_count, max_score, identical_count)
      select ${row.id}, ${run.appId}, (x->>0)::int, (x->>1)::uuid, (x->>2)::uuid, (x->>3)::int, (x->>4)::int, (x->>5)::int
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as x`);
    await pause();
  }
  for (let from = 0; from < grouped.group.length; from += BATCH) {
    throwIfCancelled();
    const rows: Array<[number, number, string, string, number, number, number, number]> = [];
    for (let i = from; i < Math.min(grouped.group.length, from + BATCH); i += 1) {
      const a = grouped.phraseA[i];
      const b = grouped.phraseB[i];
      rows.push([grouped.group[i], grouped.rank[i], ids.phrases[a], ids.phrases[b], ids.hashes[a], ids.hashes[b], grouped.score[i], grouped.identical[i]]);
    }
    await db.execute(sql`insert into ${conflictPairs} (run_id, group_no, rank, phrase_a, phrase_b, hash_a, hash_b, score, identical)
      select ${row.id}, (x->>0)::int, (x->>1)::int, (x->>2)::uuid, (x->>3)::uuid, (x->>4)::int, (x->>5)::int, (x->>6)::int, (x->>7)::int = 1
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as x`);
    await pause();
  }
  return row;
}

/** In the job's final transaction: the new run becomes current, the one before it replaced. */
export async function promoteRun(tx: DbExecutor, appId: string, runId: string, finishedAt: Date): Promise<void> {
  await tx.update(conflictRuns).set({ state: 'replaced' }).where(and(eq(conflictRuns.appId, appId), eq(conflictRuns.state, 'current')));
  await tx.update(conflictRuns).set({ state: 'current', finishedAt }).where(eq(conflictRuns.id, runId));
}

/**
 * Deletes the app's replaced runs and runs left `writing` (a cancelled or crashed run; `keep` is
 * the one being written now), a batch of pairs per statement.
 */
export async function deleteOldRuns(db: DbExecutor, appId: string, keep?: string): Promise<void> {
  const old = await db
    .select({ id: conflictRuns.id })
    .from(conflictRuns)
    .where(and(eq(conflictRuns.appId, appId), inArray(conflictRuns.state, ['replaced', 'writing'])));
  for (const { id } of old.filter((run) => run.id !== keep)) {
    for (;;) {
      const gone = await db.execute(sql`delete from ${conflictPairs} where (run_id, group_no, rank) in (
        select run_id, group_no, rank from ${conflictPairs} where run_id = ${id} limit ${BATCH * 2}) returning 1`);
      await pause();
      if (rowCount(gone) < BATCH * 2) break;
    }
    await db.delete(conflictRuns).where(eq(conflictRuns.id, id));
  }
}

function rowCount(result: unknown): number {
  const r = result as { rows?: unknown[]; length?: number; rowCount?: number };
  return r.rows?.length ?? r.length ?? r.rowCount ?? 0;
}

export async function currentRun(db: DbExecutor, appId: string): Promise<ConflictRun | undefined> {
  const [run] = await db.select().from(conflictRuns).where(and(eq(conflictRuns.appId, appId), eq(conflictRuns.state, 'current'))).limit(1);
  return run;
}

/** A keyset page of the run's groups: most pairs (or best score) first, then by rank. */
export async function groupPage(db: DbExecutor, runId: string, sort: GroupSort, after: { value: number; no: number } | null, limit: number) {
  const value = sort === 'pairs' ? conflictGroups.pairCount : conflictGroups.maxScore;
  const keyset = after ? or(lt(value, after.value), and(eq(value, after.value), gt(conflictGroups.no, after.no))) : undefined;
  return db
    .select()
    .from(conflictGroups)
    .where(and(eq(conflictGroups.runId, runId), keyset))
    .orderBy(desc(value), asc(conflictGroups.no))
    .limit(limit);
}

export async function groupOf(db: DbExecutor, runId: string, intentA: string, intentB: string) {
  const [group] = await db
    .select()
    .from(conflictGroups)
    .where(and(eq(conflictGroups.runId, runId), eq(conflictGroups.intentA, intentA), eq(conflictGroups.intentB, intentB)));
  return group;
}

/** A keyset page of one group's pairs, best first. */
export function pairPage(db: DbExecutor, runId: string, groupNo: number, afterRank: number, limit: number) {
  return db
    .select()
    .from(conflictPairs)
    .where(and(eq(conflictPairs.runId, runId), eq(conflictPairs.groupNo, groupNo), gt(conflictPairs.rank, afterRank)))
    .orderBy(asc(conflictPairs.rank))
    .limit(limit);
}

/**
 * A phrase moved or deleted on the page: its pairs leave the current run, and the groups and totals
 * they counted in are counted again (a group with none left goes).
 */
export async function dropPhrasePairs(db: DbExecutor, appId: string, phraseId: string): Promise<void> {
  const run = await currentRun(db, appId);
  if (run) await dropPairsOf(db, run.id, [phraseId]);
}

/** The run's pairs of these phrases leave it; their groups are counted again and the run's totals follow. */
export async function dropPairsOf(db: DbExecutor, runId: string, phraseIds: readonly string[]): Promise<number> {
  let dropped = 0;
  for (let from = 0; from < phraseIds.length; from += BATCH) {
    const ids = `{${phraseIds.slice(from, from + BATCH).join(',')}}`;
    const gone = await db
      .delete(conflictPairs)
      .where(and(eq(conflictPairs.runId, runId), or(sql`${conflictPairs.phraseA} = any(${ids}::uuid[])`, sql`${conflictPairs.phraseB} = any(${ids}::uuid[])`)))
      .returning({ groupNo: conflictPairs.groupNo, identical: conflictPairs.identical });
    if (gone.length > 0) await recount(db, runId, gone);
    dropped += gone.length;
    await pause();
  }
  return dropped;
}

async function recount(db: DbExecutor, runId: string, gone: ReadonlyArray<{ groupNo: number; identical: boolean }>): Promise<void> {
  const groups = [...new Set(gone.map((row) => row.groupNo))];
  await db.execute(sql`update ${conflictGroups} g set
      pair_count = s.pairs, max_score = s.max_score, identical_count = s.identical
    from (select gn.no, count(p.rank)::int as pairs, coalesce(max(p.score), 0) as max_score, count(*) filter (where p.identical)::int as identical
          from unnest(${`{${groups.join(',')}}`}::int[]) as gn(no)
          left join ${conflictPairs} p on p.run_id = ${runId} and p.group_no = gn.no
          group by gn.no) s
    where g.run_id = ${runId} and g.no = s.no`);
  const emptied = await db
    .delete(conflictGroups)
    .where(and(eq(conflictGroups.runId, runId), eq(conflictGroups.pairCount, 0)))
    .returning({ no: conflictGroups.no });
  await db
    .update(conflictRuns)
    .set({
      pairs: sql`${conflictRuns.pairs} - ${gone.length}`,
      identical: sql`${conflictRuns.identical} - ${gone.filter((row) => row.identical).length}`,
      groups: sql`${conflictRuns.groups} - ${emptied.length}`,
    })
    .where(eq(conflictRuns.id, runId));
}
