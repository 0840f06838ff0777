import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, desc, eq } from '@civic/sdk/server';
import { auditLog, call, NO_ID, OWN_APP_ID, startTestServer, type TestServer } from '@civic/sdk/testing/server';
import { SubscribersApi, type SubscriberRow } from '../../common/api';
import { maskContact } from '../../common/mask-contact';
import { appSubscribers } from '../../server/db/schema';
import { DEMO_SUBSCRIBERS_PER_APP } from '../../server/demo-subscribers';

/** In the default profile's subscriberAppIds (demo-enterprise is the other); demo-starter is not. */
const LISTED = OWN_APP_ID;
const NOT_LISTED = 'demo-starter';

let t: TestServer;
let admin: string;
let editor: string;
let viewer: string;

before(async () => {
  t = await startTestServer({ pluginIds: ['subscribers'] });
  [admin, editor, viewer] = await Promise.all([t.signInAs('appAdmin'), t.signInAs('editor'), t.signInAs('viewer')]);
});
after(() => t?.close());

const list = (token: string, query: Record<string, string | number> = {}, appId = LISTED) => call(t.http, 'GET', SubscribersApi.list(appId), { token, searchParams: query });
const lastAudit = async () => (await t.server.db.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

test('the demo seed gives each listed app its subscribers, and none to an app not listed', async () => {
  const rows = await t.server.db.db.select({ appId: appSubscribers.appId }).from(appSubscribers);
  assert.equal(rows.filter((r) => r.appId === LISTED).length, DEMO_SUBSCRIBERS_PER_APP);
  assert.equal(rows.filter((r) => r.appId === 'demo-plus').length, DEMO_SUBSCRIBERS_PER_APP);
  assert.equal(rows.filter((r) => r.appId === NOT_LISTED).length, 0);
});

test('a viewer pages through every subscriber newest first by keyset, contacts masked', async () => {
  const seen: SubscriberRow[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const page = await list(viewer, { pageSize: 15, ...(after ? { after } : {}) });
    assert.equal(page.status, 200, JSON.stringify(page.body));
    seen.push(...page.body.data.items);
    after = page.body.data.next;
    pages += 1;
  } while (after);
  assert.equal(pages, 3);
  assert.equal(seen.length, DEMO_SUBSCRIBERS_PER_APP);
  assert.equal(new Set(seen.map((r) => r.id)).size, seen.length, 'no row twice');
  const times = seen.map((r) => r.createdAt);
  assert.deepEqual(times, [...times].sort().reverse());
  const stored = await t.server.db.db.select().from(appSubscribers).where(eq(appSubscribers.appId, LISTED));
  for (const row of seen) {
    const full = stored.find((s) => s.id === row.id)!;
    assert.equal(row.contact, maskContact(row.channel, full.contact));
    assert.notEqual(row.contact, full.contact);
  }
  assert.match(seen.find((r) => r.channel === 'WEB_CHAT')!.contact, /^[a-z]\*\*\*@[a-z.]+$/);
  assert.match(seen.find((r) => r.channel === 'WHATSAPP')!.contact, /^\+65 \*\*\*\*\d{4}$/);
});

test('filters: channel, status, a topic or part of a contact; bad values are a 422', async () => {
  const telegramPage = await list(viewer, { channel: 'TELEGRAM', pageSize: 200 });
  const telegram = telegramPage.body.data.items as SubscriberRow[];
  assert.ok(telegram.length > 0 && telegram.every((r) => r.channel === 'TELEGRAM'), JSON.stringify(telegramPage.body).slice(0, 300));
  const gone = (await list(viewer, { status: 'UNSUBSCRIBED', pageSize: 200 })).body.data.items as SubscriberRow[];
  assert.ok(gone.length > 0 && gone.every((r) => r.status === 'UNSUBSCRIBED' && r.unsubscribedAt), JSON.stringify(gone.slice(0, 2)));
  const renewals = (await list(viewer, { search: 'RENEW', pageSize: 200 })).body.data.items as SubscriberRow[];
  assert.ok(renewals.length > 0 && renewals.every((r) => r.topics.includes('renewals')), JSON.stringify(renewals.map((r) => r.topics)));
  const domain = (await list(viewer, { search: 'singnet', pageSize: 200 })).body.data.items as SubscriberRow[];
  assert.ok(domain.length > 0 && domain.every((r) => r.contact.endsWith('@singnet.com.sg')), JSON.stringify(domain.map((r) => r.contact)));
  assert.equal((await list(viewer, { search: '%' })).body.data.items.length, 0, 'a % is a character, not a wildcard');
  assert.equal((await list(viewer, { channel: 'SMS' })).status, 422);
  assert.equal((await list(viewer, { after: 'nonsense' })).status, 422);
  assert.equal((await list(viewer, { after: '2026-02-31T00:00:00.000Z_00000000-0000-4000-8000-000000000000' })).status, 422, 'a day that does not exist');
});

test('the totals count active, unsubscribed and active per channel', async () => {
  const summary = await call(t.http, 'GET', SubscribersApi.summary(LISTED), { token: editor });
  assert.equal(summary.status, 200);
  const stored = await t.server.db.db.select().from(appSubscribers).where(eq(appSubscribers.appId, LISTED));
  const active = stored.filter((r) => r.status === 'ACTIVE');
  assert.equal(summary.body.data.active, active.length);
  assert.equal(summary.body.data.unsubscribed, stored.length - active.length);
  assert.equal(summary.body.data.byChannel.WHATSAPP, active.filter((r) => r.channel === 'WHATSAPP').length);
  assert.equal(summary.body.data.byChannel.WEB_CHAT + summary.body.data.byChannel.TELEGRAM + summary.body.data.byChannel.WHATSAPP, active.length);
});

test('an app admin reveals a contact, audited; an editor may not', async () => {
  const [row] = await t.server.db.db.select().from(appSubscribers).where(eq(appSubscribers.appId, LISTED)).limit(1);
  assert.equal((await call(t.http, 'POST', SubscribersApi.reveal(LISTED, row.id), { token: editor })).status, 403);
  const revealed = await call(t.http, 'POST', SubscribersApi.reveal(LISTED, row.id), { token: admin });
  assert.equal(revealed.status, 200);
  assert.deepEqual(revealed.body.data, { id: row.id, contact: row.contact });
  const audit = await lastAudit();
  assert.equal(audit.action, 'subscribers.reveal');
  assert.equal(audit.target, row.id);
  assert.equal(audit.appId, LISTED);
  assert.equal(audit.actorEmail, 'appadmin@demo.gov.sg');
  assert.equal((await call(t.http, 'POST', SubscribersApi.reveal(LISTED, NO_ID), { token: admin })).status, 404);
  const [plus] = await t.server.db.db.select().from(appSubscribers).where(eq(appSubscribers.appId, 'demo-plus')).limit(1);
  assert.equal((await call(t.http, 'POST', SubscribersApi.reveal(LISTED, plus.id), { token: admin })).status, 404, 'another app’s subscriber');
});

test('an app admin unsubscribes someone, audited and idempotent; viewers and editors may not', async () => {
  const [row] = await t.server.db.db.select().from(appSubscribers).where(and(eq(appSubscribers.appId, LISTED), eq(appSubscribers.status, 'ACTIVE'))).limit(1);
  assert.equal((await call(t.http, 'DELETE', SubscribersApi.one(LISTED, row.id), { token: viewer })).status, 403);
  assert.equal((await call(t.http, 'DELETE', SubscribersApi.one(LISTED, row.id), { token: editor })).status, 403);
  const removed = await call(t.http, 'DELETE', SubscribersApi.one(LISTED, row.id), { token: admin });
  assert.equal(removed.status, 200);
  assert.equal(removed.body.data.status, 'UNSUBSCRIBED');
  assert.equal((await lastAudit()).action, 'subscribers.remove');
  const again = await call(t.http, 'DELETE', SubscribersApi.one(LISTED, row.id), { token: admin });
  assert.equal(again.status, 200);
  assert.equal(again.body.data.unsubscribedAt, removed.body.data.unsubscribedAt);
});

test('an app admin exports the current filter as CSV, unmasked, audited and safe to open in a spreadsheet', async () => {
  await t.server.db.db.insert(appSubscribers).values({ appId: LISTED, channel: 'WHATSAPP', contact: '+6580000001', topics: ['deadlines'], consentVersion: 'v1', consentedAt: t.clock.now(), source: '=HYPERLINK("http://x")', unsubscribeTokenHash: 'export-test' });
  assert.equal((await call(t.http, 'POST', SubscribersApi.export(LISTED), { token: editor })).status, 403);
  const csv = await call(t.http, 'POST', SubscribersApi.export(LISTED), { token: admin, searchParams: { channel: 'WHATSAPP' } });
  assert.equal(csv.status, 200);
  assert.match(String(csv.headers['content-type']), /text\/csv/);
  const lines = (csv.body as string).trim().split('\r\n');
  assert.match(lines[0], /^"Channel","Contact","Topics"/);
  // A leading + is written as text too ('+65…): a spreadsheet would read it as a formula.
  assert.ok(lines.slice(1).every((l) => l.startsWith(`"WHATSAPP","'+65`)), 'only WhatsApp, contacts in full');
  const stored = await t.server.db.db.select().from(appSubscribers).where(and(eq(appSubscribers.appId, LISTED), eq(appSubscribers.channel, 'WHATSAPP')));
  assert.equal(lines.length - 1, stored.length);
  assert.ok(csv.body.includes(`"'=HYPERLINK(""http://x"")"`), 'a formula is written as text');
  const audit = await lastAudit();
  assert.equal(audit.action, 'subscribers.export');
  assert.match(audit.summary, /WhatsApp/);
});

test('an app not in the profile’s subscriberAppIds is a 404 on every route, even for its admins', async () => {
  const platformAdmin = await t.signInAs('platformAdmin');
  for (const token of [admin, platformAdmin]) {
    assert.equal((await list(token, {}, NOT_LISTED)).status, 404);
    assert.equal((await call(t.http, 'GET', SubscribersApi.summary(NOT_LISTED), { token })).status, 404);
    assert.equal((await call(t.http, 'POST', SubscribersApi.export(NOT_LISTED), { token })).status, 404);
    assert.equal((await call(t.http, 'POST', SubscribersApi.reveal(NOT_LISTED, NO_ID), { token })).status, 404);
    assert.equal((await call(t.http, 'DELETE', SubscribersApi.one(NOT_LISTED, NO_ID), { token })).status, 404);
  }
  assert.equal((await list(viewer, {}, NOT_LISTED)).status, 404, 'a viewer of it too (not a 403)');
});
