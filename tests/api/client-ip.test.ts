/**
 * Issue 15, client IP: with CIVIC_TRUST_PROXY=on every hop was trusted, so a client chose its own IP
 * with X-Forwarded-For and escaped the per-IP limit. CIVIC_TRUSTED_PROXIES trusts only the proxies
 * named (a hop count or their networks): what the client writes in the header does not move its IP.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { desc, eq } from 'drizzle-orm';
import { auditLog } from '@civic/core/server/db/schema';
import { call } from './support/api-call';
import { encryptPassword, fetchLoginKey } from './support/login';
import { TEST_PASSWORD } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';

let byHops: TestServer;
let byNetwork: TestServer;

before(async () => {
  [byHops, byNetwork] = await Promise.all([
    startTestServer({ authRequestsPerMinute: 5, env: { CIVIC_TRUSTED_PROXIES: '1' } }),
    startTestServer({ authRequestsPerMinute: 5, env: { CIVIC_TRUSTED_PROXIES: '127.0.0.0/8, ::1' } }),
  ]);
});
after(async () => {
  await byHops?.close();
  await byNetwork?.close();
});

/** Forgot-password as sent through one proxy: the client's forged entries, then what the proxy saw. */
const forgot = (t: TestServer, forwardedFor: string) =>
  call(t.http, 'POST', '/api/v1/auth/forgot-password', { json: { email: 'someone@demo.gov.sg' }, headers: { 'x-forwarded-for': forwardedFor } });

for (const [label, server] of [
  ['a hop count', () => byHops],
  ['proxy networks', () => byNetwork],
] as const) {
  test(`trusted by ${label}: a forged X-Forwarded-For entry does not escape the per-IP limit; another real client is not limited`, async () => {
    const t = server();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await forgot(t, `198.51.100.${i}, 203.0.113.7`)).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
    assert.equal((await forgot(t, '198.51.100.99, 203.0.113.8')).status, 200);
  });
}

test('the audit row of a sign-in through the proxy records the client the proxy saw, not the forged entry', async () => {
  const encrypted = await encryptPassword(await fetchLoginKey(byHops.http), TEST_PASSWORD, Math.floor(Date.now() / 1000));
  const login = await call(byHops.http, 'POST', '/api/v1/auth/login', { json: { email: 'viewer@demo.gov.sg', password: encrypted }, headers: { 'x-forwarded-for': '10.9.9.9, 203.0.113.20' } });
  assert.equal(login.status, 200);
  const [row] = await byHops.server.db.db.select({ ip: auditLog.ip }).from(auditLog).where(eq(auditLog.actorEmail, 'viewer@demo.gov.sg')).orderBy(desc(auditLog.at)).limit(1);
  assert.equal(row?.ip, '203.0.113.20');
});
