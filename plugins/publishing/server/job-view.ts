import type { JobRecord } from '@civic/sdk/server';
import type { JobView } from '../common/api';

export function toJobView(job: JobRecord): JobView {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    progress: job.progress,
    counts: job.counts,
    errors: job.errors,
    cancelRequested: job.cancelRequested,
    createdByEmail: job.createdByEmail,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}
