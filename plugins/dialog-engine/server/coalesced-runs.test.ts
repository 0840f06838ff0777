import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CoalescedRuns } from './coalesced-runs';

/** A run that ends when told to: what it saw when it started (the "content" then), and its end. */
function controlledRuns() {
  let content = 0;
  const started: Array<{ key: string; saw: number; end: () => void }> = [];
  const runs = new CoalescedRuns(
    (key) => new Promise<void>((resolve) => started.push({ key, saw: content, end: resolve })),
    (error) => assert.fail(String(error)),
  );
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { runs, started, settle, save: () => (content += 1) };
}

test('saves during a training ask for one more training, not one each; the last one sees the last save', async () => {
  const { runs, started, settle, save } = controlledRuns();
  save();
  runs.request('app');
  await settle();
  assert.equal(started.length, 1);
  for (let n = 0; n < 10; n += 1) {
    save();
    runs.request('app');
    await settle();
  }
  assert.equal(started.length, 1, 'nothing else runs while the first training goes on');
  started[0].end();
  await settle();
  assert.equal(started.length, 2, 'one more training after it');
  assert.equal(started[1].saw, 11, 'it starts after the last save');
  started[1].end();
  await settle();
  assert.equal(started.length, 2, 'and then none: nothing changed since it started');
  runs.request('app');
  await settle();
  assert.equal(started.length, 3, 'a later save trains again');
});

test('apps are coalesced apart; a failed run does not stop the next; after stop nothing starts', async () => {
  const failures: string[] = [];
  let calls = 0;
  const runs = new CoalescedRuns(
    async (key) => {
      calls += 1;
      if (key === 'bad') throw new Error('no');
    },
    (_error, key) => failures.push(key),
  );
  runs.request('bad');
  runs.request('good');
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(calls, 2);
  assert.deepEqual(failures, ['bad']);
  runs.request('bad');
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(calls, 3);
  runs.stop();
  runs.request('good');
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(calls, 3);
});
