import { Button, Callout, HTMLSelect, Spinner } from '@civic/sdk/web/blueprint';
import { observer } from '@civic/sdk/web/mobx';
import { useEffect, useState } from '@civic/sdk/web/react';
import { Link } from '@civic/sdk/web/router';
import { ApiClient } from '@civic/sdk/web/services';
import { useService } from '@civic/sdk/web';
import { listIntentChoices, type IntentChoice } from './knowledge-calls';
import { PhraseDecisionRow } from './phrase-decision-row';
import { TrainingHubStore, type HubIntentRef } from './hub-store';

const rowId = (intentId: string, text: string) => `hub-llm-${intentId}-${encodeURIComponent(text).replace(/%/g, '')}`;

/** "Suggest more with <provider>" on an intent's card. */
export const AskLlmButton = observer(function AskLlmButton({ intent }: { intent: HubIntentRef }) {
  const store = useService<TrainingHubStore>(TrainingHubStore);
  if (!store.llm) return null;
  const loading = store.paraphrases.get(intent.intentId)?.status === 'loading';
  return (
    <Button small icon="predictive-analysis" text={`Suggest more with ${store.llm.name}`} aria-label={`Ask ${store.llm.name} for phrases like those of ${intent.intentName}`} loading={loading} onClick={() => void store.askLlm(intent)} />
  );
});

/** The provider's paraphrases for one intent, marked with their source, each to approve, edit or reject. */
export const LlmSuggestions = observer(function LlmSuggestions(props: { intent: HubIntentRef; canDecide: boolean; reason?: string }) {
  const store = useService<TrainingHubStore>(TrainingHubStore);
  const state = store.paraphrases.get(props.intent.intentId);
  if (!state) return null;
  const heading = `Suggested by ${state.source}`;
  return (
    <section className="civic-training-hub-llm" aria-label={`${heading} for ${props.intent.intentName}`}>
      <h3 className="civic-training-hub-source">{heading}</h3>
      {state.status === 'loading' && <Spinner size={20} aria-label={`Asking ${state.source}`} />}
      {state.status === 'error' && (
        <Callout intent="warning" role="alert" title={`${state.source} could not suggest phrases`}>
          {state.error} <Button small minimal text="Try again" onClick={() => void store.askLlm(props.intent)} />
        </Callout>
      )}
      {state.status === 'ready' && state.suggestions.length === 0 && <p className="civic-training-basis">No new phrases: every one it wrote is already in the app, or none could be used.</p>}
      <ul className="civic-training-hub-list" aria-label={`${heading}: phrases for ${props.intent.intentName}`}>
        {state.suggestions.map((text) => (
          <PhraseDecisionRow
            key={text}
            id={rowId(props.intent.intentId, text)}
            intentName={props.intent.intentName}
            suggestion={text}
            canDecide={props.canDecide}
            reason={props.reason}
            onApprove={(edited) => store.approveParaphrase(props.intent, text, edited)}
            onReject={() => store.rejectParaphrase(props.intent, text)}
          />
        ))}
      </ul>
    </section>
  );
});

/** Ask the provider about any intent of the app, not only those with pending questions. */
export const LlmIntentPicker = observer(function LlmIntentPicker({ appId }: { appId: string }) {
  const store = useService<TrainingHubStore>(TrainingHubStore);
  const api = useService<ApiClient>(ApiClient);
  const [choices, setChoices] = useState<IntentChoice[]>([]);
  const [picked, setPicked] = useState('');
  useEffect(() => {
    let live = true;
    void listIntentChoices(api, appId)
      .then((list) => live && setChoices(list))
      .catch(() => live && setChoices([]));
    return () => {
      live = false;
    };
  }, [api, appId]);
  if (!store.llm || choices.length === 0) return null;
  const intent = choices.find((c) => c.id === picked);
  return (
    <div className="civic-training-hub-ask">
      <label htmlFor="hub-llm-intent">Ask {store.llm.name} for phrases of</label>
      <HTMLSelect id="hub-llm-intent" value={picked} onChange={(e) => setPicked(e.target.value)}>
        <option value="">Choose an intent…</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.displayName}
          </option>
        ))}
      </HTMLSelect>
      <Button icon="predictive-analysis" text="Suggest phrases" disabled={!intent} onClick={() => intent && void store.askLlm({ intentId: intent.id, intentName: intent.displayName })} />
    </div>
  );
});

/** The LLM provider credential page (credential-llm's, a plugin training uses when it is enabled). */
export const LLM_PROVIDER_ROUTE = '/credential-llm';

/** For platform admins of a deployment without a provider: where to add one. */
export function LlmHint() {
  return (
    <p className="civic-training-basis">
      Suggestions can also come from an LLM provider: add one under Integration Credential, <Link to={LLM_PROVIDER_ROUTE}>LLM provider</Link>.
    </p>
  );
}
