import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../db/database';

interface CommitQueue {
  open: boolean;
  runs: Array<() => void>;
}

const queues = new WeakMap<object, CommitQueue>();
const TRACKED = Symbol('civic.afterCommit');

type TransactionFn = (body: (tx: DbExecutor) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/**
 * Drizzle has no commit hook, so the database's `transaction` is wrapped once (at server start):
 * every transaction opened through it — a request's, a job's, a plugin's own — gets a queue that
 * runs after its commit and is dropped when it rolls back. A savepoint that fails drops what was
 * queued inside it.
 */
export function trackCommits(db: DbExecutor): void {
  const target = db as unknown as { transaction: TransactionFn; [TRACKED]?: true };
  if (target[TRACKED]) return;
  const original = target.transaction.bind(db);
  target[TRACKED] = true;
  target.transaction = async (body, config) => {
    const queue: CommitQueue = { open: true, runs: [] };
    let result: unknown;
    try {
      result = await original(async (tx) => {
        watch(tx, queue);
        return body(tx);
      }, config);
    } finally {
      queue.open = false;
    }
    // Committed: run in order; one failing must not stop the others (they log their own errors).
    for (const run of queue.runs) {
      try {
        run();
      } catch {
        /* the queued functions handle their errors */
      }
    }
    return result;
  };
}

function watch(tx: DbExecutor, queue: CommitQueue): void {
  queues.set(tx, queue);
  const target = tx as unknown as { transaction: TransactionFn };
  const nested = target.transaction.bind(tx);
  target.transaction = async (body, config) => {
    const mark = queue.runs.length;
    try {
      return await nested(async (inner) => {
        watch(inner, queue);
        return body(inner);
      }, config);
    } catch (error) {
      queue.runs.length = mark;
      throw error;
    }
  };
}

/**
 * Queues `run` for after the commit of the transaction `executor` is, and answers true; false when
 * `executor` is the database itself (nothing to wait for). Throws for a transaction not opened
 * through a tracked database: its commit could not be seen.
 */
export function afterCommit(executor: DbExecutor, run: () => void): boolean {
  const queue = queues.get(executor);
  if (queue?.open) {
    queue.runs.push(run);
    return true;
  }
  if (queue || executor instanceof PgTransaction) {
    throw new Error('This transaction is not one the server opened (or it has ended): an event published in it could not wait for its commit');
  }
  return false;
}
