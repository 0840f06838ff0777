import { and, desc, eq, HttpError, jobs as jobsTable, type DbExecutor, type DomainEvents, type JobService, type RouteAdder } from '@civic/sdk/server';
import { knowledgeChanged } from '../../knowledge-base/contract/events';
import type { AppPhrases, PhraseChange } from '../../knowledge-base/contract/server/app-phrases';
import { publishingSettings } from './db/schema';
import { ConflictPaging, JobKinds, PublishingApi, type ConflictPairPage, type ConflictReport, type JobView } from '../common/api';
import { PublishingMessages } from '../common/messages';
import { canEditPublishing, canViewPublishing } from '../common/permissions';
import { ConflictPairsQueryDto, ConflictsQueryDto, MovePhraseDto } from '../common/publishing.dto';
import { DEFAULT_THRESHOLD } from '../common/similarity';
import { textHash } from './conflict-groups';
import { MAX_CANDIDATES } from './conflict-lsh';
import { detectConflicts } from './conflict-thread';
import { conflictGroupViews, conflictPairViews } from './conflict-views';
import { currentRun, deleteOldRuns, dropPhrasePairs, groupOf, groupPage, pairPage, pause, promoteRun, writeRun } from './conflict-store';
import { toJobView } from './job-view';

/** Phrases read per statement while a run collects them. */
const READ_BATCH = 1_000;

/** §4 nudge: true when phrases changed since the last conflict-detection run, or it never ran. */
export async function conflictCheckRecommended(db: DbExecutor, appId: string, phrases: AppPhrases): Promise<boolean> {
  const [settings] = await db.select({ fingerprint: publishingSettings.conflictFingerprint }).from(publishingSettings).where(eq(publishingSettings.appId, appId));
  const now = await phrases.fingerprint(db, appId);
  if (!settings?.fingerprint) return now.phrases > 0;
  return settings.fingerprint !== (now.fingerprint ?? 'empty');
}

function refusal(change: Extract<PhraseChange, { ok: false }>): HttpError {
  if (change.reason === 'same-intent') return HttpError.conflict(PublishingMessages.sameIntent);
  return new HttpError(404, change.reason === 'intent-not-found' ? PublishingMessages.intentNotFound : PublishingMessages.phraseNotFound);
}

