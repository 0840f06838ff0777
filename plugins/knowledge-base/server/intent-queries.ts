import { and, count, eq, isNotNull, lt, sql, type DbExecutor } from '@civic/sdk/server';
import type { IntentCounts } from '../contract/server/intent-counts';
import type { ReviewDates } from '../contract/server/review-dates';
import { intents } from './db/schema';
import { eachKey } from './set-based';

/** The `IntentCounts` service. */
export const intentCounts: IntentCounts = {
  async total(db: DbExecutor, appId: string) {
    const [row] = await db.select({ n: count() }).from(intents).where(eq(intents.appId, appId));
    return Number(row?.n ?? 0);
  },
  async newNames(db: DbExecutor, appId: string, names: readonly string[]) {
    const unique = [...new Set(names.map((name) => name.toLowerCase()))];
    if (unique.length === 0) return 0;
    // One index probe per name (eachKey): an anti-join's plan rests on PGlite's guesses (no statistics).
    const result = (await db.execute(
      sql`select count(*)::int as n from ${eachKey(unique, sql`select 1 as found from ${intents} t where t.app_id = ${appId} and lower(t.display_name) = k.key`, 'left')} where hit.found is null`,
    )) as unknown as { rows: Array<{ n: number }> };
    return Number(result.rows[0]?.n ?? 0);
  },
};

/** The `ReviewDates` service. */
export const reviewDates: ReviewDates = {
  async overdue(db: DbExecutor, appId: string, today: string) {
    const rows = await db
      .select({ intentId: intents.id, displayName: intents.displayName, kind: intents.kind, reviewBy: intents.reviewBy })
      .from(intents)
      .where(and(eq(intents.appId, appId), isNotNull(intents.reviewBy), lt(intents.reviewBy, today)))
      .orderBy(intents.reviewBy, intents.displayName);
    return rows.map((row) => ({ intentId: row.intentId, displayName: row.displayName, kind: row.kind, reviewBy: row.reviewBy ?? '' }));
  },
};
