import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DbExecutor } from '../db/database';
import { invalidateFeatureFlags, loadFeatureFlags } from './load-feature-flags';

/** A stand-in executor that answers drizzle's select chain and counts reads. */
function fakeDb(rows: Array<{ name: string; enabled: boolean }>) {
  const db = { reads: 0, select: () => ({ from: async () => (db.reads++, rows) }) };
  return db as unknown as DbExecutor & { reads: number };
}

test('flags are read once per moment, then again', async () => {
  const db = fakeDb([{ name: 'helpdesk', enabled: true }]);
  assert.deepEqual(await loadFeatureFlags(db, 1_000), { helpdesk: true });
  await loadFeatureFlags(db, 2_500);
  assert.equal(db.reads, 1);
  await loadFeatureFlags(db, 3_100);
  assert.equal(db.reads, 2);
});

test('invalidating makes the next request read again', async () => {
  const db = fakeDb([]);
  await loadFeatureFlags(db, 1_000);
  invalidateFeatureFlags(db);
  await loadFeatureFlags(db, 1_001);
  assert.equal(db.reads, 2);
});
