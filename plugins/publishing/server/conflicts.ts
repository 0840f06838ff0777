import { and, desc, eq, HttpError, inArray, jobs as jobsTable, sql, type DbExecutor, type DomainEvents, type JobService, type RouteAdder } from '@civic/sdk/server';
import { knowledgeChanged } from '../../knowledge-base/contract/events';
import { intents, trainingPhrases } from '../../knowledge-base/contract/server/tables';
import { publishingSettings } from './db/schema';
import { JobKinds, PublishingApi, type ConflictPair, type ConflictReport, type JobView } from '../common/api';
import { PublishingMessages } from '../common/messages';
import { canEditPublishing, canViewPublishing } from '../common/permissions';
import { MovePhraseDto } from '../common/publishing.dto';
import { DEFAULT_THRESHOLD, similarPairs } from '../common/similarity';
import { toJobView } from './job-view';

interface StoredPair {
  score: number;
  identical: boolean;
  a: string;
  b: string;
  textA: string;
  textB: string;
}

interface ConflictResult {
  threshold: number;
  pairs: StoredPair[];
}

/** A fingerprint of every phrase of the app (and which intent holds it): changes when any phrase does. */
export async function phraseFingerprint(db: DbExecutor, appId: string): Promise<string> {
  const [row] = await db
    .select({
      fingerprint: sql<string | null>`md5(string_agg(${trainingPhrases.intentId}::text || ':' || ${trainingPhrases.text}, '|' order by ${trainingPhrases.intentId}, ${trainingPhrases.id}))`,
    })
    .from(trainingPhrases)
    .where(eq(trainingPhrases.appId, appId));
  return row?.fingerprint ?? 'empty';
}

/** §4 nudge: true when phrases changed since the last conflict-detection run, or it never ran. */
export async function conflictCheckRecommended(db: DbExecutor, appId: string): Promise<boolean> {
  const [settings] = await db.select({ fingerprint: publishingSettings.conflictFingerprint }).from(publishingSettings).where(eq(publishingSettings.appId, appId));
  const [{ phrases }] = await db.select({ phrases: sql<number>`count(*)` }).from(trainingPhrases).where(eq(trainingPhrases.appId, appId));
  if (!settings?.fingerprint) return Number(phrases) > 0;
  return settings.fingerprint !== (await phraseFingerprint(db, appId));
}

