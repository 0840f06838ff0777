import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KnowledgeSnapshot, SnapshotEntityType, SnapshotIntent } from '../../../knowledge-base/contract/common/knowledge/index';
import type { ChannelResponses } from '../../../knowledge-base/contract/common/responses/index';
import { answerTurn, EMPTY_STATE, type AnswerOptions, type SessionState } from './builtin-engine';
import { knowledgeEntityExtractor } from './entity-extractor';
import { ModelCache } from './model-cache';
import { contentHash, phraseTexts, trainKnowledge } from './trained-knowledge';

const say = (...text: string[]): ChannelResponses[] => [{ platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text }] }];

function intent(id: string, phrases: string[], more: Partial<SnapshotIntent> = {}): SnapshotIntent {
  return {
    id, kind: 'intent', displayName: id, parentId: null, defaultKind: null, webhook_state: 'WEBHOOK_STATE_UNSPECIFIED', action: '', events: [], inputContexts: [], outputContexts: [],
    trainingPhrases: phrases.map((text) => ({ type: 'example', parts: [{ text }], text })),
    parameters: [], responses: say(`Answer of ${id}`), categoryIds: [], labelIds: [], answerOwner: null, sourceUrl: null, reviewBy: null, ...more,
  };
}

const clinic: SnapshotEntityType = { id: 'e1', display_name: 'clinic', kind: 'KIND_MAP', enable_fuzzy_extraction: false, entities: [{ value: 'North Clinic', synonyms: ['north', 'north clinic'] }, { value: 'South Clinic', synonyms: ['south', 'south clinic'] }] };
const city: SnapshotEntityType = { id: 'e2', display_name: 'city', kind: 'KIND_LIST', enable_fuzzy_extraction: false, entities: [{ value: 'tokyo', synonyms: [] }, { value: 'paris', synonyms: [] }, { value: 'lima', synonyms: [] }] };

function snapshot(): KnowledgeSnapshot {
  return {
    schemaVersion: 1,
    intents: [
      intent('welcome', [], { defaultKind: 'welcome', events: ['welcome'], responses: say('Hello there') }),
      intent('fallback', [], { defaultKind: 'fallback', responses: say('Sorry, say that again?') }),
      intent('passport', ['how do i renew my passport', 'renew passport', 'my passport expired', 'passport renewal', 'extend my passport', 'renew the passport online', 'passport expiring soon', 'renewing a passport'], { kind: 'qna' }),
      intent('pizza', ['i want to order a pizza', 'order pizza', 'get me a pizza', 'pizza delivery please', 'can i order a pizza', 'i would like a pizza', 'pizza order', 'buy a pizza'], {
        outputContexts: [{ name: 'pizza-followup', lifespanCount: 2 }],
        responses: say('Would you like extra cheese?'),
      }),
      intent('pizza-yes', ['yes', 'yes please', 'sure', 'ok go ahead', 'yeah', 'yep', 'of course', 'sounds good'], { parentId: 'pizza', inputContexts: ['pizza-followup'], responses: say('Extra cheese added.') }),
      intent('appointment', ['book an appointment', 'i need a doctor appointment', 'book a clinic visit', 'make an appointment at the clinic', 'see a doctor', 'schedule a checkup', 'appointment booking', 'book me in at a clinic'], {
        parameters: [{ reference_id: 'p1', display_name: 'clinic', entity_type_display_name: '@clinic', value: '$clinic', mandatory: true, is_list: false, prompts: ['Which clinic would you like?'] }],
        responses: [
          { platform: 'PLATFORM_UNSPECIFIED', enable_default_response: true, messages: [{ type: 'text', text: ['Booked at $clinic.'] }] },
          { platform: 'TELEGRAM', enable_default_response: false, messages: [{ type: 'text', text: ['Telegram: booked at $clinic.'] }] },
          { platform: 'LINE', enable_default_response: true, messages: [{ type: 'quickReplies', title: 'More?', quickReplies: ['Directions'] }] },
        ],
      }),
      {
        ...intent('weather', []),
        trainingPhrases: ['what is the weather in @city', 'weather forecast for @city', 'is it raining in @city', 'temperature in @city today'].map((text) => {
          const [before] = text.split('@city');
          return { type: 'template' as const, parts: [{ text: before }, { text: '@city', entity_type: '@city', param_name: 'city' }], text };
        }),
      },
    ],
    entityTypes: [clinic, city],
    glossary: [{ id: 'g1', term: 'passport', synonyms: ['pp'], definition: '' }],
    categories: [],
    labels: [],
  };
}

