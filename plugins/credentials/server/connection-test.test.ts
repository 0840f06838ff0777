import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OutboundError, type OutboundClient } from '@civic/sdk/server';
import type { CredentialKind } from '@civic/sdk/common/credentials';
import { anyone } from '@civic/sdk/common/access';
import { createConnectionTester, TEST_TIMEOUT_MS } from './connection-test';

class Fields {
  endpoint = '';
  apiKey = '';
}

const kind = (testConnection?: CredentialKind<Fields>['testConnection']): CredentialKind =>
  ({ id: 'credential-probe', title: 'Probe', icon: 'key', fields: Fields, secrets: ['apiKey'], permission: anyone, testConnection }) as CredentialKind;

const values = { endpoint: 'https://probe.example', apiKey: 'super-secret-api-key' };

function client(answer: () => Promise<{ status: number; body: string }>, seen: unknown[] = []): OutboundClient {
  return { request: (url: string, request: unknown) => (seen.push({ url, request }), answer()) } as unknown as OutboundClient;
}

test('a secret a provider echoes is masked in the reason; latency is measured', async () => {
  let clock = 1000;
  const tester = createConnectionTester(client(async () => ({ status: 200, body: '' })), () => (clock += 25));
  const outcome = await tester.test(kind(async (v) => ({ ok: false, reason: `Key ${v.apiKey} unknown` })), values);
  assert.deepEqual(outcome, { status: 'failed', latencyMs: 25, reason: 'Key •••• unknown' });
});

test('calls go through the outbound client with a capped time limit', async () => {
  const seen: { url: string; request: { timeoutMs: number; method: string } }[] = [];
  const tester = createConnectionTester(client(async () => ({ status: 204, body: '' }), seen));
  const outcome = await tester.test(kind(async (v, http) => ({ ok: (await http.request(`${v.endpoint}/x`, { timeoutMs: 60_000 })).status === 204, reason: 'fine' })), values);
  assert.equal(outcome.status, 'ok');
  assert.equal(seen.length, 1);
  assert.equal(seen[0].request.timeoutMs, TEST_TIMEOUT_MS);
  assert.equal(seen[0].request.method, 'GET');
});

test('an outbound refusal reads as its message; anything else as a generic reason; no test at all is said so', async () => {
  const refused = createConnectionTester(client(async () => Promise.reject(new OutboundError('refused-address'))));
  const viaHttp = kind(async (v, http) => ({ ok: (await http.request(v.endpoint)).status === 200, reason: 'ok' }));
  const outcome = await refused.test(viaHttp, values);
  assert.equal(outcome.status, 'failed');
  assert.equal(outcome.reason, new OutboundError('refused-address').message);
  const broken = createConnectionTester(client(async () => ({ status: 200, body: '' })));
  assert.equal((await broken.test(kind(async () => Promise.reject(new Error(`boom ${values.apiKey}`))), values)).reason, 'The provider’s answer could not be understood');
  assert.equal((await broken.test(kind(), values)).reason, 'This kind of credential has no connection test');
});
