import type { PluginNames } from '../plugin-names';

/**
 * A credential plugin (`npm run plugin:new -- --credential <kind>`): one declaration, its DTO, its
 * connection test, its access-matrix rows and an API test against a loopback provider. The
 * credentials plugin does the rest (table, sealed secrets, routes, audit, page).
 */
export function credentialFiles(n: PluginNames, kind: PluginNames): Record<string, string> {
  const dto = `${kind.pascal}CredentialDto`;
  const test = `test${kind.pascal}`;
  return {
    'plugin.ts': `import { defineCredentialPlugin } from '@civic/sdk/credentials';
import { ${test} } from './common/test-${kind.id}';

/** ${n.id}: ${kind.title} credentials (endpoint and API key). */
export default defineCredentialPlugin({
  id: '${n.id}',
  title: '${kind.title}',
  icon: 'key',
  fields: () => import('./common/${kind.id}-credential.dto').then((m) => m.${dto}),
  secrets: ['apiKey'],
  testConnection: ${test},
  usedBy: [],
  order: 690,
});
`,
    [`common/${kind.id}-credential.dto.ts`]: `import { CredentialField, HTTPS_URL, httpsUrlMessage } from '@civic/sdk/common/credentials';
import { IsNotEmpty, IsString, IsUrl, MaxLength } from '@civic/sdk/common/validators';

/** The fields of a ${kind.title} credential: the form is generated from them, the server validates with them. */
export class ${dto} {
  @CredentialField({ label: 'Endpoint', help: 'The provider’s API base.', placeholder: 'https://api.example.com' })
  @IsUrl(HTTPS_URL, { message: httpsUrlMessage })
  endpoint = '';

  @CredentialField({ label: 'API key', help: 'Sent as a bearer token. Write-only.' })
  @IsString({ message: 'Enter the API key' })
  @IsNotEmpty({ message: 'Enter the API key' })
  @MaxLength(500, { message: 'The API key can be at most 500 characters' })
  apiKey = '';
}
`,
    [`common/test-${kind.id}.ts`]: `import { verdictOf, type ConnectionCheck, type CredentialHttp } from '@civic/sdk/common/credential-kinds';
import type { ${dto} } from './${kind.id}-credential.dto';

/** \`GET <endpoint>/health\` with the key. Change the path and the reading to the provider's API. */
export async function ${test}(values: ${dto}, http: CredentialHttp): Promise<ConnectionCheck> {
  const answer = await http.request(\`\${values.endpoint.replace(/\\/+$/, '')}/health\`, { headers: { authorization: \`Bearer \${values.apiKey}\` } });
  return verdictOf(answer.status, { ok: 'The provider accepted the key', refused: 'The provider refused the key' });
}
`,
    'tests/matrix.ts': `import { credentialKindRows } from '@civic/sdk/testing/server';

export const rows = credentialKindRows('${n.id}', 'apiKey');
`,
    [`tests/api/${n.id}.test.ts`]: `import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from '@civic/sdk/server';
import { CredentialApi } from '@civic/sdk/common/credentials';
import { call, startTestHttpsServer, startTestServer, type TestHttpsServer, type TestServer } from '@civic/sdk/testing/server';

const GOOD_KEY = '${kind.snake}-good-key-0001';
let provider: TestHttpsServer;
let t: TestServer;
let admin: string;

before(async () => {
  // A loopback provider: GET /health answers 200 for the good key, 401 for any other.
  provider = await startTestHttpsServer((request) =>
    request.path === '/health' && request.headers.authorization === \`Bearer \${GOOD_KEY}\` ? { status: 200, body: '{}' } : { status: 401, body: '{}' },
  );
  t = await startTestServer({ pluginIds: ['credentials', '${n.id}'], env: { CIVIC_OUTBOUND_ALLOW: '127.0.0.1' } });
  admin = await t.signInAs('platformAdmin');
});
after(async () => {
  await t?.close();
  await provider?.close();
});

test('add, test, rotate and delete a credential; the key is never sent back nor stored in clear', async () => {
  const added = await call(t.http, 'POST', CredentialApi.list('${n.id}'), { token: admin, json: { name: 'Main', scope: 'platform', endpoint: provider.url, apiKey: GOOD_KEY } });
  assert.equal(added.status, 201, JSON.stringify(added.body));
  assert.equal(added.body.data.secrets.apiKey.isConfigured, true);
  assert.ok(!JSON.stringify(added.body).includes(GOOD_KEY));
  const id = added.body.data.id as string;

  const ok = await call(t.http, 'POST', CredentialApi.test('${n.id}', id), { token: admin });
  assert.equal(ok.body.data.status, 'ok', ok.body.data.reason);

  assert.equal((await call(t.http, 'PUT', CredentialApi.secret('${n.id}', id, 'apiKey'), { token: admin, json: { value: 'a-wrong-key-9999' } })).status, 200);
  const refused = await call(t.http, 'POST', CredentialApi.test('${n.id}', id), { token: admin });
  assert.equal(refused.body.data.status, 'failed');
  assert.ok(!JSON.stringify(refused.body).includes('a-wrong-key-9999'));

  const rows = (await t.server.db.db.execute(sql\`select row_to_json(s)::text as row from credential_secrets s\`)) as unknown as { rows: { row: string }[] };
  assert.ok(rows.rows.length > 0);
  assert.ok(rows.rows.every((r) => !r.row.includes('a-wrong-key-9999') && !r.row.includes(GOOD_KEY)));

  assert.equal((await call(t.http, 'DELETE', CredentialApi.item('${n.id}', id), { token: admin })).status, 200);
});

test('the form’s rules hold on the server, and only platform admins may call', async () => {
  const invalid = await call(t.http, 'POST', CredentialApi.list('${n.id}'), { token: admin, json: { name: 'x', scope: 'platform', endpoint: 'http://plain.example', apiKey: '' } });
  assert.equal(invalid.status, 422);
  assert.deepEqual(invalid.body.fields.endpoint, ['Enter an https:// address']);
  const editor = await t.signInAs('editor');
  assert.equal((await call(t.http, 'GET', CredentialApi.list('${n.id}'), { token: editor })).status, 403);
});
`,
  };
}
