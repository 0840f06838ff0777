import { and, asc, count, eq, HttpError, sql, tierLimits, type DbExecutor } from '@civic/sdk/server';
import type { ClassCatalog } from '../../classification/contract/server/index';
import { intentCategories, intentLabels, intents, trainingPhrases } from './db/schema';
import { phraseText, type TrainingPhrase } from '../contract/common/knowledge/index';
import type { IntentDetail } from '../common/api';
import { KbMessages } from '../common/messages';
import { taggedEntities } from '../common/normalise';
import { rowsOf } from './intent-tree';

type IntentRowDb = typeof intents.$inferSelect;

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } } | null)?.code ?? (error as { cause?: { code?: string } } | null)?.cause?.code;
  return code === '23505';
}

export async function loadIntent(db: DbExecutor, appId: string, intentId: string): Promise<IntentDetail | null> {
  const [row] = await db.select().from(intents).where(and(eq(intents.id, intentId), eq(intents.appId, appId)));
  if (!row) return null;
  const [phrases, cats, labs, children, parent] = await Promise.all([
    db.select().from(trainingPhrases).where(eq(trainingPhrases.intentId, intentId)).orderBy(asc(trainingPhrases.position)),
    db.select({ id: intentCategories.categoryId }).from(intentCategories).where(eq(intentCategories.intentId, intentId)),
    db.select({ id: intentLabels.labelId }).from(intentLabels).where(eq(intentLabels.intentId, intentId)),
    db.select({ id: intents.id, displayName: intents.displayName }).from(intents).where(eq(intents.parentId, intentId)).orderBy(asc(intents.displayName)),
    row.parentId
      ? db.select({ id: intents.id, displayName: intents.displayName }).from(intents).where(eq(intents.id, row.parentId))
      : Promise.resolve([]),
  ]);
  return {
    ...toIntent(row),
    trainingPhrases: phrases.map((p) => ({ reference_id: p.referenceId, type: p.type, parts: p.parts })),
    categoryIds: cats.map((c) => c.id),
    labelIds: labs.map((l) => l.id),
    parent: parent[0] ?? null,
    children,
  };
}

function toIntent(row: IntentRowDb): Omit<IntentDetail, 'trainingPhrases' | 'categoryIds' | 'labelIds' | 'parent' | 'children'> {
  return {
    id: row.id,
    appId: row.appId,
    kind: row.kind,
    displayName: row.displayName,
    parentId: row.parentId,
    defaultKind: row.defaultKind,
    webhook_state: row.webhookState as IntentDetail['webhook_state'],
    action: row.action,
    events: row.events,
    inputContexts: row.inputContexts,
    outputContexts: row.outputContexts,
    parameters: row.parameters,
    responses: row.responses,
    answerOwner: row.answerOwner,
    sourceUrl: row.sourceUrl,
    reviewBy: row.reviewBy,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

/** Replaces the intent's phrases, in order. */
export async function writePhrases(db: DbExecutor, appId: string, intentId: string, phrases: TrainingPhrase[], replace: boolean): Promise<void> {
  if (replace) await db.delete(trainingPhrases).where(eq(trainingPhrases.intentId, intentId));
  await addPhrases(db, appId, [{ intentId, phrases }]);
}

/** Adds the phrases of new intents, each in order, in as few statements as rows allow. */
export async function addPhrases(db: DbExecutor, appId: string, list: ReadonlyArray<{ intentId: string; phrases: readonly TrainingPhrase[] }>): Promise<void> {
  const rows = list.flatMap(({ intentId, phrases }) =>
    phrases.map((phrase, position) => ({
      intentId,
      appId,
      position,
      referenceId: phrase.reference_id,
      type: phrase.type,
      parts: phrase.parts,
      text: phraseText(phrase),
      entityTypes: taggedEntities(phrase),
    })),
  );
  for (let i = 0; i < rows.length; i += 500) await db.insert(trainingPhrases).values(rows.slice(i, i + 500));
}

/** Replaces the categories and labels named (when given); they must belong to the app. */
export async function writeClassification(classes: ClassCatalog, db: DbExecutor, appId: string, intentId: string, categoryIds: string[] | undefined, labelIds: string[] | undefined, replace: boolean): Promise<void> {
  if (categoryIds) {
    const unique = [...new Set(categoryIds)];
    if (unique.length > 0) {
      const found = await classes.existing(db, appId, 'category', unique);
      if (found.length !== unique.length) throw HttpError.invalid(['A category does not exist in this app.']);
    }
    if (replace) await db.delete(intentCategories).where(eq(intentCategories.intentId, intentId));
    if (unique.length > 0) await db.insert(intentCategories).values(unique.map((categoryId) => ({ intentId, categoryId })));
  }
  if (labelIds) {
    const unique = [...new Set(labelIds)];
    if (unique.length > 0) {
      const found = await classes.existing(db, appId, 'label', unique);
      if (found.length !== unique.length) throw HttpError.invalid(['A label does not exist in this app.']);
    }
    if (replace) await db.delete(intentLabels).where(eq(intentLabels.intentId, intentId));
    if (unique.length > 0) await db.insert(intentLabels).values(unique.map((labelId) => ({ intentId, labelId })));
  }
}

/** 422 when the app already holds as many intents (and Q&A pairs) as its tier allows. */
export async function checkIntentLimit(db: DbExecutor, appId: string, tier: string, adding = 1): Promise<void> {
  const [limit] = await db.select({ max: tierLimits.maxIntents }).from(tierLimits).where(eq(tierLimits.tier, tier));
  if (!limit) return;
  const [row] = await db.select({ n: count() }).from(intents).where(eq(intents.appId, appId));
  if ((row?.n ?? 0) + adding > limit.max) throw HttpError.invalid([KbMessages.intentLimit(limit.max, tier)]);
}

/** 409 when another intent of the app already has this name (case-insensitive, like the unique index). */
export async function checkNameFree(db: DbExecutor, appId: string, name: string, exceptId?: string): Promise<void> {
  const rows = await db
    .select({ id: intents.id })
    .from(intents)
    .where(and(eq(intents.appId, appId), sql`lower(${intents.displayName}) = lower(${name})`));
  if (rows.some((r) => r.id !== exceptId)) throw HttpError.conflict(KbMessages.duplicateIntentName);
}

/** The parent must be an intent of the app, not a Q&A pair, and not the intent itself or one of its follow-ups. */
export async function checkParent(db: DbExecutor, appId: string, parentId: string, selfId?: string): Promise<void> {
  const [parent] = await db.select({ id: intents.id, kind: intents.kind }).from(intents).where(and(eq(intents.id, parentId), eq(intents.appId, appId)));
  if (!parent) throw HttpError.invalid([KbMessages.parentNotFound]);
  if (parent.kind !== 'intent') throw HttpError.invalid([KbMessages.qnaNotParent]);
  if (!selfId) return;
  const result = await db.execute(sql`
    with recursive anc(id, parent_id) as (
      select id, parent_id from intents where id = ${parentId}
      union all
      select i.id, i.parent_id from intents i join anc on i.id = anc.parent_id
    ) select 1 from anc where id = ${selfId} limit 1`);
  if (rowsOf(result).length > 0) throw HttpError.invalid([KbMessages.parentCycle]);
}
