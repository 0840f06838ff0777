import { and, asc, eq, gt, or, sql, type DbExecutor, type ServerModuleApi } from '@civic/sdk/server';
import { knowledgeChanged } from '../../knowledge-base/contract/events';
import type { AppPhrases } from '../../knowledge-base/contract/server/app-phrases';
import { textHash } from './conflict-groups';
import { currentRun, dropPairsOf, pause } from './conflict-store';
import { conflictGroups, conflictPairs } from './db/schema';

/** Rows per statement while the run is checked (short statements: PGlite runs them on the request thread). */
const PAGE = 2_000;
/** Edits come in bursts: the run is checked this long after an app's last change. */
export const RECONCILE_QUIET_MS = 1_000;

export interface Reconciled {
  /** Pairs that left the run: a phrase of theirs went, moved or was edited. */
  dropped: number;
  /** Phrases found again under a new id: their intent was saved with the same text (the knowledge base writes an intent's phrases anew). */
  renamed: number;
}

/** Each phrase of the run's pairs with the intent and text hash it had when the run found it. */
async function phrasesOfRun(db: DbExecutor, runId: string): Promise<Map<string, { intent: string; hash: number }>> {
  const found = new Map<string, { intent: string; hash: number }>();
  for (let after = { group: 0, rank: 0 }; ; ) {
    const rows = await db
      .select({ group: conflictPairs.groupNo, rank: conflictPairs.rank, a: conflictPairs.phraseA, b: conflictPairs.phraseB, hashA: conflictPairs.hashA, hashB: conflictPairs.hashB, intentA: conflictGroups.intentA, intentB: conflictGroups.intentB })
      .from(conflictPairs)
      .innerJoin(conflictGroups, and(eq(conflictGroups.runId, conflictPairs.runId), eq(conflictGroups.no, conflictPairs.groupNo)))
      .where(and(eq(conflictPairs.runId, runId), or(gt(conflictPairs.groupNo, after.group), and(eq(conflictPairs.groupNo, after.group), gt(conflictPairs.rank, after.rank)))))
      .orderBy(asc(conflictPairs.groupNo), asc(conflictPairs.rank))
      .limit(PAGE);
    for (const row of rows) {
      found.set(row.a, { intent: row.intentA, hash: row.hashA });
      found.set(row.b, { intent: row.intentB, hash: row.hashB });
    }
    if (rows.length < PAGE) return found;
    after = rows[rows.length - 1];
    await pause();
  }
}

/** Every phrase of the app now, by id, and the ids holding each (intent, text hash). */
async function phrasesNow(db: DbExecutor, appId: string, phrases: AppPhrases) {
  const byId = new Map<string, { intent: string; hash: number }>();
  const byText = new Map<string, string[]>();
  for (let after: string | null = null; ; ) {
    const page = await phrases.page(db, appId, after, PAGE);
    for (const phrase of page) {
      const hash = textHash(phrase.text);
      byId.set(phrase.id, { intent: phrase.intentId, hash });
      const key = `${phrase.intentId}:${hash}`;
      const holders = byText.get(key);
      if (holders) holders.push(phrase.id);
      else byText.set(key, [phrase.id]);
    }
    if (page.length < PAGE) return { byId, byText };
    after = page[page.length - 1].id;
    await pause();
  }
}

/**
 * Brings the app's current conflict run in line with its phrases now, after changes made elsewhere
 * (the knowledge base, imports): a pair whose phrase went, moved to another intent or was edited
 * leaves the run, and its group's counts and the run's totals follow (a group with none left goes).
 * A phrase whose intent was saved with its text unchanged keeps its pairs under its new id.
 */
export async function reconcileRun(db: DbExecutor, appId: string, phrases: AppPhrases): Promise<Reconciled> {
  const run = await currentRun(db, appId);
  if (!run) return { dropped: 0, renamed: 0 };
  const stored = await phrasesOfRun(db, run.id);
  if (stored.size === 0) return { dropped: 0, renamed: 0 };
  const now = await phrasesNow(db, appId, phrases);
  const unchanged = new Set<string>();
  for (const [id, then] of stored) {
    const phrase = now.byId.get(id);
    if (phrase && phrase.intent === then.intent && phrase.hash === then.hash) unchanged.add(id);
  }
  // Each phrase now stands for at most one phrase of the run: an unchanged one for itself.
  const taken = new Set(unchanged);
  const renames: Array<[string, string]> = [];
  const gone: string[] = [];
  for (const [id, then] of [...stored].sort(([x], [y]) => (x < y ? -1 : 1))) {
    if (unchanged.has(id)) continue;
    const free = (now.byText.get(`${then.intent}:${then.hash}`) ?? []).filter((candidate) => !taken.has(candidate));
    if (free.length === 0) {
      gone.push(id);
      continue;
    }
    taken.add(free[0]);
    renames.push([id, free[0]]);
  }
  // A phrase's new id may be one the run had for another phrase (one moved into the place of an equal
  // one): drops go first, and a rename whose phrase is another's new id before that other's.
  const dropped = await dropPairsOf(db, run.id, gone);
  const targets = new Set(renames.map(([, next]) => next));
  await renamePhrases(db, run.id, renames.sort(([x], [y]) => Number(targets.has(y)) - Number(targets.has(x))));
  return { dropped, renamed: renames.length };
}

async function renamePhrases(db: DbExecutor, runId: string, renames: ReadonlyArray<[string, string]>): Promise<void> {
  for (let from = 0; from < renames.length; from += PAGE / 4) {
    const batch = renames.slice(from, from + PAGE / 4);
    const olds = `{${batch.map(([old]) => old).join(',')}}`;
    const news = `{${batch.map(([, next]) => next).join(',')}}`;
    for (const column of ['phrase_a', 'phrase_b']) {
      await db.execute(sql`update ${conflictPairs} p set ${sql.raw(column)} = m.next
        from unnest(${olds}::uuid[], ${news}::uuid[]) as m(old, next)
        where p.run_id = ${runId} and p.${sql.raw(column)} = m.old`);
      await pause();
    }
  }
}

/**
 * Keeps each app's current run true to its phrases between runs: `RECONCILE_QUIET_MS` after the
 * app's last `knowledge.changed` in this process, `reconcileRun`, one at a time per app.
 */
export function reconcileOnChange(api: Pick<ServerModuleApi, 'events' | 'db' | 'log'>, phrases: AppPhrases): { stop(): Promise<void> } {
  const { events, db, log } = api;
  const pending = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  const reconcile = (appId: string) => {
    const previous = running.get(appId) ?? Promise.resolve();
    const next = previous
      .then(() => reconcileRun(db, appId, phrases))
      .then(
        (done) => {
          if (done.dropped || done.renamed) log.info({ appId, ...done }, 'conflict run brought in line with changed phrases');
        },
        (error: unknown) => log.warn({ err: error, appId }, 'could not bring the conflict run in line with changed phrases'),
      )
      .finally(() => {
        if (running.get(appId) === next) running.delete(appId);
      });
    running.set(appId, next);
  };
  const unsubscribe = events.subscribe(knowledgeChanged, ({ appId }, meta) => {
    if (!meta.local) return;
    clearTimeout(pending.get(appId));
    const timer = setTimeout(() => {
      pending.delete(appId);
      reconcile(appId);
    }, RECONCILE_QUIET_MS);
    timer.unref();
    pending.set(appId, timer);
  });
  return {
    /** No reconcile starts from now on; those running finish (the server closes the database next). */
    async stop() {
      unsubscribe();
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
      await Promise.allSettled([...running.values()]);
    },
  };
}
