import { defineServiceRef, type DbExecutor } from '@civic/sdk/server';
import type { KnowledgeSnapshot } from '../../../knowledge-base/contract/common/knowledge/index';

/** What production answers from: the published version the app's production pointer names. */
export interface PublishedKnowledge {
  /** The version in production, or null before the first publish. */
  loadVersion(db: DbExecutor, appId: string): Promise<{ versionId: string; number: number; snapshot: KnowledgeSnapshot } | null>;
  /** The id of the version in production without its content (a version never changes: cache by it), or null. */
  currentVersionId(db: DbExecutor, appId: string): Promise<string | null>;
}
export const PublishedKnowledge = defineServiceRef<PublishedKnowledge>('publishing.published-knowledge');
