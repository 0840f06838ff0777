import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import { Messages } from '@civic/core/common/messages';
import { auditLog, sessions, users } from './support/tables';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

let t: TestServer;
const EMAIL = 'viewer@demo.gov.sg';

before(async () => {
  t = await startTestServer();
});

after(async () => {
  await t?.close();
});

function decodeToken(token: string): { name?: string } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { name?: string };
}

test('PATCH /auth/me renames the signed-in user, answers a token with the new name, and is audited with before/after', async () => {
  const token = await signIn(t.http, EMAIL);
  const [account] = await t.server.db.db.select().from(users).where(eq(users.email, EMAIL));
  const response = await call(t.http, 'PATCH', '/api/v1/auth/me', { token, json: { name: '  Vera Viewer  ' } });
  assert.equal(response.status, 200);
  assert.equal(response.body.data.user.name, 'Vera Viewer');
  const fresh = response.body.data.token as string;
  assert.equal(decodeToken(fresh).name, 'Vera Viewer');
  assert.equal((await call(t.http, 'GET', '/api/v1/auth/me', { token: fresh })).body.data.name, 'Vera Viewer');
  // The old token still works (same session) and reads the new name from the database.
  assert.equal((await call(t.http, 'GET', '/api/v1/auth/me', { token })).body.data.name, 'Vera Viewer');

  const [row] = await t.server.db.db.select().from(auditLog).where(eq(auditLog.action, 'auth.update-profile')).orderBy(desc(auditLog.id)).limit(1);
  assert.equal(row.actorEmail, EMAIL);
  assert.equal(row.target, EMAIL);
  assert.deepEqual(row.details, { before: { name: account.name }, after: { name: 'Vera Viewer' } });
});

test('the name is required and at most 50 characters (§5)', async () => {
  const token = await signIn(t.http, EMAIL);
  const long = await call(t.http, 'PATCH', '/api/v1/auth/me', { token, json: { name: 'x'.repeat(51) } });
  assert.equal(long.status, 422);
  assert.deepEqual(long.body.fields.name, [Messages.only50Characters]);
  const blank = await call(t.http, 'PATCH', '/api/v1/auth/me', { token, json: { name: '   ' } });
  assert.equal(blank.status, 422);
  assert.deepEqual(blank.body.fields.name, [Messages.nameRequired]);
  assert.equal((await call(t.http, 'PATCH', '/api/v1/auth/me', { token, json: { name: 'Ok', isPlatformAdmin: true } })).status, 422, 'no other field');
  assert.equal((await call(t.http, 'PATCH', '/api/v1/auth/me', { token, json: { name: 'x'.repeat(50) } })).status, 200);
  assert.equal((await call(t.http, 'PATCH', '/api/v1/auth/me', { json: { name: 'Nobody' } })).status, 401);
});

test('sessions: listed with device, IP and last seen; one can be ended; "sign out others" keeps this one', async () => {
  const email = 'editor@demo.gov.sg';
  const here = await signIn(t.http, email);
  const phone = await signIn(t.http, email);
  const laptop = await signIn(t.http, email);
  const listed = (await call(t.http, 'GET', '/api/v1/auth/sessions', { token: here })).body.data.sessions as Array<{ id: string; current: boolean; ip: string; userAgent: string; device: string; lastSeenAt: string }>;
  assert.equal(listed.length, 3);
  assert.equal(listed.filter((s) => s.current).length, 1);
  assert.ok(listed.every((s) => s.ip === '127.0.0.1' && /got/.test(s.userAgent) && s.device === 'got' && !Number.isNaN(Date.parse(s.lastSeenAt))));
  const current = listed.find((s) => s.current)!;

  // Another user cannot end them, nor see them.
  const other = await signIn(t.http, 'appadmin@demo.gov.sg');
  assert.equal((await call(t.http, 'DELETE', `/api/v1/auth/sessions/${current.id}`, { token: other })).status, 404);
  assert.ok(!((await call(t.http, 'GET', '/api/v1/auth/sessions', { token: other })).body.data.sessions as Array<{ id: string }>).some((s) => s.id === current.id));

  const phoneId = listed.find((s) => !s.current && s.id !== current.id)!.id;
  assert.equal((await call(t.http, 'DELETE', `/api/v1/auth/sessions/${phoneId}`, { token: here })).status, 200);
  assert.equal((await call(t.http, 'DELETE', `/api/v1/auth/sessions/${phoneId}`, { token: here })).status, 404, 'already ended');
  const stillLive = [phone, laptop].map(async (token) => (await call(t.http, 'GET', '/api/v1/auth/me', { token })).status);
  assert.deepEqual((await Promise.all(stillLive)).sort(), [200, 401]);

  const others = await call(t.http, 'POST', '/api/v1/auth/sessions/revoke-others', { token: here });
  assert.equal(others.status, 200);
  assert.equal(others.body.data.revoked, 1);
  assert.equal((await call(t.http, 'GET', '/api/v1/auth/me', { token: laptop })).status, 401);
  assert.equal((await call(t.http, 'GET', '/api/v1/auth/me', { token: here })).status, 200);
  const [account] = await t.server.db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const live = await t.server.db.db.select().from(sessions).where(and(eq(sessions.userId, account.id)));
  assert.equal(live.filter((s) => s.revokedAt === null).length, 1);
  const actions = (await t.server.db.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorEmail, email))).map((r) => r.action);
  assert.ok(actions.includes('security.session-revoked') && actions.includes('security.sessions-revoked'), 'revocations are security events');
});
