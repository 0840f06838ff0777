import { WELCOME_EVENT, type SnapshotIntent } from '../../../knowledge-base/contract/common/knowledge/index';
import { DEFAULT_PLATFORM, type ResponseMessage } from '../../../knowledge-base/contract/common/responses/index';
import type { ScoredMatch } from '../../common/api';
import type { EntityExtractor } from './entity-extractor';
import type { TrainedKnowledge } from './trained-knowledge';

/** What a chat session remembers between turns. */
export interface SessionState {
  /** Active contexts with the turns they have left. */
  contexts: Array<{ name: string; lifespan: number }>;
  /** Slot filling in progress: the intent, the values so far, the parameter being asked for. */
  pending: { intentId: string; values: Record<string, string>; asking: string } | null;
}

export const EMPTY_STATE: SessionState = { contexts: [], pending: null };

export interface EngineRequest {
  /** A user's text, or an event (`welcome`). */
  text?: string;
  event?: string;
  channel?: string;
  state: SessionState;
}

export interface EngineAnswer {
  messages: ResponseMessage[];
  intentId: string | null;
  intentName: string | null;
  confidence: number;
  fallback: boolean;
  topMatches: ScoredMatch[];
  parameters: Record<string, string>;
  state: SessionState;
}

/** An app's confidence thresholds; null: the threshold the model's calibration suggests. */
export interface Thresholds {
  ml: number | null;
  qna: number | null;
}

/** Without a calibration (too few phrases to hold some out) a null threshold is this. */
export const UNCALIBRATED_THRESHOLD = 0.7;

export interface AnswerOptions {
  thresholds: Thresholds;
  extract: EntityExtractor;
  /** Picks one variant of a text message (random in production, first in tests). */
  choose?: (count: number) => number;
}

const TOP_MATCHES = 5;

/**
 * The built-in engine's answer for one turn: events (welcome), slot filling in progress, else the
 * classifier over the intents the active contexts allow; below the intent's threshold the Default
 * Fallback Intent answers. The reply is the intent's messages for the asking channel (web chat by
 * default) with `$parameter` references filled in.
 */
export function answerTurn(knowledge: TrainedKnowledge, request: EngineRequest, options: AnswerOptions): EngineAnswer {
  const channel = request.channel ?? DEFAULT_PLATFORM;
  const choose = options.choose ?? ((count: number) => Math.floor(Math.random() * count));
  const reply = (intent: SnapshotIntent | null, values: Record<string, string>) => (intent ? channelMessages(intent, channel, values, choose) : []);

  if (request.event) {
    const event = request.event;
    const intent =
      knowledge.snapshot.intents.find((candidate) => candidate.events.includes(event)) ??
      (event === WELCOME_EVENT ? knowledge.welcome : null);
    const state = intent ? applyContexts(request.state, intent, parentsOf(knowledge).has(intent.id)) : request.state;
    return { messages: reply(intent, {}), intentId: intent?.id ?? null, intentName: intent?.displayName ?? null, confidence: intent ? 1 : 0, fallback: !intent, topMatches: [], parameters: {}, state };
  }

  const text = (request.text ?? '').trim();
  const ranked = rank(knowledge, text, request.state);
  const best = ranked[0];

  // Slot filling: the answer to a prompt fills the parameter unless the user clearly asked something else.
  const pending = request.state.pending;
  if (pending) {
    const intent = knowledge.intents.get(pending.intentId);
    if (intent) {
      const asked = intent.parameters.find((parameter) => parameter.display_name === pending.asking);
      const found = asked ? options.extract(text, knowledge.snapshot.entityTypes).find((entity) => entity.entityType === asked.entity_type_display_name) : undefined;
      const switched = best && best.intentId !== intent.id && best.score >= thresholdOf(knowledge, best.intentId, options.thresholds);
      if (found || !switched) {
        const values = { ...pending.values, ...(found && asked ? { [asked.display_name]: found.value } : {}) };
        return fillSlots(intent, values, { ...request.state, pending: null }, best?.score ?? 1, ranked, channel, choose, parentsOf(knowledge).has(intent.id));
      }
    }
  }

  if (!best || best.score < thresholdOf(knowledge, best.intentId, options.thresholds)) {
    const fallback = knowledge.fallback;
    return {
      messages: reply(fallback, {}),
      intentId: fallback?.id ?? null,
      intentName: fallback?.displayName ?? null,
      confidence: best?.score ?? 0,
      fallback: true,
      topMatches: ranked,
      parameters: {},
      state: { ...ageContexts(request.state), pending: null },
    };
  }
  const intent = knowledge.intents.get(best.intentId) as SnapshotIntent;
  if (intent.defaultKind === 'fallback') {
    // Negative examples trained into the fallback intent: a confident fallback is still a fallback.
    return { messages: reply(intent, {}), intentId: intent.id, intentName: intent.displayName, confidence: best.score, fallback: true, topMatches: ranked, parameters: {}, state: { ...ageContexts(request.state), pending: null } };
  }
  const values: Record<string, string> = {};
  const extracted = options.extract(text, knowledge.snapshot.entityTypes);
  for (const parameter of intent.parameters) {
    const hit = extracted.find((entity) => entity.entityType === parameter.entity_type_display_name);
    if (hit) values[parameter.display_name] = hit.value;
  }
  return fillSlots(intent, values, { ...request.state, pending: null }, best.score, ranked, channel, choose, parentsOf(knowledge).has(intent.id));
}

