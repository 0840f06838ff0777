import { Button, Callout, FileInput, HTMLTable, ProgressBar, Tag } from '@civic/sdk/web/blueprint';
import { useCallback, useEffect, useId, useState } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { EmptyState, isApiError, Page, PageSkeleton, ToastService, useAccess, usePolling, useService } from '@civic/sdk/web';
import type { AgentImportPreview, JobView } from '../common/api';
import { canEditPublishing } from '../common/permissions';
import { countsText, formatWhen, isActive, kindLabel, STATUS_INTENTS, STATUS_LABELS } from './format';
import { fileToBase64, PublishingClient } from './publishing-client';
import { lazyDialog } from '@civic/sdk/web/forms';

/** The import's preview (with its table of what changes), fetched when a chosen zip is previewed. */
const ImportPreviewDialog = lazyDialog(() => import('./import-preview-dialog').then((m) => m.ImportPreviewDialog));

export const POLL_MS = 1_000;

/** /importjob/{appId}: the app's jobs with status, progress, counts, errors, who and when; cancel; import an agent zip. */
export function JobsPage() {
  const { appId = '' } = useParams();
  const client = useService<PublishingClient>(PublishingClient);
  const toasts = useService<ToastService>(ToastService);
  const edit = useAccess(canEditPublishing);
  const [jobs, setJobs] = useState<JobView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [pending, setPending] = useState<{ content: string; preview: AgentImportPreview } | null>(null);
  const [importing, setImporting] = useState(false);
  const inputId = useId();

  const load = useCallback(async () => {
    try {
      const list = await client.jobs(appId);
      setJobs(list);
      setError(null);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : String(failure));
    }
  }, [client, appId]);

  useEffect(() => {
    setJobs(null);
    void load();
  }, [load]);

  const active = jobs?.some((job) => isActive(job.status)) ?? false;
  usePolling(active, () => void load(), POLL_MS);

  async function cancel(job: JobView) {
    try {
      await client.cancelJob(appId, job.id);
      toasts.notify('Cancel requested');
    } catch (failure) {
      toasts.error(isApiError(failure) ? failure.message : String(failure));
    }
    await load();
  }

  /** The chosen zip is previewed first; the import starts from the preview dialog. */
  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      const content = await fileToBase64(file);
      setPending({ content, preview: await client.importPreview(appId, file.name, content) });
    } catch (failure) {
      toasts.error(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setUploading(false);
    }
  }

  async function confirmImport(overwrite: boolean) {
    if (!pending) return;
    const { preview, content } = pending;
    setImporting(true);
    try {
      await client.importZip(appId, preview.fileName, content, { previewToken: preview.previewToken, overwrite });
      toasts.result(`Import of ${preview.fileName} started`);
      setPending(null);
      await load();
    } catch (failure) {
      toasts.error(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setImporting(false);
    }
  }

  const importAction = edit.allowed ? (
      <FileInput
        inputProps={{ id: inputId, accept: '.zip,application/zip', 'aria-label': 'Import a Dialogflow agent zip' }}
        text={uploading ? 'Reading the zip…' : 'Import agent zip…'}
        hasSelection
        buttonText="Browse"
        disabled={uploading}
        onInputChange={(event) => {
          const input = event.target as HTMLInputElement;
          void upload(input.files?.[0]);
          // The same file can be chosen again (after a Cancel, or to import it once more).
          input.value = '';
        }}
      />
  ) : undefined;

  return (
    <Page title="Import jobs" description="Imports, publishes and conflict checks of this app, newest first." actions={importAction}>
      {error && (
        <Callout intent="danger" title="Could not load the jobs">
          {error} <Button text="Retry" onClick={() => void load()} />
        </Callout>
      )}
      {!jobs && !error && <PageSkeleton />}
      {jobs && jobs.length === 0 && (
        <EmptyState title="No jobs yet" description="Imports, publishes and conflict-detection runs of this app show here with their progress." />
      )}
      {jobs && jobs.length > 0 && (
        <HTMLTable striped className="civic-jobs-table" aria-label="Jobs">
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Status</th>
              <th scope="col">Progress</th>
              <th scope="col">Counts</th>
              <th scope="col">Errors</th>
              <th scope="col">Started by</th>
              <th scope="col">Created</th>
              <th scope="col">Finished</th>
              <th scope="col">
                <span className="bp6-text-muted">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.id} data-job-id={job.id}>
                <td>{kindLabel(job.kind)}</td>
                <td>
                  <Tag intent={STATUS_INTENTS[job.status]} minimal>
                    {STATUS_LABELS[job.status]}
                  </Tag>
                </td>
                <td style={{ minWidth: 140 }}>
                  <ProgressBar
                    value={job.progress / 100}
                    animate={isActive(job.status)}
                    stripes={isActive(job.status)}
                    intent={STATUS_INTENTS[job.status] === 'none' ? 'primary' : STATUS_INTENTS[job.status]}
                    aria-label={`Progress ${job.progress}%`}
                  />
                  <span className="bp6-text-small">{job.progress}%</span>
                </td>
                <td>{countsText(job.counts) || '—'}</td>
                <td>
                  {job.errors.length === 0 ? (
                    '—'
                  ) : (
                    <ul className="civic-job-errors">
                      {job.errors.map((message, index) => (
                        <li key={index}>{message}</li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>{job.createdByEmail || 'system'}</td>
                <td>{formatWhen(job.createdAt)}</td>
                <td>{formatWhen(job.finishedAt)}</td>
                <td>
                  {isActive(job.status) && edit.allowed && (
                    <Button small text={job.cancelRequested ? 'Cancelling…' : 'Cancel'} disabled={job.cancelRequested} onClick={() => void cancel(job)} aria-label={`Cancel ${kindLabel(job.kind)} job`} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {pending && <ImportPreviewDialog preview={pending.preview} busy={importing} onImport={(overwrite) => void confirmImport(overwrite)} onCancel={() => setPending(null)} />}
    </Page>
  );
}
