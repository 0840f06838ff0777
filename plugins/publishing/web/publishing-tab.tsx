import {
  Alert,
  Button,
  ButtonGroup,
  Callout,
  Card,
  FormGroup,
  H3,
  HTMLSelect,
  ProgressBar,
  Switch,
} from '@civic/sdk/web/blueprint';
import { CloudUploadIcon, DownloadIcon, UndoIcon } from '@civic/sdk/web/icons';
import { useCallback, useEffect, useId, useState } from '@civic/sdk/web/react';
import { Link } from '@civic/sdk/web/router';
import { isApiError, PageSkeleton, saveBlob, ToastService, useAccess, usePolling, useService } from '@civic/sdk/web';
import { type DiffResult, type PublishingOverview, type VersionSummary } from '../common/api';
import { PublishingMessages } from '../common/messages';
import { canAdminPublishing, canEditPublishing } from '../common/permissions';
import { DiffView } from './diff-view';
import { formatWhen, isActive, PROGRESS_POLL_MS } from './format';
import { PublishDialog } from './publish-dialog';
import { PublishingClient } from './publishing-client';
import { VersionHistory } from './version-history';

/** The production side before the first publish: the diff then shows the whole draft as added. */
export const NOTHING_PUBLISHED = 'Nothing published yet';

function sideLabel(side: string, versions: VersionSummary[], published: boolean): string {
  if (side === 'draft') return 'Draft';
  if (side === 'production') return published ? 'Production' : NOTHING_PUBLISHED;
  if (side === 'request') return 'Publish request';
  const version = versions.find((v) => v.id === side);
  return version ? `Version ${version.number}` : 'Version';
}

