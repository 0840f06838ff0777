import type { JobStatus } from '../common/api';
import { JOB_KIND_LABELS } from '../common/api';
import { formatCount } from '@civic/sdk/common/format';

export function formatWhen(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

export function kindLabel(kind: string): string {
  return JOB_KIND_LABELS[kind] ?? kind;
}

export const STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const STATUS_INTENTS: Record<JobStatus, 'none' | 'primary' | 'success' | 'danger' | 'warning'> = {
  queued: 'none',
  running: 'primary',
  succeeded: 'success',
  failed: 'danger',
  cancelled: 'warning',
};

/** How often a page asks how a running job is getting on (its progress bar). */
export const PROGRESS_POLL_MS = 700;

export function isActive(status: string): boolean {
  return status === 'queued' || status === 'running';
}

export function countsText(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([key, value]) => `${formatCount(value)} ${key}`)
    .join(', ');
}

/** Link to an intent's or Q&A's editor (knowledge-base routes, §2). */
export function intentLink(appId: string, intentId: string, kind: 'intent' | 'qna'): string {
  return kind === 'qna' ? `/QandA/${encodeURIComponent(appId)}/edit/${encodeURIComponent(intentId)}` : `/intent/${encodeURIComponent(appId)}/edit/${encodeURIComponent(intentId)}`;
}
