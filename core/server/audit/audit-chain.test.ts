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
import { verifyAuditChain } from './verify-audit-chain';

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
