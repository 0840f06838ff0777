import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createHash, desc, eq, randomUUID, sql } from '@civic/sdk/server';
import { CredentialApi, type CredentialView } from '@civic/sdk/common/credentials';
import { agencies, auditLog, call, OWN_APP_ID, SecretSealer, startTestHttpsServer, startTestServer, type TestHttpsServer, type TestServer } from '@civic/sdk/testing/server';
import { credentials, credentialSecrets } from '../../server/db/schema';
import { createResolver, credentialSecretStore } from '../../server/credential-store';
import { GOOD, providerDoubles, REFUSABLE, validBodies } from './provider-doubles';

const KINDS = ['credential-sso', 'credential-support-desk', 'credential-whatsapp', 'credential-telegram', 'credential-payment', 'credential-live-chat', 'credential-llm'];
const SECRETS: Record<string, string[]> = {
  'credential-sso': ['clientSecret'],
  'credential-support-desk': ['apiKey'],
  'credential-whatsapp': ['accessToken', 'webhookVerifyToken'],
  'credential-telegram': ['botToken'],
  'credential-payment': ['apiKey', 'webhookSecret'],
  'credential-live-chat': ['apiKey'],
  'credential-llm': ['apiKey'],
};
const randomKey = () => createHash('sha256').update(randomUUID()).digest();
const firstKey = randomKey();

let t: TestServer;
let provider: TestHttpsServer;
let admin: string;
let bodies: Record<string, Record<string, string>>;
/** What the server logged, at every level, from its start. */
const logLines: string[] = [];

before(async () => {
  provider = await startTestHttpsServer(providerDoubles(() => provider.url));
  bodies = validBodies(provider.url);
  t = await startTestServer({
    pluginIds: ['credentials', ...KINDS],
    env: { CIVIC_OUTBOUND_ALLOW: '127.0.0.1', CIVIC_SECRETS_KEY: firstKey.toString('base64') },
    onLogLine: (line) => logLines.push(line),
  });
  admin = await t.signInAs('platformAdmin');
});
after(async () => {
  await t?.close();
  await provider?.close();
});

const create = (kind: string, name: string, extra: Record<string, string> = {}) =>
  call(t.http, 'POST', CredentialApi.list(kind), { token: admin, json: { name, scope: 'platform', ...bodies[kind], ...extra } });

/** Every row of every table the database holds (any schema but the system's), as one text. */
async function rawDump(): Promise<{ tables: string[]; text: string }> {
  const listed = (await t.server.db.db.execute(
    sql.raw(`select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`),
  )) as unknown as { rows: { name: string }[] };
  const tables = listed.rows.map((r) => r.name);
  let text = '';
  for (const table of tables) {
    const result = (await t.server.db.db.execute(sql.raw(`select row_to_json(t)::text as row from ${table} t`))) as unknown as { rows: { row: string }[] };
    text += `${result.rows.map((r) => r.row).join('\n')}\n`;
  }
  return { tables, text };
}

