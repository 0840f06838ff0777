import { inject, injectable } from '@civic/sdk/web/inversify';
import { ApiClient } from '@civic/sdk/web/services';
import { recordFeatureUsage } from '@civic/sdk/web/feature-usage';
import {
  PublishingApi,
  type AgentImportPreview,
  type BulkPreview,
  type ConflictPairPage,
  type ConflictReport,
  type ConflictSort,
  type DiffResult,
  type DraftProgress,
  type GeneratorDocument,
  type JobView,
  type PublishingOverview,
  type PublishRequestView,
  type PublishResult,
  type ReplayResultView,
  type VersionSummary,
} from '../common/api';

/** The publishing plugin's API calls (jobs, versions, export/import, conflicts). */
export const PublishingClient = Symbol('publishing.PublishingClient');
export interface PublishingClient {
  jobs(appId: string): Promise<JobView[]>;
  job(appId: string, jobId: string): Promise<JobView>;
  bulkPreview(appId: string, fileName: string, base64: string): Promise<BulkPreview>;
  bulkImport(appId: string, fileName: string, base64: string): Promise<JobView>;
  applyGenerated(appId: string, source: string, pairs: Array<{ question: string; answer: string }>): Promise<JobView>;
  /** A PDF's text and the Q&A pairs in it, read on the server. */
  readPdf(appId: string, fileName: string, base64: string): Promise<GeneratorDocument>;
  cancelJob(appId: string, jobId: string): Promise<JobView>;
  overview(appId: string): Promise<PublishingOverview>;
  draftProgress(appId: string): Promise<DraftProgress>;
  publish(appId: string, note: string, acknowledgeChanges?: boolean): Promise<PublishResult>;
  approve(appId: string, requestId: string): Promise<PublishResult>;
  reject(appId: string, requestId: string): Promise<PublishRequestView>;
  rollback(appId: string, versionId: string): Promise<VersionSummary>;
  setRequireApproval(appId: string, requireApproval: boolean): Promise<boolean>;
  diff(appId: string, from: string, to: string): Promise<DiffResult>;
  /** The zip of the draft (versionId undefined) or of a version. */
  download(appId: string, versionId?: string): Promise<Blob>;
  /** What importing the zip would do to the draft (nothing is written). */
  importPreview(appId: string, fileName: string, base64: string): Promise<AgentImportPreview>;
  /** Imports the zip; `confirm` carries the preview's token and whether overwriting changed intents was confirmed. */
  importZip(appId: string, fileName: string, base64: string, confirm?: { previewToken: string; overwrite: boolean }): Promise<JobView>;
  /** The last run's totals and a keyset page of its intent-pair groups (`after`: the page before's `next`). */
  conflicts(appId: string, page?: { sort?: ConflictSort; after?: string | null; limit?: number }): Promise<ConflictReport>;
  /** A keyset page of one group's phrase pairs. */
  conflictPairs(appId: string, intentA: string, intentB: string, after?: string | null): Promise<ConflictPairPage>;
  runConflicts(appId: string): Promise<JobView>;
  movePhrase(appId: string, phraseId: string, toIntentId: string): Promise<void>;
  deletePhrase(appId: string, phraseId: string): Promise<void>;
  /** Publish replay (the dialog-engine plugin's route; a 404 ApiError where that plugin is off). */
  replay(appId: string): Promise<ReplayResultView>;
}

@injectable()
export class PublishingClientImpl implements PublishingClient {
  constructor(@inject(ApiClient) private readonly api: ApiClient) {}

