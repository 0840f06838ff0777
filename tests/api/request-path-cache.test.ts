/**
 * The request path's per-process caches (session and account copies, verified tokens, in-memory rate
 * counters, batched "last seen" marks) must not weaken what they cache: a logout, a revocation, a
 * role change or a lock made through this server applies on the very next request; one made behind
 * its back (another server process) within SESSION_CACHE_MS (an app's record, as the chat routes
 * read it, within APP_CACHE_MS); rate limits still hold.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { SESSION_CACHE_MS, TOUCH_EVERY_MS } from '@civic/core/server/auth/session-cache';
import { RateLimiter } from '@civic/core/server/auth/rate-limiter';
import { APP_CACHE_MS } from '@civic/core/server/apps/app-record-cache';
import { apps, rateLimits, sessions, users } from '@civic/core/server/db/schema';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

let t: TestServer;

before(async () => {
  t = await startTestServer();
});

after(async () => {
  await t?.close();
});

afterEach(() => t.clock.reset());

const login = (email = 'editor@demo.gov.sg') => signIn(t.http, email, undefined, t.clock.unixSeconds());
const me = (token: string) => call(t.http, 'GET', '/api/v1/auth/me', { token });
const userId = async (email: string) => (await t.server.db.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

test('a logout takes effect on the next request although the session was just served from the cache', async () => {
  const token = await login();
  for (let i = 0; i < 3; i += 1) assert.equal((await me(token)).status, 200);
  assert.equal((await call(t.http, 'POST', '/api/v1/auth/logout', { token })).status, 200);
  assert.equal((await me(token)).status, 401);
});

test('revoking another session (settings) ends it at once', async () => {
  const other = await login();
  const mine = await login();
  assert.equal((await me(other)).status, 200);
  assert.equal((await call(t.http, 'POST', '/api/v1/auth/sessions/revoke-others', { token: mine })).status, 200);
  assert.equal((await me(other)).status, 401);
  assert.equal((await me(mine)).status, 200);
});

test('a role change through the team API applies to the member on the next request', async () => {
  const admin = await login('appadmin@demo.gov.sg');
  const editor = await login();
  const editorId = await userId('editor@demo.gov.sg');
  const was = (await me(editor)).body.data.permissions['demo-plus'] as string;
  const role = was === '0' ? '1' : '0';
  const changed = await call(t.http, 'PATCH', `/api/v1/apps/demo-plus/team/${editorId}`, { token: admin, json: { role } });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  try {
    assert.equal((await me(editor)).body.data.permissions['demo-plus'], role);
  } finally {
    await call(t.http, 'PATCH', `/api/v1/apps/demo-plus/team/${editorId}`, { token: admin, json: { role: was } });
  }
});

test('a change made behind the server (another process) applies within SESSION_CACHE_MS', async () => {
  const token = await login();
  assert.equal((await me(token)).status, 200);
  await t.server.db.db.update(sessions).set({ revokedAt: t.clock.now() }).where(eq(sessions.userId, await userId('editor@demo.gov.sg')));
  t.clock.advance(SESSION_CACHE_MS);
  assert.equal((await me(token)).status, 401);
});

test('an app changed behind the server reaches the chat routes within APP_CACHE_MS', async () => {
  const admin = await login('admin@demo.gov.sg');
  const origin = 'https://www.cached.example.org';
  const start = () => call(t.http, 'POST', '/api/v1/chat/demo-plus/sessions', { token: admin, json: { environment: 'draft' }, headers: { origin } });
  assert.equal((await start()).status, 403);
  await t.server.db.db.update(apps).set({ allowedDomains: ['cached.example.org'] }).where(eq(apps.appId, 'demo-plus'));
  assert.equal((await start()).status, 403, 'still the copy read a moment ago');
  t.clock.advance(APP_CACHE_MS);
  const started = await start();
  assert.equal(started.status, 201, JSON.stringify(started.body));
});

test('"last seen" marks are written in one batch, not by the request', async () => {
  const token = await login();
  const sessionIds = async () => (await t.server.db.db.select({ id: sessions.id, lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, await userId('editor@demo.gov.sg'))));
  t.clock.advance(TOUCH_EVERY_MS + SESSION_CACHE_MS);
  const before = Math.max(...(await sessionIds()).map((s) => s.lastSeenAt.getTime()));
  assert.equal((await me(token)).status, 200);
  // Not yet written: the request did not wait for it.
  assert.equal(Math.max(...(await sessionIds()).map((s) => s.lastSeenAt.getTime())), before);
  // The batch writes it (at most TOUCH_FLUSH_MS later; a server close writes what is pending).
  const deadline = Date.now() + 10_000;
  while (Math.max(...(await sessionIds()).map((s) => s.lastSeenAt.getTime())) === before) {
    assert.ok(Date.now() < deadline, 'the mark was never written');
    await new Promise((r) => setTimeout(r, 200));
  }
});

test('rate limits counted in memory still refuse the hit past the limit, and reach the database', async () => {
  const limiter = new RateLimiter(t.server.db.db);
  const now = t.clock.now();
  const key = `test:${now.getTime()}`;
  for (let i = 0; i < 3; i += 1) assert.equal((await limiter.hit(key, 3, now)).allowed, true);
  const refused = await limiter.hit(key, 3, now);
  assert.equal(refused.allowed, false);
  assert.ok(refused.retryAfterSeconds >= 1 && refused.retryAfterSeconds <= 60);
  // Another limiter on the same database shares the count (the chat routes make one per request).
  assert.equal((await new RateLimiter(t.server.db.db).hit(key, 3, now)).allowed, false);
  await limiter.flush();
  const [row] = await t.server.db.db.select().from(rateLimits).where(eq(rateLimits.key, key));
  assert.equal(row.hits, 5);
  // A new window starts after a minute.
  assert.equal((await limiter.hit(key, 3, new Date(now.getTime() + 60_000))).allowed, true);
});
