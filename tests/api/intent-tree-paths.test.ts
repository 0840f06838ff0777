import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { intents } from './support/tables';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The intents list reads the tree order the database keeps on every intent (issue 16: a page of a
 * 100,000-intent app is an index range, not a sort of the whole tree). Whoever writes an intent —
 * the editor, an import's set-based statement, a rename or move — the order stays right.
 */
let t: TestServer;
let editor: string;
const APP = 'demo-plus';
const BASE = `/api/v1/apps/${APP}`;

before(async () => {
  t = await startTestServer();
  editor = await signIn(t.http, 'editor@demo.gov.sg');
});
after(async () => {
  await t?.close();
});

interface Row {
  id: string;
  displayName: string;
  level: number;
  parentId: string | null;
}

async function list(query: Record<string, string | number> = {}): Promise<{ rows: Row[]; total: number }> {
  const response = await call(t.http, 'GET', `${BASE}/intents`, { token: editor, searchParams: { limit: 1000, ...query } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.data;
}

async function create(displayName: string, parentId?: string): Promise<{ id: string; version: number }> {
  const response = await call(t.http, 'POST', `${BASE}/intents`, { token: editor, json: { displayName, ...(parentId ? { parentId } : {}) } });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body.data.intent;
}

/** The tree order: every follow-up right after its parent's subtree starts, siblings by lower-case name. */
function assertTreeOrder(rows: Row[]): void {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const key = (row: Row): string[] => [...(row.parentId ? key(byId.get(row.parentId)!) : []), `${row.displayName.toLowerCase()}\u0001${row.id}`];
  const expected = [...rows].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < Math.min(ka.length, kb.length); i++) if (ka[i] !== kb[i]) return ka[i] < kb[i] ? -1 : 1;
    return ka.length - kb.length;
  });
  assert.deepEqual(rows.map((r) => r.displayName), expected.map((r) => r.displayName));
  for (const row of rows) assert.equal(row.level, key(row).length, `${row.displayName} is at level ${key(row).length}`);
}

test('rows written by one statement — parents, follow-ups and theirs, in any order — take their places in the tree', async () => {
  const [root, child, grandchild, other] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  // Deepest first: when each row is written its parent is not there yet.
  await t.server.db.db.insert(intents).values([
    { id: grandchild, appId: APP, kind: 'intent', displayName: 'Paths grandchild', parentId: child },
    { id: child, appId: APP, kind: 'intent', displayName: 'Paths child', parentId: root },
    { id: root, appId: APP, kind: 'intent', displayName: 'Paths root' },
    { id: other, appId: APP, kind: 'intent', displayName: 'Paths root 2' },
  ]);
  const { rows } = await list();
  assertTreeOrder(rows);
  const at = rows.findIndex((r) => r.id === root);
  assert.deepEqual(rows.slice(at, at + 4).map((r) => [r.displayName, r.level]), [
    ['Paths root', 1],
    ['Paths child', 2],
    ['Paths grandchild', 3],
    ['Paths root 2', 1],
  ]);
});

test('a rename or a move takes the follow-ups along; pages at any offset are slices of the whole list', async () => {
  const parent = await create('Moves aaa parent');
  const child = await create('Moves child', parent.id);
  await create('Moves grandchild', child.id);
  const target = await create('Moves zzz target');

  const renamed = await call(t.http, 'PUT', `${BASE}/intents/${parent.id}`, { token: editor, json: { displayName: 'Moves yyy parent', version: parent.version } });
  assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
  let rows = (await list()).rows;
  assertTreeOrder(rows);
  let at = rows.findIndex((r) => r.id === parent.id);
  assert.deepEqual(rows.slice(at, at + 4).map((r) => r.displayName), ['Moves yyy parent', 'Moves child', 'Moves grandchild', 'Moves zzz target']);

  const moved = await call(t.http, 'PUT', `${BASE}/intents/${child.id}`, { token: editor, json: { displayName: 'Moves child', version: child.version, parentId: target.id } });
  assert.equal(moved.status, 200, JSON.stringify(moved.body));
  rows = (await list()).rows;
  assertTreeOrder(rows);
  at = rows.findIndex((r) => r.id === target.id);
  assert.deepEqual(rows.slice(at, at + 3).map((r) => [r.displayName, r.level]), [
    ['Moves zzz target', 1],
    ['Moves child', 2],
    ['Moves grandchild', 3],
  ]);

  const whole = await list();
  const pages: Row[] = [];
  for (let offset = 0; offset < whole.total; offset += 7) pages.push(...(await list({ offset, limit: 7 })).rows);
  assert.deepEqual(pages.map((r) => r.id), whole.rows.map((r) => r.id));
  assert.equal(whole.total, whole.rows.length);
});

