import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NluModel } from '../nlu/nlu-model';
import { decodeModel, encodeModel, packModel, unpackModel } from './model-codec';

test('plain data and typed arrays (dense and mostly zero) come back exactly', () => {
  const sparse = new Uint32Array(100_000);
  sparse[3] = 7;
  sparse[99_999] = 1;
  const data = { labels: ['a', 'b'], nested: { weight: new Float32Array([0.5, -1.25, 3]), bias: new Float64Array([1e-9, 2]), sparse, odd: new Uint8Array([1, 2, 3]) }, n: 4 };
  const bytes = encodeModel(data);
  assert.ok(bytes.byteLength < 2_000, `a mostly zero array is stored by its non-zero cells (${bytes.byteLength} bytes)`);
  const back = decodeModel<typeof data>(bytes);
  assert.deepEqual(back, data);
  assert.ok(back.nested.weight instanceof Float32Array);
});

test('a trained classifier stored and loaded answers as the original does', () => {
  const examples = ['renew my passport', 'passport renewal', 'pay my parking fine', 'parking fine payment', 'book a clinic visit', 'clinic appointment'].map((text, i) => ({ text, label: ['passport', 'parking', 'clinic'][Math.floor(i / 2)] }));
  const model = NluModel.train(examples);
  const bytes = encodeModel(model.toTransfer().data);
  assert.ok(bytes.byteLength < 20_000, `compact: ${bytes.byteLength} bytes`);
  const loaded = NluModel.fromTransfer(decodeModel(bytes));
  for (const text of ['how do i renew a passport', 'parking fine', 'see a doctor at the clinic']) {
    assert.deepEqual(loaded.classify(text), model.classify(text));
  }
  assert.throws(() => decodeModel(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])), /Not a stored model/);
});

test('bytes in a Node Buffer inside a larger pool (node-postgres gives bytea so) decode as from a plain array', () => {
  const data = { bias: new Float64Array([0.25, -3]), rowClass: new Uint16Array([1, 0, 1, 1, 0]), classCount: 2 };
  const encoded = encodeModel(data);
  // A Buffer whose memory is a slice of a bigger allocation, as a driver hands out.
  const pool = Buffer.alloc(encoded.byteLength + 64, 0xab);
  Buffer.from(encoded).copy(pool, 24);
  const fromDriver = pool.subarray(24, 24 + encoded.byteLength);
  assert.deepEqual(decodeModel<typeof data>(fromDriver), data);
});

test('the stored form (packed: deflated) is smaller and comes back exactly; rows stored before packing still load', () => {
  const examples = Array.from({ length: 60 }, (_, i) => ({ text: `how do i renew permit ${i % 7} for case ${i} now`, label: `intent${i % 12}` }));
  const data = NluModel.train(examples).toTransfer().data;
  const encoded = encodeModel(data);
  const packed = packModel(data);
  assert.ok(packed.byteLength * 2 < encoded.byteLength, `packed ${packed.byteLength} bytes, encoded ${encoded.byteLength}`);
  assert.deepEqual(unpackModel(packed), decodeModel(encoded));
  assert.deepEqual(unpackModel(encoded), decodeModel(encoded));
  assert.throws(() => unpackModel(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])), /Not a stored model/);
});
