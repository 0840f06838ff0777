import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';
import type { KnowledgeSnapshot } from '../common/knowledge/index';

/**
 * The app's draft knowledge base as one snapshot (intents with phrases and responses, entity types,
 * glossary, categories, labels), in a stable order. Pass your own `ctx.db`: the read is part of your
 * transaction, so a publish sees one consistent picture.
 */
export interface KnowledgeSnapshots {
  readDraft(db: DbExecutor, appId: string): Promise<KnowledgeSnapshot>;
}
export const KnowledgeSnapshots = defineServiceRef<KnowledgeSnapshots>('knowledge-base.snapshots');