const knowledge = trainKnowledge(snapshot());
const options: AnswerOptions = { thresholds: { ml: 0.5, qna: 0.5 }, extract: knowledgeEntityExtractor, choose: () => 0 };
const ask = (text: string, state: SessionState = EMPTY_STATE, more: Partial<AnswerOptions> & { channel?: string } = {}) => answerTurn(knowledge, { text, state, channel: more.channel }, { ...options, ...more });

test('the welcome event answers with the welcome intent', () => {
  const answer = answerTurn(knowledge, { event: 'welcome', state: EMPTY_STATE }, options);
  assert.equal(answer.intentName, 'welcome');
  assert.deepEqual(answer.messages, [{ type: 'text', text: ['Hello there'] }]);
});

test('thresholds: Q&A pairs use qnaConfidenceThreshold, intents mlConfidenceThreshold; below → Default Fallback Intent', () => {
  const confident = ask('how can i renew my passport');
  assert.equal(confident.intentName, 'passport');
  assert.equal(confident.fallback, false);
  assert.ok(confident.confidence > 0.5 && confident.confidence < 1);
  const strictQna = ask('how can i renew my passport', EMPTY_STATE, { thresholds: { ml: 0.01, qna: 0.999 } });
  assert.equal(strictQna.fallback, true);
  assert.equal(strictQna.intentName, 'fallback');
  assert.deepEqual(strictQna.messages, [{ type: 'text', text: ['Sorry, say that again?'] }]);
  assert.equal(strictQna.topMatches[0].intentName, 'passport', 'top matches still explain the fallback');
  assert.equal(ask('how can i renew my passport', EMPTY_STATE, { thresholds: { ml: 0.999, qna: 0.01 } }).intentName, 'passport', 'the ml threshold does not apply to Q&A');
  const outOfScope = ask('tell me a joke about cats');
  assert.equal(outOfScope.fallback, true);
  assert.ok(outOfScope.confidence < 0.5);
});

test('a null threshold is the one the model suggests from its own held-out phrases', () => {
  const asks = ['how do i', 'i want to', 'help me', 'can i', 'where can i', 'i need to', 'is it possible to', 'tell me how to'];
  const phrases = (topics: string[]) => asks.flatMap((ask) => topics.map((topic) => `${ask} ${topic}`));
  const passport = phrases(['renew my passport', 'extend a passport', 'replace an expired passport', 'get a new passport', 'apply for a passport']);
  const bins = phrases(['report a missed bin', 'book a bulky waste pickup', 'get a new rubbish bin', 'check the bin day', 'recycle garden waste']);
  const tax = phrases(['pay property tax', 'appeal my tax bill', 'claim a tax rebate', 'set up a tax instalment', 'check what tax i owe']);
  const calibrated = trainKnowledge({ ...snapshot(), intents: [intent('fallback', [], { defaultKind: 'fallback' }), intent('passport', passport), intent('bins', bins), intent('tax', tax)] });
  const calibration = calibrated.model?.stats.calibration;
  assert.ok(calibration, 'enough phrases to hold some out');
  assert.ok(calibration.suggestedThreshold > 0 && calibration.suggestedThreshold < 1);
  assert.equal(calibration.fallbackRates.length, 21);
  assert.ok(calibration.fallbackRates.every((rate, i) => i === 0 || rate >= calibration.fallbackRates[i - 1]), 'a higher threshold never lets fewer questions fall back');
  const auto = (text: string) => answerTurn(calibrated, { text, state: EMPTY_STATE }, { ...options, thresholds: { ml: null, qna: null } });
  const fixed = (text: string, ml: number) => answerTurn(calibrated, { text, state: EMPTY_STATE }, { ...options, thresholds: { ml, qna: ml } });
  for (const text of ['renew my passport please', 'tell me a joke about cats', 'bin']) {
    assert.equal(auto(text).fallback, fixed(text, calibration.suggestedThreshold).fallback, text);
  }
});

