import { Alert, Button, ButtonGroup, Callout, HTMLTable, ProgressBar, Tag } from '@civic/sdk/web/blueprint';
import { SearchIcon } from '@civic/sdk/web/icons';
import { useCallback, useEffect, useState } from '@civic/sdk/web/react';
import { Link, useParams } from '@civic/sdk/web/router';
import { EmptyState, isApiError, Page, PageSkeleton, ToastService, useAccess, useService } from '@civic/sdk/web';
import type { ConflictPair, ConflictPhrase, ConflictReport } from '../common/api';
import { canEditPublishing } from '../common/permissions';
import { formatWhen, intentLink, isActive } from './format';
import { PublishingClient } from './publishing-client';

const POLL_MS = 800;

/** /conflict-resolution/{appId}: similar or identical phrases across intents; move or delete one of them. */
export function ConflictsPage() {
  const { appId = '' } = useParams();
  const client = useService<PublishingClient>(PublishingClient);
  const toasts = useService<ToastService>(ToastService);
  const edit = useAccess(canEditPublishing);
  const [report, setReport] = useState<ConflictReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ConflictPhrase | null>(null);

  const load = useCallback(async () => {
    try {
      setReport(await client.conflicts(appId));
      setError(null);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : String(failure));
    }
  }, [client, appId]);

  useEffect(() => {
    setReport(null);
    void load();
  }, [load]);

  const running = report?.job ? isActive(report.job.status) : false;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [running, load]);

  async function act(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      toasts.notify(done);
    } catch (failure) {
      toasts.error(isApiError(failure) ? failure.message : String(failure));
    }
    await load();
  }

  const run = edit.allowed ? (
    <Button intent="primary" icon={<SearchIcon />} text="Run conflict detection" loading={running} onClick={() => void act(() => client.runConflicts(appId), 'Conflict detection started')} />
  ) : undefined;

  const phraseCell = (phrase: ConflictPhrase) => (
    <>
      <div className="civic-conflict-phrase">“{phrase.text}”</div>
      <Link className="civic-inline-link" style={{ textDecoration: 'underline' }} to={intentLink(appId, phrase.intentId, phrase.intentKind)}>{phrase.intentName}</Link>
    </>
  );

  const actions = (pair: ConflictPair) => (
    <ButtonGroup minimal vertical>
      <Button small text={`Move first to “${pair.b.intentName}”`} onClick={() => void act(() => client.movePhrase(appId, pair.a.phraseId, pair.b.intentId), 'Phrase moved')} />
      <Button small text={`Move second to “${pair.a.intentName}”`} onClick={() => void act(() => client.movePhrase(appId, pair.b.phraseId, pair.a.intentId), 'Phrase moved')} />
      <Button small intent="danger" text="Delete first" onClick={() => setDeleting(pair.a)} />
      <Button small intent="danger" text="Delete second" onClick={() => setDeleting(pair.b)} />
    </ButtonGroup>
  );

  return (
    <Page title="Conflict resolution" description="Training phrases and Q&A variants that are identical or very similar across different intents." actions={run}>
      {error && (
        <Callout intent="danger" title="Could not load conflicts">
          {error} <Button text="Retry" onClick={() => void load()} />
        </Callout>
      )}
      {!report && !error && <PageSkeleton />}
      {report && (
        <>
          {report.recommended && !running && (
            <Callout intent="warning" title="Run conflict detection">
              {report.runAt ? 'Training phrases changed since the last run.' : 'Conflict detection has not run for this app yet.'}
            </Callout>
          )}
          {running && report.job && (
            <div className="civic-conflict-progress">
              <span>Checking phrases… {report.job.progress}%</span>
              <ProgressBar value={report.job.progress / 100} intent="primary" aria-label="Conflict detection progress" />
            </div>
          )}
          {report.runAt && (
            <p>
              Last run {formatWhen(report.runAt)}; pairs with a similarity of at least {Math.round(report.threshold * 100)}% are listed.
            </p>
          )}
          {report.pairs.length === 0 ? (
            <EmptyState title={report.runAt ? 'No conflicts' : 'No results yet'} description={report.runAt ? 'No two intents share a similar phrase.' : 'Run conflict detection to find phrases that could confuse the bot.'} />
          ) : (
            <HTMLTable striped aria-label="Conflicting phrases">
              <thead>
                <tr>
                  <th scope="col">Similarity</th>
                  <th scope="col">First phrase</th>
                  <th scope="col">Second phrase</th>
                  {edit.allowed && <th scope="col">Resolve</th>}
                </tr>
              </thead>
              <tbody>
                {report.pairs.map((pair) => (
                  <tr key={`${pair.a.phraseId}:${pair.b.phraseId}`}>
                    <td>
                      {Math.round(pair.score * 100)}%{' '}
                      {pair.identical && (
                        <Tag intent="danger" minimal>
                          identical
                        </Tag>
                      )}
                    </td>
                    <td>{phraseCell(pair.a)}</td>
                    <td>{phraseCell(pair.b)}</td>
                    {edit.allowed && <td>{actions(pair)}</td>}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
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
