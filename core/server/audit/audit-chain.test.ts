import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { RepoPaths } from '../config/repo-paths';
import type { DbExecutor } from '../db/database';
import * as schema from '../db/schema';
import { appendAudit } from './append-audit';
import type { AuditEntry } from './audit-entry';
import { GENESIS_HASH } from './audit-hash';
import { verifyAuditChain, verifyAuditChainPart } from './verify-audit-chain';

let client: PGlite;
let db: DbExecutor;

before(async () => {
  client = await PGlite.create();
  const database = drizzle({ client, schema });
  await migrate(database, { migrationsFolder: RepoPaths.migrations });
  db = database as unknown as DbExecutor;
});

after(async () => {
  await client.close();
});

const entry = (n: number): AuditEntry => ({
  at: new Date(Date.UTC(2026, 10, 22, 10, 0, n)),
  actorId: null,
  actorEmail: `user${n}@demo.gov.sg`,
  appId: n % 2 === 0 ? 'demo-plus' : null,
  action: 'test.append',
  target: `target-${n}`,
  summary: `change ${n}`,
  ip: '127.0.0.1',
});

test('an empty trail verifies', async () => {
  assert.deepEqual(await verifyAuditChain(db), { ok: true, rows: 0 });
});

test('concurrent appends form one unbroken chain', async () => {
  await Promise.all(Array.from({ length: 25 }, (_, n) => appendAudit(db, entry(n))));
  assert.deepEqual(await verifyAuditChain(db, 7), { ok: true, rows: 25 });
  const rows = await db.select().from(schema.auditLog).orderBy(schema.auditLog.id);
  assert.equal(rows[0].prevHash, GENESIS_HASH);
  for (let i = 1; i < rows.length; i++) assert.equal(rows[i].prevHash, rows[i - 1].hash);
});

test('an audit row rolls back with the transaction it belongs to', async () => {
  await assert.rejects(
    db.transaction(async (tx) => {
      await appendAudit(tx, entry(100));
      throw new Error('the change failed');
    }),
  );
  assert.deepEqual(await verifyAuditChain(db), { ok: true, rows: 25 });
});

test('editing a past row breaks the chain at that row', async () => {
  const [victim] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.summary, 'change 10'));
  await db.update(schema.auditLog).set({ summary: 'nothing to see' }).where(eq(schema.auditLog.id, victim.id));
  assert.deepEqual(await verifyAuditChain(db), { ok: false, rows: (await rowsBefore(victim.id)), brokenAtId: victim.id, reason: 'hash-mismatch' });
  await db.update(schema.auditLog).set({ summary: 'change 10' }).where(eq(schema.auditLog.id, victim.id));
});

test('deleting a row breaks the chain at the next one', async () => {
  const [victim] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.summary, 'change 5'));
  await db.delete(schema.auditLog).where(eq(schema.auditLog.id, victim.id));
  const report = await verifyAuditChain(db);
  assert.equal(report.ok, false);
  assert.ok(!report.ok && report.reason === 'prev-hash-mismatch' && report.brokenAtId > victim.id);
});

async function rowsBefore(id: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.auditLog).where(sql`${schema.auditLog.id} < ${id}`);
  return row.n;
}

test('details (before/after) are stored as JSON and hashed: editing them breaks the chain', async () => {
  await db.delete(schema.auditLog);
  const at = new Date(Date.UTC(2026, 10, 22, 11, 0, 0));
  await appendAudit(db, { ...entry(1), at, details: { before: { b: 1, a: [1, 'x'], when: at }, after: { a: null, nested: { z: 1, y: 2 } } } });
  await appendAudit(db, { ...entry(2), at, details: { before: undefined, after: undefined } });
  await appendAudit(db, entry(3));
  assert.deepEqual(await verifyAuditChain(db), { ok: true, rows: 3 });
  const rows = await db.select().from(schema.auditLog).orderBy(schema.auditLog.id);
  assert.deepEqual(rows[0].details, { before: { b: 1, a: [1, 'x'], when: at.toISOString() }, after: { a: null, nested: { z: 1, y: 2 } } });
  assert.equal(rows[1].details, null);
  await db.update(schema.auditLog).set({ details: { before: { b: 2 }, after: null } }).where(eq(schema.auditLog.id, rows[0].id));
  assert.deepEqual(await verifyAuditChain(db), { ok: false, rows: 0, brokenAtId: rows[0].id, reason: 'hash-mismatch' });
});

test('the walk goes in stretches: each continues from the last checked row', async () => {
  await db.delete(schema.auditLog);
  await Promise.all(Array.from({ length: 7 }, (_, n) => appendAudit(db, entry(n))));
  const first = await verifyAuditChainPart(db, { maxRows: 3, pageSize: 2 });
  assert.ok(first.ok && !first.done && first.rows === 3);
  const second = await verifyAuditChainPart(db, { afterId: first.lastId, maxRows: 4 });
  assert.ok(second.ok && second.rows === 4);
  assert.equal(second.done, true);
  const rows = await db.select().from(schema.auditLog).orderBy(schema.auditLog.id);
  await db.update(schema.auditLog).set({ target: 'forged' }).where(eq(schema.auditLog.id, rows[5].id));
  const broken = await verifyAuditChainPart(db, { afterId: first.lastId });
  assert.ok(!broken.ok);
  assert.equal(broken.brokenAt.id, rows[5].id);
  assert.equal(broken.brokenAt.at.getTime(), rows[5].at.getTime());
  assert.equal(broken.rows, 2);
});
