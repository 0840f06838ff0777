import { Card, Tag } from '@civic/sdk/web/blueprint';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect } from '@civic/sdk/web/react';
import { useParams } from '@civic/sdk/web/router';
import { EmptyState, LoadError, Page, PageSkeleton, PluginCatalog, useAccess, useService } from '@civic/sdk/web';
import { platformAdmin } from '@civic/sdk/common/access';
import type { HubIntent } from '../common/api';
import { canReviewQuestions } from '../common/permissions';
import { TrainingHubStore, type HubIntentRef } from './hub-store';
import { AskLlmButton, LlmHint, LlmIntentPicker, LlmSuggestions, LLM_PROVIDER_ROUTE } from './llm-suggestions';
import { PhraseDecisionRow } from './phrase-decision-row';
import './training.css';

/** /training-hub/{appId}: per intent, the questions the engine ranked close to it (and an LLM provider's paraphrases, when asked), to approve, edit or reject. */
export const TrainingHubPage = observer(function TrainingHubPage() {
  const { appId = '' } = useParams();
  const store = useService<TrainingHubStore>(TrainingHubStore);
  const review = useAccess(canReviewQuestions);
  // The hint names the LLM provider page: only where the profile enables credential-llm (training uses it).
  const catalog = useService<PluginCatalog>(PluginCatalog);
  const admin = useAccess(platformAdmin).allowed && catalog.hasRoute(LLM_PROVIDER_ROUTE);
  useEffect(() => {
    void store.load(appId);
  }, [store, appId]);
  const total = store.intents.reduce((n, i) => n + i.suggestions.length, 0);
  const engineIds = new Set(store.intents.map((i) => i.intentId));
  const askedOnly = [...store.paraphrases.values()].filter((p) => !engineIds.has(p.intentId)).reverse();
  const ask = store.llm !== null && review.allowed;
  return (
    <Page
      title="AI Assistant"
      description="Suggested training phrases: questions users asked that the bot missed or answered with doubt, each under the intent the engine ranks closest, when one is close enough (the rest are for Training by clusters, which makes new intents). Approving one retrains the bot."
    >
      {store.status === 'error' && <LoadError title="The suggestions could not be loaded" error={store.error} onRetry={() => void store.load(appId)} />}
      {store.status === 'loading' && store.intents.length === 0 && <PageSkeleton />}
      {store.status === 'ready' && !store.llm && admin && <LlmHint />}
      {store.status === 'ready' && ask && <LlmIntentPicker appId={appId} />}
      <p className="civic-training-count" role="status" aria-live="polite">
        {store.status === 'ready' ? `${total} suggested ${total === 1 ? 'phrase' : 'phrases'} for ${store.intents.length} ${store.intents.length === 1 ? 'intent' : 'intents'}` : ''}
      </p>
      {store.status === 'ready' && store.intents.length === 0 && askedOnly.length === 0 && (
        <EmptyState title="No suggestions" description="No pending questions are close to an intent. New ones come in as people chat." />
      )}
      {askedOnly.map((intent) => (
        <IntentCard key={intent.intentId} intent={intent} ask={ask} canDecide={review.allowed} reason={review.disabledReason} />
      ))}
      {store.intents.map((intent) => (
        <IntentCard key={intent.intentId} intent={intent} engine={intent} ask={ask} canDecide={review.allowed} reason={review.disabledReason} />
      ))}
    </Page>
  );
});

/** One intent: the engine's suggestions (when it has any) and the LLM provider's, when asked. */
function IntentCard(props: { intent: HubIntentRef; engine?: HubIntent; ask: boolean; canDecide: boolean; reason?: string }) {
  const store = useService<TrainingHubStore>(TrainingHubStore);
  const { intent, engine } = props;
  return (
    <Card className="civic-training-hub-intent" compact>
      <div className="civic-training-hub-head">
        <h2 className="civic-training-hub-title">{intent.intentName}</h2>
        {props.ask && <AskLlmButton intent={intent} />}
      </div>
      {engine && engine.suggestions.length > 0 && (
        <ul className="civic-training-hub-list" aria-label={`Suggestions for ${intent.intentName}`}>
          {engine.suggestions.map((s) => (
            <PhraseDecisionRow
              key={s.transcriptIds[0]}
              id={`hub-${s.transcriptIds[0]}`}
              intentName={intent.intentName}
              suggestion={s.text}
              canDecide={props.canDecide}
              reason={props.reason}
              tags={
                <>
                  <Tag minimal title="How close the engine ranked it">{Math.round(s.score * 100)}%</Tag>
                  <Tag minimal>asked {s.asked}×</Tag>
                </>
              }
              onApprove={(text) => store.approve(engine, s, text)}
              onReject={() => store.reject(engine, s)}
            />
          ))}
        </ul>
      )}
      <LlmSuggestions intent={intent} canDecide={props.canDecide} reason={props.reason} />
    </Card>
  );
}
