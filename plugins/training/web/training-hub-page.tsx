import { Button, ButtonGroup, Card, InputGroup, Tag } from '@civic/sdk/web/blueprint';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect, useState } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { EmptyState, errorMessage, LoadError, Page, PageSkeleton, ToastService, useAccess, useService } from '@civic/sdk/web';
import { Timing } from '@civic/sdk/common/messages';
import type { HubIntent, HubSuggestion } from '../common/api';
import { canReviewQuestions } from '../common/permissions';
import { TrainingHubStore } from './hub-store';
import './training.css';

/** /training-hub/{appId}: per intent, the questions the engine ranked close to it, to approve, edit or reject. */
export const TrainingHubPage = observer(function TrainingHubPage() {
  const { appId = '' } = useParams();
  const store = useService<TrainingHubStore>(TrainingHubStore);
  const review = useAccess(canReviewQuestions);
  useEffect(() => {
    void store.load(appId);
  }, [store, appId]);
  const total = store.intents.reduce((n, i) => n + i.suggestions.length, 0);
  return (
    <Page
      title="AI Assistant"
      description="Suggested training phrases: questions users asked that the bot missed or answered with doubt, matched to the intent the engine ranks closest. Approving one retrains the bot."
    >
      {store.status === 'error' && <LoadError title="The suggestions could not be loaded" error={store.error} onRetry={() => void store.load(appId)} />}
      {store.status === 'loading' && store.intents.length === 0 && <PageSkeleton />}
      <p className="civic-training-count" role="status" aria-live="polite">
        {store.status === 'ready' ? `${total} suggested ${total === 1 ? 'phrase' : 'phrases'} for ${store.intents.length} ${store.intents.length === 1 ? 'intent' : 'intents'}` : ''}
      </p>
      {store.status === 'ready' && store.intents.length === 0 && <EmptyState title="No suggestions" description="No pending questions are close to an intent. New ones come in as people chat." />}
      {store.intents.map((intent) => (
        <Card key={intent.intentId} className="civic-training-hub-intent" compact>
          <h2 className="civic-training-hub-title">{intent.intentName}</h2>
          <ul className="civic-training-hub-list" aria-label={`Suggestions for ${intent.intentName}`}>
            {intent.suggestions.map((s) => (
              <SuggestionRow key={s.transcriptIds[0]} intent={intent} suggestion={s} canDecide={review.allowed} reason={review.disabledReason} />
            ))}
          </ul>
        </Card>
      ))}
    </Page>
  );
});

function SuggestionRow(props: { intent: HubIntent; suggestion: HubSuggestion; canDecide: boolean; reason?: string }) {
  const store = useService<TrainingHubStore>(TrainingHubStore);
  const toasts = useService<ToastService>(ToastService);
  const [text, setText] = useState(props.suggestion.text);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const s = props.suggestion;
  const id = `hub-${s.transcriptIds[0]}`;

  async function decide(kind: 'approve' | 'reject') {
    if (kind === 'approve' && !text.trim()) return;
    setBusy(kind);
    try {
      if (kind === 'approve') {
        await store.approve(props.intent, s, text);
        toasts.notify(`Added to "${props.intent.intentName}"`);
      } else {
        await store.reject(props.intent, s);
        toasts.notify('Rejected');
      }
    } catch (error) {
      toasts.show(errorMessage(error), 'danger', Timing.snackbarMs);
      setBusy(null);
    }
  }

  return (
    <li className="civic-training-hub-row">
      <label htmlFor={id} className="civic-visually-hidden">
        Suggested phrase for {props.intent.intentName}
      </label>
      <InputGroup id={id} value={text} onChange={(e) => setText(e.target.value)} disabled={!props.canDecide} title={props.canDecide ? undefined : (props.reason ?? 'Editors and admins decide')} fill />
      <Tag minimal title="How close the engine ranked it">{Math.round(s.score * 100)}%</Tag>
      <Tag minimal>asked {s.asked}×</Tag>
      {props.canDecide && (
        <ButtonGroup>
          <Button intent="primary" text={text.trim() !== s.text ? 'Approve edited' : 'Approve'} aria-label={`Approve “${text}” for ${props.intent.intentName}`} loading={busy === 'approve'} onClick={() => void decide('approve')} />
          <Button text="Reject" aria-label={`Reject “${s.text}” for ${props.intent.intentName}`} loading={busy === 'reject'} onClick={() => void decide('reject')} />
        </ButtonGroup>
      )}
    </li>
  );
}
