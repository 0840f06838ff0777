import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../db/database';

/** What pg-boss runs its SQL through (its `db` option): `$1`-style text and its values. */
export interface SqlRunner {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss SQL through a drizzle executor — the caller's transaction when there is one, so a job's
 * queue entry commits (or rolls back) with the row that describes it. Only single statements go this
 * way (sending, cancelling); pg-boss's multi-statement scripts use the database's own runner.
 */
export function executorSql(db: DbExecutor): SqlRunner {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      // Split on $n placeholders: odd parts are parameter numbers.
      text.split(/\$(\d+)/).forEach((part, index) => chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`));
      const result = (await db.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
