import type { Intent, TrainingPhrase } from '../../knowledge-base/contract/common/knowledge/index';
import type { ApiClient } from '@civic/sdk/web/services';

/**
 * The knowledge base's HTTP API as the inbox uses it (add a phrase to an intent, create an intent):
 * through its routes, so its own checks, audit and change events (which retrain the draft) apply.
 */
const app = (appId: string) => `/api/v1/apps/${encodeURIComponent(appId)}`;

export interface IntentChoice {
  id: string;
  displayName: string;
  kind: 'intent' | 'qna';
}

export async function listIntentChoices(api: ApiClient, appId: string): Promise<IntentChoice[]> {
  const page = await api.get<{ rows: Array<IntentChoice & { defaultKind: string | null }> }>(`${app(appId)}/intents`, { query: { limit: 1000 } });
  return page.rows.filter((row) => row.defaultKind === null).map((row) => ({ id: row.id, displayName: row.displayName, kind: row.kind }));
}

/** Words of a question tagged as an entity (`entity` with its `@`). */
export interface EntityTag {
  words: string;
  entity: string;
}

/** The phrase's parts: the text, with the tagged words (their first occurrence) as an annotated part. */
export function phraseParts(text: string, tag?: EntityTag): TrainingPhrase['parts'] {
  const at = tag && tag.words.trim() ? text.toLowerCase().indexOf(tag.words.trim().toLowerCase()) : -1;
  if (!tag || at < 0) return [{ text }];
  const end = at + tag.words.trim().length;
  return [
    ...(at > 0 ? [{ text: text.slice(0, at) }] : []),
    { text: text.slice(at, end), entity_type: tag.entity, manual_tagged: true },
    ...(end < text.length ? [{ text: text.slice(end) }] : []),
  ] as TrainingPhrase['parts'];
}

const phrase = (text: string, tag?: EntityTag): TrainingPhrase => ({ type: 'example', parts: phraseParts(text, tag) }) as TrainingPhrase;

/** The entities a phrase may tag: the app's own (when the entities plugin answers) and the common system ones. */
export async function listEntityNames(api: ApiClient, appId: string): Promise<string[]> {
  const own = await api
    .get<{ entities: Array<{ name: string }> }>(`${app(appId)}/entities`)
    .then((list) => list.entities.map((e) => `@${e.name}`))
    .catch(() => [] as string[]);
  return [...own, '@sys.date', '@sys.time', '@sys.number'];
}

/** Appends the phrase to the intent's saved whole (its version guards a concurrent edit: a 409). */
export async function addPhraseToIntent(api: ApiClient, appId: string, intentId: string, text: string, tag?: EntityTag): Promise<Intent> {
  const { intent } = await api.get<{ intent: Intent }>(`${app(appId)}/intents/${encodeURIComponent(intentId)}`);
  const exists = intent.trainingPhrases.some((p) => p.parts.map((part) => part.text).join('').trim().toLowerCase() === text.trim().toLowerCase());
  if (exists) return intent;
  const body = {
    kind: intent.kind,
    displayName: intent.displayName,
    parentId: intent.parentId,
    webhook_state: intent.webhook_state,
    action: intent.action,
    events: intent.events,
    inputContexts: intent.inputContexts,
    outputContexts: intent.outputContexts,
    trainingPhrases: [...intent.trainingPhrases.map((p) => ({ type: p.type, parts: p.parts, ...(p.reference_id ? { reference_id: p.reference_id } : {}) })), phrase(text, tag)],
    parameters: intent.parameters,
    responses: intent.responses,
    categoryIds: intent.categoryIds,
    labelIds: intent.labelIds,
    answerOwner: intent.answerOwner,
    sourceUrl: intent.sourceUrl,
    reviewBy: intent.reviewBy,
    version: intent.version,
  };
  return (await api.put<{ intent: Intent }>(`${app(appId)}/intents/${encodeURIComponent(intentId)}`, body)).intent;
}

/** A new intent (or Q&A pair) whose phrases are the questions; its answer is written in the editor next. */
export async function createIntent(api: ApiClient, appId: string, input: { displayName: string; kind: 'intent' | 'qna'; phrases: string[]; answer: string }): Promise<Intent> {
  const body = {
    kind: input.kind,
    displayName: input.displayName,
    trainingPhrases: input.phrases.map((text) => phrase(text)),
    responses: input.answer.trim() ? [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: [input.answer.trim()] }] }] : [],
  };
  return (await api.post<{ intent: Intent }>(`${app(appId)}/intents`, body)).intent;
}

/** Replays the last production questions with the draft (dialog-engine's publish replay). */
export interface ReplayChangeView {
  question: string;
  change: 'intent' | 'answer';
  production: { intentName: string | null; confidence: number; fallback: boolean };
  draft: { intentName: string | null; confidence: number; fallback: boolean };
}
export async function replayAgainstDraft(api: ApiClient, appId: string): Promise<{ published: boolean; questions: number; changes: ReplayChangeView[] }> {
  return api.post(`${app(appId)}/replay`, {});
}