for (const kind of KINDS) {
  test(`${kind}: add, list, read, change, rotate a secret, clear it, delete — secrets never come back`, async () => {
    const added = await create(kind, `${kind} main`);
    assert.equal(added.status, 201, JSON.stringify(added.body));
    const view = added.body.data as CredentialView;
    for (const field of SECRETS[kind]) {
      assert.equal(view.secrets[field].isConfigured, true);
      assert.equal(view.secrets[field].setBy, 'admin@demo.gov.sg');
      assert.equal(view.secrets[field].lastFour, bodies[kind][field].slice(-4));
      assert.equal(view.values[field], undefined);
    }
    const listed = await call(t.http, 'GET', CredentialApi.list(kind), { token: admin });
    assert.equal(listed.status, 200);
    assert.deepEqual((listed.body.data.items as CredentialView[]).map((i) => i.name), [`${kind} main`]);
    for (const field of SECRETS[kind]) assert.ok(!JSON.stringify(listed.body).includes(bodies[kind][field]), `${field} is in the list`);

    const one = await call(t.http, 'GET', CredentialApi.item(kind, view.id), { token: admin });
    assert.equal(one.body.data.name, `${kind} main`);

    const nonSecret = Object.keys(bodies[kind]).filter((f) => !SECRETS[kind].includes(f));
    const changed = await call(t.http, 'PATCH', CredentialApi.item(kind, view.id), {
      token: admin,
      json: { name: `${kind} renamed`, scope: 'app', appId: OWN_APP_ID, ...Object.fromEntries(nonSecret.map((f) => [f, bodies[kind][f]])) },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.data.scope, 'app');
    for (const field of SECRETS[kind]) assert.equal(changed.body.data.secrets[field].isConfigured, true, 'a secret left out keeps its value');

    const field = SECRETS[kind][0];
    const rotated = await call(t.http, 'PUT', CredentialApi.secret(kind, view.id, field), { token: admin, json: { value: `${bodies[kind][field]}` } });
    assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
    const cleared = await call(t.http, 'DELETE', CredentialApi.secret(kind, view.id, field), { token: admin });
    assert.equal(cleared.status, 200);
    assert.deepEqual(cleared.body.data.secrets[field], { isConfigured: false });
    assert.equal((await call(t.http, 'DELETE', CredentialApi.secret(kind, view.id, 'name'), { token: admin })).status, 404);

    const [audit] = await t.server.db.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    assert.equal(audit.action, 'credentials.secret-clear');
    assert.equal(audit.target, `${kind}/${view.id}/${field}`);

    const deleted = await call(t.http, 'DELETE', CredentialApi.item(kind, view.id), { token: admin });
    assert.equal(deleted.status, 200);
    assert.equal((await call(t.http, 'GET', CredentialApi.item(kind, view.id), { token: admin })).status, 404);
  });

  test(`${kind}: test connection against a loopback provider of its shape`, async () => {
    const added = await create(kind, `${kind} tested`);
    const id = (added.body.data as CredentialView).id;
    const ok = await call(t.http, 'POST', CredentialApi.test(kind, id), { token: admin });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.data.status, 'ok', ok.body.data.reason);
    assert.match(ok.body.data.reason, REFUSABLE[kind].okReason);
    assert.equal(typeof ok.body.data.latencyMs, 'number');
    const listed = await call(t.http, 'GET', CredentialApi.list(kind), { token: admin });
    const row = (listed.body.data.items as CredentialView[]).find((i) => i.id === id);
    assert.equal(row?.lastTestStatus, 'ok');
    assert.ok(row?.lastTestedAt);

    const refusable = REFUSABLE[kind];
    if (refusable.field !== 'issuer') {
      const put = await call(t.http, 'PUT', CredentialApi.secret(kind, id, refusable.field), { token: admin, json: { value: refusable.wrong } });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      const failed = await call(t.http, 'POST', CredentialApi.test(kind, id), { token: admin });
      assert.equal(failed.body.data.status, 'failed');
      assert.match(failed.body.data.reason, refusable.reason);
      assert.ok(!JSON.stringify(failed.body).includes(refusable.wrong), 'the reason never echoes the secret');
    }
  });
}

test('invalid input is a 422 with the DTO’s message; a taken name 409; an unknown id 404', async () => {
  const bad = await call(t.http, 'POST', CredentialApi.list('credential-telegram'), { token: admin, json: { name: '', scope: 'platform', apiBase: 'http://plain.example', botToken: 'nope' } });
  assert.equal(bad.status, 422);
  assert.deepEqual(bad.body.fields.botToken, ['A bot token looks like 123456:ABC-DEF… (digits, a colon, then at least 20 letters)']);
  assert.deepEqual(bad.body.fields.apiBase, ['Enter an https:// address']);
  assert.ok(bad.body.fields.name);
  assert.ok(!JSON.stringify(bad.body).includes('nope'));
  const noAgency = await call(t.http, 'POST', CredentialApi.list('credential-live-chat'), { token: admin, json: { name: 'x', scope: 'agency', ...bodies['credential-live-chat'] } });
  assert.equal(noAgency.status, 422);
  assert.equal((await create('credential-live-chat', 'dup')).status, 201);
  assert.equal((await create('credential-live-chat', 'dup')).status, 409);
  assert.equal((await call(t.http, 'GET', CredentialApi.item('credential-live-chat', '00000000-0000-4000-8000-000000000000'), { token: admin })).status, 404);
  const badSecret = await call(t.http, 'PUT', CredentialApi.secret('credential-telegram', '00000000-0000-4000-8000-000000000000', 'botToken'), { token: admin, json: { value: 'short' } });
  assert.equal(badSecret.status, 422);
});