/** App settings → Bot Publishing: production version, history, diff, publish with a note, approval, rollback, downloads. */
export function PublishingTab(props: { appId: string }) {
  const { appId } = props;
  const client = useService<PublishingClient>(PublishingClient);
  const toasts = useService<ToastService>(ToastService);
  const canEdit = useAccess(canEditPublishing).allowed;
  const canAdmin = useAccess(canAdminPublishing).allowed;
  const [overview, setOverview] = useState<PublishingOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [publishOpen, setPublishOpen] = useState(false);
  const [rollbackTo, setRollbackTo] = useState<VersionSummary | null>(null);
  const [from, setFrom] = useState('production');
  const [to, setTo] = useState('draft');
  const [diff, setDiff] = useState<DiffResult | null>(null);
  const [diffError, setDiffError] = useState<string | null>(null);
  const fromId = useId();
  const toId = useId();

  const load = useCallback(async () => {
    try {
      setOverview(await client.overview(appId));
      setError(null);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : String(failure));
    }
  }, [client, appId]);

  const loadDiff = useCallback(async () => {
    try {
      setDiff(await client.diff(appId, from, to));
      setDiffError(null);
    } catch (failure) {
      setDiffError(isApiError(failure) ? failure.message : String(failure));
    }
  }, [client, appId, from, to]);

  useEffect(() => {
    setOverview(null);
    void load();
  }, [load]);
  useEffect(() => {
    void loadDiff();
  }, [loadDiff]);

  async function reload() {
    await load();
    await loadDiff();
  }

  // The publish job this page just queued: followed by its id until it ends, whatever the overview read
  // first (it may have been read before the job was stored, and then named the previous publish).
  const [queuedJobId, setQueuedJobId] = useState<string | null>(null);
  usePolling(
    queuedJobId !== null,
    () => {
      if (!queuedJobId) return;
      void client.job(appId, queuedJobId).then(
        (job) => {
          if (isActive(job.status)) return;
          setQueuedJobId(null);
          void reload();
        },
        () => setQueuedJobId(null),
      );
    },
    PROGRESS_POLL_MS,
  );

  // While a publish job runs, Draft progress (§3) drives the bar.
  const publishing = overview ? isActive(overview.draftProgress.status) : false;
  usePolling(
    publishing,
    () => {
      void client.draftProgress(appId).then((progress) => {
        setOverview((current) => (current ? { ...current, draftProgress: progress } : current));
        if (isActive(progress.status)) return;
        if (progress.status === 'succeeded') toasts.result('Published to production');
        if (progress.status === 'failed') toasts.error('Publishing failed; production is unchanged');
        void reload();
      });
    },
    PROGRESS_POLL_MS,
  );

  async function act(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      toasts.notify(done);
    } catch (failure) {
      toasts.error(isApiError(failure) ? failure.message : String(failure));
    }
    await reload();
  }

  async function download(versionId?: string, number?: number) {
    try {
      const blob = await client.download(appId, versionId);
      saveBlob(blob, `${appId}-${number ? `v${number}` : 'draft'}.zip`);
    } catch (failure) {
      toasts.error(isApiError(failure) ? failure.message : String(failure));
    }
  }

  if (error && !overview) {
    return (
      <Callout intent="danger" title="Could not load publishing">
        {error} <Button text="Retry" onClick={() => void load()} />
      </Callout>
    );
  }
  if (!overview) return <PageSkeleton />;

  const { production, versions, pendingRequest, draftProgress } = overview;
  const sides = [
    { value: 'draft', label: 'Draft' },
    ...(pendingRequest ? [{ value: 'request', label: 'Publish request (as filed)' }] : []),
    // Always offered: before the first publish the diff starts from it (nothing), where a missing
    // option made the picker show "Draft" for both sides.
    { value: 'production', label: production ? `Production (version ${production.number})` : NOTHING_PUBLISHED },
    ...versions.map((v) => ({ value: v.id, label: `Version ${v.number}${v.note ? ` — ${v.note.slice(0, 40)}` : ''}` })),
  ];

  return (
    <div className="civic-publishing">
      <Card className="civic-publishing-production">
        <H3>Production</H3>
        {production ? (
          <p>
            Version {production.number}
            {production.note ? ` — “${production.note}”` : ''}, published by {production.authorEmail}
            {production.approvedByEmail ? ` (approved by ${production.approvedByEmail})` : ''} on {formatWhen(production.createdAt)}.
            {overview.productionChangedAt && overview.productionChangedAt !== production.createdAt && (
              <> In production since {formatWhen(overview.productionChangedAt)} ({overview.productionChangedByEmail}).</>
            )}
          </p>
        ) : (
          <p>{PublishingMessages.notPublished}. Citizens get nothing until you publish.</p>
        )}
        <p>{overview.draftChanged ? 'The draft has changes that are not in production.' : 'The draft is the same as production.'}</p>
        {publishing && (
          <div className="civic-publishing-progress">
            <span>Publishing… {draftProgress.progress}%</span>
            <ProgressBar value={draftProgress.progress / 100} intent="primary" aria-label="Publishing progress" />
          </div>
        )}
        {draftProgress.conflictCheckRecommended && (
          <Callout intent="warning" title="Conflict check recommended">
            Training phrases changed since conflict detection last ran. <Link className="civic-inline-link" style={{ textDecoration: 'underline' }} to={`/conflict-resolution/${encodeURIComponent(appId)}`}>Run conflict detection</Link>
          </Callout>
        )}
        {pendingRequest && (
          <Callout
            intent={pendingRequest.stale ? 'warning' : 'primary'}
            title={pendingRequest.stale ? 'Publish request out of date' : 'Publish request waiting for approval'}
          >
            {pendingRequest.requestedByEmail} asked on {formatWhen(pendingRequest.requestedAt)}
            {pendingRequest.note ? `: “${pendingRequest.note}”` : ''}.
            {pendingRequest.stale && <p>{PublishingMessages.requestStale}.</p>}
            <ButtonGroup className="civic-request-actions">
              <Button text="Review what it publishes" onClick={() => (setFrom('production'), setTo('request'))} />
              {canAdmin && (
                <Button
                  intent="success"
                  text="Approve and publish"
                  disabled={pendingRequest.stale}
                  onClick={() =>
                    void act(async () => {
                      const result = await client.approve(appId, pendingRequest.id);
                      if (result.job && isActive(result.job.status)) setQueuedJobId(result.job.id);
                    }, 'Approved; publishing')
                  }
                />
              )}
              {canEdit && <Button text="Reject or withdraw" onClick={() => void act(() => client.reject(appId, pendingRequest.id), 'Request closed')} />}
            </ButtonGroup>
          </Callout>
        )}
        <ButtonGroup className="civic-publishing-actions">
          {canEdit && (
            <Button intent="primary" icon={<CloudUploadIcon />} text="Publish…" disabled={publishing || pendingRequest !== null} onClick={() => setPublishOpen(true)} />
          )}
          <Button icon={<DownloadIcon />} text="Download draft export" onClick={() => void download()} />
        </ButtonGroup>
        {canAdmin && (
          <Switch
            checked={overview.requireApproval}
            disabled={overview.approvalByDeployment}
            label="Publishing needs a second app admin's approval"
            onChange={(event) => {
              const checked = (event.target as HTMLInputElement).checked;
              void act(() => client.setRequireApproval(appId, checked), 'Saved');
            }}
          />
        )}
      </Card>

      <VersionHistory
        versions={versions}
        productionId={production?.id ?? null}
        canRollBack={canAdmin}
        onCompare={(version) => (setFrom(version.id), setTo('draft'))}
        onDownload={(version) => void download(version.id, version.number)}
        onRollBack={setRollbackTo}
      />

      <Card className="civic-publishing-diff">
        <H3>Differences</H3>
        <div className="civic-diff-pickers">
          <FormGroup label="From" labelFor={fromId} inline>
            <HTMLSelect id={fromId} value={from} options={sides} onChange={(event) => setFrom(event.currentTarget.value)} />
          </FormGroup>
          <FormGroup label="To" labelFor={toId} inline>
            <HTMLSelect id={toId} value={to} options={sides} onChange={(event) => setTo(event.currentTarget.value)} />
          </FormGroup>
        </div>
        {diffError && <Callout intent="danger">{diffError}</Callout>}
        {diff && <DiffView diff={diff.diff} fromLabel={sideLabel(diff.from, versions, production !== null)} toLabel={sideLabel(diff.to, versions, production !== null)} />}
      </Card>

      <PublishDialog
        isOpen={publishOpen}
        overview={overview}
        appId={appId}
        onClose={() => setPublishOpen(false)}
        onPublish={async (note, acknowledgeChanges) => {
          const result = await client.publish(appId, note, acknowledgeChanges);
          if (result.job && isActive(result.job.status)) setQueuedJobId(result.job.id);
          setPublishOpen(false);
          toasts.notify(result.request ? PublishingMessages.publishRequested : PublishingMessages.publishQueued);
          await reload();
        }}
      />
      <Alert
        isOpen={rollbackTo !== null}
        intent="warning"
        icon={<UndoIcon />}
        cancelButtonText="Cancel"
        confirmButtonText="Roll back"
        onCancel={() => setRollbackTo(null)}
        onConfirm={() => {
          const target = rollbackTo;
          setRollbackTo(null);
          if (target) void act(() => client.rollback(appId, target.id), `Production is now version ${target.number}`);
        }}
      >
        <p>
          Citizens will get version {rollbackTo?.number} again. The draft is kept as it is; later versions stay in the history.
        </p>
      </Alert>
    </div>
  );
}
