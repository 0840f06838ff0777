import type { KnowledgeSnapshot } from '../../knowledge-base/contract/common/knowledge/index';
import { and, desc, eq, HttpError, jobs as jobsTable, type DbExecutor, type DomainEvents, type JobService, type RouteAdder, type ServerModuleApi } from '@civic/sdk/server';
import { versionPublished, versionRolledBack } from '../contract/events';
import { publishingSettings, publishRequests } from './db/schema';
import {
  JobKinds,
  PublishingApi,
  type DiffResult,
  type DraftProgress,
  type PublishingOverview,
  type PublishRequestView,
  type PublishResult,
  type VersionSummary,
} from '../common/api';
import { diffSnapshots } from '../common/diff';
import { PublishingMessages } from '../common/messages';
import { canAdminPublishing, canEditPublishing, canViewPublishing } from '../common/permissions';
import { DiffQueryDto, PublishDto, PublishingSettingsDto, RejectDto, RollbackDto } from '../common/publishing.dto';
import { conflictCheckRecommended } from './conflicts';
import type { AppPhrases } from '../../knowledge-base/contract/server/app-phrases';
import { draftHash } from './draft-hash';
import { checkReplayAcknowledged } from './publish-replays';
import { toJobView } from './job-view';
import type { KnowledgeSnapshots, ReviewDates } from '../../knowledge-base/contract/server/index';
import { findVersion, listVersions, pointProduction, productionOf, publishDraft, reviewOverdue, snapshotOf, summarise } from './versions';

interface PublishPayload {
  note: string;
  approvedByEmail?: string | null;
  requestId?: string | null;
}

type Deployment = ServerModuleApi['deployment'];

type RequestRow = typeof publishRequests.$inferSelect;

/** A pending request is stale once the draft no longer hashes like the snapshot pinned when it was filed. */
function isStale(row: RequestRow, currentDraftHash: string | null): boolean {
  if (row.status !== 'pending' || currentDraftHash === null) return false;
  return row.snapshotHash !== currentDraftHash;
}

function requestView(row: RequestRow, currentDraftHash: string | null = null): PublishRequestView {
  return {
    id: row.id,
    note: row.note,
    status: row.status,
    requestedByEmail: row.requestedByEmail,
    requestedAt: row.requestedAt.toISOString(),
    decidedByEmail: row.decidedByEmail,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    stale: isStale(row, currentDraftHash),
  };
}

async function approvalRequired(db: DbExecutor, appId: string, deployment: Deployment): Promise<boolean> {
  if (deployment.switches.publishApproval === true) return true;
  const [settings] = await db.select({ requireApproval: publishingSettings.requireApproval }).from(publishingSettings).where(eq(publishingSettings.appId, appId));
  return settings?.requireApproval ?? false;
}

async function pendingRequest(db: DbExecutor, appId: string) {
  const [row] = await db
    .select()
    .from(publishRequests)
    .where(and(eq(publishRequests.appId, appId), eq(publishRequests.status, 'pending')))
    .orderBy(desc(publishRequests.requestedAt))
    .limit(1);
  return row;
}

export async function draftProgressOf(db: DbExecutor, jobs: JobService, appId: string, phrases: AppPhrases): Promise<DraftProgress> {
  const [latest] = await db
    .select({ id: jobsTable.id })
    .from(jobsTable)
    .where(and(eq(jobsTable.appId, appId), eq(jobsTable.kind, JobKinds.publish)))
    .orderBy(desc(jobsTable.createdAt))
    .limit(1);
  const job = latest ? await jobs.get(db, latest.id) : undefined;
  const production = await productionOf(db, appId);
  return {
    appId,
    progress: job?.progress ?? 0,
    status: job?.status ?? 'none',
    version_reference_id: production?.version.id ?? null,
    conflictCheckRecommended: await conflictCheckRecommended(db, appId, phrases),
  };
}

