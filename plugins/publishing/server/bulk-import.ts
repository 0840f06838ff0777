import { eq, HttpError, jobs as jobTable, parseSlots, type DomainEvents, type JobService, type RouteAdder } from '@civic/sdk/server';
import { JobKinds, PublishingApi, type BulkPreview, type JobView } from '../common/api';
import { BULK_LIMITS } from '../common/bulk';
import { PublishingMessages } from '../common/messages';
import { canEditPublishing } from '../common/permissions';
import { ImportAgentDto } from '../common/publishing.dto';
import { previewSpreadsheet, stageImport, type BulkServices } from './bulk-plan';
import { openSpreadsheet, scanSpreadsheet } from './bulk-spreadsheet';
import { toJobView } from './job-view';
import { runStagedImport } from './staged-import';

/**
 * /bulkimport: a CSV or XLSX of Q&A is previewed (nothing saved), then imported by a job that reads
 * and plans the rows outside any transaction (bulk-spreadsheet, bulk-plan), stages them and writes
 * them in short transactions, all or nothing (staged-import), through the knowledge base's `BulkQna`.
 */
interface BulkJobPayload {
  fileName: string;
  /** The uploaded file, base64 (read again, batch by batch, by the job); emptied when the job is done. */
  content: string;
  rows: number;
}

export function registerBulkImport(routes: RouteAdder, jobs: JobService, events: DomainEvents, kb: BulkServices): void {
  jobs.register<BulkJobPayload>(
    JobKinds.bulkImport,
    (ctx) =>
      runStagedImport(ctx, kb, events, {
        plan: async (progress) => {
          const data = Buffer.from(ctx.payload.content, 'base64');
          const total = Math.max(1, ctx.payload.rows);
          const batches = await openSpreadsheet(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
          return stageImport(kb, ctx.db, ctx.appId ?? '', batches, (done, counts) => progress(done / total, counts));
        },
        sourceUrl: null,
        result: { fileName: ctx.payload.fileName },
        // The file has served its purpose: the job row keeps its name, not its bytes.
        finish: async (tx) => {
          await tx.update(jobTable).set({ payload: { fileName: ctx.payload.fileName, rows: ctx.payload.rows } }).where(eq(jobTable.id, ctx.id));
        },
      }),
    { transaction: false, retryLimit: 3, resumable: true },
  );

  const decode = (content: string) => {
    const data = Buffer.from(content, 'base64');
    if (data.byteLength === 0) throw HttpError.invalid([PublishingMessages.fileRequired]);
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  };

  routes.add({
    method: 'POST',
    url: PublishingApi.bulkPreviewRoute,
    app: 'appId',
    access: canEditPublishing,
    body: ImportAgentDto,
    bodyLimit: BULK_LIMITS.maxBytes * 1.5,
    audit: { action: 'publishing.bulk-preview', summary: (ctx) => `Previewed bulk import ${ctx.body.fileName}` },
    description: 'Reads a CSV or XLSX of Q&A and answers each row with its problems and what importing it would do (nothing is saved)',
    // The file is read before the transaction opens, in one of the user's upload slots.
    prepare: (ctx) => parseSlots.run(ctx.user.id, () => openSpreadsheet(decode(ctx.body.content))),
    handler: (ctx): Promise<BulkPreview> => previewSpreadsheet(kb, ctx.db, ctx.app.appId, ctx.prepared),
  });

  routes.add({
    method: 'POST',
    url: PublishingApi.bulkImportRoute,
    app: 'appId',
    access: canEditPublishing,
    body: ImportAgentDto,
    status: 202,
    bodyLimit: BULK_LIMITS.maxBytes * 1.5,
    audit: { action: 'publishing.bulk-import', summary: (ctx) => `Bulk import of ${ctx.body.fileName}` },
    description: 'Starts a bulk import job for the valid rows of a CSV or XLSX of Q&A (invalid rows are reported, not imported)',
    // The file is read once, before the transaction opens, for its 4xx (type, header, malformed rows) without keeping rows; the job reads it again.
    prepare: (ctx) => parseSlots.run(ctx.user.id, () => scanSpreadsheet(decode(ctx.body.content))),
    handler: async (ctx): Promise<{ job: JobView }> => {
      const rows = ctx.prepared;
      const job = await jobs.enqueue(ctx.db, {
        kind: JobKinds.bulkImport,
        appId: ctx.app.appId,
        payload: { fileName: ctx.body.fileName, content: ctx.body.content, rows } satisfies BulkJobPayload,
        createdBy: { id: ctx.user.id, email: ctx.user.email },
      });
      return { job: toJobView(job) };
    },
  });
}
