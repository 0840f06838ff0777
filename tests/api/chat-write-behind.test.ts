import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Got } from 'got';
import pg from 'pg';
import type { DatabaseTarget } from '@civic/core/server/config/server-config';
import { eq, inArray } from 'drizzle-orm';
import { call } from './support/api-call';
import { chatSessions, transcripts } from './support/tables';
import { startTestServer } from './support/test-server';
import { embeddedEnv, startServerProcess, type ServerProcess } from '../support/server-process';

/**
 * Chat transcripts are written behind the reply (plugins/dialog-engine/server/transcript-writer.ts):
 * a graceful stop — the server's close(), SIGTERM on a real process — writes every turn it answered,
 * and the sessions' touches, before the database closes. The flush interval is set far beyond the
 * test, so nothing reaches the table before the stop but through it.
 */
const APP = 'demo-enterprise';
const HOLD_BACK = { CIVIC_TRANSCRIPT_FLUSH_MS: '600000', CIVIC_CHAT_RATE_LIMIT: '0', CIVIC_CHAT_SESSION_RATE_LIMIT: '0', CIVIC_DEMO_PUBLISHED: 'on' };
const cleanups: Array<() => Promise<void> | void> = [];

after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function startSessions(http: Got, origin: string, count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const started = await call(http, 'POST', `/api/v1/chat/${APP}/sessions`, { json: {}, headers: { origin } });
      assert.equal(started.status, 201, JSON.stringify(started.body));
      return started.body.data.sessionId as string;
    }),
  );
}

/** `perSession` messages in each session, all sent at once; answers every reply's transcript id. */
async function chatConcurrently(http: Got, origin: string, sessionIds: string[], perSession: number): Promise<string[]> {
  const questions = ['how do I renew my passport', 'where can I pay a parking fine', 'hello', 'what are your opening hours'];
  const replies = await Promise.all(
    sessionIds.flatMap((id) => Array.from({ length: perSession }, (_, i) => call(http, 'POST', `/api/v1/chat/${APP}/sessions/${id}/messages`, { json: { text: questions[i % questions.length] }, headers: { origin } }))),
  );
  for (const reply of replies) assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return replies.map((reply) => reply.body.data.transcriptId as string);
}

/** Rows of the stopped server's database, read with a client of the test's own. */
async function readStopped<T>(target: DatabaseTarget, text: string, values: unknown[]): Promise<T[]> {
  if (target.kind === 'postgres') {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(target.dir, { extensions: { pg_trgm } });
  try {
    return (await db.query<T>(text, values)).rows;
  } finally {
    await db.close();
  }
}

const countTurns = async (target: DatabaseTarget, transcriptIds: string[]) =>
  (await readStopped<{ n: number }>(target, 'select count(*)::int as n from transcripts where id = any($1::uuid[])', [transcriptIds]))[0].n;

test('close(): every turn answered before it is in the transcripts, and the sessions were touched', { timeout: 180_000 }, async () => {
  const t = await startTestServer({ env: HOLD_BACK });
  cleanups.push(() => t.close());
  const origin = t.config.publicUrl;
  const sessionIds = await startSessions(t.http, origin, 6);
  t.clock.advance(60_000);
  const turnsFrom = t.clock.now().getTime();
  const transcriptIds = await chatConcurrently(t.http, origin, sessionIds, 10);
  assert.equal(new Set(transcriptIds).size, 60);
  await t.server.close();

  assert.equal(await countTurns(t.config.database, transcriptIds), 60);
  const sessions = await readStopped<{ updated_at: Date }>(t.config.database, 'select updated_at from chat_sessions where id = any($1::uuid[])', [sessionIds]);
  assert.equal(sessions.length, 6);
  for (const session of sessions) assert.ok(new Date(session.updated_at).getTime() >= turnsFrom, "each session's turns moved it on");
});

test('a turn whose session is gone by the time its batch is written is dropped; the rest of the batch is written', { timeout: 180_000 }, async () => {
  const t = await startTestServer({ env: HOLD_BACK });
  cleanups.push(() => t.close());
  const [kept, gone] = await startSessions(t.http, t.config.publicUrl, 2);
  const keptTurns = await chatConcurrently(t.http, t.config.publicUrl, [kept], 3);
  const goneTurns = await chatConcurrently(t.http, t.config.publicUrl, [gone], 3);
  await t.server.db.db.delete(chatSessions).where(eq(chatSessions.id, gone));
  await t.server.flushPending();
  const stored = await t.server.db.db.select({ id: transcripts.id }).from(transcripts).where(inArray(transcripts.id, [...keptTurns, ...goneTurns]));
  assert.deepEqual(stored.map((r) => r.id).sort(), [...keptTurns].sort());
});

/** The real entry point (host/server/main.ts) on the embedded database in `dataDir`, ready. */
async function startProcess(dataDir: string): Promise<ServerProcess> {
  const server = await startServerProcess(embeddedEnv({ ...HOLD_BACK, CIVIC_DATA_DIR: dataDir, CIVIC_DEMO_PASSWORD: 'Civic-write-behind-Passw0rd', LOG_LEVEL: 'warn' }));
  cleanups.push(() => void (server.process.exitCode === null && server.process.kill('SIGKILL')));
  return server;
}

test('SIGTERM on a server process: the turns it answered are all written before it exits', { timeout: 240_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'civic-write-behind-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startProcess(dataDir);
  const transcriptIds = await chatConcurrently(server.http, server.url, await startSessions(server.http, server.url, 4), 10);

  const exited = new Promise<number | null>((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  assert.equal(await exited, 0);
  assert.equal(await countTurns({ kind: 'pglite', dir: join(dataDir, 'pglite') }, transcriptIds), 40);
});
