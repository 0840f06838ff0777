import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { desc, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { appendAudit } from '@civic/core/server/audit/append-audit';
import { verifyAuditChain } from '@civic/core/server/audit/verify-audit-chain';
import { RepoPaths } from '@civic/core/server/config/repo-paths';
import type { DbExecutor } from '@civic/core/server/db/database';
import * as schema from './support/tables';
import { auditLog } from './support/tables';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

const LIST = '/api/v1/admin/audit-log';
let t: TestServer;
let admin: string;
let editor: string;

before(async () => {
  t = await startTestServer();
  admin = await signIn(t.http, 'admin@demo.gov.sg');
  editor = await signIn(t.http, 'editor@demo.gov.sg');
});

after(async () => {
  await t?.close();
});

const list = (searchParams: Record<string, string | number> = {}) => call(t.http, 'GET', LIST, { token: admin, searchParams });

test('the trail lists every change newest first, and only platform admins read it', async () => {
  const patched = await call(t.http, 'PATCH', '/api/v1/apps/demo-plus/settings', { token: editor, json: { mlConfidenceThreshold: 0.72 } });
  assert.equal(patched.status, 200);
  const response = await list();
  assert.equal(response.status, 200);
  const items = response.body.data.items;
  const ids = items.map((row: { id: number }) => row.id);
  assert.deepEqual(ids, [...ids].sort((a, b) => b - a), 'newest first');
  assert.equal(items[0].action, 'app-settings.update');
  assert.equal(items[0].actorEmail, 'editor@demo.gov.sg');
  assert.equal(items[0].appId, 'demo-plus');
  assert.equal(items[0].hasDetails, true);
  assert.equal((await call(t.http, 'GET', LIST, { token: editor })).status, 403);
});

test('filters: actor, app, action family, target and the date range', async () => {
  await call(t.http, 'PATCH', '/api/v1/apps/demo-enterprise/settings', { token: admin, json: { mlConfidenceThreshold: 0.61 } });
  const byActor = (await list({ actor: 'EDITOR@demo' })).body.data.items;
  assert.ok(byActor.length > 0);
  assert.ok(byActor.every((row: { actorEmail: string }) => row.actorEmail === 'editor@demo.gov.sg'));

  const byApp = (await list({ appId: 'demo-enterprise' })).body.data.items;
  assert.ok(byApp.length > 0 && byApp.every((row: { appId: string }) => row.appId === 'demo-enterprise'));

  const family = (await list({ action: 'auth' })).body.data.items;
  assert.ok(family.some((row: { action: string }) => row.action === 'auth.login'));
  assert.ok(family.every((row: { action: string }) => row.action.startsWith('auth.')));
  assert.equal((await list({ action: 'auth.log' })).body.data.items.length, 0, 'a family is a whole dotted prefix');

  const byTarget = (await list({ target: 'PLUS' })).body.data.items;
  assert.ok(byTarget.length > 0 && byTarget.every((row: { target: string }) => row.target.includes('plus')));
  assert.equal((await list({ target: '%' })).body.data.items.length, 0, '% is literal');

  const today = t.clock.now().toISOString().slice(0, 10);
  const inRange = (await list({ startDate: today, endDate: today, action: 'app-settings.update' })).body.data.items;
  assert.equal(inRange.length, 2);
  const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
  assert.equal((await list({ startDate: tomorrow })).body.data.items.length, 0);
  assert.equal((await list({ endDate: '2000-01-01' })).body.data.items.length, 0);

  const reversed = await list({ startDate: today, endDate: '2000-01-01' });
  assert.equal(reversed.status, 422);
  assert.deepEqual(reversed.body.fields.endDate, ['End date must not be before start date']);
  const bad = await list({ startDate: 'yesterday' });
  assert.equal(bad.status, 422);
  assert.equal((await list({ pageSize: 501 })).status, 422);
  assert.equal((await list({ sortBy: 'id' })).status, 422, 'unknown parameters are refused');
});

test('keyset paging walks the whole trail once', async () => {
  const all = (await list({ pageSize: 500 })).body.data.items.map((row: { id: number }) => row.id);
  const seen: number[] = [];
  let before: number | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const page: { items: Array<{ id: number }>; nextBefore: number | null } = (await list({ pageSize: 2, ...(before ? { before } : {}) })).body.data;
    seen.push(...page.items.map((row) => row.id));
    if (page.nextBefore === null) break;
    before = page.nextBefore;
  }
  assert.deepEqual(seen, all);
});