export function registerPublishing(routes: RouteAdder, jobs: JobService, deployment: Deployment, events: DomainEvents, drafts: KnowledgeSnapshots, reviews: ReviewDates, phrases: AppPhrases): void {
  jobs.register<PublishPayload>(JobKinds.publish, async (ctx) => {
    // An approved request ships the snapshot that was approved, never the draft as it is by now.
    const pinned = ctx.payload.requestId ? await pinnedSnapshotOf(ctx.db, ctx.appId ?? '', ctx.payload.requestId) : undefined;
    const version = await publishDraft(
      drafts,
      ctx.db,
      ctx.appId ?? '',
      { note: ctx.payload.note, authorId: ctx.createdBy, authorEmail: ctx.createdByEmail, approvedByEmail: ctx.payload.approvedByEmail ?? null, now: ctx.now(), snapshot: pinned },
      (percent) => {
        ctx.throwIfCancelled();
        ctx.progress(percent);
      },
    );
    const summary = summarise(version);
    await events.publish(ctx.db, versionPublished, { appId: ctx.appId ?? '', version: version.number });
    return { result: { versionId: version.id, number: version.number }, counts: { intents: summary.intents, phrases: summary.phrases, entities: summary.entityTypes } };
  });

  routes.add({
    method: 'GET',
    url: PublishingApi.overviewRoute,
    app: 'appId',
    access: canViewPublishing,
    description: 'Bot Publishing tab: production version, history, approval settings, pending request, draft progress, overdue reviews',
    handler: async (ctx): Promise<PublishingOverview> => {
      const appId = ctx.app.appId;
      const versions = await listVersions(ctx.db, appId);
      const production = await productionOf(ctx.db, appId);
      const [settings] = await ctx.db.select().from(publishingSettings).where(eq(publishingSettings.appId, appId));
      const pending = await pendingRequest(ctx.db, appId);
      const draft = await snapshotOf(drafts, ctx.db, appId, 'draft');
      const draftChanged = production ? diffSnapshots(production.version.snapshot, draft).changes.length > 0 : true;
      return {
        production: production ? summarise(production.version) : null,
        productionChangedAt: production?.changedAt.toISOString() ?? null,
        productionChangedByEmail: production?.changedByEmail ?? null,
        versions: versions.map(summarise),
        requireApproval: deployment.switches.publishApproval === true || (settings?.requireApproval ?? false),
        approvalByDeployment: deployment.switches.publishApproval === true,
        pendingRequest: pending ? requestView(pending, draftHash(draft)) : null,
        draftProgress: await draftProgressOf(ctx.db, jobs, appId, phrases),
        reviewOverdue: await reviewOverdue(reviews, ctx.db, appId, ctx.now),
        draftChanged,
      };
    },
  });

  routes.add({
    method: 'GET',
    url: PublishingApi.draftProgressRoute,
    app: 'appId',
    access: canViewPublishing,
    description: '§3 Draft progress: progress and status of the latest publish, the production version id, and the §4 conflict-detection nudge',
    handler: (ctx): Promise<DraftProgress> => draftProgressOf(ctx.db, jobs, ctx.app.appId, phrases),
  });

  routes.add({
    method: 'POST',
    url: PublishingApi.publishRoute,
    app: 'appId',
    access: canEditPublishing,
    body: PublishDto,
    status: 202,
    audit: {
      action: 'publishing.publish',
      summary: (ctx, result: PublishResult) =>
        (result.request ? `Asked for approval to publish: ${ctx.body.note ?? ''}` : `Published the draft: ${ctx.body.note ?? ''}`) +
        (result.acknowledgedChanges ? ` (acknowledged ${result.acknowledgedChanges} changed answers in the replay)` : ''),
    },
    description: 'Publishes the draft as a new production version (a job), or files a publish request when approval is required',
    handler: async (ctx): Promise<PublishResult> => {
      const appId = ctx.app.appId;
      const note = (ctx.body.note ?? '').trim();
      if (await pendingRequest(ctx.db, appId)) throw HttpError.conflict(PublishingMessages.approvalPending);
      const acknowledgedChanges = await checkReplayAcknowledged(ctx.db, drafts, appId, ctx.body.acknowledgeChanges === true);
      if (await approvalRequired(ctx.db, appId, deployment)) {
        // Pin the draft as it is now: the approver reviews and approves this snapshot, and it is what ships.
        const snapshot = await drafts.readDraft(ctx.db, appId);
        const snapshotHash = draftHash(snapshot);
        const [request] = await ctx.db
          .insert(publishRequests)
          .values({ appId, note, requestedBy: ctx.user.id, requestedByEmail: ctx.user.email, requestedAt: ctx.now, snapshot, snapshotHash })
          .returning();
        return { job: null, request: requestView(request, snapshotHash), acknowledgedChanges };
      }
      const job = await jobs.enqueue(ctx.db, { kind: JobKinds.publish, appId, payload: { note } satisfies PublishPayload, createdBy: { id: ctx.user.id, email: ctx.user.email } });
      return { job: toJobView(job), request: null, acknowledgedChanges };
    },
  });

  routes.add({
    method: 'POST',
    url: PublishingApi.approveRoute,
    app: 'appId',
    access: canAdminPublishing,
    status: 202,
    audit: { action: 'publishing.approve', target: (ctx) => ctx.params.requestId, summary: () => 'Approved a publish request' },
    description: 'A second app admin approves a publish request (never its author); the publish job starts',
    handler: async (ctx): Promise<PublishResult> => {
      const request = await requestOf(ctx.db, ctx.app.appId, ctx.params.requestId);
      if (request.requestedBy === ctx.user.id) throw new HttpError(403, PublishingMessages.authorCannotApprove);
      if (isStale(request, draftHash(await drafts.readDraft(ctx.db, ctx.app.appId)))) throw HttpError.conflict(PublishingMessages.requestStale);
      const job = await jobs.enqueue(ctx.db, {
        kind: JobKinds.publish,
        appId: ctx.app.appId,
        payload: { note: request.note, approvedByEmail: ctx.user.email, requestId: request.id } satisfies PublishPayload,
        createdBy: request.requestedBy ? { id: request.requestedBy, email: request.requestedByEmail } : null,
      });
      const [decided] = await ctx.db
        .update(publishRequests)
        .set({ status: 'approved', decidedByEmail: ctx.user.email, decidedAt: ctx.now, jobId: job.id })
        .where(eq(publishRequests.id, request.id))
        .returning();
      return { job: toJobView(job), request: requestView(decided), acknowledgedChanges: 0 };
    },
  });

  routes.add({
    method: 'POST',
    url: PublishingApi.rejectRoute,
    app: 'appId',
    access: canEditPublishing,
    body: RejectDto,
    audit: { action: 'publishing.reject', target: (ctx) => ctx.params.requestId, summary: (ctx) => `Rejected or withdrew a publish request${ctx.body.reason ? `: ${ctx.body.reason}` : ''}` },
    description: 'Rejects a publish request (app admins) or withdraws it (its author)',
    handler: async (ctx): Promise<{ request: PublishRequestView }> => {
      const request = await requestOf(ctx.db, ctx.app.appId, ctx.params.requestId);
      const own = request.requestedBy === ctx.user.id;
      if (!own && canAdminPublishing(ctx.access) !== true) throw HttpError.forbidden();
      const [decided] = await ctx.db
        .update(publishRequests)
        .set({ status: own ? 'withdrawn' : 'rejected', decidedByEmail: ctx.user.email, decidedAt: ctx.now })
        .where(eq(publishRequests.id, request.id))
        .returning();
      return { request: requestView(decided) };
    },
  });

  routes.add({
    method: 'POST',
    url: PublishingApi.rollbackRoute,
    app: 'appId',
    access: canAdminPublishing,
    body: RollbackDto,
    audit: { action: 'publishing.rollback', target: (ctx) => ctx.body.versionId },
    description: 'Points production at an earlier version; the draft is kept as it is',
    handler: async (ctx): Promise<{ production: VersionSummary }> => {
      const version = await findVersion(ctx.db, ctx.app.appId, ctx.body.versionId);
      const current = await productionOf(ctx.db, ctx.app.appId);
      if (current?.version.id === version.id) throw HttpError.conflict(PublishingMessages.alreadyProduction);
      await pointProduction(ctx.db, ctx.app.appId, version.id, ctx.user.email, ctx.now);
      await events.publish(ctx.db, versionRolledBack, { appId: ctx.app.appId, version: version.number });
      ctx.audit({ summary: `Rolled production back to version ${version.number}` });
      return { production: summarise(version) };
    },
  });

  routes.add({
    method: 'PATCH',
    url: PublishingApi.settingsRoute,
    app: 'appId',
    access: canAdminPublishing,
    body: PublishingSettingsDto,
    audit: { action: 'publishing.settings', summary: (ctx) => `Publishing approval ${ctx.body.requireApproval ? 'required' : 'not required'}` },
    description: 'Whether publishing this app needs a second app admin to approve',
    handler: async (ctx): Promise<{ requireApproval: boolean }> => {
      await ctx.db
        .insert(publishingSettings)
        .values({ appId: ctx.app.appId, requireApproval: ctx.body.requireApproval })
        .onConflictDoUpdate({ target: publishingSettings.appId, set: { requireApproval: ctx.body.requireApproval } });
      return { requireApproval: await approvalRequired(ctx.db, ctx.app.appId, deployment) };
    },
  });

  routes.add({
    method: 'GET',
    url: PublishingApi.diffRoute,
    app: 'appId',
    access: canViewPublishing,
    query: DiffQueryDto,
    description: 'Field-level differences per item between two of: draft, production, a version id (default production → draft)',
    handler: async (ctx): Promise<DiffResult> => {
      const from = ctx.query.from ?? 'production';
      const to = ctx.query.to ?? 'draft';
      const side = (name: string) => (name === 'request' ? requestSnapshotOf(ctx.db, ctx.app.appId) : snapshotOf(drafts, ctx.db, ctx.app.appId, name));
      const [before, after] = [await side(from), await side(to)];
      return { from, to, diff: diffSnapshots(before, after) };
    },
  });
}

/** The pinned snapshot of an approved request (none only on requests filed before pinning, which are stale and never approved). */
async function pinnedSnapshotOf(db: DbExecutor, appId: string, requestId: string): Promise<KnowledgeSnapshot | undefined> {
  const [row] = await db.select({ snapshot: publishRequests.snapshot }).from(publishRequests).where(and(eq(publishRequests.appId, appId), eq(publishRequests.id, requestId)));
  return row?.snapshot ?? undefined;
}

/** The diff side `request`: what the pending publish request would ship. */
async function requestSnapshotOf(db: DbExecutor, appId: string): Promise<KnowledgeSnapshot> {
  const pending = await pendingRequest(db, appId);
  if (!pending?.snapshot) throw new HttpError(404, PublishingMessages.noPendingRequest);
  return pending.snapshot;
}

async function requestOf(db: DbExecutor, appId: string, requestId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(requestId)) throw HttpError.notFound();
  const [request] = await db.select().from(publishRequests).where(and(eq(publishRequests.appId, appId), eq(publishRequests.id, requestId)));
  if (!request) throw HttpError.notFound();
  if (request.status !== 'pending') throw HttpError.conflict(PublishingMessages.requestNotPending);
  return request;
}
