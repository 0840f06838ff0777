import { and, desc, eq, notInArray, sql, type DbExecutor } from '@civic/sdk/server';
import type { KnowledgeSnapshot } from '../../../knowledge-base/contract/common/knowledge/index';
import type { Environment } from '../../common/api';
import { trainedModels } from '../db/trained-models';
import { NluModel, type NluTransfer } from '../nlu/nlu-model';
import { packModel, unpackModel } from './model-codec';
import { knowledgeOf, type TrainedKnowledge } from './trained-knowledge';

/** A stored model, loaded: the knowledge to answer with and when it was trained. */
export interface StoredModel {
  knowledge: TrainedKnowledge;
  trainedAt: Date;
}

/** Where trained models are kept, so that every server process can answer with them. */
export interface ModelStore {
  /** The newest model trained on exactly this content (the snapshot is what it was trained on), or null. */
  loadNewestFor(db: DbExecutor, appId: string, environment: Environment, snapshot: KnowledgeSnapshot, contentHash: string): Promise<StoredModel | null>;
  save(db: DbExecutor, appId: string, environment: Environment, knowledge: TrainedKnowledge, trainedAt: Date): Promise<void>;
}

/** Older models kept per app and environment (a rollback to a recent version needs no training). */
const KEEP = 3;

/** Models in the dialog engine's table (db/trained-models.ts). */
export class DbModelStore implements ModelStore {
  async loadNewestFor(db: DbExecutor, appId: string, environment: Environment, snapshot: KnowledgeSnapshot, contentHash: string): Promise<StoredModel | null> {
    const [row] = await db
      .select()
      .from(trainedModels)
      .where(and(eq(trainedModels.appId, appId), eq(trainedModels.environment, environment), eq(trainedModels.contentHash, contentHash)))
      .orderBy(desc(trainedModels.trainedAt))
      .limit(1);
    if (!row) return null;
    const model = row.model ? NluModel.fromTransfer(unpackModel<NluTransfer>(row.model), snapshot.glossary) : null;
    return { knowledge: knowledgeOf(snapshot, model, { hash: contentHash, phrases: row.phrases, millis: row.millis }), trainedAt: row.trainedAt };
  }

  async save(db: DbExecutor, appId: string, environment: Environment, knowledge: TrainedKnowledge, trainedAt: Date): Promise<void> {
    const model = knowledge.model ? (knowledge.packed ?? packModel(knowledge.model.toTransfer().data)) : null;
    const row = { appId, environment, contentHash: knowledge.contentHash, model, phrases: knowledge.phrases, millis: knowledge.millis, trainedAt };
    await db
      .insert(trainedModels)
      .values(row)
      .onConflictDoUpdate({ target: [trainedModels.appId, trainedModels.environment, trainedModels.contentHash], set: { model, phrases: row.phrases, millis: row.millis, trainedAt } });
    const newest = db
      .select({ hash: trainedModels.contentHash })
      .from(trainedModels)
      .where(and(eq(trainedModels.appId, appId), eq(trainedModels.environment, environment)))
      .orderBy(desc(trainedModels.trainedAt))
      .limit(KEEP);
    await db
      .delete(trainedModels)
      .where(and(eq(trainedModels.appId, appId), eq(trainedModels.environment, environment), notInArray(trainedModels.contentHash, sql`(${newest})`)));
  }
}
