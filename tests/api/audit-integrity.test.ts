import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, test } from 'node:test';
import { asc, desc, eq, gte, inArray } from 'drizzle-orm';
import { canonicalAuditRow } from '@civic/core/server/audit/audit-hash';
import { auditLog, users } from './support/tables';
import { call } from './support/api-call';
import { postLogin, signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Issue 15, "audit trail that resists a database writer": someone who can write the database but
 * does not hold CIVIC_AUDIT_KEY must not be able to rewrite or cut the trail unseen, and security
 * events (failed sign-ins, lockouts, refused requests…) are audited as their own family.
 */
const LIST = '/api/v1/admin/audit-log';
let t: TestServer;
let admin: string;

before(async () => {
  t = await startTestServer();
  admin = await signIn(t.http, 'admin@demo.gov.sg');
});

after(async () => {
  await t?.close();
});

const verify = async () => (await call(t.http, 'GET', `${LIST}/verify`, { token: admin })).body.data;
const securityRows = async (action: string) =>
  ((await call(t.http, 'GET', LIST, { token: admin, searchParams: { action, pageSize: 500 } })).body.data.items as Array<{ action: string; target: string; actorEmail: string; summary: string }>);

/** What an attacker without the key can do: recompute every hash from a row on with plain SHA-256. */
async function rewriteFrom(id: number, change: Partial<typeof auditLog.$inferInsert>): Promise<void> {
  const db = t.server.db.db;
  const rows = await db.select().from(auditLog).where(gte(auditLog.id, id)).orderBy(asc(auditLog.id));
  let prevHash = rows[0].prevHash;
  for (const [index, row] of rows.entries()) {
    const edited = index === 0 ? { ...row, ...change } : row;
    const hash = crypto.createHash('sha256').update(prevHash).update(canonicalAuditRow(edited)).digest('hex');
    await db.update(auditLog).set({ ...(index === 0 ? change : {}), prevHash, hash: `${hash}` }).where(eq(auditLog.id, row.id));
    prevHash = hash;
  }
}

test('rows are keyed: a rewrite of a row and of every hash after it is found at that row', async () => {
  await call(t.http, 'PATCH', '/api/v1/apps/demo-plus/settings', { token: admin, json: { mlConfidenceThreshold: 0.74 } });
  assert.equal((await verify()).ok, true);
  const db = t.server.db.db;
  const [victim] = await db.select().from(auditLog).where(eq(auditLog.action, 'app-settings.update')).orderBy(desc(auditLog.id)).limit(1);
  const saved = await db.select().from(auditLog).where(gte(auditLog.id, victim.id)).orderBy(asc(auditLog.id));
  await rewriteFrom(victim.id, { summary: 'nothing happened here' });
  const report = await verify();
  assert.equal(report.ok, false, 'a rewritten chain does not verify');
  assert.equal(report.brokenAt.id, victim.id);
  assert.equal(report.brokenAt.reason, 'hash-mismatch');
  for (const row of saved) await db.update(auditLog).set(row).where(eq(auditLog.id, row.id));
  assert.equal((await verify()).ok, true);
});

test('deleting the newest rows is found against the signed checkpoint of the head', async () => {
  await call(t.http, 'PATCH', '/api/v1/apps/demo-plus/settings', { token: admin, json: { mlConfidenceThreshold: 0.75 } });
  await call(t.http, 'PATCH', '/api/v1/apps/demo-plus/settings', { token: admin, json: { mlConfidenceThreshold: 0.76 } });
  // A full verification that reaches the head records it as a checkpoint (so does the periodic timer).
  assert.equal((await verify()).ok, true);
  const db = t.server.db.db;
  const newest = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(2);
  await db.delete(auditLog).where(inArray(auditLog.id, newest.map((row) => row.id)));
  const report = await verify();
  assert.equal(report.ok, false, 'a trail cut short does not verify');
  assert.equal(report.brokenAt.reason, 'truncated');
  assert.equal(report.brokenAt.id, newest[0].id, 'names the checkpointed head that is gone');
  for (const row of [...newest].reverse()) await db.insert(auditLog).values(row);
  assert.equal((await verify()).ok, true);
});

test('security events: failed sign-ins and lockouts are audited as the security family', async () => {
  const email = 'viewer@demo.gov.sg';
  const wrong = await postLogin(t.http, email, 'not-the-password');
  assert.equal(wrong.status, 401);
  const failed = await securityRows('security.sign-in-failed');
  assert.ok(failed.some((row) => row.target === email), 'a wrong password is audited');
  const unknown = await postLogin(t.http, 'nobody@demo.gov.sg', 'not-the-password');
  assert.equal(unknown.status, 401);
  assert.ok((await securityRows('security.sign-in-failed')).some((row) => row.target === 'nobody@demo.gov.sg'), 'an unknown email too');
  for (let i = 0; i < 5; i++) await postLogin(t.http, email, 'not-the-password');
  const locked = await securityRows('security.account-locked');
  assert.equal(locked.filter((row) => row.target === email).length, 1, 'the lock is audited once');
  const family = await securityRows('security');
  assert.ok(family.length >= 3 && family.every((row) => row.action.startsWith('security.')));
  assert.equal((await verify()).ok, true, 'security rows are chained like any other');
});

test('security events: a refused request (403) is audited with the caller and the route', async () => {
  const editor = await signIn(t.http, 'editor@demo.gov.sg');
  assert.equal((await call(t.http, 'GET', LIST, { token: editor })).status, 403);
  const refused = await securityRows('security.forbidden');
  const row = refused.find((r) => r.actorEmail === 'editor@demo.gov.sg');
  assert.ok(row, 'the refusal is audited');
  assert.match(row.summary, /GET \/api\/v1\/admin\/audit-log/);
});

test('security events: session revocations and password resets are in the security family', async () => {
  const editor = await signIn(t.http, 'editor@demo.gov.sg');
  await signIn(t.http, 'editor@demo.gov.sg');
  const revoked = await call(t.http, 'POST', '/api/v1/auth/sessions/revoke-others', { token: editor });
  assert.equal(revoked.status, 200);
  assert.ok((await securityRows('security')).some((row) => row.action === 'security.sessions-revoked' && row.target === 'editor@demo.gov.sg'));
  const reset = await call(t.http, 'POST', '/api/v1/admin/users/' + (await userId('viewer@demo.gov.sg')) + '/reset-password', { token: admin });
  assert.equal(reset.status, 200);
  assert.ok((await securityRows('security.password-reset-by-admin')).some((row) => row.target === 'viewer@demo.gov.sg'));
});

async function userId(email: string): Promise<string> {
  const [row] = await t.server.db.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row.id;
}

test('security events: wrong one-time codes are audited (two-factor on)', async () => {
  const twoFactor = await startTestServer({ env: { CIVIC_TWO_FACTOR: 'on' } });
  try {
    const email = 'editor@demo.gov.sg';
    const step = await postLogin(twoFactor.http, email);
    assert.equal(step.status, 200);
    assert.equal(step.body.data.otpRequired, true);
    const wrong = await call(twoFactor.http, 'POST', '/api/v1/auth/otp/verify', { token: step.body.data.token, json: { otp: '000000' } });
    assert.equal(wrong.status, 401);
    const rows = await twoFactor.server.db.db.select().from(auditLog).where(eq(auditLog.action, 'security.otp-failed'));
    assert.equal(rows.length, 1);
    assert.equal(rows[0].target, email);
    assert.equal(rows[0].actorEmail, email);
  } finally {
    await twoFactor.close();
  }
});