test('the detail shows before and after of an app settings change', async () => {
  const [row] = (await list({ action: 'app-settings.update', appId: 'demo-plus' })).body.data.items;
  const detail = await call(t.http, 'GET', `${LIST}/${row.id}`, { token: admin });
  assert.equal(detail.status, 200);
  assert.equal(detail.body.data.before.mlConfidenceThreshold, null, 'a seeded app starts automatic');
  assert.equal(detail.body.data.after.mlConfidenceThreshold, 0.72);
  assert.match(detail.body.data.hash, /^hmac-sha256:[0-9a-f]{64}$/, 'keyed with CIVIC_AUDIT_KEY, the algorithm recorded in the hash');
  assert.equal((await call(t.http, 'GET', `${LIST}/999999`, { token: admin })).status, 404);
  assert.equal((await call(t.http, 'GET', `${LIST}/abc`, { token: admin })).status, 404);
  const actions = (await call(t.http, 'GET', `${LIST}/actions`, { token: admin })).body.data.actions;
  assert.ok(actions.includes('app-settings.update') && actions.includes('auth.login'));
});

test('CSV export: the filtered rows, streamed as a download, safe against formula injection', async () => {
  const db = t.server.db.db;
  await appendAudit(db, {
    at: t.clock.now(), actorId: null, actorEmail: '@evil', appId: 'demo-plus', action: 'test.csv', target: '=HYPERLINK("http://x","y")',
    summary: '+1 "quoted", -2', ip: '\t127.0.0.1', details: { before: { a: '-x' }, after: { a: '\rcmd' } },
  }, t.config.keys.auditKey);
  const response = await call(t.http, 'GET', `${LIST}/export`, { token: admin, searchParams: { action: 'test' } });
  assert.equal(response.status, 200);
  assert.match(String(response.headers['content-type']), /^text\/csv/);
  assert.match(String(response.headers['content-disposition']), /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
  const lines = String(response.body).replace(/^\ufeff/, '').split('\r\n');
  assert.equal(lines[0], '"id","time (UTC)","actor","app","action","target","summary","ip","before","after"');
  assert.equal(lines.length, 3, 'header, one row, final line break');
  const cells = [...lines[1].matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => m[1].replace(/""/g, '"'));
  assert.equal(cells.length, 10);
  assert.equal(cells[2], "'@evil");
  assert.equal(cells[5], `'=HYPERLINK("http://x","y")`);
  assert.equal(cells[6], `'+1 "quoted", -2`);
  assert.equal(cells[7], "'\t127.0.0.1");
  assert.equal(cells[8], '{"a":"-x"}');
  assert.equal(cells[9], '{"a":"\\rcmd"}', 'JSON escapes the CR, so the cell starts with {');

  const everything = await call(t.http, 'GET', `${LIST}/export`, { token: admin });
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  assert.equal(String(everything.body).split('\r\n').length - 2, n);
  assert.equal((await call(t.http, 'GET', `${LIST}/export`, { token: editor })).status, 403);
});

test('verify integrity: OK with the count, in stretches for progress', async () => {
  const [{ n }] = await t.server.db.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  const whole = (await call(t.http, 'GET', `${LIST}/verify`, { token: admin })).body.data;
  assert.deepEqual({ ok: whole.ok, rows: whole.rows, done: whole.done, total: whole.total }, { ok: true, rows: n, done: true, total: n });
  let afterId = 0;
  let checked = 0;
  for (let guard = 0; guard < 100; guard++) {
    const part = (await call(t.http, 'GET', `${LIST}/verify`, { token: admin, searchParams: { afterId, maxRows: 3 } })).body.data;
    assert.equal(part.ok, true);
    checked += part.rows;
    afterId = part.lastId;
    if (part.done) break;
  }
  assert.equal(checked, n);
});

test(
  'PostgreSQL: with the grants script the application role may only insert into audit_log',
  { skip: process.env.DATABASE_URL ? false : 'PGlite has a single user and no roles; run with DATABASE_URL to check the grants' },
  async () => {
    const target = t.config.database;
    assert.equal(target.kind, 'postgres');
    if (target.kind !== 'postgres') return;
    const role = `civic_app_${crypto.randomBytes(5).toString('hex')}`;
    const script = fs.readFileSync(path.join(RepoPaths.plugins, 'audit-log/sql/app-role-grants.sql'), 'utf8').replaceAll(':"app_role"', `"${role}"`);
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      await client.query(`create role ${role} nologin`);
      await client.query(script);
      await client.query(`set role ${role}`);
      // The core's own writer works under the role: lock, read the last hash, insert.
      const db = drizzle({ client, schema }) as unknown as DbExecutor;
      await appendAudit(db, { at: new Date(), actorId: null, actorEmail: 'grants@demo.gov.sg', appId: null, action: 'test.grants', target: null, summary: 'insert as the app role', ip: '127.0.0.1' }, t.config.keys.auditKey);
      assert.equal((await verifyAuditChain(db, { auditKey: t.config.keys.auditKey })).ok, true);
      // Other tables stay writable.
      await client.query(`update apps set description = description where app_id = 'demo-plus'`);
      await assert.rejects(client.query(`update audit_log set summary = 'rewritten'`), /permission denied/);
      await assert.rejects(client.query(`delete from audit_log`), /permission denied/);
      await assert.rejects(client.query(`truncate audit_log`), /permission denied/);
      const [row] = (await client.query(`select count(*)::int as n from audit_log where action = 'test.grants'`)).rows as Array<{ n: number }>;
      assert.equal(row.n, 1);
    } finally {
      await client.query('reset role').catch(() => undefined);
      await client.query(`drop owned by ${role}`).catch(() => undefined);
      await client.query(`drop role if exists ${role}`).catch(() => undefined);
      await client.end();
    }
  },
);

