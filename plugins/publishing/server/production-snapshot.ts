import { eq, type DbExecutor } from '@civic/sdk/server';
import type { KnowledgeSnapshot } from '../../knowledge-base/contract/common/knowledge/index';
import { appProduction, knowledgeVersions } from './db/schema';

/**
 * The knowledge base citizens get (the production environment): the published version production
 * points at, or null when the app was never published. The dialog engine answers from it.
 */
export async function loadProductionSnapshot(db: DbExecutor, appId: string): Promise<KnowledgeSnapshot | null> {
  return (await loadProductionVersion(db, appId))?.snapshot ?? null;
}

/** The same, with which version it is (transcripts record the content an answer came from). */
export async function loadProductionVersion(db: DbExecutor, appId: string): Promise<{ versionId: string; number: number; snapshot: KnowledgeSnapshot } | null> {
  const [row] = await db
    .select({ versionId: knowledgeVersions.id, number: knowledgeVersions.number, snapshot: knowledgeVersions.snapshot })
    .from(appProduction)
    .innerJoin(knowledgeVersions, eq(knowledgeVersions.id, appProduction.versionId))
    .where(eq(appProduction.appId, appId));
  return row ?? null;
}

/** Which version production points at, without reading its content (null before the first publish). */
export async function productionVersionId(db: DbExecutor, appId: string): Promise<string | null> {
  const [row] = await db.select({ versionId: appProduction.versionId }).from(appProduction).where(eq(appProduction.appId, appId));
  return row?.versionId ?? null;
}