function fillSlots(
  intent: SnapshotIntent,
  values: Record<string, string>,
  state: SessionState,
  confidence: number,
  ranked: ScoredMatch[],
  channel: string,
  choose: (count: number) => number,
  hasFollowUps: boolean,
): EngineAnswer {
  const missing = intent.parameters.find((parameter) => parameter.mandatory && !values[parameter.display_name]);
  if (missing) {
    const prompt = missing.prompts.length > 0 ? missing.prompts[choose(missing.prompts.length)] : `What is the ${missing.display_name}?`;
    return {
      messages: [{ type: 'text', text: [substitute(prompt, values, declaredNames(intent))] }],
      intentId: intent.id,
      intentName: intent.displayName,
      confidence,
      fallback: false,
      topMatches: ranked,
      parameters: values,
      state: { contexts: state.contexts, pending: { intentId: intent.id, values, asking: missing.display_name } },
    };
  }
  return {
    messages: channelMessages(intent, channel, values, choose),
    intentId: intent.id,
    intentName: intent.displayName,
    confidence,
    fallback: false,
    topMatches: ranked,
    parameters: values,
    state: { ...applyContexts(state, intent, hasFollowUps), pending: null },
  };
}

/**
 * A follow-up intent made in the console may carry no contexts of its own: it still answers only
 * right after its parent did (as Dialogflow's follow-ups do), through this context the parent sets.
 */
export const FOLLOW_UP_LIFESPAN = 2;
function followUpContext(parentId: string): string {
  return `__followup:${parentId}`;
}

const parentsCache = new WeakMap<TrainedKnowledge, ReadonlySet<string>>();
/** The intents with a follow-up that has no input contexts of its own (computed once per trained model). */
function parentsOf(knowledge: TrainedKnowledge): ReadonlySet<string> {
  let parents = parentsCache.get(knowledge);
  if (!parents) {
    parents = new Set(knowledge.snapshot.intents.flatMap((intent) => (intent.parentId && intent.inputContexts.length === 0 ? [intent.parentId] : [])));
    parentsCache.set(knowledge, parents);
  }
  return parents;
}

/** Intents allowed now: all of an intent's input contexts must be active; a follow-up without any needs its parent's. */
function eligible(intent: SnapshotIntent, state: SessionState): boolean {
  const required = intent.inputContexts.length > 0 ? intent.inputContexts : intent.parentId ? [followUpContext(intent.parentId)] : [];
  if (required.length === 0) return true;
  const active = new Set(state.contexts.filter((context) => context.lifespan > 0).map((context) => context.name.toLowerCase()));
  return required.every((name) => active.has(name.toLowerCase()));
}