test('tamper detection: a row edited directly in the database is reported with its id and time', async () => {
  const db = t.server.db.db;
  const [victim] = await db.select().from(auditLog).where(eq(auditLog.action, 'app-settings.update')).orderBy(auditLog.id).limit(1);
  await db.update(auditLog).set({ summary: 'nothing happened here' }).where(eq(auditLog.id, victim.id));
  const report = (await call(t.http, 'GET', `${LIST}/verify`, { token: admin })).body.data;
  assert.equal(report.ok, false);
  assert.deepEqual(report.brokenAt, { id: victim.id, at: victim.at.toISOString(), reason: 'hash-mismatch' });
  await db.update(auditLog).set({ summary: victim.summary }).where(eq(auditLog.id, victim.id));
  assert.equal((await call(t.http, 'GET', `${LIST}/verify`, { token: admin })).body.data.ok, true);

  // A deleted row breaks the chain at the next one.
  const [latest] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(2).offset(0);
  const [second] = await db.select().from(auditLog).where(sql`${auditLog.id} < ${latest.id}`).orderBy(desc(auditLog.id)).limit(1);
  await db.delete(auditLog).where(eq(auditLog.id, second.id));
  const afterDelete = (await call(t.http, 'GET', `${LIST}/verify`, { token: admin })).body.data;
  assert.equal(afterDelete.ok, false);
  assert.equal(afterDelete.brokenAt.id, latest.id);
  assert.equal(afterDelete.brokenAt.reason, 'prev-hash-mismatch');
});