test('an optional parameter with no value never leaks as "$centre"; other $ text stays', () => {
  const centre: SnapshotEntityType = { id: 'e3', display_name: 'centre', kind: 'KIND_MAP', enable_fuzzy_extraction: false, entities: [{ value: 'Jurong Centre', synonyms: ['jurong'] }] };
  const opening = intent('opening', ['what are the opening hours', 'when are you open', 'opening hours please', 'when do you open', 'what time do you open', 'are you open today', 'opening times', 'hours of the service centre'], {
    parameters: [{ reference_id: 'p9', display_name: 'centre', entity_type_display_name: '@centre', value: '$centre', mandatory: false, is_list: false, prompts: [] }],
    responses: say('We are open 9am to 5pm at $centre. A visit costs $5 at $centre, paid at the counter.'),
  });
  const withCentre = trainKnowledge({ ...snapshot(), intents: [...snapshot().intents, opening], entityTypes: [clinic, city, centre] });
  const ask = (text: string) => answerTurn(withCentre, { text, state: EMPTY_STATE }, options);
  assert.deepEqual(ask('what are the opening hours').messages, [{ type: 'text', text: ['We are open 9am to 5pm at. A visit costs $5 at, paid at the counter.'] }]);
  assert.deepEqual(ask('what are the opening hours at jurong').messages, [{ type: 'text', text: ['We are open 9am to 5pm at Jurong Centre. A visit costs $5 at Jurong Centre, paid at the counter.'] }]);
});

test('a follow-up made in the console with no contexts answers only right after its parent', () => {
  const base = snapshot();
  const booking = trainKnowledge({
    ...base,
    intents: [
      ...base.intents,
      intent('renewal', ['book a renewal appointment', 'i want a renewal appointment', 'appointment to renew my licence', 'schedule my licence renewal', 'renewal booking', 'book licence renewal', 'licence renewal slot', 'make a renewal appointment'], { responses: say('Your renewal appointment is booked.') }),
      intent('renewal-cancel', ['cancel it', 'please cancel', 'cancel that', 'i want to cancel', 'cancel the booking', 'no cancel it', 'undo that', 'scrap it'], { parentId: 'renewal', responses: say('Your appointment is cancelled.') }),
    ],
  });
  const fresh = answerTurn(booking, { text: 'cancel it', state: EMPTY_STATE }, options);
  assert.notEqual(fresh.intentName, 'renewal-cancel', 'a fresh chat has nothing to cancel');
  const booked = answerTurn(booking, { text: 'book a renewal appointment', state: EMPTY_STATE }, options);
  assert.equal(booked.intentName, 'renewal');
  const cancelled = answerTurn(booking, { text: 'cancel it', state: booked.state }, options);
  assert.equal(cancelled.intentName, 'renewal-cancel');
  assert.deepEqual(cancelled.messages, [{ type: 'text', text: ['Your appointment is cancelled.'] }]);
});

test('phrases of the Default Fallback Intent are negative examples: matching them is a fallback', () => {
  const question = 'what colour is the sky on mars';
  const withNegatives = trainKnowledge({
    ...snapshot(),
    intents: snapshot().intents.map((i) => (i.defaultKind === 'fallback' ? { ...i, trainingPhrases: ['what colour is the sky', 'what is the meaning of life', 'tell me about the planets', 'what is on tv'].map((text) => ({ type: 'example' as const, parts: [{ text }], text })) } : i)),
  });
  const answer = answerTurn(withNegatives, { text: question, state: EMPTY_STATE }, options);
  assert.equal(answer.fallback, true);
  assert.equal(answer.intentName, 'fallback');
  assert.deepEqual(answer.messages, [{ type: 'text', text: ['Sorry, say that again?'] }]);
  assert.equal(answerTurn(withNegatives, { text: 'renew my passport', state: EMPTY_STATE }, options).intentName, 'passport');
});

