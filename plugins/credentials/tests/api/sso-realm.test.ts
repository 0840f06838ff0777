import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createHash, randomUUID } from '@civic/sdk/server';
import { call, SecretSealer, startTestHttpServer, startTestServer, type TestServer } from '@civic/sdk/testing/server';
import { credentials, credentialSecrets } from '../../server/db/schema';

/** Single sign-on with no CIVIC_SSO_* at all: the realm comes from the SSO realm credential. */
const key = createHash('sha256').update(randomUUID()).digest();
let idp: Awaited<ReturnType<typeof startTestHttpServer>>;
let issuer = '';
let t: TestServer;

before(async () => {
  idp = await startTestHttpServer((request) =>
    request.path === '/realm/.well-known/openid-configuration'
      ? { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`, response_types_supported: ['code'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256'] }) }
      : { status: 404 },
  );
  issuer = `${idp.url}/realm`;
  t = await startTestServer({
    pluginIds: ['credentials', 'credential-sso'],
    env: { CIVIC_SECRETS_KEY: key.toString('base64') },
    beforeStart: async (db) => {
      const [row] = await db.insert(credentials).values({ kind: 'credential-sso', name: 'Realm', scope: 'platform', values: { issuer, clientId: 'civic-from-credential' } }).returning();
      const sealed = new SecretSealer([key]).seal('realm-client-secret', `credentials:${row.id}:clientSecret`);
      await db.insert(credentialSecrets).values({ credentialId: row.id, field: 'clientSecret', sealed, keyId: new SecretSealer([key]).currentKeyId });
    },
  });
});
after(async () => {
  await t?.close();
  await idp?.close();
});

test('the SSO routes are mounted and sign-in goes to the realm the credential names', async () => {
  const config = await call(t.http, 'GET', '/api/v1/auth/config');
  assert.equal(config.body.data.ssoEnabled, true);
  const started = await t.http.get('api/v1/auth/sso/login', { followRedirect: false, responseType: 'text' });
  assert.equal(started.statusCode, 303);
  const location = new URL(String(started.headers.location));
  assert.equal(`${location.origin}${location.pathname}`, `${issuer}/auth`);
  assert.equal(location.searchParams.get('client_id'), 'civic-from-credential');
});

test('without a usable realm the login page offers no single sign-on', async () => {
  await t.server.db.db.delete(credentials);
  const config = await call(t.http, 'GET', '/api/v1/auth/config');
  assert.equal(config.body.data.ssoEnabled, false);
});
