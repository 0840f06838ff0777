import assert from 'node:assert/strict';
import test from 'node:test';
import type { DbExecutor, ServerModuleApi } from '@civic/sdk/server';
import { TranscriptWriter, type SessionChange, type TranscriptRow } from './transcript-writer';

const log = { error: () => undefined } as unknown as ServerModuleApi['log'];

/** A database whose writes fail while `down` is set; counts the statements it was sent. */
function fakeDatabase() {
  const state = { down: false, statements: 0 };
  const db = {
    execute: async () => {
      state.statements += 1;
      if (state.down) throw new Error('database away');
      return { rows: [] };
    },
  } as unknown as DbExecutor;
  return { db, state };
}

const touch = { id: 's', at: new Date('2026-11-02T08:00:00Z'), expiresAt: new Date('2026-11-02T08:30:00Z') };

function row(id: string): TranscriptRow {
  const at = new Date('2026-11-02T08:00:00Z');
  return { id, appId: 'app', sessionId: 's', environment: 'production', channel: 'web', data: 'hi', transAuthor: 'user', reply: [], confidenceScore: 1, fallback: false, topMatches: [], contentVersion: 'v', contentHash: 'h', createdAt: at, updatedAt: at };
}

test('rows wait for the interval or a full batch, then go in one statement per batch', async () => {
  const { db, state } = fakeDatabase();
  const writer = new TranscriptWriter(db, log, { flushMs: 60_000, batchRows: 3 });
  await writer.add(row('a'), touch);
  await writer.add(row('b'), touch);
  assert.equal(state.statements, 0);
  assert.ok(writer.holds('a'));
  await writer.add(row('c'), touch);
  await writer.flush();
  assert.equal(state.statements, 1, 'the third row filled the batch');
  assert.equal(writer.holds('a') || writer.holds('c'), false);
});

test('a failed write keeps its rows, rejects an explicit flush, and the next flush writes them', async () => {
  const { db, state } = fakeDatabase();
  const writer = new TranscriptWriter(db, log, { flushMs: 60_000, batchRows: 100 });
  await writer.add(row('a'), touch);
  state.down = true;
  await assert.rejects(writer.flush(), /database away/);
  assert.ok(writer.holds('a'), 'kept for the next attempt');
  state.down = false;
  await writer.flush();
  assert.equal(writer.holds('a'), false);
  assert.equal(state.statements, 2);
});

test("a batch carries one change per session: the latest times, and the state of its latest turn that set one", async () => {
  const { db } = fakeDatabase();
  const written: SessionChange[][] = [];
  const writer = new TranscriptWriter(db, log, { flushMs: 60_000, batchRows: 100, onWritten: async (changes) => void written.push(changes) });
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 8, minute));
  const parent = { contexts: [{ name: 'hall-followup', lifespan: 1 }], pending: null };
  await writer.add(row('a'), { id: 's', at: at(1), expiresAt: at(31), state: parent });
  await writer.add(row('b'), { id: 's', at: at(2), expiresAt: at(32) });
  await writer.add(row('c'), { id: 't', at: at(2), expiresAt: at(32) });
  await writer.flush();
  assert.deepEqual(written, [[{ id: 's', at: at(2), expiresAt: at(32), state: parent }, { id: 't', at: at(2), expiresAt: at(32) }]]);
});