test("each app's counts of intents and Q&A pairs follow every insert, delete (with follow-ups) and change of kind", async () => {
  const actual = async () => {
    const rows = await t.server.db.db.execute(sql`select kind, count(*)::int as n from intents where app_id = ${APP} group by kind`);
    const counts = { intent: 0, qna: 0 };
    for (const row of (rows as unknown as { rows: Array<{ kind: 'intent' | 'qna'; n: number }> }).rows) counts[row.kind] = Number(row.n);
    return counts;
  };
  const listed = async () => (await call(t.http, 'GET', `${BASE}/intents`, { token: editor, searchParams: { limit: 1 } })).body.data.counts;
  assert.deepEqual(await listed(), await actual());
  const parent = await create('Counted parent');
  await create('Counted child', parent.id);
  await t.server.db.db.insert(intents).values([1, 2, 3].map((n) => ({ appId: APP, kind: 'qna' as const, displayName: `Counted Q&A ${n}` })));
  assert.deepEqual(await listed(), await actual());
  const removed = await call(t.http, 'DELETE', `${BASE}/intents/${parent.id}`, { token: editor });
  assert.ok(removed.status < 300, JSON.stringify(removed.body));
  await t.server.db.db.update(intents).set({ kind: 'intent' }).where(and(eq(intents.appId, APP), eq(intents.displayName, 'Counted Q&A 1')));
  const after = await listed();
  assert.deepEqual(after, await actual());
  const { total } = await list({ kind: 'qna', limit: 1 });
  assert.equal(total, after.qna);
});

test('sorted by last update, newest first: what was just edited comes first', async () => {
  const intent = await create('Recently edited intent');
  const edited = await call(t.http, 'PUT', `${BASE}/intents/${intent.id}`, { token: editor, json: { displayName: 'Recently edited intent', version: intent.version } });
  assert.equal(edited.status, 200);
  const { rows } = await list({ sort: 'updatedAt', order: 'desc', limit: 5 });
  assert.equal(rows[0].id, intent.id);
});

test('an intent cannot be a follow-up of a Q&A pair', async () => {
  const [qna] = await t.server.db.db.select({ id: intents.id }).from(intents).where(and(eq(intents.appId, APP), eq(intents.kind, 'qna'))).limit(1);
  assert.ok(qna, 'the demo app has Q&A pairs');
  const refused = await call(t.http, 'POST', `${BASE}/intents`, { token: editor, json: { displayName: 'Under a Q&A', parentId: qna.id } });
  assert.equal(refused.status, 422);
  assert.match(JSON.stringify(refused.body), /A Q&A pair cannot have follow-up intents/);
});

test('a page of the whole list, or of one kind, is a range of a per-app index (PostgreSQL plan)', { skip: !process.env.DATABASE_URL && 'PostgreSQL only' }, async () => {
  const plan = async (where: string) => {
    // No sort and no sequential scan allowed: the plan must read the order from an index.
    const result = await t.server.db.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      return tx.execute(sql.raw(`explain (format json) select i.id from intents i where ${where} order by i.name_path collate "C" offset 5000 limit 200`));
    });
    return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
  };
  const whole = await plan(`i.app_id = '${APP}'`);
  assert.match(whole, /intents_app_name_path_idx/);
  assert.doesNotMatch(whole, /"Node Type":"Sort"/);
  const kind = await plan(`i.app_id = '${APP}' and i.kind = 'qna'`);
  assert.match(kind, /intents_app_kind_name_path_idx/);
  assert.doesNotMatch(kind, /"Node Type":"Sort"/);
});
