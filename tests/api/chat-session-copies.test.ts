import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { DomainEvents, EventHandler, EventPayload } from '@civic/sdk/server';
import { ChatSessions, SESSION_COPY_MS } from '../../plugins/dialog-engine/server/chat-sessions';
import { call } from './support/api-call';
import { chatSessions } from './support/tables';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * A server answers a chat session's turns from its own copy of the session (ChatSessions): a state
 * change written by another server drops the copy (its chatSessionsChanged event), the copy is read
 * again after SESSION_COPY_MS whatever happened, and a copy that says the session expired is checked
 * against the database. The events are played here as another server would send them.
 */
const APP = 'demo-enterprise';
let t: TestServer;
const handlers: Array<EventHandler<EventPayload>> = [];
const published: EventPayload[] = [];
const events = {
  subscribe: (_event: unknown, handler: EventHandler<EventPayload>) => {
    handlers.push(handler);
    return () => undefined;
  },
  publish: async (_db: unknown, _event: unknown, payload: EventPayload) => void published.push(payload),
} as unknown as DomainEvents;
const fromAnotherServer = (sessionId: string) => handlers.forEach((handler) => handler({ sessionIds: `${sessionId},another-id` }, { local: false }));

before(async () => {
  t = await startTestServer();
});
after(async () => {
  await t?.close();
});

async function startSession(): Promise<string> {
  const admin = await t.signInAs('platformAdmin');
  const started = await call(t.http, 'POST', `/api/v1/chat/${APP}/sessions`, { token: admin, json: { environment: 'draft' }, headers: { origin: t.config.publicUrl } });
  assert.equal(started.status, 201, JSON.stringify(started.body));
  return started.body.data.sessionId as string;
}

const changedBehind = (id: string, name: string) => t.server.db.db.update(chatSessions).set({ state: { contexts: [{ name, lifespan: 2 }], pending: null } }).where(eq(chatSessions.id, id));

test("another server's state change drops the copy; this server's own change stays in it until written, then is announced", async () => {
  const sessions = new ChatSessions(events);
  const db = t.server.db.db;
  const id = await startSession();
  const now = t.clock.now();
  const first = await sessions.find(db, APP, id, now);
  assert.deepEqual(first?.state.contexts, []);
  assert.equal(await sessions.find(db, 'demo-plus', id, now), undefined, "another app's session is not found");

  await changedBehind(id, 'elsewhere');
  assert.deepEqual((await sessions.find(db, APP, id, now))?.state.contexts, [], 'the copy answers');
  handlers.forEach((handler) => handler({ sessionIds: id }, { local: true }));
  assert.deepEqual((await sessions.find(db, APP, id, now))?.state.contexts, [], 'its own announcements keep the copy');
  fromAnotherServer(id);
  const reread = await sessions.find(db, APP, id, now);
  assert.deepEqual(reread?.state.contexts, [{ name: 'elsewhere', lifespan: 2 }]);

  // This server's own change: in the copy at once, kept over a re-read until written, then announced.
  const hall = { contexts: [{ name: 'hall-followup', lifespan: 1 }], pending: null };
  const change = { id, at: now, expiresAt: new Date(now.getTime() + 60_000), state: hall };
  sessions.changed(change);
  assert.deepEqual((await sessions.find(db, APP, id, now))?.state, hall);
  sessions.drop(id);
  assert.deepEqual((await sessions.find(db, APP, id, now))?.state, hall, 'not written yet: the re-read keeps it');
  await sessions.written(db, [change, { id: 'touched-only', at: now, expiresAt: now }]);
  assert.deepEqual(published.at(-1), { sessionIds: id });
  sessions.drop(id);
  assert.deepEqual((await sessions.find(db, APP, id, now))?.state.contexts, [{ name: 'elsewhere', lifespan: 2 }], 'written: the database is read as it is');
});

test('a copy is read again after SESSION_COPY_MS, and when it says the session expired', async () => {
  const sessions = new ChatSessions(events);
  const db = t.server.db.db;
  const id = await startSession();
  const now = t.clock.now();
  await sessions.find(db, APP, id, now);
  await changedBehind(id, 'later');
  assert.deepEqual((await sessions.find(db, APP, id, new Date(now.getTime() + SESSION_COPY_MS - 1)))?.state.contexts, []);
  assert.deepEqual((await sessions.find(db, APP, id, new Date(now.getTime() + SESSION_COPY_MS)))?.state.contexts, [{ name: 'later', lifespan: 2 }]);

  const other = await startSession();
  const [row] = await db.select().from(chatSessions).where(eq(chatSessions.id, other));
  // This server's copy says the session ends in a second; another server has since moved it on.
  sessions.started({ ...row, expiresAt: new Date(now.getTime() + 1_000) }, now);
  const found = await sessions.find(db, APP, other, new Date(now.getTime() + 2_000));
  assert.equal(found?.expiresAt.getTime(), row.expiresAt.getTime(), 'read again rather than answered as expired');
});
