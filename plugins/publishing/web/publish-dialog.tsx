import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  Spinner,
  TextArea,
} from '@civic/sdk/web/blueprint';
import { HistoryIcon } from '@civic/sdk/web/icons';
import { useEffect, useId, useState } from '@civic/sdk/web/react';
import { Link } from '@civic/sdk/web/router';
import { ConsoleConfigService, isApiError, useService } from '@civic/sdk/web';
import { REPLAY_PLUGIN_ID, type PublishingOverview, type ReplayAnswerView, type ReplayResultView } from '../common/api';
import { PublishingMessages } from '../common/messages';
import { NOTE_MAX } from '../common/publishing.dto';
import { intentLink } from './format';
import { PublishingClient } from './publishing-client';

/**
 * The publish dialog: a note, the answers past their review date, and (where the dialog engine is
 * enabled) a replay of recent citizen questions against draft and production.
 */
export function PublishDialog(props: { isOpen: boolean; overview: PublishingOverview; appId: string; onClose(): void; onPublish(note: string, acknowledgeChanges: boolean): Promise<void> }) {
  const { overview, appId } = props;
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  // Answers the replay says would change: publishing needs the editor to acknowledge them (the server checks too).
  const [changed, setChanged] = useState(0);
  const [acknowledged, setAcknowledged] = useState(false);
  const [replaying, setReplaying] = useState(false);
  const blocked = replaying || (changed > 0 && !acknowledged);

  async function submit() {
    if (note.length > NOTE_MAX) {
      setProblem(PublishingMessages.noteTooLong);
      return;
    }
    if (blocked) return;
    setBusy(true);
    try {
      await props.onPublish(note.trim(), changed > 0 && acknowledged);
      setNote('');
      setAcknowledged(false);
      setProblem(null);
    } catch (failure) {
      setProblem(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={overview.requireApproval ? 'Request to publish' : 'Publish to production'}>
      <DialogBody>
        <p>
          {overview.requireApproval
            ? 'A second app admin must approve before the draft goes to production.'
            : 'The draft becomes a new numbered version and goes to production at once.'}
        </p>
        {overview.draftProgress.conflictCheckRecommended && (
          <Callout intent="warning" title="Run conflict detection first">
            Training phrases changed since the last conflict check. <Link className="civic-inline-link" style={{ textDecoration: 'underline' }} to={`/conflict-resolution/${encodeURIComponent(appId)}`}>Open conflict resolution</Link>
          </Callout>
        )}
        {overview.reviewOverdue.length > 0 && (
          <Callout intent="warning" title={`${overview.reviewOverdue.length} item(s) are past their review-by date`}>
            <ul>
              {overview.reviewOverdue.map((item) => (
                <li key={item.intentId}>
                  <Link className="civic-inline-link" style={{ textDecoration: 'underline' }} to={intentLink(appId, item.intentId, item.kind)}>{item.displayName}</Link> — review by {item.reviewBy}
                </li>
              ))}
            </ul>
          </Callout>
        )}
        {!overview.draftChanged && <Callout intent="primary">The draft is the same as production; publishing makes an identical version.</Callout>}
        {props.isOpen && (
          <ReplaySection
            appId={appId}
            onReplayed={(changes, running) => {
              setChanged(changes);
              setReplaying(running);
              if (running) setAcknowledged(false);
            }}
          />
        )}
        {changed > 0 && (
          <Checkbox
            checked={acknowledged}
            onChange={(event) => setAcknowledged(event.currentTarget.checked)}
            label={`I have checked the ${changed === 1 ? 'answer' : `${changed} answers`} that would change, and want to publish`}
          />
        )}
        <FormGroup label="Note" labelFor={noteId} helperText={problem ?? `What changed and why (at most ${NOTE_MAX} characters).`} intent={problem ? 'danger' : 'none'}>
          <TextArea id={noteId} fill value={note} onChange={(event) => setNote(event.currentTarget.value)} intent={problem ? 'danger' : 'none'} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={props.onClose} />
            <Button
              intent="primary"
              text={overview.requireApproval ? 'Request approval' : 'Publish'}
              loading={busy}
              disabled={blocked}
              title={blocked ? (replaying ? 'Waiting for the replay of recent questions' : 'Confirm the answers that would change first') : undefined}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
}

function replayAnswerText(answer: ReplayAnswerView): string {
  if (answer.fallback || !answer.intentName) return `Fallback (${Math.round(answer.confidence * 100)}%)`;
  return `${answer.intentName} (${Math.round(answer.confidence * 100)}%)`;
}

/**
 * Publish replay in the publish dialog: the last 200 questions citizens asked in production are
 * answered by the draft and by production; the ones whose answer would change are listed. Served
 * by the dialog-engine plugin: hidden where it is not enabled (or its route answers 404).
 */
function ReplaySection(props: { appId: string; onReplayed(changes: number, running: boolean): void }) {
  const { appId, onReplayed } = props;
  const client = useService<PublishingClient>(PublishingClient);
  const enabled = useService<ConsoleConfigService>(ConsoleConfigService).config.plugins.includes(REPLAY_PLUGIN_ID);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReplayResultView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();

  async function replay() {
    setBusy(true);
    setProblem(null);
    onReplayed(0, true);
    let changes = 0;
    try {
      const replayed = await client.replay(appId);
      changes = replayed.published ? replayed.changes.length : 0;
      setResult(replayed);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 404) setMissing(true);
      else setProblem(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setBusy(false);
      onReplayed(changes, false);
    }
  }

  // The replay runs by default when the dialog opens.
  useEffect(() => {
    if (enabled) void replay();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [appId, enabled]);

  if (!enabled || missing) return null;
  return (
    <section className="civic-publishing-replay" aria-labelledby={headingId}>
      <h4 id={headingId}>Replay recent questions</h4>
      <p>The last 200 questions citizens asked in production, asked again of the draft and of production: the answers publishing would change.</p>
      <Button icon={<HistoryIcon />} text="Replay again" loading={busy} disabled={busy} onClick={() => void replay()} />
      <div aria-live="polite">
        {busy && (
          <div className="civic-publishing-replay-busy" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Spinner size={16} aria-hidden />
            <span>Replaying questions against the draft and production…</span>
          </div>
        )}
        {problem && (
          <Callout intent="danger" title="Could not replay">
            {problem}
          </Callout>
        )}
        {!busy && result && !result.published && <p>Nothing is published yet, so there are no production answers to compare with.</p>}
        {!busy && result?.published && result.changes.length === 0 && (
          <Callout intent="success" title="No answers would change">
            {result.questions === 0 ? 'Citizens have not asked anything in production yet.' : `Replayed ${result.questions} questions (${result.distinct} different); the draft answers each of them as production does.`}
          </Callout>
        )}
        {!busy && result?.published && result.changes.length > 0 && (
          <>
            <p>
              {result.changes.length} of {result.distinct} different questions would be answered differently (replayed {result.questions} questions).
            </p>
            <HTMLTable compact striped aria-label="Answers that would change">
              <thead>
                <tr>
                  <th scope="col">Question</th>
                  <th scope="col">Production answers with</th>
                  <th scope="col">Draft answers with</th>
                </tr>
              </thead>
              <tbody>
                {result.changes.map((change) => (
                  <tr key={change.question}>
                    <td>
                      {change.question}
                      {change.asked > 1 ? ` (asked ${change.asked} times)` : ''}
                    </td>
                    <td>{replayAnswerText(change.production)}</td>
                    <td>
                      {replayAnswerText(change.draft)}
                      {change.change === 'answer' ? ' — same intent, new reply' : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </>
        )}
      </div>
    </section>
  );
}
