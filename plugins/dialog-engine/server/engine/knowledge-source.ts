import { readDraftSnapshot, type DbExecutor } from '@civic/sdk/server';
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
 * published snapshot — provided by publishing. Production never silently falls back to the draft.
 */
export interface KnowledgeSource {
  load(db: DbExecutor, appId: string): Promise<KnowledgeContent | null>;
}

export const draftSource: KnowledgeSource = {
  async load(db, appId) {
    return { snapshot: await readDraftSnapshot(db, appId), version: 'draft' };
  },
};

/** Until publishing stores published snapshots there is no production content: null, answered as "not published". */
export const unpublishedProductionSource: KnowledgeSource = {
  async load() {
    return null;
  },
};

export type KnowledgeSources = Record<Environment, KnowledgeSource>;
