import { Alert, Button, Callout, HTMLSelect, Label, ProgressBar } from '@civic/sdk/web/blueprint';
import { SearchIcon } from '@civic/sdk/web/icons';
import { useCallback, useEffect, useMemo, useState } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { EmptyState, errorMessage, LoadError, Page, PageSkeleton, ToastService, useAccess, usePolling, useService } from '@civic/sdk/web';
import type { ConflictGroup, ConflictPhrase, ConflictReport, ConflictSort, ConflictTotals } from '../common/api';
import { canEditPublishing } from '../common/permissions';
import { ConflictGroupItem, type GroupActions } from './conflict-group';
import { formatWhen, isActive } from './format';
import { PublishingClient } from './publishing-client';
import { formatCount } from '@civic/sdk/common/format';

const POLL_MS = 800;
const SORTS: Array<{ value: ConflictSort; label: string }> = [
  { value: 'pairs', label: 'Most similar pairs' },
  { value: 'score', label: 'Highest similarity' },
];

const count = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

function Totals({ totals }: { totals: ConflictTotals }) {
  return (
    <p className="civic-conflict-totals" aria-label="Conflict detection totals">
      Last run {formatWhen(totals.runAt)}: {count(totals.phrases, 'phrase', 'phrases')} checked in {(totals.millis / 1000).toFixed(1)} s.{' '}
      <strong>{count(totals.pairs, 'similar pair', 'similar pairs')}</strong> ({formatCount(totals.identical)} identical) between{' '}
      <strong>{count(totals.groups, 'pair of intents', 'pairs of intents')}</strong>; pairs with a similarity of at least {Math.round(totals.threshold * 100)}% are listed.
    </p>
  );
}

/** /conflict-resolution/{appId}: similar or identical phrases across intents, grouped by intent pair; move or delete one of them. */
export function ConflictsPage() {
  const { appId = '' } = useParams();
  const client = useService<PublishingClient>(PublishingClient);
  const toasts = useService<ToastService>(ToastService);
  const edit = useAccess(canEditPublishing);
  const [sort, setSort] = useState<ConflictSort>('pairs');
  const [report, setReport] = useState<ConflictReport | null>(null);
  const [groups, setGroups] = useState<ConflictGroup[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [deleting, setDeleting] = useState<ConflictPhrase | null>(null);
  /** Bumped after a fix: opened groups read their pairs again. */
  const [version, setVersion] = useState(0);

  const load = useCallback(async () => {
    try {
      const first = await client.conflicts(appId, { sort });
      setReport(first);
      setGroups(first.groups);
      setError(null);
    } catch (failure) {
      setError(failure);
    }
  }, [client, appId, sort]);

  useEffect(() => {
    setReport(null);
    void load();
  }, [load]);

  const running = report?.job ? isActive(report.job.status) : false;
  usePolling(running, () => void load(), POLL_MS);

  async function loadMore() {
    if (!report?.next) return;
    setLoadingMore(true);
    try {
      const page = await client.conflicts(appId, { sort, after: report.next });
      setGroups((before) => [...before, ...page.groups]);
      setReport(page);
    } catch (failure) {
      toasts.error(errorMessage(failure));
    } finally {
      setLoadingMore(false);
    }
  }

  const act = useCallback(
    async (action: () => Promise<unknown>, done: string) => {
      try {
        await action();
        toasts.notify(done);
      } catch (failure) {
        toasts.error(errorMessage(failure));
      }
      await load();
      setVersion((v) => v + 1);
    },
    [toasts, load],
  );

  const actions: GroupActions | null = useMemo(
    () =>
      edit.allowed
        ? {
            move: (phrase, toIntentId) => void act(() => client.movePhrase(appId, phrase.phraseId, toIntentId), 'Phrase moved'),
            remove: (phrase) => setDeleting(phrase),
          }
        : null,
    [edit.allowed, act, client, appId],
  );

  const job = report?.job;
  const run = edit.allowed ? (
    <>
      <Button intent="primary" icon={<SearchIcon />} text="Run conflict detection" loading={running} onClick={() => void act(() => client.runConflicts(appId), 'Conflict detection started')} />
      {running && job && <Button text="Cancel" disabled={job.cancelRequested} onClick={() => void act(() => client.cancelJob(appId, job.id), 'Cancelling conflict detection')} />}
    </>
  ) : undefined;

  return (
    <Page title="Conflict resolution" description="Training phrases and Q&A variants that are identical or very similar across different intents, grouped by pair of intents." actions={run}>
      {error !== null && <LoadError title="The conflicts could not be loaded" error={errorMessage(error)} onRetry={() => void load()} />}
      {!report && error === null && <PageSkeleton />}
      {report && (
        <>
          {report.recommended && !running && (
            <Callout intent="warning" title="Run conflict detection">
              {report.totals ? 'Training phrases changed since the last run.' : 'Conflict detection has not run for this app yet.'}
            </Callout>
          )}
          {running && job && (
            <div className="civic-conflict-progress">
              <span>
                Checking {job.counts.phrases ? count(job.counts.phrases, 'phrase', 'phrases') : 'phrases'}… {job.progress}%
              </span>
              <ProgressBar value={job.progress / 100} intent="primary" aria-label="Conflict detection progress" />
            </div>
          )}
          {report.totals && <Totals totals={report.totals} />}
          {groups.length === 0 ? (
            <EmptyState
              title={report.totals ? 'No conflicts' : 'No results yet'}
              description={report.totals ? 'No two intents share a similar phrase.' : 'Run conflict detection to find phrases that could confuse the bot.'}
            />
          ) : (
            <>
              <Label className="bp6-inline">
                Sort by{' '}
                <HTMLSelect value={sort} onChange={(event) => setSort(event.currentTarget.value as ConflictSort)} options={SORTS} />
              </Label>
              <ul className="civic-conflict-groups" aria-label="Pairs of intents with similar phrases">
                {groups.map((group) => (
                  <ConflictGroupItem key={`${group.a.id}:${group.b.id}`} appId={appId} group={group} client={client} actions={actions} version={version} />
                ))}
              </ul>
              {report.next && <Button text="Show more pairs of intents" loading={loadingMore} onClick={() => void loadMore()} />}
            </>
          )}
        </>
      )}
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        cancelButtonText="Cancel"
        confirmButtonText="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const phrase = deleting;
          setDeleting(null);
          if (phrase) void act(() => client.deletePhrase(appId, phrase.phraseId), 'Phrase deleted');
        }}
      >
        <p>Are you sure you want to delete this?</p>
        <p>
          The phrase “{deleting?.text}” will be removed from {deleting?.intentName}.
        </p>
      </Alert>
    </Page>
  );
}
