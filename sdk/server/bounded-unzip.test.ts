import assert from 'node:assert/strict';
import { test } from 'node:test';
import { zipSync, strToU8 } from 'fflate';
import { deflatedEntry, lyingZip, rawZip } from '../../tests/support/hostile-files';
import { unzipBounded, type ZipLimits } from './bounded-unzip';

const LIMITS: ZipLimits = { maxFiles: 10, maxUnpackedBytes: 8 * 1024 * 1024, maxRatio: 100 };

test('an honest zip unpacks to its files, folders left out', () => {
  const data = zipSync({ 'agent.json': strToU8('{"a":1}'), 'intents/': {}, 'intents/x.json': strToU8('x'.repeat(5000)), 'empty.txt': new Uint8Array() });
  const files = unzipBounded(data, LIMITS);
  assert.deepEqual(Object.keys(files).sort(), ['agent.json', 'empty.txt', 'intents/x.json']);
  assert.equal(new TextDecoder().decode(files['intents/x.json']), 'x'.repeat(5000));
});

test('an entry that inflates past its declared size stops there: 1,000 bytes declared, 1 GB inside', () => {
  // The old reader inflated all of it (~11 s) before refusing the total; this one blames the entry at once.
  assert.throws(() => unzipBounded(lyingZip(1000, 1024), LIMITS), { name: 'ZipReadError', kind: 'bomb', entry: 'agent.json' });
});

test('declared sizes past the limit, bomb-like ratios and too many files are refused before inflating', () => {
  assert.throws(() => unzipBounded(lyingZip(9 * 1024 * 1024, 9), LIMITS), { kind: 'too-big' });
  assert.throws(() => unzipBounded(lyingZip(4 * 1024 * 1024, 4), LIMITS), { kind: 'bomb' });
  const many = rawZip(Array.from({ length: 11 }, (_, i) => deflatedEntry(`f${i}.txt`, 'x')));
  assert.throws(() => unzipBounded(many, LIMITS), { kind: 'too-many-files' });
});

test('unsafe names are refused even when the entry is not wanted', () => {
  const data = rawZip([deflatedEntry('ok.txt', 'a'), deflatedEntry('../evil.txt', 'b')]);
  assert.throws(() => unzipBounded(data, LIMITS, (name) => name === 'ok.txt'), { kind: 'unsafe-name', entry: '../evil.txt' });
});

test('damaged, short and non-zip data are told apart', () => {
  assert.throws(() => unzipBounded(strToU8('hello'), LIMITS), { kind: 'not-zip' });
  const honest = rawZip([deflatedEntry('a.txt', 'x'.repeat(100))]);
  assert.throws(() => unzipBounded(honest.slice(0, 40), LIMITS), { kind: 'corrupt' });
  const short = rawZip([{ ...deflatedEntry('a.txt', 'x'.repeat(100)), declaredSize: 200 }]);
  assert.throws(() => unzipBounded(short, LIMITS), { kind: 'corrupt' });
  const garbage = rawZip([{ name: 'a.txt', stored: new Uint8Array([0xff, 0xff, 0xff, 0xff]), method: 8, declaredSize: 10 }]);
  assert.throws(() => unzipBounded(garbage, LIMITS), { kind: 'corrupt' });
});
