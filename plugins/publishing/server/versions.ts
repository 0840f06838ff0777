import type { KnowledgeSnapshot } from '../../knowledge-base/contract/common/knowledge/index';
import { and, desc, eq, HttpError, sql, type DbExecutor } from '@civic/sdk/server';
import type { KnowledgeSnapshots, ReviewDates } from '../../knowledge-base/contract/server/index';
import { appProduction, knowledgeVersions, publishingSettings } from './db/schema';
import type { OverdueItem, VersionSummary } from '../common/api';
import { PublishingMessages } from '../common/messages';

type VersionRow = typeof knowledgeVersions.$inferSelect;

export function summarise(row: Pick<VersionRow, 'id' | 'number' | 'note' | 'authorEmail' | 'approvedByEmail' | 'createdAt' | 'snapshot'>): VersionSummary {
  return {
    id: row.id,
    number: row.number,
    note: row.note,
    authorEmail: row.authorEmail,
    approvedByEmail: row.approvedByEmail,
    createdAt: row.createdAt.toISOString(),
    intents: row.snapshot.intents.length,
    phrases: row.snapshot.intents.reduce((sum, intent) => sum + intent.trainingPhrases.length, 0),
    entityTypes: row.snapshot.entityTypes.length,
  };
}

export async function listVersions(db: DbExecutor, appId: string): Promise<VersionRow[]> {
  return db.select().from(knowledgeVersions).where(eq(knowledgeVersions.appId, appId)).orderBy(desc(knowledgeVersions.number));
}

export async function findVersion(db: DbExecutor, appId: string, versionId: string): Promise<VersionRow> {
  if (!/^[0-9a-f-]{36}$/i.test(versionId)) throw new HttpError(404, PublishingMessages.versionNotFound);
  const [row] = await db.select().from(knowledgeVersions).where(and(eq(knowledgeVersions.appId, appId), eq(knowledgeVersions.id, versionId)));
  if (!row) throw new HttpError(404, PublishingMessages.versionNotFound);
  return row;
}

export async function productionOf(db: DbExecutor, appId: string) {
  const [row] = await db
    .select({ version: knowledgeVersions, changedAt: appProduction.changedAt, changedByEmail: appProduction.changedByEmail })
    .from(appProduction)
    .innerJoin(knowledgeVersions, eq(knowledgeVersions.id, appProduction.versionId))
    .where(eq(appProduction.appId, appId));
  return row;
}

/** A snapshot by side name: the draft, production, or a version id. */
export async function snapshotOf(drafts: KnowledgeSnapshots, db: DbExecutor, appId: string, side: string): Promise<KnowledgeSnapshot> {
  if (side === 'draft') return drafts.readDraft(db, appId);
  if (side === 'production') {
    const production = await productionOf(db, appId);
    if (!production) return { schemaVersion: 1, intents: [], entityTypes: [], glossary: [], categories: [], labels: [] };
    return production.version.snapshot;
  }
  return (await findVersion(db, appId, side)).snapshot;
}

/** Freezes the draft (or the snapshot an approved request pinned) as the next numbered version and points production at it (one transaction: the job's). */
export async function publishDraft(
  drafts: KnowledgeSnapshots,
  db: DbExecutor,
  appId: string,
  input: { note: string; authorId: string | null; authorEmail: string; approvedByEmail: string | null; now: Date; snapshot?: KnowledgeSnapshot },
  progress: (percent: number) => void = () => undefined,
): Promise<VersionRow> {
  // One publish at a time per app: the lock on the app's settings row orders concurrent publishes.
  await db.insert(publishingSettings).values({ appId }).onConflictDoNothing();
  await db.execute(sql`select 1 from ${publishingSettings} where ${publishingSettings.appId} = ${appId} for update`);
  progress(10);
  const snapshot = input.snapshot ?? (await drafts.readDraft(db, appId));
  progress(60);
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${knowledgeVersions.number}), 0) + 1` })
    .from(knowledgeVersions)
    .where(eq(knowledgeVersions.appId, appId));
  const [version] = await db
    .insert(knowledgeVersions)
    .values({
      appId,
      number: Number(next),
      snapshot,
      note: input.note,
      authorId: input.authorId,
      authorEmail: input.authorEmail,
      approvedByEmail: input.approvedByEmail,
      createdAt: input.now,
    })
    .returning();
  progress(85);
  await pointProduction(db, appId, version.id, input.approvedByEmail ?? input.authorEmail, input.now);
  progress(100);
  return version;
}

export async function pointProduction(db: DbExecutor, appId: string, versionId: string, byEmail: string, now: Date): Promise<void> {
  await db
    .insert(appProduction)
    .values({ appId, versionId, changedAt: now, changedByEmail: byEmail })
    .onConflictDoUpdate({ target: appProduction.appId, set: { versionId, changedAt: now, changedByEmail: byEmail } });
}

/** Intents and Q&A whose review-by date is before today. */
export async function reviewOverdue(reviews: ReviewDates, db: DbExecutor, appId: string, now: Date): Promise<OverdueItem[]> {
  return reviews.overdue(db, appId, now.toISOString().slice(0, 10));
}
