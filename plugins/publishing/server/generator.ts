import { HttpError, parseSlots, type DomainEvents, type JobService, type RouteAdder } from '@civic/sdk/server';
import { JobKinds, PublishingApi, type GeneratorDocument, type JobView } from '../common/api';
import { canEditPublishing } from '../common/permissions';
import { PublishingMessages } from '../common/messages';
import { GeneratorApplyDto, ImportAgentDto } from '../common/publishing.dto';
import { toBulkRows, type BulkRow } from '../common/bulk';
import { extractCandidates } from '../common/qna-extract';
import { stageImport, type BulkServices } from './bulk-plan';
import { assertIntentRoom, newIntentNames } from './intent-limit';
import { toJobView } from './job-view';
import { runStagedImport } from './staged-import';
import { PDF_LIMITS, readPdfDocument } from './pdf-document';

/**
 * /qna-generator: the browser extracts and reviews candidates (a PDF is read here first: PDF.js stays
 * on the server); approved pairs are added here as a job.
 */
export function registerGenerator(routes: RouteAdder, jobs: JobService, events: DomainEvents, kb: BulkServices): void {
  jobs.register<{ source: string; rows: BulkRow[] }>(
    JobKinds.generator,
    (ctx) =>
      runStagedImport(ctx, kb, events, {
        plan: (progress) => {
          const total = Math.max(1, ctx.payload.rows.length);
          const batches = Array.from({ length: Math.ceil(ctx.payload.rows.length / 500) }, (_, i) => ctx.payload.rows.slice(i * 500, (i + 1) * 500));
          return stageImport(kb, ctx.db, ctx.appId ?? '', batches, (done, counts) => progress(done / total, counts));
        },
        sourceUrl: ctx.payload.source,
        result: { source: ctx.payload.source },
        shownCounts: ({ invalid: _none, ...rest }) => rest,
      }),
    { transaction: false, retryLimit: 3, resumable: true },
  );

  routes.add({
    method: 'POST',
    url: PublishingApi.generatorPdfRoute,
    app: 'appId',
    access: canEditPublishing,
    body: ImportAgentDto,
    bodyLimit: Math.ceil(PDF_LIMITS.maxBytes * 1.4),
    audit: { action: 'publishing.generator-pdf', summary: (ctx) => `Read the PDF ${ctx.body.fileName} for the Q&A generator` },
    description: 'Reads the text of an uploaded PDF (base64; PDF by content, at most 10 MB and 200 pages) and answers it with the Q&A pairs found in its structure (nothing is saved)',
    // The PDF is read before the transaction opens, in one of the user's upload slots.
    prepare: (ctx) => {
      const data = Buffer.from(ctx.body.content, 'base64');
      if (data.byteLength === 0) throw HttpError.invalid([PublishingMessages.fileRequired]);
      return parseSlots.run(ctx.user.id, () => readPdfDocument(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)));
    },
    handler: ({ prepared: { pages, text } }): GeneratorDocument => ({ pages, text, candidates: extractCandidates(text, 'markdown') }),
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
      await assertIntentRoom(kb.counts, ctx.db, ctx.app.appId, await newIntentNames(kb.counts, ctx.db, ctx.app.appId, rows.map((row) => row.question)));
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
