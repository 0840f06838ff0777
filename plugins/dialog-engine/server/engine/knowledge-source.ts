import { appProduction, eq, loadProductionVersion, readDraftSnapshot, type DbExecutor } from '@civic/sdk/server';
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
  /**
   * The id of the content `load` would give, without loading it (null: none), when the source has
   * one: content with a known id is kept in memory and not read again (a published version never changes).
   */
  version?(db: DbExecutor, appId: string): Promise<string | null>;
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
  async version(db, appId) {
    const [row] = await db.select({ versionId: appProduction.versionId }).from(appProduction).where(eq(appProduction.appId, appId));
    return row?.versionId ?? null;
  },
};

export type KnowledgeSources = Record<Environment, KnowledgeSource>;
