import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { defineEvent } from '@civic/core/common/events';
import type { DbExecutor } from '../db/database';
import { createLogger } from '../logging/logger';
import { EventBus, type EventMeta } from './event-bus';
import { trackCommits } from './after-commit';

const log = createLogger('silent');
const changed = defineEvent<{ appId: string }>('knowledge.changed');

/** Resolves when `check` holds, polling every 20 ms (fails after `ms`). */
async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

async function embedded(): Promise<{ db: DbExecutor; close: () => Promise<void> }> {
  const client = await PGlite.create();
  const db = drizzlePglite({ client }) as unknown as DbExecutor;
  trackCommits(db);
  return { db, close: () => client.close() };
}

test('defineEvent refuses names that are not dotted words', () => {
  assert.throws(() => defineEvent('changed'), /dotted/);
  assert.equal(defineEvent('version.published').name, 'version.published');
});

test('an event published in a transaction is delivered after the commit, and never for a rollback', async () => {
  const { db, close } = await embedded();
  const bus = new EventBus(log);
  const seen: string[] = [];
  bus.subscribe(changed, ({ appId }) => void seen.push(appId));
  try {
    await db.transaction(async (tx) => {
      await bus.publish(tx, changed, { appId: 'committed' });
      await settle();
      assert.deepEqual(seen, [], 'nothing is delivered before the commit');
    });
    assert.deepEqual(seen, ['committed']);
    await assert.rejects(
      db.transaction(async (tx) => {
        await bus.publish(tx, changed, { appId: 'rolled-back' });
        throw new Error('boom');
      }),
    );
    await db.transaction(async (tx) => {
      await bus.publish(tx, changed, { appId: 'outer' });
      await tx.transaction(async (inner) => {
        await bus.publish(inner, changed, { appId: 'savepoint' });
        throw new Error('savepoint fails');
      }).catch(() => undefined);
    });
    await settle();
    assert.deepEqual(seen, ['committed', 'outer']);
  } finally {
    await close();
  }
});

test('published on the database itself, an event is delivered at once; a failing handler breaks nobody', async () => {
  const { db, close } = await embedded();
  const bus = new EventBus(log);
  const seen: EventMeta[] = [];
  bus.subscribe(changed, () => {
    throw new Error('handler bug');
  });
  bus.subscribe(changed, async () => Promise.reject(new Error('async handler bug')));
  const unsubscribe = bus.subscribe(changed, (_payload, meta) => void seen.push(meta));
  try {
    await bus.publish(db, changed, { appId: 'a1' });
    await until(() => seen.length === 1);
    assert.deepEqual(seen, [{ local: true }]);
    unsubscribe();
    await bus.publish(db, changed, { appId: 'a1' });
    await settle();
    assert.equal(seen.length, 1);
  } finally {
    await close();
  }
});

test('stop waits for the handlers still running (the database closes next); events after it reach no handler', async () => {
  const { db, close } = await embedded();
  const bus = new EventBus(log);
  const steps: string[] = [];
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  bus.subscribe(changed, async ({ appId }) => {
    steps.push(`started ${appId}`);
    await held;
    await db.execute(sql`select 1`);
    steps.push(`done ${appId}`);
  });
  try {
    await bus.publish(db, changed, { appId: 'a1' });
    await until(() => steps.length === 1);
    const stopped = bus.stop().then(() => steps.push('stopped'));
    await settle();
    assert.deepEqual(steps, ['started a1'], 'stop waits');
    release();
    await stopped;
    assert.deepEqual(steps, ['started a1', 'done a1', 'stopped']);
    await bus.publish(db, changed, { appId: 'a2' });
    await settle();
    assert.equal(steps.length, 3, 'no delivery after stop');
  } finally {
    await close();
  }
});

test('payloads are ids, not content: more than 1 KB is refused', async () => {
  const { db, close } = await embedded();
  try {
    await assert.rejects(new EventBus(log).publish(db, changed, { appId: 'x'.repeat(2_000) }), /ids, not content/);
  } finally {
    await close();
  }
});

test('a transaction the server did not open cannot carry an event', async () => {
  const client = await PGlite.create();
  const untracked = drizzlePglite({ client }) as unknown as DbExecutor;
  try {
    await assert.rejects(untracked.transaction((tx) => new EventBus(log).publish(tx, changed, { appId: 'a' })), /not one the server opened/);
  } finally {
    await client.close();
  }
});

const url = process.env.DATABASE_URL;

test('PostgreSQL (skipped without DATABASE_URL): events reach another process once, after commit, and the listener survives a dropped connection', { skip: !url }, async () => {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pool.on('error', () => undefined);
  const db = drizzlePostgres({ client: pool }) as unknown as DbExecutor;
  trackCommits(db);
  // Two buses with their own origins stand for two server processes.
  const here = new EventBus(log, { postgresUrl: url });
  const there = new EventBus(log, { postgresUrl: url });
  const seenHere: Array<[string, boolean]> = [];
  const seenThere: Array<[string, boolean]> = [];
  here.subscribe(changed, ({ appId }, meta) => void seenHere.push([appId, meta.local]));
  there.subscribe(changed, ({ appId }, meta) => void seenThere.push([appId, meta.local]));
  await here.start();
  await there.start();
  try {
    await assert.rejects(
      db.transaction(async (tx) => {
        await here.publish(tx, changed, { appId: 'rolled-back' });
        throw new Error('boom');
      }),
    );
    await db.transaction((tx) => here.publish(tx, changed, { appId: 'a1' }));
    await until(() => seenThere.length === 1);
    await settle();
    assert.deepEqual(seenHere, [['a1', true]], 'the publisher handles its own event once');
    assert.deepEqual(seenThere, [['a1', false]]);

    // Kill the listeners' sessions as a PostgreSQL restart would: they reconnect and LISTEN again.
    await pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN "civic_events"' and pid <> pg_backend_pid()`);
    await until(() => !there.listening);
    await until(() => there.listening);
    await here.publish(db, changed, { appId: 'a2' });
    await until(() => seenThere.length === 2);
    assert.deepEqual(seenThere[1], ['a2', false]);
  } finally {
    await here.stop();
    await there.stop();
    await pool.end();
  }
});