test('follow-up intents answer only while the parent output context is alive (lifespan)', () => {
  const before = ask('yes please');
  assert.notEqual(before.intentName, 'pizza-yes', 'a follow-up is not reachable without its context');
  const ordered = ask('order a pizza');
  assert.equal(ordered.intentName, 'pizza');
  assert.deepEqual(ordered.state.contexts, [{ name: 'pizza-followup', lifespan: 2 }]);
  const yes = ask('yes please', ordered.state);
  assert.equal(yes.intentName, 'pizza-yes');
  assert.deepEqual(yes.messages, [{ type: 'text', text: ['Extra cheese added.'] }]);
  assert.deepEqual(yes.state.contexts, [{ name: 'pizza-followup', lifespan: 1 }]);
  const later = ask('renew my passport', yes.state);
  assert.deepEqual(later.state.contexts, [], 'the context ages out after its lifespan');
  assert.notEqual(ask('yes please', later.state).intentName, 'pizza-yes');
});

test('slot filling: a missing mandatory parameter is asked for with its prompt, the answer fills it', () => {
  const asked = ask('i need a doctor appointment');
  assert.equal(asked.intentName, 'appointment');
  assert.deepEqual(asked.messages, [{ type: 'text', text: ['Which clinic would you like?'] }]);
  assert.deepEqual(asked.state.pending, { intentId: 'appointment', values: {}, asking: 'clinic' });
  const filled = ask('the north one', asked.state);
  assert.equal(filled.intentName, 'appointment');
  assert.deepEqual(filled.parameters, { clinic: 'North Clinic' });
  assert.deepEqual(filled.messages, [{ type: 'text', text: ['Booked at North Clinic.'] }]);
  assert.equal(filled.state.pending, null);
  // Said at once: no prompt.
  assert.deepEqual(ask('book an appointment at the south clinic').messages, [{ type: 'text', text: ['Booked at South Clinic.'] }]);
  // A clear change of subject leaves slot filling.
  const switched = ask('how do i renew my passport', asked.state);
  assert.equal(switched.intentName, 'passport');
  assert.equal(switched.state.pending, null);
  // No value and no other intent: asked again.
  assert.deepEqual(ask('hmm', asked.state).messages, [{ type: 'text', text: ['Which clinic would you like?'] }]);
});

test("the reply is the intent's messages for the asking channel, else web chat's", () => {
  const text = 'book an appointment at the north clinic';
  assert.deepEqual(ask(text, EMPTY_STATE, { channel: 'TELEGRAM' }).messages, [{ type: 'text', text: ['Telegram: booked at North Clinic.'] }], 'own messages only when default responses are off');
  assert.deepEqual(
    ask(text, EMPTY_STATE, { channel: 'LINE' }).messages,
    [{ type: 'quickReplies', title: 'More?', quickReplies: ['Directions'] }, { type: 'text', text: ['Booked at North Clinic.'] }],
    'own messages plus the default ones when enabled',
  );
  assert.deepEqual(ask(text, EMPTY_STATE, { channel: 'WHATSAPP' }).messages, [{ type: 'text', text: ['Booked at North Clinic.'] }], 'no tab for the channel: web chat');
  const variants = trainKnowledge({ ...snapshot(), intents: snapshot().intents.map((i) => (i.id === 'passport' ? { ...i, responses: say('One', 'Two', '') } : i)) });
  const second = answerTurn(variants, { text: 'renew my passport', state: EMPTY_STATE }, { ...options, choose: (n) => n - 1 });
  assert.deepEqual(second.messages, [{ type: 'text', text: ['Two'] }], 'one non-empty variant of a text message is chosen');
});

test('glossary synonyms expand the question', () => {
  const answer = ask('pp renewal');
  assert.equal(answer.intentName, 'passport');
  const plain = trainKnowledge({ ...snapshot(), glossary: [] });
  const without = answerTurn(plain, { text: 'pp renewal', state: EMPTY_STATE }, options);
  assert.ok(answer.confidence > without.confidence, `${answer.confidence} vs ${without.confidence}`);
});

test('template phrases train with their entity slots filled by entity values', () => {
  assert.deepEqual(phraseTexts([{ text: 'weather in ' }, { text: '@city', entity_type: '@city' }], 'template', new Map([['city', city]])), ['weather in tokyo', 'weather in paris', 'weather in lima']);
  assert.deepEqual(phraseTexts([{ text: 'weather in ' }, { text: 'oslo', entity_type: '@city' }], 'example', new Map([['city', city]])), ['weather in oslo', 'weather in tokyo', 'weather in paris', 'weather in lima']);
  const answer = ask('what is the weather in paris');
  assert.equal(answer.intentName, 'weather');
  assert.ok(!knowledge.model?.labels.includes('welcome'), 'intents without phrases are not classes');
});

