import { count, eq, type DbExecutor, type DemoSeed } from '@civic/sdk/server';
import { KnowledgeSnapshots } from '../../knowledge-base/contract/server/index';
import { knowledgeVersions } from './db/schema';
import { publishDraft } from './versions';

/** The note of the version the demo seed publishes. */
export const DEMO_VERSION_NOTE = 'Demo content';
/** Who published it: no person did (as the audit trail names work of the seed). */
const DEMO_PUBLISHER = 'system';

/**
 * The demo seed (CIVIC_DEMO_PUBLISHED, on by default): each demo app with no version yet has its
 * draft — the knowledge base seeded just before, in the same transaction — published as version 1,
 * so its sharing page, embed and production side answer on first start. An app that has versions
 * is left alone, so a re-run of `npm run seed` never publishes anyone's edits.
 */
export async function seedDemoVersions(tx: DbExecutor, demo: DemoSeed): Promise<void> {
  if (!demo.published) return;
  const drafts = demo.services.get(KnowledgeSnapshots);
  for (const appId of demo.appIds) {
    const [row] = await tx.select({ n: count() }).from(knowledgeVersions).where(eq(knowledgeVersions.appId, appId));
    if ((row?.n ?? 0) > 0) continue;
    await publishDraft(drafts, tx, appId, { note: DEMO_VERSION_NOTE, authorId: null, authorEmail: DEMO_PUBLISHER, approvedByEmail: null, now: demo.now });
  }
}
