import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

interface Document {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, { security: unknown[]; requestBody?: { content: { 'application/json': { schema: { $ref: string } } } }; parameters: Array<{ name: string; in: string }> }>>;
  components: { schemas: Record<string, { properties?: Record<string, Record<string, unknown>>; required?: string[] }> };
}

let t: TestServer;
let token: string;

before(async () => {
  t = await startTestServer();
  token = await signIn(t.http, 'viewer@demo.gov.sg');
});
after(() => t?.close());

test('the OpenAPI document needs a session', async () => {
  const response = await call(t.http, 'GET', '/api/v1/openapi.json');
  assert.equal(response.status, 401);
});

test('the OpenAPI document lists every mounted route with the schemas of its DTOs', async () => {
  const response = await call(t.http, 'GET', '/api/v1/openapi.json', { token });
  assert.equal(response.status, 200);
  const doc = response.body as Document;
  assert.equal(doc.openapi, '3.1.0');
  assert.equal(doc.info.version, '1.41.3');
  const operations = Object.values(doc.paths).flatMap((methods) => Object.keys(methods));
  assert.equal(operations.length, t.server.routes.length, 'one operation per mounted route');

  const patch = doc.paths['/api/v1/apps/{appId}/settings'].patch;
  assert.deepEqual(patch.security, [{ bearer: [] }]);
  assert.ok(patch.parameters.some((p) => p.name === 'appId' && p.in === 'path'));
  const ref = patch.requestBody?.content['application/json'].schema.$ref;
  assert.equal(ref, '#/components/schemas/AppSettingsPatchDto');
  const schema = doc.components.schemas.AppSettingsPatchDto;
  assert.deepEqual(Object.keys(schema.properties ?? {}).sort(), ['mlConfidenceThreshold', 'qnaConfidenceThreshold']);
  assert.equal(schema.properties?.mlConfidenceThreshold.maximum, 1, 'the class-validator bounds become schema bounds');

  assert.deepEqual(doc.paths['/api/v1/auth/login'].post.security, [], 'public routes need no bearer');
});
