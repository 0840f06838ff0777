import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, test } from 'node:test';
import { asc, desc, eq, gte, inArray } from 'drizzle-orm';
import { canonicalAuditRow } from '@civic/core/server/audit/audit-hash';
import { auditLog } from './support/tables';
import { call } from './support/api-call';
import { signIn } from './support/login';
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