test('only platform admins manage credentials', async () => {
  for (const caller of ['appAdmin', 'editor', 'viewer', 'outsider'] as const) {
    const token = await t.signInAs(caller);
    assert.equal((await call(t.http, 'GET', CredentialApi.list('credential-payment'), { token })).status, 403, caller);
    assert.equal((await call(t.http, 'POST', CredentialApi.list('credential-payment'), { token, json: { name: 'x', scope: 'platform', ...bodies['credential-payment'] } })).status, 403, caller);
  }
  assert.equal((await call(t.http, 'GET', CredentialApi.list('credential-payment'))).status, 401);
});

test('a raw dump of the database holds no plaintext secret, and the audit rows none either', async () => {
  for (const kind of KINDS) await create(kind, `${kind} dumped`);
  const dump = await rawDump();
  for (const table of ['public.credentials', 'public.credential_secrets', 'public.audit_log']) assert.ok(dump.tables.includes(table), `${table} is in the dump`);
  // The secrets set by every test so far (added, replaced with a wrong value), as text and as bytes (hex of a bytea column).
  const values = [...Object.values(GOOD), ...Object.values(REFUSABLE).map((r) => r.wrong).filter(Boolean)];
  for (const value of values) {
    assert.ok(!dump.text.includes(value), `${value.slice(0, 6)}… is in the database`);
    assert.ok(!dump.text.includes(Buffer.from(value).toString('hex')), `${value.slice(0, 6)}… is in the database as bytes`);
  }
  const audits = await t.server.db.db.select().from(auditLog).where(eq(auditLog.action, 'credentials.create'));
  assert.ok(audits.length >= KINDS.length);
  // Nor any line the server logged, at any level, while they were added, tested, replaced and cleared.
  assert.ok(logLines.length > 50, `${logLines.length} log lines`);
  const logged = logLines.join('');
  for (const value of values) assert.ok(!logged.includes(value), `${value.slice(0, 6)}… was logged`);
});

test('rotation with two keys: every secret re-wrapped to the newest key, resumable, still opens', async () => {
  const secondKey = randomKey();
  const ring = new SecretSealer([secondKey, firstKey]);
  const store = credentialSecretStore();
  const before = await t.server.db.db.select().from(credentialSecrets);
  assert.ok(before.length > 3);
  assert.ok(before.every((s) => s.keyId !== ring.currentKeyId));
  // Stopped after one small batch, then run again to the end.
  assert.equal(await store.rewrapBatch(t.server.db.db, ring, 2), 2);
  let total = 2;
  for (let n = await store.rewrapBatch(t.server.db.db, ring, 2); n > 0; n = await store.rewrapBatch(t.server.db.db, ring, 2)) total += n;
  assert.equal(total, before.length);
  const after = await t.server.db.db.select().from(credentialSecrets);
  assert.ok(after.every((s) => s.keyId === ring.currentKeyId));
  // Only the newest key is needed now: the old one can leave CIVIC_SECRETS_KEY.
  const onlyNewest = new SecretSealer([secondKey]);
  for (const secret of after) assert.ok(onlyNewest.open(secret.sealed, `credentials:${secret.credentialId}:${secret.field}`).length > 0);
  const resolved = await createResolver(onlyNewest).resolve(t.server.db.db, 'credential-payment');
  assert.equal(resolved?.values.merchantId, 'M-1');
  assert.match(resolved?.values.webhookSecret ?? '', /^whsec_/);
  // The running server holds only the first key: it refuses clearly, not with a 500.
  const [row] = await t.server.db.db.select().from(credentials).where(eq(credentials.kind, 'credential-payment')).limit(1);
  const refused = await call(t.http, 'POST', CredentialApi.test('credential-payment', row.id), { token: admin });
  assert.equal(refused.status, 409);
  assert.match(refused.body.message, /key this server does not hold/);
  // Rotated back to the first key, for the tests after this one.
  const back = new SecretSealer([firstKey, secondKey]);
  while ((await store.rewrapBatch(t.server.db.db, back, 50)) > 0);
});

