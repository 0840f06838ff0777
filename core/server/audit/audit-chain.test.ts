import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { desc, eq, gte, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import pino from 'pino';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { RepoPaths } from '../config/repo-paths';
import type { DbExecutor } from '../db/database';
import * as schema from '../db/schema';
import { appendAudit } from './append-audit';
import type { AuditEntry } from './audit-entry';
import { isSignedCheckpoint, type AuditCheckpoint } from './audit-checkpoint';
import { auditHash, GENESIS_HASH, isKeyedHash } from './audit-hash';
import { AuditTrail } from './audit-trail';
import { createLogger } from '../logging/logger';
import { verifyAuditChain, verifyAuditChainPart } from './verify-audit-chain';

const KEY = crypto.randomBytes(32);
const KEYS = { auditKey: KEY };
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
  assert.deepEqual(await verifyAuditChain(db, KEYS), { ok: true, rows: 0 });
});

test('concurrent appends form one unbroken chain', async () => {
  await Promise.all(Array.from({ length: 25 }, (_, n) => appendAudit(db, entry(n), KEY)));
  assert.deepEqual(await verifyAuditChain(db, KEYS, 7), { ok: true, rows: 25 });
  const rows = await db.select().from(schema.auditLog).orderBy(schema.auditLog.id);
  assert.equal(rows[0].prevHash, GENESIS_HASH);
  for (let i = 1; i < rows.length; i++) assert.equal(rows[i].prevHash, rows[i - 1].hash);
});

test('an audit row rolls back with the transaction it belongs to', async () => {
  await assert.rejects(
    db.transaction(async (tx) => {
      await appendAudit(tx, entry(100), KEY);
      throw new Error('the change failed');
    }),
  );
  assert.deepEqual(await verifyAuditChain(db, KEYS), { ok: true, rows: 25 });
});

test('editing a past row breaks the chain at that row', async () => {
  const [victim] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.summary, 'change 10'));
  await db.update(schema.auditLog).set({ summary: 'nothing to see' }).where(eq(schema.auditLog.id, victim.id));
  assert.deepEqual(await verifyAuditChain(db, KEYS), { ok: false, rows: (await rowsBefore(victim.id)), brokenAtId: victim.id, reason: 'hash-mismatch' });
  await db.update(schema.auditLog).set({ summary: 'change 10' }).where(eq(schema.auditLog.id, victim.id));
});

test('deleting a row breaks the chain at the next one', async () => {
  const [victim] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.summary, 'change 5'));
  await db.delete(schema.auditLog).where(eq(schema.auditLog.id, victim.id));
  const report = await verifyAuditChain(db, KEYS);
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
  await appendAudit(db, { ...entry(1), at, details: { before: { b: 1, a: [1, 'x'], when: at }, after: { a: null, nested: { z: 1, y: 2 } } } }, KEY);
  await appendAudit(db, { ...entry(2), at, details: { before: undefined, after: undefined } }, KEY);
  await appendAudit(db, entry(3), KEY);
  assert.deepEqual(await verifyAuditChain(db, KEYS), { ok: true, rows: 3 });
  const rows = await db.select().from(schema.auditLog).orderBy(schema.auditLog.id);
  assert.deepEqual(rows[0].details, { before: { b: 1, a: [1, 'x'], when: at.toISOString() }, after: { a: null, nested: { z: 1, y: 2 } } });
  assert.equal(rows[1].details, null);
  await db.update(schema.auditLog).set({ details: { before: { b: 2 }, after: null } }).where(eq(schema.auditLog.id, rows[0].id));
  assert.deepEqual(await verifyAuditChain(db, KEYS), { ok: false, rows: 0, brokenAtId: rows[0].id, reason: 'hash-mismatch' });
});

test('the walk goes in stretches: each continues from the last checked row', async () => {
  await db.delete(schema.auditLog);
  await Promise.all(Array.from({ length: 7 }, (_, n) => appendAudit(db, entry(n), KEY)));
  const first = await verifyAuditChainPart(db, { ...KEYS, maxRows: 3, pageSize: 2 });
  assert.ok(first.ok && !first.done && first.rows === 3);
  const second = await verifyAuditChainPart(db, { ...KEYS, afterId: first.lastId, maxRows: 4 });
  assert.ok(second.ok && second.rows === 4);
  assert.equal(second.done, true);
  const rows = await db.select().from(schema.auditLog).orderBy(schema.auditLog.id);
  await db.update(schema.auditLog).set({ target: 'forged' }).where(eq(schema.auditLog.id, rows[5].id));
  const broken = await verifyAuditChainPart(db, { ...KEYS, afterId: first.lastId });
  assert.ok(!broken.ok);
  assert.equal(broken.brokenAt.id, rows[5].id);
  assert.equal(broken.brokenAt.at.getTime(), rows[5].at.getTime());
  assert.equal(broken.rows, 2);
});

/** A row as the release before the audit key wrote it: plain SHA-256. */
async function appendLegacy(n: number): Promise<void> {
  const [last] = await db.select({ hash: schema.auditLog.hash }).from(schema.auditLog).orderBy(desc(schema.auditLog.id)).limit(1);
  const prevHash = last?.hash ?? GENESIS_HASH;
  await db.insert(schema.auditLog).values({ ...entry(n), details: null, prevHash, hash: auditHash(prevHash, entry(n)) });
}