test('the model cache trains once per content hash, shows training status, and retrains when content changes', async () => {
  let trainings = 0;
  const cache = new ModelCache((snap, onProgress, hash) => {
    trainings += 1;
    return trainKnowledge(snap, onProgress, hash);
  });
  assert.equal(cache.status('a', 'draft').state, 'untrained');
  const first = cache.get('a', 'draft', snapshot());
  assert.equal(cache.status('a', 'draft').state, 'training');
  const trained = await first;
  await Promise.all([cache.get('a', 'draft', snapshot()), cache.get('a', 'draft', snapshot())]);
  assert.equal(trainings, 1);
  const status = cache.status('a', 'draft');
  assert.equal(status.state, 'trained');
  assert.equal(status.progress, 1);
  assert.equal(status.contentHash, trained.contentHash);
  const changed = snapshot();
  changed.intents[2].trainingPhrases.push({ type: 'example', parts: [{ text: 'passport renewal fee' }], text: 'passport renewal fee' });
  assert.notEqual(contentHash(changed), trained.contentHash);
  await cache.get('a', 'draft', changed);
  assert.equal(trainings, 2);
  await cache.get('a', 'production', changed);
  assert.equal(trainings, 3, 'each environment has its own model');
});

test('the default trainer trains on a worker thread: the request thread keeps running, the model answers the same', async () => {
  const cache = new ModelCache();
  try {
    const progress: number[] = [];
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    const trained = await cache.ensure('w', 'draft', snapshot(), (fraction) => progress.push(fraction));
    clearInterval(ticker);
    assert.ok(ticks > 0, 'timers ran while the model trained');
    assert.equal(progress.at(-1), 1);
    assert.equal(cache.status('w', 'draft').state, 'trained');
    const inProcess = trainKnowledge(snapshot());
    assert.equal(trained.contentHash, inProcess.contentHash);
    for (const text of ['how do i renew my passport', 'pay a parking fine', 'hello there']) {
      assert.deepEqual(trained.model?.classify(text, 3), inProcess.model?.classify(text, 3), text);
    }
  } finally {
    await cache.close();
  }
});

test('while a newer model trains the previous one answers; a failed training shows failed and keeps the old model', async () => {
  let release: () => void = () => undefined;
  let fail = false;
  const cache = new ModelCache(
    async (snap, onProgress, hash) => {
      if (fail) throw new Error('boom');
      if (snap.intents.length > snapshot().intents.length) await new Promise<void>((resolve) => (release = resolve));
      return trainKnowledge(snap, onProgress, hash);
    },
    undefined,
    { staleWaitMs: 20 },
  );
  const first = await cache.get('s', 'draft', snapshot());
  const bigger = snapshot();
  bigger.intents.push({ ...bigger.intents[2], id: 'extra', displayName: 'extra' });
  const answered = await cache.get('s', 'draft', bigger);
  assert.equal(answered.contentHash, first.contentHash, 'the previous model answered');
  assert.equal(cache.status('s', 'draft').state, 'training');
  release();
  const newer = await cache.ensure('s', 'draft', bigger);
  assert.notEqual(newer.contentHash, first.contentHash);
  assert.equal((await cache.get('s', 'draft', bigger)).contentHash, newer.contentHash);
  fail = true;
  const third = snapshot();
  third.intents.pop();
  await assert.rejects(cache.ensure('s', 'draft', third), /boom/);
  assert.equal(cache.status('s', 'draft').state, 'failed');
  assert.equal((await cache.get('s', 'draft', third)).contentHash, newer.contentHash, 'the last good model keeps answering');
});

test('a training thread that stops fails its training; the next training starts a new thread', async () => {
  const cache = new ModelCache();
  try {
    const first = cache.ensure('x', 'draft', snapshot());
    await new Promise((resolve) => setTimeout(resolve, 50));
    await cache.close();
    await assert.rejects(first, /training thread stopped/);
    assert.equal(cache.status('x', 'draft').state, 'failed');
    const again = await cache.ensure('x', 'draft', snapshot());
    assert.equal(cache.status('x', 'draft').state, 'trained');
    assert.ok(again.model);
  } finally {
    await cache.close();
  }
});