export function registerConflicts(routes: RouteAdder, jobs: JobService, events: DomainEvents, phrases: AppPhrases): void {
  // No transaction: the phrases are read in pages, compared on a worker thread, and the pairs
  // written in batches under a run that becomes current only in the final short transaction.
  jobs.register<{ threshold?: number }>(
    JobKinds.conflicts,
    async (ctx) => {
      const started = Date.now();
      const appId = ctx.appId ?? '';
      const threshold = ctx.payload.threshold ?? DEFAULT_THRESHOLD;
      const fingerprint = await phrases.fingerprint(ctx.db, appId);
      const ids: string[] = [];
      const texts: string[] = [];
      const intentIds: string[] = [];
      const intentIndex = new Map<string, number>();
      const intentOf: number[] = [];
      for (let after: string | null = null; ; ) {
        const page = await phrases.page(ctx.db, appId, after, READ_BATCH);
        for (const row of page) {
          let index = intentIndex.get(row.intentId);
          if (index === undefined) {
            index = intentIds.length;
            intentIndex.set(row.intentId, index);
            intentIds.push(row.intentId);
          }
          ids.push(row.id);
          texts.push(row.text);
          intentOf.push(index);
        }
        ctx.throwIfCancelled();
        ctx.progress(2, { phrases: ids.length });
        if (page.length < READ_BATCH) break;
        await pause();
        after = page[page.length - 1].id;
      }
      ctx.progress(3, { phrases: ids.length });
      const { grouped, capped } = await detectConflicts({ texts, intentOf: Int32Array.from(intentOf), intentIds, threshold }, ctx.signal, (fraction) =>
        ctx.progress(2 + 88 * fraction, { phrases: ids.length }),
      );
      ctx.progress(90, { phrases: ids.length, pairs: grouped.group.length });
      const hashes = Int32Array.from(texts, textHash);
      await deleteOldRuns(ctx.db, appId);
      const run = await writeRun(
        ctx.db,
        { appId, jobId: ctx.id, threshold: Math.round(threshold * 1000), phrases: ids.length, millis: Date.now() - started },
        grouped,
        { phrases: ids, hashes, intents: intentIds },
        () => ctx.throwIfCancelled(),
      );
      await ctx.commit(async (tx) => {
        await promoteRun(tx, appId, run.id, ctx.now());
        const stamp = { conflictFingerprint: fingerprint.fingerprint ?? 'empty', conflictRunAt: ctx.now() };
        await tx.insert(publishingSettings).values({ appId, ...stamp }).onConflictDoUpdate({ target: publishingSettings.appId, set: stamp });
        return {
          counts: { phrases: ids.length, groups: grouped.groups.pairs.length, pairs: grouped.group.length, ...(capped > 0 ? { capped } : {}) },
          errors: capped > 0 ? [PublishingMessages.conflictsCapped(capped, MAX_CANDIDATES)] : [],
        };
      });
      // The run replaced: its rows go after the commit, a batch at a time.
      await deleteOldRuns(ctx.db, appId, run.id);
    },
    { transaction: false, concurrency: 1, retryLimit: 0, timeLimitSeconds: 900 },
  );

  routes.add({
    method: 'GET',
    url: PublishingApi.conflictsRoute,
    app: 'appId',
    access: canViewPublishing,
    query: ConflictsQueryDto,
    description:
      'The last conflict-detection run: totals, and a keyset page of intent pairs with their phrase-pair counts (sort=pairs|score, after=next, limit ≤ 200); pairs resolved on the page since are left out',
    handler: async (ctx): Promise<ConflictReport> => {
      const appId = ctx.app.appId;
      const sort = ctx.query.sort ?? 'pairs';
      const limit = ctx.query.limit ?? ConflictPaging.defaultLimit;
      const [latest] = await ctx.db
        .select({ id: jobsTable.id })
        .from(jobsTable)
        .where(and(eq(jobsTable.appId, appId), eq(jobsTable.kind, JobKinds.conflicts)))
        .orderBy(desc(jobsTable.createdAt))
        .limit(1);
      const job = latest ? await jobs.get(ctx.db, latest.id) : undefined;
      const run = await currentRun(ctx.db, appId);
      const [value, no] = (ctx.query.after ?? '').split('.').map(Number);
      const rows = run ? await groupPage(ctx.db, run.id, sort, ctx.query.after ? { value, no } : null, limit) : [];
      const last = rows.at(-1);
      return {
        totals: run
          ? {
              runAt: (run.finishedAt ?? run.createdAt).toISOString(),
              threshold: run.threshold / 1000,
              phrases: run.phrases,
              groups: run.groups,
              pairs: run.pairs,
              identical: run.identical,
              millis: run.millis,
            }
          : null,
        sort,
        groups: await conflictGroupViews(ctx.db, appId, phrases, rows),
        next: last && rows.length === limit ? `${sort === 'pairs' ? last.pairCount : last.maxScore}.${last.no}` : null,
        job: job ? toJobView(job) : null,
        recommended: await conflictCheckRecommended(ctx.db, appId, phrases),
      };
    },
  });

  routes.add({
    method: 'GET',
    url: PublishingApi.conflictPairsRoute,
    app: 'appId',
    access: canViewPublishing,
    query: ConflictPairsQueryDto,
    description: 'A keyset page of the phrase pairs the last run found between two intents, best first (after=next, limit ≤ 200); pairs whose phrase changed, moved or went since are left out',
    handler: async (ctx): Promise<ConflictPairPage> => {
      const appId = ctx.app.appId;
      const run = await currentRun(ctx.db, appId);
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      const { intentA, intentB } = ctx.params;
      const group = run && uuid.test(intentA) && uuid.test(intentB) ? await groupOf(ctx.db, run.id, intentA, intentB) : undefined;
      if (!run || !group) throw new HttpError(404, PublishingMessages.conflictGroupNotFound);
      const limit = ctx.query.limit ?? ConflictPaging.defaultLimit;
      const rows = await pairPage(ctx.db, run.id, group.no, Number(ctx.query.after ?? 0), limit);
      const last = rows.at(-1);
      return {
        pairs: await conflictPairViews(ctx.db, appId, phrases, group, rows),
        next: last && rows.length === limit ? String(last.rank) : null,
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
      const change = await phrases.move(ctx.db, appId, ctx.params.phraseId, ctx.body.toIntentId, { userId: ctx.user.id, now: ctx.now });
      if (!change.ok) throw refusal(change);
      await dropPhrasePairs(ctx.db, appId, change.phrase.id);
      await events.publish(ctx.db, knowledgeChanged, { appId });
      ctx.audit({ summary: `Moved phrase "${change.phrase.text}" to ${change.intentName}` });
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
      const appId = ctx.app.appId;
      const change = await phrases.remove(ctx.db, appId, ctx.params.phraseId, { userId: ctx.user.id, now: ctx.now });
      if (!change.ok) throw refusal(change);
      await dropPhrasePairs(ctx.db, appId, change.phrase.id);
      await events.publish(ctx.db, knowledgeChanged, { appId });
      ctx.audit({ summary: `Deleted phrase "${change.phrase.text}"` });
      return { deleted: true };
    },
  });
}