test('a tampered ciphertext is refused with a clear error', async () => {
  const added = await create('credential-support-desk', 'tampered');
  const id = (added.body.data as CredentialView).id;
  const [secret] = await t.server.db.db.select().from(credentialSecrets).where(eq(credentialSecrets.credentialId, id));
  const parts = secret.sealed.split('.');
  const body = Buffer.from(parts[5], 'base64url');
  body[0] ^= 0xff;
  parts[5] = body.toString('base64url');
  await t.server.db.db.update(credentialSecrets).set({ sealed: parts.join('.') }).where(eq(credentialSecrets.credentialId, id));
  const refused = await call(t.http, 'POST', CredentialApi.test('credential-support-desk', id), { token: admin });
  assert.equal(refused.status, 409);
  assert.match(refused.body.message, /failed its integrity check.*Replace it/);
  // Replacing the secret repairs it.
  assert.equal((await call(t.http, 'PUT', CredentialApi.secret('credential-support-desk', id, 'apiKey'), { token: admin, json: { value: GOOD.deskKey } })).status, 200);
  assert.equal((await call(t.http, 'POST', CredentialApi.test('credential-support-desk', id), { token: admin })).body.data.status, 'ok');
});

test('credentials.resolve picks the most specific scope: app, then agency, then platform-wide', async () => {
  const [agency] = await t.server.db.db.select().from(agencies).limit(1);
  const scopes = await call(t.http, 'GET', CredentialApi.scopes, { token: admin });
  assert.ok((scopes.body.data.agencies as { id: string; name: string }[]).some((a) => a.id === agency.id && a.name === agency.name));
  const kind = 'credential-live-chat';
  await create(kind, 'zz agency', { scope: 'agency', agencyId: agency.id, apiKey: 'agency-livechat-key-1' } as Record<string, string>);
  await create(kind, 'zz app', { scope: 'app', appId: OWN_APP_ID, apiKey: 'app-livechat-key-0001' } as Record<string, string>);
  const resolver = createResolver(t.server.secrets);
  assert.equal((await resolver.resolve(t.server.db.db, kind, { appId: OWN_APP_ID, agencyId: agency.id }))?.values.apiKey, 'app-livechat-key-0001');
  assert.equal((await resolver.resolve(t.server.db.db, kind, { appId: 'another', agencyId: agency.id }))?.values.apiKey, 'agency-livechat-key-1');
  assert.equal((await resolver.resolve(t.server.db.db, kind, {}))?.scope, 'platform');
  assert.equal(await resolver.resolve(t.server.db.db, 'credential-unknown'), undefined);
  // find names the same choice without opening anything.
  assert.deepEqual(await resolver.find(t.server.db.db, kind, { appId: OWN_APP_ID, agencyId: agency.id }), { id: (await resolver.resolve(t.server.db.db, kind, { appId: OWN_APP_ID }))?.id, name: 'zz app', kind, scope: 'app' });
  assert.equal((await resolver.find(t.server.db.db, kind, { appId: 'another', agencyId: agency.id }))?.name, 'zz agency');
  assert.equal(await resolver.find(t.server.db.db, 'credential-unknown'), undefined);
  // An app that names its live chat provider (liveChatService) gets that one.
  assert.equal((await resolver.resolveNamed(t.server.db.db, kind, 'zz agency'))?.values.apiKey, 'agency-livechat-key-1');
  assert.equal(await resolver.resolveNamed(t.server.db.db, kind, 'nobody'), undefined);
  assert.deepEqual((await resolver.list(t.server.db.db, kind)).map((c) => c.name).filter((n) => n.startsWith('zz')), ['zz agency', 'zz app']);
});
