import { HttpError, type JobService, type RouteAdder } from '@civic/sdk/server';
import { PublishingApi, type JobView } from '../common/api';
import { PublishingMessages } from '../common/messages';
import { canEditPublishing, canViewPublishing } from '../common/permissions';
import { JobsQueryDto } from '../common/publishing.dto';
import { toJobView } from './job-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /importjob: the app's jobs (newest first), one job for polling, cancel. */
export function registerJobRoutes(routes: RouteAdder, jobs: JobService): void {
  async function jobOfApp(db: Parameters<JobService['get']>[0], appId: string, jobId: string) {
    if (!UUID.test(jobId)) throw HttpError.notFound();
    const job = await jobs.get(db, jobId);
    if (!job || job.appId !== appId) throw HttpError.notFound();
    return job;
  }

  routes.add({
    method: 'GET',
    url: PublishingApi.jobsRoute,
    app: 'appId',
    access: canViewPublishing,
    query: JobsQueryDto,
    description: "The app's jobs (imports, publishes, conflict runs), newest first, with progress, counts and errors",
    handler: async (ctx): Promise<{ jobs: JobView[] }> => ({
      jobs: (await jobs.list(ctx.db, ctx.app.appId, { kind: ctx.query.kind, limit: 200 })).map(toJobView),
    }),
  });

  routes.add({
    method: 'GET',
    url: PublishingApi.jobRoute,
    app: 'appId',
    access: canViewPublishing,
    description: 'One job (poll it for progress)',
    handler: async (ctx): Promise<{ job: JobView }> => ({ job: toJobView(await jobOfApp(ctx.db, ctx.app.appId, ctx.params.jobId)) }),
  });

  routes.add({
    method: 'POST',
    url: PublishingApi.cancelJobRoute,
    app: 'appId',
    access: canEditPublishing,
    audit: { action: 'publishing.job-cancel', target: (ctx) => ctx.params.jobId, summary: () => 'Cancelled a job' },
    description: 'Cancels a queued or running job; its changes are rolled back (an import — bulk, Q&A generator, agent zip — already writing the draft is past that point and finishes)',
    handler: async (ctx): Promise<{ job: JobView }> => {
      const job = await jobOfApp(ctx.db, ctx.app.appId, ctx.params.jobId);
      if (job.status !== 'queued' && job.status !== 'running') throw HttpError.conflict(PublishingMessages.jobNotRunning);
      const cancelled = await jobs.cancel(ctx.db, job.id);
      if (!cancelled) throw HttpError.notFound();
      ctx.audit({ summary: `Cancelled job ${job.kind}` });
      return { job: toJobView(cancelled) };
    },
  });
}
