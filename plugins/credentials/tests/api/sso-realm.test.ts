import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { call, SecretSealer, startTestServer, type TestServer } from '@civic/sdk/testing/server';
import { credentials, credentialSecrets } from '../../server/db/schema';

/** Single sign-on with no CIVIC_SSO_* at all: the realm comes from the SSO realm credential. */
const key = crypto.randomBytes(32);
let idp: http.Server;
let issuer = '';
let t: TestServer;

before(async () => {
  idp = http.createServer((req, res) => {
    if (req.url === '/realm/.well-known/openid-configuration') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`, response_types_supported: ['code'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256'] }),
      );
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/realm`;
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
  await new Promise((resolve) => idp?.close(resolve));
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
