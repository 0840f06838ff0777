import { asc, eq, inArray, type DbExecutor } from '@civic/sdk/server';
import type { KnowledgeSnapshot, SnapshotIntent } from '../contract/common/knowledge/index';
import type { ClassCatalog } from '../../classification/contract/server/index';
import type { EntityTypeCatalog } from '../../entities/contract/server/index';
import { glossaryTerms, intentCategories, intentLabels, intents, trainingPhrases } from './db/schema';

/** The other plugins' services the snapshot reads their part through. */
export interface SnapshotSources {
  classes: ClassCatalog;
  entityTypes: EntityTypeCatalog;
}

/**
 * The app's draft knowledge base as one snapshot (see KnowledgeSnapshot), in a stable order (by name,
 * phrases by position) so two reads of unchanged content are equal. Run it inside a transaction when
 * a consistent picture matters (publishing does).
 */
export async function readDraftSnapshot(sources: SnapshotSources, db: DbExecutor, appId: string): Promise<KnowledgeSnapshot> {
  const intentRows = await db.select().from(intents).where(eq(intents.appId, appId)).orderBy(asc(intents.displayName), asc(intents.id));
  const phraseRows = await db
    .select({ intentId: trainingPhrases.intentId, type: trainingPhrases.type, parts: trainingPhrases.parts, text: trainingPhrases.text })
    .from(trainingPhrases)
    .where(eq(trainingPhrases.appId, appId))
    .orderBy(asc(trainingPhrases.intentId), asc(trainingPhrases.position));
  const ids = intentRows.map((row) => row.id);
  const categoryLinks = ids.length ? await db.select().from(intentCategories).where(inArray(intentCategories.intentId, ids)) : [];
  const labelLinks = ids.length ? await db.select().from(intentLabels).where(inArray(intentLabels.intentId, ids)) : [];

  const phrasesOf = groupBy(phraseRows, (row) => row.intentId);
  const categoriesOf = groupBy(categoryLinks, (row) => row.intentId);
  const labelsOf = groupBy(labelLinks, (row) => row.intentId);

  const snapshotIntents: SnapshotIntent[] = intentRows.map((row) => ({
    id: row.id,
    kind: row.kind,
    displayName: row.displayName,
    parentId: row.parentId,
    defaultKind: row.defaultKind,
    webhook_state: row.webhookState as SnapshotIntent['webhook_state'],
    action: row.action,
    events: row.events,
    inputContexts: row.inputContexts,
    outputContexts: row.outputContexts,
    trainingPhrases: (phrasesOf.get(row.id) ?? []).map(({ type, parts, text }) => ({ type, parts, text })),
    parameters: row.parameters,
    responses: row.responses,
    categoryIds: (categoriesOf.get(row.id) ?? []).map((link) => link.categoryId).sort(),
    labelIds: (labelsOf.get(row.id) ?? []).map((link) => link.labelId).sort(),
    answerOwner: row.answerOwner,
    sourceUrl: row.sourceUrl,
    reviewBy: row.reviewBy,
  }));

  const entityRows = await sources.entityTypes.list(db, appId);
  const glossaryRows = await db.select().from(glossaryTerms).where(eq(glossaryTerms.appId, appId)).orderBy(asc(glossaryTerms.term));
  const classes = await sources.classes.list(db, appId);

  return {
    schemaVersion: 1,
    intents: snapshotIntents,
    entityTypes: entityRows,
    glossary: glossaryRows.map((row) => ({ id: row.id, term: row.term, synonyms: row.synonyms, definition: row.definition })),
    categories: classes.categories,
    labels: classes.labels,
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
