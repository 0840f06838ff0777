/**
 * Issue 15, limits: malformed ids, huge numbers and odd bodies are a 4xx on every route, never a 5xx.
 * A property-based generator (fast-check) fuzzes each mounted route's path parameters, query string
 * and JSON body, signed in as a platform admin (the widest access, so validation and handlers are
 * reached). Routes that end the caller's own session are left out (they would sign the fuzzer out).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { call } from './support/api-call';
import { signIn } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

let t: TestServer;
let token: string;

before(async () => {
  t = await startTestServer();
  token = await signIn(t.http, 'admin@demo.gov.sg');
});
after(async () => {
  await t?.close();
});

const SESSION_ENDING = /\/auth\/(logout|sessions)|\/auth\/change-password|\/users\/:userId\/(lock|sessions)/;

/** Ids as an attacker writes them: malformed, huge, negative, encoded, very long — and now and then a real one. */
const id = fc.oneof(
  fc.constantFrom('demo-plus', 'demo-enterprise', '00000000-0000-4000-8000-000000000000', '99999999999999999999999', '-1', '1e309', 'NaN', '%00', '..%2F..', 'ßüñ', "'; drop table apps;--", 'a'.repeat(3000)),
  fc.string({ minLength: 1, maxLength: 40 }).map((s) => encodeURIComponent(s)),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
);
const scalar = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.double(),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, 99999999999999999999, -0, 0.5),
  fc.boolean(),
  fc.constant(null),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 12 }), tie('value'), { maxKeys: 5 })),
})).value;
const query = fc.dictionary(
  fc.constantFrom('page', 'page_size', 'pageSize', 'limit', 'offset', 'q', 'from', 'to', 'sort', 'cursor', 'environment', 'status', 'x'),
  fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('99999999999999999999', '-5', '1e309', 'NaN', '0x10', '2026-13-45')),
  { maxKeys: 4 },
);

test('every route answers fuzzed params, queries and bodies with a status below 500', async () => {
  const routes = t.server.routes.filter((route) => route.url.startsWith('/api/') && !SESSION_ENDING.test(route.url));
  assert.ok(routes.length > 50, `only ${routes.length} routes`);
  const failures = new Map<string, string>();
  for (const route of routes) {
    const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const sendsBody = !['GET', 'DELETE'].includes(route.method);
    await fc.assert(
      fc.asyncProperty(fc.array(id, { minLength: names.length, maxLength: names.length }), query, json, async (ids, search, body) => {
        const url = names.reduce((path, name, i) => path.replace(`:${name}`, ids[i]), route.url);
        const response = await call(t.http, route.method as 'GET', url, {
          token,
          searchParams: search,
          ...(sendsBody ? { body: JSON.stringify(body) } : {}),
        });
        if (response.status >= 500) {
          failures.set(`${route.method} ${route.url}`, `${response.status} for ${url}?${new URLSearchParams(search)} body ${JSON.stringify(body).slice(0, 200)}`);
          return false;
        }
        return true;
      }),
      { numRuns: 12, endOnFailure: true },
    ).catch(() => undefined);
  }
  assert.equal(failures.size, 0, [...failures].map(([route, example]) => `${route}: ${example}`).join('\n'));
});
