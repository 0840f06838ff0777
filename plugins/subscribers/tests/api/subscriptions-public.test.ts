import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from '@civic/sdk/server';
import { call, OWN_APP_ID, startTestServer, type TestServer } from '@civic/sdk/testing/server';
import { SubscribersApi } from '../../common/api';
import { SubscribersMessages } from '../../common/messages';
import { appSubscribers } from '../../server/db/schema';

const APP = OWN_APP_ID;
let t: TestServer;

before(async () => {
  // A small per-IP limit, to see it refuse.
  t = await startTestServer({ pluginIds: ['subscribers'], env: { CIVIC_SUBSCRIBE_RATE_LIMIT: '12' } });
});
after(() => t?.close());

const optIn = (json: unknown, headers: Record<string, string> = {}, appId = APP) => call(t.http, 'POST', SubscribersApi.optIn(appId), { json, headers });
const rowsOf = (contact: string) => t.server.db.db.select().from(appSubscribers).where(and(eq(appSubscribers.appId, APP), eq(appSubscribers.contact, contact)));
const base = { channel: 'WEB_CHAT', contact: 'Mei.Lin@Example.com', topics: ['deadlines'], consent: true, consentVersion: '2025-07', source: 'widget' };

test('a citizen opts in without signing in; the same contact again updates the topics, no second row', async () => {
  const first = await optIn(base);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.equal(first.body.data.created, true);
  assert.equal(first.body.data.status, 'ACTIVE');
  assert.match(first.body.data.unsubscribeToken, /^[A-Za-z0-9_-]{43}$/);
  const again = await optIn({ ...base, contact: 'mei.lin@example.com', topics: ['service-disruption', 'Deadlines'] });
  assert.equal(again.body.data.created, false);
  assert.deepEqual(again.body.data.topics, ['service-disruption', 'deadlines']);
  const rows = await rowsOf('mei.lin@example.com');
  assert.equal(rows.length, 1);
  assert.equal(rows[0].consentVersion, '2025-07');
  assert.equal(rows[0].source, 'widget');
  assert.notEqual(rows[0].unsubscribeTokenHash, again.body.data.unsubscribeToken, 'only a hash of the token is stored');
  // The first token no longer works: each opt-in gives a new one.
  assert.equal((await call(t.http, 'GET', SubscribersApi.unsubscribe(APP, first.body.data.unsubscribeToken))).status, 404);
});

test('consent, the contact of the channel and the topics are checked with clear messages (422)', async () => {
  const noConsent = await optIn({ ...base, consent: false });
  assert.equal(noConsent.status, 422);
  assert.deepEqual(noConsent.body.fields.consent, [SubscribersMessages.consentRequired]);
  assert.deepEqual((await optIn({ ...base, contact: 'not-an-email' })).body.fields.contact, [SubscribersMessages.emailInvalid]);
  assert.deepEqual((await optIn({ ...base, channel: 'WHATSAPP', contact: '91234567' })).body.fields.contact, [SubscribersMessages.phoneInvalid]);
  assert.equal((await optIn({ ...base, topics: ['=cmd|x'] })).status, 422);
  assert.equal((await optIn({ ...base, channel: 'SMS' })).status, 422);
  assert.equal((await optIn({ ...base, extra: 1 })).status, 422);
  const { consent: _consent, ...withoutConsent } = base;
  assert.equal((await optIn(withoutConsent)).status, 422);
});

test('the unsubscribe link: GET reads (masked) and changes nothing; POST unsubscribes, again and again', async () => {
  const opted = await optIn({ ...base, channel: 'WHATSAPP', contact: '+6598765432' });
  const token = opted.body.data.unsubscribeToken as string;
  const read = await call(t.http, 'GET', SubscribersApi.unsubscribe(APP, token));
  assert.equal(read.status, 200);
  assert.deepEqual(read.body.data, { status: 'ACTIVE', channel: 'WHATSAPP', contact: '+65 ****5432' });
  const done = await call(t.http, 'POST', SubscribersApi.unsubscribe(APP, token));
  assert.equal(done.body.data.status, 'UNSUBSCRIBED');
  const [row] = await rowsOf('+6598765432');
  assert.equal(row.status, 'UNSUBSCRIBED');
  assert.ok(row.unsubscribedAt);
  const twice = await call(t.http, 'POST', SubscribersApi.unsubscribe(APP, token));
  assert.equal(twice.status, 200);
  assert.equal((await rowsOf('+6598765432'))[0].unsubscribedAt?.getTime(), row.unsubscribedAt.getTime());
  assert.equal((await call(t.http, 'POST', SubscribersApi.unsubscribe('demo-plus', token))).status, 404, "another app's link");
  assert.equal((await call(t.http, 'POST', SubscribersApi.unsubscribe(APP, 'x'.repeat(43)))).status, 404);
});

test('pages of other sites are refused; the console and the app’s allowed sites are not', async () => {
  const refused = await optIn({ ...base, contact: 'evil@example.com' }, { origin: 'https://evil.example.com' });
  assert.equal(refused.status, 403);
  assert.equal(refused.body.message, SubscribersMessages.originRefused);
  assert.equal((await optIn({ ...base, contact: 'console@example.com' }, { origin: 'https://console.example.gov.sg' })).status, 200);
});

test('an app not in subscriberAppIds has no opt-in (404)', async () => {
  assert.equal((await optIn(base, {}, 'demo-starter')).status, 404);
});

test('too many requests from one address are refused with Retry-After', async () => {
  let last = await optIn({ ...base, contact: 'flood@example.com' });
  for (let i = 0; i < 12 && last.status !== 429; i += 1) last = await optIn({ ...base, contact: 'flood@example.com' });
  assert.equal(last.status, 429);
  assert.ok(Number(last.headers['retry-after']) > 0);
});
