import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TranscriptRecord } from '../../dialog-engine/contract/index';
import { MIN_SUGGESTION_SCORE, rankSuggestions } from './assistant';

let next = 0;
function turn(data: string, matches: Array<[string, number]>, answered?: [string, number]): TranscriptRecord {
  next += 1;
  const match = ([name, score]: [string, number]) => ({ intentId: `id-${name}`, intentName: name, score });
  return {
    transcriptId: `t${next}`,
    appId: 'app',
    sessionId: 's',
    data,
    transAuthor: 'citizen',
    reply: [],
    confidenceScore: answered ? answered[1] : 0,
    intentId: answered ? `id-${answered[0]}` : null,
    intentName: answered ? answered[0] : null,
    fallback: !answered,
    topMatches: matches.map(match),
    contentVersion: '1',
    environment: 'production',
    channel: 'web',
    thumbsUp: false,
    thumbsDown: false,
    reviewStatus: 'PENDING',
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
  };
}

const suggested = (intents: ReturnType<typeof rankSuggestions>) => Object.fromEntries(intents.map((i) => [i.intentName, i.suggestions.map((s) => s.text)]));

test('a question is suggested only for the intent the engine ranked first, never its runners-up', () => {
  const intents = rankSuggestions(
    [
      turn('how long does passport take', [['Passport wait', 0.91], ['Parking fine', 0.38], ['Address', 0.31]]),
      turn('book flu vaccination', [['Vaccination', 0.76], ['Parking fine', 0.34]]),
      turn('pay my parking ticket', [['Parking fine', 0.38], ['Passport wait', 0.2]]),
    ],
    10,
  );
  assert.deepEqual(suggested(intents), {
    'Parking fine': ['pay my parking ticket'],
    'Passport wait': ['how long does passport take'],
    Vaccination: ['book flu vaccination'],
  });
});

test('a question no intent is close to is not suggested anywhere (training by clusters is where it goes)', () => {
  const intents = rankSuggestions(
    [
      turn('is this a robot', [['Concession card', 0.23], ['Vaccination', 0.06]]),
      turn('asdfgh', [['Renew passport', 0.26]]),
      turn('concession card for elderly', [['Concession card', MIN_SUGGESTION_SCORE]]),
      turn('no matches at all', []),
    ],
    10,
  );
  assert.deepEqual(suggested(intents), { 'Concession card': ['concession card for elderly'] });
});

test('a low-confidence answer suggests its question for the intent that answered; repeats count once and rank higher', () => {
  const intents = rankSuggestions(
    [
      turn('update my address', [['Passport wait', 0.2]], ['Address', 0.44]),
      turn('Update my address!', [], ['Address', 0.45]),
      turn('I moved house', [], ['Address', 0.7]),
      turn('change of address online', [], ['Address', 0.37]),
    ],
    2,
  );
  assert.equal(intents.length, 1);
  const [address] = intents;
  assert.deepEqual(address.suggestions.map((s) => [s.text, s.asked, s.score]), [
    ['update my address', 2, 0.45],
    ['I moved house', 1, 0.7],
  ]);
  assert.deepEqual(address.suggestions[0].transcriptIds.length, 2);
});
