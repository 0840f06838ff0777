import { HttpError, type JobService, type RouteAdder } from '@civic/sdk/server';
import { JobKinds, PublishingApi, type JobView } from '../common/api';
import { canEditPublishing } from '../common/permissions';
import { GeneratorApplyDto } from '../common/publishing.dto';
import { toBulkRows, type BulkRow } from '../common/bulk';
import { applyBulk } from './bulk-import';
import { toJobView } from './job-view';

/** /qna-generator: the browser extracts and reviews candidates; approved pairs are added here as a job. */
export function registerGenerator(routes: RouteAdder, jobs: JobService): void {
  jobs.register<{ source: string; rows: BulkRow[] }>(JobKinds.generator, async (ctx) => {
    const { counts, errors } = await applyBulk(
      ctx.db,
      ctx.appId ?? '',
      ctx.payload.rows,
      ctx.createdBy,
      ctx.now(),
      (percent, c) => {
        ctx.throwIfCancelled();
        ctx.progress(percent, c);
      },
      ctx.payload.source,
    );
    return { counts, errors, result: { source: ctx.payload.source } };
  });

  routes.add({
    method: 'POST',
    url: PublishingApi.generatorApplyRoute,
    app: 'appId',
    access: canEditPublishing,
    body: GeneratorApplyDto,
    status: 202,
    bodyLimit: 8 * 1024 * 1024,
    audit: { action: 'publishing.generator', summary: (ctx) => `Added ${ctx.body.pairs.length} generated Q&A from ${ctx.body.source}` },
    description: 'Adds approved generated Q&A pairs to the draft (source = the document) as a job',
    handler: async (ctx): Promise<{ job: JobView }> => {
      const rows = toBulkRows([['question', 'answer'], ...ctx.body.pairs.map((pair) => [pair.question, pair.answer])]);
      const invalid = rows.find((row) => row.errors.length > 0);
      if (invalid) throw HttpError.invalid([`Pair ${invalid.row - 1}: ${invalid.errors.join('; ')}`]);
      const job = await jobs.enqueue(ctx.db, {
        kind: JobKinds.generator,
        appId: ctx.app.appId,
        payload: { source: ctx.body.source, rows },
        createdBy: { id: ctx.user.id, email: ctx.user.email },
      });
      return { job: toJobView(job) };
    },
  });
}
