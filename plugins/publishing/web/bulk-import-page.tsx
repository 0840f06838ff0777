import { Button, Callout, FileInput, HTMLTable, ProgressBar, Tag } from '@civic/sdk/web/blueprint';
import { DownloadIcon } from '@civic/sdk/web/icons';
import { useState } from '@civic/sdk/web/react';
import { Link, useParams } from '@civic/sdk/web/router';
import { isApiError, Page, saveBlob, ToastService, useAccess, usePolling, useService } from '@civic/sdk/web';
import type { BulkPreview, JobView } from '../common/api';
import { BULK_COLUMNS, safeCell } from '../common/bulk';
import { canEditPublishing } from '../common/permissions';
import { countsText, isActive, PROGRESS_POLL_MS, STATUS_LABELS } from './format';
import { fileToBase64, PublishingClient } from './publishing-client';
import { formatCount } from '@civic/sdk/common/format';

const PLAN_LABELS = { create: 'New', update: 'Update', unchanged: 'Unchanged', invalid: 'Error' } as const;
const PLAN_INTENTS = { create: 'success', update: 'primary', unchanged: 'none', invalid: 'danger' } as const;

/** The rows with problems as a CSV to fix and upload again (cells guarded against formulas). */
function errorsCsv(preview: BulkPreview): string {
  const lines = [[...BULK_COLUMNS, 'row', 'errors'].join(',')];
  for (const row of preview.rows.filter((r) => r.plan === 'invalid')) {
    lines.push([row.question, row.variants.join('|'), row.answer, row.category ?? '', row.labels.join(','), String(row.row), row.errors.join('; ')].map(safeCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** /bulkimport/{appId}: CSV or XLSX of Q&A → preview with per-row errors → confirm → a job with progress. */
export function BulkImportPage() {
  const { appId = '' } = useParams();
  const client = useService<PublishingClient>(PublishingClient);
  const toasts = useService<ToastService>(ToastService);
  const edit = useAccess(canEditPublishing);
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [preview, setPreview] = useState<BulkPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<JobView | null>(null);

  usePolling(
    job !== null && isActive(job.status),
    () => {
      if (!job) return;
      void client.job(appId, job.id).then((next) => {
        setJob(next);
        if (next.status === 'succeeded') toasts.result(`Imported: ${countsText(next.counts)}`);
        if (next.status === 'failed') toasts.error('The import failed; nothing was changed');
      });
    },
    PROGRESS_POLL_MS,
  );

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    setBusy(true);
    setPreview(null);
    setJob(null);
    setProblem(null);
    try {
      const content = await fileToBase64(chosen);
      setFile({ name: chosen.name, content });
      setPreview(await client.bulkPreview(appId, chosen.name, content));
    } catch (failure) {
      setProblem(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!file) return;
    setBusy(true);
    try {
      setJob(await client.bulkImport(appId, file.name, file.content));
    } catch (failure) {
      setProblem(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  const importable = preview ? preview.create + preview.update : 0;
  return (
    <Page
      title="Bulk import"
      description="Upload a CSV or XLSX file with the columns question, variants, answer, category and labels. Variants are separated by | or new lines, labels by commas."
    >
      {!edit.allowed ? (
        <Callout intent="primary">Only editors and admins of this app can import.</Callout>
      ) : (
        <FileInput
          inputProps={{ accept: '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'aria-label': 'Q&A file (CSV or XLSX)' }}
          text={file?.name ?? 'Choose a CSV or XLSX file…'}
          hasSelection
          buttonText="Browse"
          disabled={busy || (job !== null && isActive(job.status))}
          onInputChange={(event) => void choose((event.target as HTMLInputElement).files?.[0])}
        />
      )}
      {problem && (
        <Callout intent="danger" title="The file cannot be imported">
          {problem}
        </Callout>
      )}
      {preview && (
        <section aria-label="Preview">
          <p>
            {formatCount(preview.total)} rows: {formatCount(preview.create)} new, {formatCount(preview.update)} to update, {formatCount(preview.unchanged)} unchanged,{' '}
            {formatCount(preview.invalid)} with errors (not imported).
          </p>
          {preview.tierLimit && (
            <Callout intent="danger" title="Over the subscription's limit">
              {preview.tierLimit}
            </Callout>
          )}
          <div className="civic-bulk-actions">
            <Button
              intent="primary"
              text={`Import ${formatCount(importable)} rows`}
              disabled={importable === 0 || preview.tierLimit !== null || busy || job !== null}
              onClick={() => void confirm()}
            />
            {preview.invalid > 0 && <Button text="Download rows with errors" icon={<DownloadIcon />} onClick={() => saveBlob(new Blob([errorsCsv(preview)], { type: 'text/csv' }), 'rows-with-errors.csv')} />}
          </div>
          {job && (
            <div className="civic-bulk-job" aria-live="polite">
              <span>
                {STATUS_LABELS[job.status]} — {job.progress}% {countsText(job.counts)}
              </span>
              <ProgressBar value={job.progress / 100} animate={isActive(job.status)} intent={job.status === 'failed' ? 'danger' : 'primary'} aria-label="Import progress" />
              {!isActive(job.status) && (
                <Link style={{ textDecoration: 'underline' }} to={`/importjob/${encodeURIComponent(appId)}`}>
                  See the job and its errors
                </Link>
              )}
            </div>
          )}
          <HTMLTable striped compact aria-label="Rows">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Result</th>
                <th scope="col">Question</th>
                <th scope="col">Variants</th>
                <th scope="col">Answer</th>
                <th scope="col">Category</th>
                <th scope="col">Labels</th>
                <th scope="col">Errors</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row) => (
                <tr key={row.row}>
                  <td>{row.row}</td>
                  <td>
                    <Tag minimal intent={PLAN_INTENTS[row.plan]}>
                      {PLAN_LABELS[row.plan]}
                    </Tag>
                  </td>
                  <td>{row.question}</td>
                  <td>{row.variants.join(' | ')}</td>
                  <td>{row.answer}</td>
                  <td>{row.category ?? ''}</td>
                  <td>{row.labels.join(', ')}</td>
                  <td>{row.errors.join('; ')}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </section>
      )}
    </Page>
  );
}
