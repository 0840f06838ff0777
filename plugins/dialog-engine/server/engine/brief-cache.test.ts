import assert from 'node:assert/strict';
import test from 'node:test';
import { BriefCache } from './brief-cache';

test('a value is read once within its age, and again after it', async () => {
  let now = 0;
  let reads = 0;
  const cache = new BriefCache<number>(1_000, () => now);
  const read = () => Promise.resolve(++reads);
  assert.equal(await cache.get('a', read), 1);
  now = 999;
  assert.equal(await cache.get('a', read), 1);
  now = 1_000;
  assert.equal(await cache.get('a', read), 2);
  assert.equal(await cache.get('b', read), 3);
});

test('drop forgets a key at once; a read under way when it was dropped is not kept', async () => {
  let value = 'v1';
  const cache = new BriefCache<string>(60_000);
  assert.equal(await cache.get('app', () => Promise.resolve(value)), 'v1');
  value = 'v2';
  cache.drop('app');
  assert.equal(await cache.get('app', () => Promise.resolve(value)), 'v2');

  let release: (v: string) => void = () => undefined;
  const slow = cache.get('other', () => new Promise<string>((resolve) => (release = resolve)));
  cache.drop('other');
  release('old');
  assert.equal(await slow, 'old');
  assert.equal(await cache.get('other', () => Promise.resolve('new')), 'new');
});

test('dropPrefix forgets every key of an app', async () => {
  const cache = new BriefCache<string>(60_000);
  await cache.get('app1:draft', () => Promise.resolve('a'));
  await cache.get('app1:production', () => Promise.resolve('b'));
  await cache.get('app2:draft', () => Promise.resolve('c'));
  cache.dropPrefix('app1:');
  assert.equal(await cache.get('app1:draft', () => Promise.resolve('A')), 'A');
  assert.equal(await cache.get('app1:production', () => Promise.resolve('B')), 'B');
  assert.equal(await cache.get('app2:draft', () => Promise.resolve('C')), 'c');
});