export function registerConflicts(routes: RouteAdder, jobs: JobService, events: DomainEvents): void {
  jobs.register<{ threshold?: number }>(JobKinds.conflicts, async (ctx) => {
    const appId = ctx.appId ?? '';
    const threshold = ctx.payload.threshold ?? DEFAULT_THRESHOLD;
    const rows = await ctx.db
      .select({ id: trainingPhrases.id, intentId: trainingPhrases.intentId, text: trainingPhrases.text })
      .from(trainingPhrases)
      .where(eq(trainingPhrases.appId, appId))
      .orderBy(trainingPhrases.intentId, trainingPhrases.position);
    ctx.progress(5, { phrases: rows.length });
    const texts = new Map(rows.map((row) => [row.id, row.text]));
    const found = similarPairs(
      rows.map((row) => ({ id: row.id, groupId: row.intentId, text: row.text })),
      threshold,
      (done, total) => {
        ctx.throwIfCancelled();
        ctx.progress(5 + (90 * done) / Math.max(1, total));
      },
    );
    const pairs: StoredPair[] = found.map((pair) => ({ ...pair, textA: texts.get(pair.a) ?? '', textB: texts.get(pair.b) ?? '' }));
    const fingerprint = await phraseFingerprint(ctx.db, appId);
    await ctx.db
      .insert(publishingSettings)
      .values({ appId, conflictFingerprint: fingerprint, conflictRunAt: ctx.now() })
      .onConflictDoUpdate({ target: publishingSettings.appId, set: { conflictFingerprint: fingerprint, conflictRunAt: ctx.now() } });
    const result: ConflictResult = { threshold, pairs };
    return { result, counts: { phrases: rows.length, pairs: pairs.length } };
  });

  routes.add({
    method: 'GET',
    url: PublishingApi.conflictsRoute,
    app: 'appId',
    access: canViewPublishing,
    description: 'Similar or identical phrases across different intents, from the last conflict-detection run (resolved pairs left out)',
    handler: async (ctx): Promise<ConflictReport> => {
      const appId = ctx.app.appId;
      const [latest] = await ctx.db
        .select({ id: jobsTable.id })
        .from(jobsTable)
        .where(and(eq(jobsTable.appId, appId), eq(jobsTable.kind, JobKinds.conflicts)))
        .orderBy(desc(jobsTable.createdAt))
        .limit(1);
      const job = latest ? await jobs.get(ctx.db, latest.id) : undefined;
      const [done] = await ctx.db
        .select({ result: jobsTable.result, finishedAt: jobsTable.finishedAt })
        .from(jobsTable)
        .where(and(eq(jobsTable.appId, appId), eq(jobsTable.kind, JobKinds.conflicts), eq(jobsTable.status, 'succeeded')))
        .orderBy(desc(jobsTable.finishedAt))
        .limit(1);
      const stored = (done?.result as ConflictResult | null) ?? null;
      return {
        pairs: stored ? await currentPairs(ctx.db, appId, stored.pairs) : [],
        runAt: done?.finishedAt?.toISOString() ?? null,
        threshold: stored?.threshold ?? DEFAULT_THRESHOLD,
        job: job ? toJobView(job) : null,
        recommended: await conflictCheckRecommended(ctx.db, appId),
      };
    },
  });

  routes.add({
    method: 'POST',
    url: PublishingApi.conflictRunRoute,
    app: 'appId',
    access: canEditPublishing,
    status: 202,
    audit: { action: 'publishing.conflicts-run', summary: () => 'Started conflict detection' },
    description: 'Starts a conflict-detection job',
    handler: async (ctx): Promise<{ job: JobView }> => {
      const job = await jobs.enqueue(ctx.db, { kind: JobKinds.conflicts, appId: ctx.app.appId, createdBy: { id: ctx.user.id, email: ctx.user.email } });
      return { job: toJobView(job) };
    },
  });

  routes.add({
    method: 'POST',
    url: PublishingApi.movePhraseRoute,
    app: 'appId',
    access: canEditPublishing,
    body: MovePhraseDto,
    audit: { action: 'publishing.phrase-move', target: (ctx) => ctx.params.phraseId },
    description: 'Moves a training phrase to another intent of the app (resolving a conflict)',
    handler: async (ctx): Promise<{ moved: true }> => {
      const appId = ctx.app.appId;
      const phrase = await phraseOf(ctx.db, appId, ctx.params.phraseId);
      const [target] = await ctx.db.select({ id: intents.id, name: intents.displayName }).from(intents).where(and(eq(intents.appId, appId), eq(intents.id, ctx.body.toIntentId)));
      if (!target) throw new HttpError(404, PublishingMessages.intentNotFound);
      if (target.id === phrase.intentId) throw HttpError.conflict(PublishingMessages.sameIntent);
      const [{ next }] = await ctx.db
        .select({ next: sql<number>`coalesce(max(${trainingPhrases.position}), -1) + 1` })
        .from(trainingPhrases)
        .where(eq(trainingPhrases.intentId, target.id));
      await ctx.db.update(trainingPhrases).set({ intentId: target.id, position: Number(next) }).where(eq(trainingPhrases.id, phrase.id));
      await touchIntents(ctx.db, [phrase.intentId, target.id], ctx.user.id, ctx.now);
      await events.publish(ctx.db, knowledgeChanged, { appId });
      ctx.audit({ summary: `Moved phrase "${phrase.text}" to ${target.name}` });
      return { moved: true };
    },
  });

  routes.add({
    method: 'DELETE',
    url: PublishingApi.deletePhraseRoute,
    app: 'appId',
    access: canEditPublishing,
    audit: { action: 'publishing.phrase-delete', target: (ctx) => ctx.params.phraseId },
    description: 'Deletes a training phrase (resolving a conflict)',
    handler: async (ctx): Promise<{ deleted: true }> => {
      const phrase = await phraseOf(ctx.db, ctx.app.appId, ctx.params.phraseId);
      await ctx.db.delete(trainingPhrases).where(eq(trainingPhrases.id, phrase.id));
      await touchIntents(ctx.db, [phrase.intentId], ctx.user.id, ctx.now);
      await events.publish(ctx.db, knowledgeChanged, { appId: ctx.app.appId });
      ctx.audit({ summary: `Deleted phrase "${phrase.text}"` });
      return { deleted: true };
    },
  });
}

async function phraseOf(db: DbExecutor, appId: string, phraseId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(phraseId)) throw new HttpError(404, PublishingMessages.phraseNotFound);
  const [phrase] = await db
    .select({ id: trainingPhrases.id, intentId: trainingPhrases.intentId, text: trainingPhrases.text })
    .from(trainingPhrases)
    .where(and(eq(trainingPhrases.appId, appId), eq(trainingPhrases.id, phraseId)));
  if (!phrase) throw new HttpError(404, PublishingMessages.phraseNotFound);
  return phrase;
}

/** Bumps the intents' version so an editor holding the old one gets a conflict, not a silent overwrite. */
async function touchIntents(db: DbExecutor, ids: string[], userId: string, now: Date): Promise<void> {
  await db
    .update(intents)
    .set({ version: sql`${intents.version} + 1`, updatedAt: now, updatedBy: userId })
    .where(inArray(intents.id, ids));
}

/** Stored pairs that still hold: both phrases exist with the same text, in different intents. */
async function currentPairs(db: DbExecutor, appId: string, stored: StoredPair[]): Promise<ConflictPair[]> {
  const ids = [...new Set(stored.flatMap((pair) => [pair.a, pair.b]))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: trainingPhrases.id, text: trainingPhrases.text, intentId: intents.id, intentName: intents.displayName, intentKind: intents.kind })
    .from(trainingPhrases)
    .innerJoin(intents, eq(intents.id, trainingPhrases.intentId))
    .where(and(eq(trainingPhrases.appId, appId), inArray(trainingPhrases.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const pairs: ConflictPair[] = [];
  for (const pair of stored) {
    const a = byId.get(pair.a);
    const b = byId.get(pair.b);
    if (!a || !b || a.intentId === b.intentId || a.text !== pair.textA || b.text !== pair.textB) continue;
    const view = (row: typeof a) => ({ phraseId: row.id, text: row.text, intentId: row.intentId, intentName: row.intentName, intentKind: row.intentKind });
    pairs.push({ score: pair.score, identical: pair.identical, a: view(a), b: view(b) });
  }
  return pairs;
}
