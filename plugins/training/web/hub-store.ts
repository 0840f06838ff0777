import { inject, injectable } from '@civic/sdk/web/inversify';
import { makeObservable, observable, observableRef, runInAction } from '@civic/sdk/web/mobx';
import { ApiClient, AuthService, errorMessage } from '@civic/sdk/web/services';
import { TrainingApi, TrainingHubApi, type HubIntent, type HubParaphrases, type HubSuggestion, type HubSuggestions } from '../common/api';
import { addPhraseToIntent } from './knowledge-calls';
import { PendingBadge } from './pending-badge';

/** The reason a rejected suggestion's questions are dismissed with (§8: a dismissal has one). */
export const REJECTED_REASON = 'Rejected as a training phrase in the training hub';

/** An intent by id and name: what a decision on a suggestion is about. */
export type HubIntentRef = Pick<HubIntent, 'intentId' | 'intentName'>;

/** The LLM provider's paraphrases for one intent, asked for from the hub. */
export interface ParaphraseState extends HubIntentRef {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  source: string;
  suggestions: readonly string[];
}

/** /training-hub/{appId}: the assistant's suggestions (the engine's, and the LLM provider's when asked); approve (as is or edited) or reject each. */
export const TrainingHubStore = Symbol('training.TrainingHubStore');
export interface TrainingHubStore {
  readonly intents: readonly HubIntent[];
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  readonly error: string | null;
  /** The LLM provider that applies to the app, or null. */
  readonly llm: { name: string } | null;
  /** Per intent id, in the order asked. */
  readonly paraphrases: ReadonlyMap<string, ParaphraseState>;
  load(appId: string): Promise<void>;
  approve(intent: HubIntent, suggestion: HubSuggestion, text: string): Promise<void>;
  reject(intent: HubIntent, suggestion: HubSuggestion): Promise<void>;
  askLlm(intent: HubIntentRef): Promise<void>;
  approveParaphrase(intent: HubIntentRef, suggestion: string, text: string): Promise<void>;
  rejectParaphrase(intent: HubIntentRef, suggestion: string): Promise<void>;
}

@injectable()
export class TrainingHubStoreImpl implements TrainingHubStore {
  intents: readonly HubIntent[] = [];
  status: TrainingHubStore['status'] = 'idle';
  error: string | null = null;
  llm: { name: string } | null = null;
  paraphrases: ReadonlyMap<string, ParaphraseState> = new Map();
  private appId: string | null = null;

  constructor(
    @inject(ApiClient) private readonly api: ApiClient,
    @inject(AuthService) private readonly auth: AuthService,
    @inject(PendingBadge) private readonly badge: PendingBadge,
  ) {
    makeObservable(this, { intents: observableRef, status: observable, error: observable, llm: observableRef, paraphrases: observableRef });
  }

  async load(appId: string): Promise<void> {
    if (this.appId !== appId) runInAction(() => (this.paraphrases = new Map()));
    this.appId = appId;
    runInAction(() => (this.status = 'loading'));
    try {
      const page = await this.api.get<HubSuggestions>(TrainingHubApi.suggestions(appId));
      if (this.appId !== appId) return;
      runInAction(() => {
        this.intents = page.intents;
        this.llm = page.llm ?? null;
        this.status = 'ready';
        this.error = null;
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = errorMessage(error);
      });
    }
  }

  /** Adds the phrase through the knowledge base (whose change event retrains the draft), then records it. */
  async approve(intent: HubIntent, suggestion: HubSuggestion, text: string): Promise<void> {
    const appId = this.mustApp();
    const edited = text.trim() !== suggestion.text;
    await addPhraseToIntent(this.api, appId, intent.intentId, text.trim());
    await this.api.post(TrainingApi.trained(appId), { transcriptIds: suggestion.transcriptIds, action: 'added-phrase', intentId: intent.intentId, intentName: intent.intentName, phrase: text.trim() });
    await this.usage(appId, intent, { approved: edited ? 0 : 1, edited: edited ? 1 : 0 });
    this.drop(intent, suggestion);
  }

  async reject(intent: HubIntent, suggestion: HubSuggestion): Promise<void> {
    const appId = this.mustApp();
    await this.api.post(TrainingApi.bulkReview(appId), { transcriptIds: suggestion.transcriptIds, reviewStatus: 'DISMISSED', reason: REJECTED_REASON });
    await this.usage(appId, intent, { approved: 0, edited: 0 });
    this.drop(intent, suggestion);
  }

  /** Asks the LLM provider for new phrases of the intent; its failure is shown in the intent's card. */
  async askLlm(intent: HubIntentRef): Promise<void> {
    const appId = this.mustApp();
    const source = this.llm?.name ?? '';
    this.setParaphrases(intent.intentId, { ...intent, status: 'loading', error: null, source, suggestions: this.paraphrases.get(intent.intentId)?.suggestions ?? [] });
    try {
      const answer = await this.api.get<HubParaphrases>(TrainingHubApi.paraphrases(appId), { query: { intentId: intent.intentId } });
      if (this.appId !== appId) return;
      this.setParaphrases(intent.intentId, { ...intent, status: 'ready', error: null, source: answer.source, suggestions: answer.suggestions });
    } catch (error) {
      if (this.appId !== appId) return;
      this.setParaphrases(intent.intentId, { ...intent, status: 'error', error: errorMessage(error), source, suggestions: [] });
    }
  }

  async approveParaphrase(intent: HubIntentRef, suggestion: string, text: string): Promise<void> {
    const appId = this.mustApp();
    const edited = text.trim() !== suggestion;
    await addPhraseToIntent(this.api, appId, intent.intentId, text.trim());
    await this.usage(appId, intent, { approved: edited ? 0 : 1, edited: edited ? 1 : 0 });
    this.dropParaphrase(intent, suggestion);
  }

  async rejectParaphrase(intent: HubIntentRef, suggestion: string): Promise<void> {
    await this.usage(this.mustApp(), intent, { approved: 0, edited: 0 });
    this.dropParaphrase(intent, suggestion);
  }

  private setParaphrases(intentId: string, state: ParaphraseState): void {
    runInAction(() => (this.paraphrases = new Map(this.paraphrases).set(intentId, state)));
  }

  private dropParaphrase(intent: HubIntentRef, suggestion: string): void {
    const state = this.paraphrases.get(intent.intentId);
    if (state) this.setParaphrases(intent.intentId, { ...state, suggestions: state.suggestions.filter((s) => s !== suggestion) });
  }

  /** §7 counts of one decision on one suggestion (the totals are their sum). Never blocks the decision. */
  private async usage(appId: string, intent: HubIntentRef, counts: { approved: number; edited: number }): Promise<void> {
    await this.api
      .post(TrainingHubApi.autoTpActions, {
        appId,
        email: this.auth.user?.email ?? 'unknown@invalid.example',
        numberOfSuggestedTrainingPhrases: 1,
        numberOfApprovedTrainingPhrases: counts.approved,
        numberOfEditedTrainingPhrases: counts.edited,
        intentId: intent.intentId,
        intentName: intent.intentName,
      })
      .catch(() => undefined);
  }

  private drop(intent: HubIntent, suggestion: HubSuggestion): void {
    runInAction(() => {
      this.intents = this.intents
        .map((i) => (i.intentId === intent.intentId ? { ...i, suggestions: i.suggestions.filter((s) => s !== suggestion) } : i))
        .filter((i) => i.suggestions.length > 0);
    });
    void this.badge.refresh();
  }

  private mustApp(): string {
    if (!this.appId) throw new Error('No app open');
    return this.appId;
  }
}
