import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ParseSlots } from './parse-slots';

test('past the per-user or the overall cap a read is a 429 with Retry-After; slots free up when reads end', async () => {
  const slots = new ParseSlots({ perUser: 2, overall: 3, retryAfterSeconds: 7 });
  const gates: Array<() => void> = [];
  const held = () => new Promise<string>((resolve) => gates.push(() => resolve('read')));
  const a1 = slots.run('a', held);
  const a2 = slots.run('a', held);
  await assert.rejects(slots.run('a', held), { status: 429, extras: { headers: { 'retry-after': '7' } } });
  const b1 = slots.run('b', held);
  await assert.rejects(slots.run('c', held), { status: 429 });
  assert.equal(slots.inUse, 3);
  gates.shift()?.();
  assert.equal(await a1, 'read');
  const a3 = slots.run('a', held);
  await assert.rejects(slots.run('b', async () => 'x'), { status: 429 });
  for (const open of gates.splice(0)) open();
  assert.deepEqual(await Promise.all([a2, b1, a3]), ['read', 'read', 'read']);
  // A read that fails frees its slot too.
  await assert.rejects(slots.run('a', () => Promise.reject(new Error('bad file'))), { message: 'bad file' });
  assert.equal(slots.inUse, 0);
});