/** The best eligible intents with their scores renormalised over the eligible ones, best first. */
function rank(knowledge: TrainedKnowledge, text: string, state: SessionState): ScoredMatch[] {
  const model = knowledge.model;
  if (!model || !text) return [];
  const probabilities = model.probabilities(text);
  const best: number[] = [];
  let total = 0;
  model.labels.forEach((label, k) => {
    const intent = knowledge.intents.get(label);
    if (!intent || !eligible(intent, state)) return;
    const p = probabilities[k];
    total += p;
    if (best.length === TOP_MATCHES && p <= probabilities[best[TOP_MATCHES - 1]]) return;
    let at = best.length === TOP_MATCHES ? TOP_MATCHES - 1 : best.length;
    while (at > 0 && probabilities[best[at - 1]] < p) {
      best[at] = best[at - 1];
      at -= 1;
    }
    best[at] = k;
  });
  if (total <= 0) return [];
  return best.map((k) => {
    const intent = knowledge.intents.get(model.labels[k]) as SnapshotIntent;
    return { intentId: intent.id, intentName: intent.displayName, score: probabilities[k] / total };
  });
}

function thresholdOf(knowledge: TrainedKnowledge, intentId: string, thresholds: Thresholds): number {
  const chosen = knowledge.intents.get(intentId)?.kind === 'qna' ? thresholds.qna : thresholds.ml;
  return chosen ?? knowledge.model?.stats.calibration?.suggestedThreshold ?? UNCALIBRATED_THRESHOLD;
}

/** Every turn ages the active contexts by one. */
function ageContexts(state: SessionState): SessionState {
  return { ...state, contexts: state.contexts.map((context) => ({ ...context, lifespan: context.lifespan - 1 })).filter((context) => context.lifespan > 0) };
}

/** A matched intent ages the contexts, then sets its output contexts (lifespan 0 removes one). */
function applyContexts(state: SessionState, intent: SnapshotIntent, hasFollowUps = false): SessionState {
  const aged = ageContexts(state).contexts;
  const byName = new Map(aged.map((context) => [context.name.toLowerCase(), context]));
  for (const output of intent.outputContexts) {
    if (output.lifespanCount <= 0) byName.delete(output.name.toLowerCase());
    else byName.set(output.name.toLowerCase(), { name: output.name, lifespan: output.lifespanCount });
  }
  if (hasFollowUps) byName.set(followUpContext(intent.id).toLowerCase(), { name: followUpContext(intent.id), lifespan: FOLLOW_UP_LIFESPAN });
  return { ...state, contexts: [...byName.values()] };
}

/** The intent's messages for the channel; the default (web chat) ones when it has none or asks for them. */
export function channelMessages(intent: SnapshotIntent, channel: string, values: Record<string, string>, choose: (count: number) => number): ResponseMessage[] {
  const own = intent.responses.find((responses) => responses.platform === channel);
  const fallback = intent.responses.find((responses) => responses.platform === DEFAULT_PLATFORM);
  const messages: ResponseMessage[] = [];
  if (own) messages.push(...own.messages);
  if ((!own || own.messages.length === 0 || own.enable_default_response) && fallback && fallback !== own) messages.push(...fallback.messages);
  const declared = declaredNames(intent);
  return messages.map((message) => {
    if (message.type !== 'text') return message;
    const lines = message.text.filter((line) => line.trim());
    if (lines.length === 0) return message;
    return { type: 'text', text: [substitute(lines[choose(lines.length)], values, declared)] };
  });
}

/**
 * `$name` references filled with the values. A declared parameter without a value (an optional one
 * the citizen did not give) is left out, never shown as "$centre"; the spaces around it are tidied.
 * Other `$` text ("$50") stays as written.
 */
function substitute(text: string, values: Record<string, string>, declared: ReadonlySet<string> = new Set()): string {
  let blanked = false;
  const filled = text.replace(/\$([A-Za-z0-9_-]+)/g, (whole, name: string) => {
    if (values[name] !== undefined) return values[name];
    if (!declared.has(name)) return whole;
    blanked = true;
    return '';
  });
  return blanked ? filled.replace(/[ \t]{2,}/g, ' ').replace(/[ \t]+([.,;:!?)])/g, '$1').trim() : filled;
}

function declaredNames(intent: SnapshotIntent): Set<string> {
  return new Set(intent.parameters.map((parameter) => parameter.display_name));
}
