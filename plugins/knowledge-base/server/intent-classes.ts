import { and, count, eq, inArray, sql, type DbExecutor } from '@civic/sdk/server';
import type { ClassChange, ClassifiedIntents } from '../../classification/contract/server/index';
import { intentCategories, intentLabels, intents } from './db/schema';

/** The knowledge base's side of classification: its intents' categories and labels (registered at mount). */
export const knowledgeIntentClasses: ClassifiedIntents = {
  async usageCounts(db: DbExecutor, appId: string, kind: 'category' | 'label'): Promise<Map<string, number>> {
    const rows =
      kind === 'category'
        ? await db.select({ id: intentCategories.categoryId, n: count() }).from(intentCategories).innerJoin(intents, eq(intents.id, intentCategories.intentId)).where(eq(intents.appId, appId)).groupBy(intentCategories.categoryId)
        : await db.select({ id: intentLabels.labelId, n: count() }).from(intentLabels).innerJoin(intents, eq(intents.id, intentLabels.intentId)).where(eq(intents.appId, appId)).groupBy(intentLabels.labelId);
    return new Map(rows.map((row) => [row.id, Number(row.n)]));
  },

  async existing(db: DbExecutor, appId: string, intentIds: readonly string[]): Promise<string[]> {
    if (intentIds.length === 0) return [];
    const rows = await db.select({ id: intents.id }).from(intents).where(and(eq(intents.appId, appId), inArray(intents.id, [...intentIds])));
    return rows.map((row) => row.id);
  },

  async apply(db: DbExecutor, _appId: string, change: ClassChange, by: { userId: string; now: Date }) {
    const { intentIds, addCategoryIds: addC, removeCategoryIds: removeC, addLabelIds: addL, removeLabelIds: removeL } = change;
    if (intentIds.length === 0) return [];
    if (addC.length) await db.insert(intentCategories).values(intentIds.flatMap((intentId) => addC.map((categoryId) => ({ intentId, categoryId })))).onConflictDoNothing();
    if (removeC.length) await db.delete(intentCategories).where(and(inArray(intentCategories.intentId, intentIds), inArray(intentCategories.categoryId, removeC)));
    if (addL.length) await db.insert(intentLabels).values(intentIds.flatMap((intentId) => addL.map((labelId) => ({ intentId, labelId })))).onConflictDoNothing();
    if (removeL.length) await db.delete(intentLabels).where(and(inArray(intentLabels.intentId, intentIds), inArray(intentLabels.labelId, removeL)));
    await db.update(intents).set({ version: sql`${intents.version} + 1`, updatedAt: by.now, updatedBy: by.userId }).where(inArray(intents.id, intentIds));
    const cats = await db.select().from(intentCategories).where(inArray(intentCategories.intentId, intentIds));
    const labs = await db.select().from(intentLabels).where(inArray(intentLabels.intentId, intentIds));
    return intentIds.map((id) => ({
      id,
      categoryIds: cats.filter((c) => c.intentId === id).map((c) => c.categoryId).sort(),
      labelIds: labs.filter((l) => l.intentId === id).map((l) => l.labelId).sort(),
    }));
  },
};