test('rows chained before the key still verify; new rows are keyed after them', async () => {
  await db.delete(schema.auditLog);
  for (let n = 0; n < 3; n++) await appendLegacy(n);
  await appendAudit(db, entry(3), KEY);
  assert.deepEqual(await verifyAuditChain(db, KEYS), { ok: true, rows: 4 });
  const rows = await db.select().from(schema.auditLog).orderBy(schema.auditLog.id);
  assert.ok(rows.slice(0, 3).every((row) => !isKeyedHash(row.hash)));
  assert.ok(isKeyedHash(rows[3].hash));
  assert.equal((await verifyAuditChain(db, { auditKey: crypto.randomBytes(32) })).ok, false, 'keyed rows need the key');
});

test('keyed rows rewritten as plain ones (no key needed) are refused: no downgrade after the switch', async () => {
  await db.delete(schema.auditLog);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civic-audit-'));
  const trail = new AuditTrail({ auditKey: KEY, checkpointFile: path.join(dir, 'audit-checkpoint.json'), log: createLogger('silent'), now: () => new Date() });
  for (let n = 0; n < 3; n++) await appendLegacy(n);
  // The upgraded server's first checkpoint (taken at start) pins the switch-over.
  await trail.takeCheckpoint(db);
  for (let n = 3; n < 5; n++) await trail.append(db, entry(n));
  // (A full walk would move the checkpoint to the keyed head; the pin matters before that.)
  assert.equal((await verifyAuditChain(db, { ...KEYS, checkpoint: trail.checkpoint() })).ok, true);
  const rows = await db.select().from(schema.auditLog).orderBy(schema.auditLog.id);
  // Downgrade the last keyed row: rehashed in plain SHA-256, which needs no key.
  const last = rows[4];
  await db.update(schema.auditLog).set({ summary: 'forged', hash: auditHash(last.prevHash, { ...last, summary: 'forged' }) }).where(eq(schema.auditLog.id, last.id));
  const afterKeyed = await trail.verifyPart(db);
  assert.ok(!afterKeyed.ok && afterKeyed.brokenAt.id === last.id && afterKeyed.brokenAt.reason === 'hash-mismatch');
  // Downgrade every keyed row: none is left to follow, but the checkpoint still says where keying began.
  let prevHash = rows[3].prevHash;
  for (const row of rows.slice(3)) {
    const hash = auditHash(prevHash, row);
    await db.update(schema.auditLog).set({ summary: row.summary, prevHash, hash }).where(eq(schema.auditLog.id, row.id));
    prevHash = hash;
  }
  const all = await trail.verifyPart(db);
  assert.ok(!all.ok && all.brokenAt.id === rows[3].id && all.brokenAt.reason === 'hash-mismatch');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('checkpoints: deleted newest rows show as truncated, even after new rows are chained on', async () => {
  await db.delete(schema.auditLog);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civic-audit-'));
  const trail = new AuditTrail({ auditKey: KEY, checkpointFile: path.join(dir, 'audit-checkpoint.json'), log: createLogger('silent'), now: () => new Date() });
  for (let n = 0; n < 5; n++) await trail.append(db, entry(n));
  const point = await trail.takeCheckpoint(db);
  const rows = await db.select().from(schema.auditLog).orderBy(schema.auditLog.id);
  assert.equal(point?.id, rows[4].id);
  assert.equal(point?.hash, rows[4].hash);
  assert.equal((await trail.verifyPart(db)).ok, true);

  await db.delete(schema.auditLog).where(gte(schema.auditLog.id, rows[3].id));
  const cut = await trail.verifyPart(db);
  assert.ok(!cut.ok);
  assert.deepEqual({ id: cut.brokenAt.id, reason: cut.brokenAt.reason }, { id: rows[4].id, reason: 'truncated' });

  // The server goes on appending on what was left: a valid chain, but the checkpointed head is gone.
  await trail.append(db, entry(7));
  await trail.append(db, entry(8));
  const continued = await trail.verifyPart(db);
  assert.ok(!continued.ok && continued.brokenAt.reason === 'truncated' && continued.brokenAt.id === rows[4].id);
  assert.equal(await trail.takeCheckpoint(db), undefined, 'no new checkpoint launders the cut');
  assert.equal(trail.checkpoint()?.id, rows[4].id);

  // A checkpoint edited in its file (without the key) is not believed.
  const file = path.join(dir, 'audit-checkpoint.json');
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as AuditCheckpoint;
  fs.writeFileSync(file, JSON.stringify({ ...stored, id: rows[2].id, hash: rows[2].hash }));
  const forged = await trail.verifyPart(db);
  assert.ok(!forged.ok && forged.brokenAt.reason === 'checkpoint-mismatch');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('checkpoints move forward with the trail, signed, and are logged for a log sink', async () => {
  await db.delete(schema.auditLog);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civic-audit-'));
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const trail = new AuditTrail({ auditKey: KEY, checkpointFile: path.join(dir, 'audit-checkpoint.json'), log, now: () => new Date() });
  assert.equal(await trail.takeCheckpoint(db), undefined, 'an empty trail has no head');
  await trail.append(db, entry(1));
  const first = await trail.takeCheckpoint(db);
  await trail.append(db, entry(2));
  const second = await trail.takeCheckpoint(db);
  assert.ok(first && second && second.id > first.id);
  assert.ok(isSignedCheckpoint(KEY, second));
  assert.equal(fs.statSync(path.join(dir, 'audit-checkpoint.json')).mode & 0o777, 0o600);
  const logged = lines.map((line) => JSON.parse(line) as { msg: string; auditCheckpoint?: AuditCheckpoint }).filter((line) => line.msg === 'audit checkpoint');
  assert.deepEqual(logged.map((line) => line.auditCheckpoint?.id), [first.id, second.id]);
  fs.rmSync(dir, { recursive: true, force: true });
});
