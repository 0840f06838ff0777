import assert from 'node:assert/strict';
import { test } from 'node:test';
import { candidatePhrases, cleanPhrase, paraphrasePrompt, paraphrasesFrom } from './paraphrases';

test('a JSON array, fenced or inside prose, an object holding one, or plain lines all give the candidates', () => {
  assert.deepEqual(candidatePhrases('["a b c", "d e f", 3, null]'), ['a b c', 'd e f']);
  assert.deepEqual(candidatePhrases('```json\n["renew passport online"]\n```'), ['renew passport online']);
  assert.deepEqual(candidatePhrases('Sure! Here they are: ["one way", "another way"] Hope this helps.'), ['one way', 'another way']);
  assert.deepEqual(candidatePhrases('{"phrases": ["from an object"]}'), ['from an object']);
  assert.deepEqual(candidatePhrases('Here are some phrases:\n1. first one\n2. second one\n\n- third one\nHope these help'), ['1. first one', '2. second one', '- third one']);
  assert.deepEqual(candidatePhrases('first line\nsecond line'), ['first line', 'second line']);
  assert.deepEqual(candidatePhrases('I cannot help with that.'), [], 'one line of prose is not a list');
});

test('a candidate is cleaned to plain text, or refused when nothing fit is left', () => {
  assert.equal(cleanPhrase('1. "How do I renew my passport?"'), 'How do I renew my passport?');
  assert.equal(cleanPhrase('- **renew**   my\u200b passport,'), 'renew my passport');
  assert.equal(cleanPhrase('<b>renew</b> my passport'), 'renew my passport');
  assert.equal(cleanPhrase('<script>alert(1)</script>'), 'alert(1)');
  assert.equal(cleanPhrase('a < b > c'), 'a c');
  assert.equal(cleanPhrase('??'), undefined);
  assert.equal(cleanPhrase('x'.repeat(201)), undefined);
  assert.equal(cleanPhrase('email me at someone@example.com about my passport'), undefined);
  assert.equal(cleanPhrase('my NRIC is S1234567D'), undefined);
});

test('the answer becomes at most N new phrases: none the app has (however typed), none twice', () => {
  const content = JSON.stringify(['Renew my passport', 'renew my passport!', 'How can I renew my passport?', 'passport renewal online', 'Passport renewal ONLINE', 'extend my passport', 'one more']);
  assert.deepEqual(paraphrasesFrom(content, ['renew my passport'], 3), ['How can I renew my passport?', 'passport renewal online', 'extend my passport']);
  assert.deepEqual(paraphrasesFrom('not json and no lines fit:', [], 5), []);
  assert.deepEqual(paraphrasesFrom('', [], 5), []);
});

test('the prompt names the intent and its phrases (without personal data) and asks for a JSON array of a few spare', () => {
  const [system, user] = paraphrasePrompt('Renew passport', ['renew my passport', 'my email is a@b.example'], 5);
  assert.equal(system.role, 'system');
  assert.match(system.content, /JSON array of strings/);
  assert.match(user.content, /Intent: "Renew passport"/);
  assert.match(user.content, /- renew my passport/);
  assert.doesNotMatch(user.content, /a@b\.example/);
  assert.match(user.content, /JSON array of 7 strings/);
  assert.match(paraphrasePrompt('New', [], 5)[1].content, /no training phrases yet/);
});
