import { type DbExecutor } from '@civic/sdk/server';
import { loadProductionVersion } from '../../../publishing/contract/server/index';
import { readDraftSnapshot } from '../../../knowledge-base/contract/server/index';
import type { KnowledgeSnapshot } from '@civic/sdk/common/knowledge';
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
}

export const draftSource: KnowledgeSource = {
  async load(db, appId) {
    return { snapshot: await readDraftSnapshot(db, appId), version: 'draft' };
  },
};

/** The published version production points at; null (answered as "not published") before the first publish. */
export const productionSource: KnowledgeSource = {
  async load(db, appId) {
    const published = await loadProductionVersion(db, appId);
    return published ? { snapshot: published.snapshot, version: published.versionId } : null;
  },
};

export type KnowledgeSources = Record<Environment, KnowledgeSource>;
