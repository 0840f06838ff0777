import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cosine, IdfTable, rawFeatures } from './features';
import { GlossaryExpander } from './glossary';
import { NluModel } from './nlu-model';
import { tokenise } from './tokenizer';

const PASSPORT = ['how do i renew my passport', 'renew passport', 'my passport has expired', 'passport renewal online', 'extend my passport', 'i need to renew the passport', 'passport expiring soon', 'renewing a passport'];
const TAX = ['how do i pay property tax', 'pay my property tax', 'property tax bill', 'when is property tax due', 'property tax payment', 'settle the house tax', 'tax on my flat', 'pay tax for my home'];
const BINS = ['when is rubbish collected', 'rubbish collection day', 'trash pickup schedule', 'my bin was not emptied', 'missed bin collection', 'garbage collection times', 'when do they take the rubbish', 'refuse collection'];
const examples = [...PASSPORT.map((text) => ({ text, label: 'passport' })), ...TAX.map((text) => ({ text, label: 'tax' })), ...BINS.map((text) => ({ text, label: 'bins' }))];

test('the tokeniser normalises case, apostrophes and Unicode, and splits on non-letters', () => {
  assert.deepEqual(tokenise("Don't RENEW my Passport!!"), ['dont', 'renew', 'my', 'passport']);
  assert.deepEqual(tokenise('Café—opening hours, 9am?'), ['café', 'opening', 'hours', '9am']);
  assert.deepEqual(tokenise('ｆｕｌｌ width'), ['full', 'width']);
  assert.deepEqual(tokenise('  '), []);
});

test('features: words, bigrams and character 3–5-grams, hashed; vectors are unit length and typo tolerant', () => {
  const raw = rawFeatures('renew card');
  assert.equal([...raw.word.values()].reduce((a, b) => a + b, 0), 2);
  assert.equal([...raw.bigram.values()].reduce((a, b) => a + b, 0), 1);
  // " renew " has 5+4+3 n-grams of 3..5 characters, " card " 4+3+2.
  assert.equal([...raw.char.values()].reduce((a, b) => a + b, 0), 12 + 9);
  const idf = IdfTable.fit(['renew my passport', 'pay my tax', 'library card'].map(rawFeatures));
  const v = idf.vector(rawFeatures('renew my passport'));
  const norm = Math.sqrt([...v.values].reduce((sum, x) => sum + x * x, 0));
  assert.ok(Math.abs(norm - 1) < 1e-5);
  assert.ok(Math.abs(cosine(v, v) - 1) < 1e-5);
  const typo = idf.vector(rawFeatures('renew my pasport'));
  const other = idf.vector(rawFeatures('library card'));
  assert.ok(cosine(v, typo) > 0.5, `typo similarity ${cosine(v, typo)}`);
  assert.ok(cosine(v, other) < 0.1, `unrelated similarity ${cosine(v, other)}`);
  for (let i = 1; i < v.indices.length; i++) assert.ok(v.indices[i] > v.indices[i - 1], 'indices ascending');
});

test('training converges, probabilities sum to 1, and unseen wordings are classified', () => {
  const model = NluModel.train(examples, { calibrate: false });
  const losses = model.stats.losses;
  assert.ok(losses.length >= 4);
  assert.ok(losses[losses.length - 1] < losses[0] / 5, `loss ${losses[0]} → ${losses[losses.length - 1]}`);
  for (const text of ['can i renew my passport online', 'what is this', '']) {
    const ranked = model.classify(text);
    assert.equal(ranked.length, 3);
    const sum = ranked.reduce((total, r) => total + r.probability, 0);
    assert.ok(Math.abs(sum - 1) < 1e-9, `sum ${sum}`);
    for (let i = 1; i < ranked.length; i++) assert.ok(ranked[i - 1].probability >= ranked[i].probability);
  }
  assert.equal(model.classify('my pasport expired, how to renew it')[0].label, 'passport');
  assert.equal(model.classify('paying the property tax bill')[0].label, 'tax');
  assert.equal(model.classify('bins not collected this week')[0].label, 'bins');
});

test('training is deterministic for a seed and reports progress up to 1', () => {
  const progress: number[] = [];
  const a = NluModel.train(examples, { seed: 3, onProgress: (f) => void progress.push(f) });
  const b = NluModel.train(examples, { seed: 3 });
  assert.deepEqual([...a.probabilities('renew my passport')], [...b.probabilities('renew my passport')]);
  assert.equal(progress[progress.length - 1], 1);
  for (let i = 1; i < progress.length; i++) assert.ok(progress[i] >= progress[i - 1], 'progress never goes back');
});

test('calibration fits a temperature on held-out phrases; an out-of-scope question gets a low probability', () => {
  const model = NluModel.train(examples);
  assert.ok(model.stats.temperature > 0.2 && model.stats.temperature < 5, `temperature ${model.stats.temperature}`);
  const inScope = model.classify('renew my passport please')[0];
  const outOfScope = model.classify('who won the football match yesterday')[0];
  assert.equal(inScope.label, 'passport');
  assert.ok(inScope.probability > outOfScope.probability + 0.2, `${inScope.probability} vs ${outOfScope.probability}`);
});

test('glossary synonyms expand the input (and the training phrases) to the rest of their group, both ways', () => {
  const expander = new GlossaryExpander([{ term: 'passport', synonyms: ['PP', 'travel document'] }]);
  assert.equal(expander.expand('renew my pp'), 'renew my pp passport travel document');
  assert.equal(expander.expand('lost my Travel Document!'), 'lost my Travel Document! passport pp');
  assert.equal(expander.expand('renew my passport'), 'renew my passport pp travel document', 'the term brings its synonyms');
  assert.equal(expander.expand('app for pay'), 'app for pay', 'whole words only');
  const withGlossary = NluModel.train(examples, { glossary: [{ term: 'passport', synonyms: ['pp'] }] });
  const without = NluModel.train(examples);
  const query = 'pp';
  const gloss = withGlossary.classify(query)[0];
  assert.equal(gloss.label, 'passport');
  assert.ok(gloss.probability > (without.classify(query).find((r) => r.label === 'passport')?.probability ?? 0) + 0.2);
});

test('a question worded with the glossary term reaches phrases worded only with its synonym', () => {
  const fines = ['how do i pay my fine', 'pay a fine online', 'i got a fine', 'appeal against my fine', 'fine payment'];
  const withFines = [...examples, ...fines.map((text) => ({ text, label: 'fines' }))];
  const glossary = [{ term: 'summons', synonyms: ['fine'] }];
  // Both ways: the phrase's synonym brings the term, and the question's term brings the synonym.
  const expander = new GlossaryExpander(glossary);
  assert.equal(expander.expand('pay my fine'), 'pay my fine summons');
  assert.equal(expander.expand('pay my summons'), 'pay my summons fine');
  const model = NluModel.train(withFines, { glossary });
  assert.equal(model.classify('summons')[0].label, 'fines');
  assert.equal(model.classify('what do i do about a summons')[0].label, 'fines');
});
