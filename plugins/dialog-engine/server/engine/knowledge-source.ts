import { type DbExecutor } from '@civic/sdk/server';
import type { PublishedKnowledge } from '../../../publishing/contract/server/index';
import type { KnowledgeSnapshots } from '../../../knowledge-base/contract/server/index';
import type { KnowledgeSnapshot } from '../../../knowledge-base/contract/common/knowledge/index';
import type { Environment } from '../../common/api';

/** The content an environment answers from. */
export interface KnowledgeContent {
  snapshot: KnowledgeSnapshot;
  /** Which content this is: `draft`, or the published version's id. */
  version: string;
}

/**
 * Where an environment's knowledge comes from. Draft reads the live tables; production reads the
 * published version (publishing). Production never silently falls back to the draft.
 */
export interface KnowledgeSource {
  load(db: DbExecutor, appId: string): Promise<KnowledgeContent | null>;
  /**
   * The id of the content `load` would give, without loading it (null: none), when the source has
   * one: content with a known id is kept in memory and not read again (a published version never changes).
   */
  version?(db: DbExecutor, appId: string): Promise<string | null>;
}

export function draftSource(drafts: KnowledgeSnapshots): KnowledgeSource {
  return {
    async load(db, appId) {
      return { snapshot: await drafts.readDraft(db, appId), version: 'draft' };
    },
  };
}

/** The published version production points at; null (answered as "not published") before the first publish. */
export function productionSource(published: PublishedKnowledge): KnowledgeSource {
  return {
    async load(db, appId) {
      const version = await published.loadVersion(db, appId);
      return version ? { snapshot: version.snapshot, version: version.versionId } : null;
    },
    version: (db, appId) => published.currentVersionId(db, appId),
  };
}

/** Until the module is mounted (the knowledge base and publishing hand over their services), nothing answers. */
export const unconnectedSource: KnowledgeSource = {
  load() {
    return Promise.reject(new Error('The dialog engine answers once its server module is mounted'));
  },
};

export type KnowledgeSources = Record<Environment, KnowledgeSource>;
