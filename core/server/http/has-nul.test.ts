import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasNul } from './has-nul';

test('a NUL in any string, key or nested value is found; everything else passes', () => {
  assert.equal(hasNul('a\u0000b'), true);
  assert.equal(hasNul({ a: [1, { b: 'x\u0000' }] }), true);
  assert.equal(hasNul({ ['k\u0000']: 1 }), true);
  assert.equal(hasNul({ a: ['plain', 1, null, true, { b: 'ü' }] }), false);
  assert.equal(hasNul(undefined), false);
});