  async jobs(appId: string) {
    return (await this.api.get<{ jobs: JobView[] }>(PublishingApi.jobs(appId))).jobs;
  }
  async job(appId: string, jobId: string) {
    return (await this.api.get<{ job: JobView }>(PublishingApi.job(appId, jobId))).job;
  }
  bulkPreview(appId: string, fileName: string, content: string) {
    return this.api.post<BulkPreview>(PublishingApi.bulkPreview(appId), { fileName, content });
  }
  async bulkImport(appId: string, fileName: string, content: string) {
    return (await this.api.post<{ job: JobView }>(PublishingApi.bulkImport(appId), { fileName, content })).job;
  }
  async applyGenerated(appId: string, source: string, pairs: Array<{ question: string; answer: string }>) {
    return (await this.api.post<{ job: JobView }>(PublishingApi.generatorApply(appId), { source, pairs })).job;
  }
  readPdf(appId: string, fileName: string, content: string) {
    return this.api.post<GeneratorDocument>(PublishingApi.generatorPdf(appId), { fileName, content });
  }
  async cancelJob(appId: string, jobId: string) {
    return (await this.api.post<{ job: JobView }>(PublishingApi.cancelJob(appId, jobId))).job;
  }
  overview(appId: string) {
    return this.api.get<PublishingOverview>(PublishingApi.overview(appId));
  }
  draftProgress(appId: string) {
    return this.api.get<DraftProgress>(PublishingApi.draftProgress(appId));
  }
  publish(appId: string, note: string, acknowledgeChanges = false) {
    recordFeatureUsage(this.api, { appId, event: 'click', feature: 'publish', module: 'publishing' });
    return this.api.post<PublishResult>(PublishingApi.publish(appId), acknowledgeChanges ? { note, acknowledgeChanges } : { note });
  }
  approve(appId: string, requestId: string) {
    return this.api.post<PublishResult>(PublishingApi.approve(appId, requestId));
  }
  async reject(appId: string, requestId: string) {
    return (await this.api.post<{ request: PublishRequestView }>(PublishingApi.reject(appId, requestId), {})).request;
  }
  async rollback(appId: string, versionId: string) {
    return (await this.api.post<{ production: VersionSummary }>(PublishingApi.rollback(appId), { versionId })).production;
  }
  async setRequireApproval(appId: string, requireApproval: boolean) {
    return (await this.api.patch<{ requireApproval: boolean }>(PublishingApi.settings(appId), { requireApproval })).requireApproval;
  }
  diff(appId: string, from: string, to: string) {
    return this.api.get<DiffResult>(PublishingApi.diff(appId), { query: { from, to } });
  }
  download(appId: string, versionId?: string) {
    return this.api.get<Blob>(versionId ? PublishingApi.versionExport(appId, versionId) : PublishingApi.export(appId), { download: true });
  }
  importPreview(appId: string, fileName: string, content: string) {
    return this.api.post<AgentImportPreview>(PublishingApi.importPreview(appId), { fileName, content });
  }
  async importZip(appId: string, fileName: string, content: string, confirm?: { previewToken: string; overwrite: boolean }) {
    return (await this.api.post<{ job: JobView }>(PublishingApi.import(appId), { fileName, content, ...confirm })).job;
  }
  conflicts(appId: string, page: { sort?: ConflictSort; after?: string | null; limit?: number } = {}) {
    return this.api.get<ConflictReport>(PublishingApi.conflicts(appId), { query: { sort: page.sort, after: page.after ?? undefined, limit: page.limit } });
  }
  conflictPairs(appId: string, intentA: string, intentB: string, after?: string | null) {
    return this.api.get<ConflictPairPage>(PublishingApi.conflictPairs(appId, intentA, intentB), { query: { after: after ?? undefined } });
  }
  async runConflicts(appId: string) {
    return (await this.api.post<{ job: JobView }>(PublishingApi.conflictRun(appId))).job;
  }
  async movePhrase(appId: string, phraseId: string, toIntentId: string) {
    await this.api.post(PublishingApi.movePhrase(appId, phraseId), { toIntentId });
  }
  async deletePhrase(appId: string, phraseId: string) {
    await this.api.delete(PublishingApi.deletePhrase(appId, phraseId));
  }
  replay(appId: string) {
    return this.api.post<ReplayResultView>(PublishingApi.replay(appId));
  }
}

/** A file's bytes as base64 (for the JSON upload). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
