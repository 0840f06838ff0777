import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { inArray } from 'drizzle-orm';
import { DEMO_USERS } from '@civic/core/server/seed/demo-data';
import { seedDemo } from '@civic/core/server/seed/seed-demo';
import { TEST_PASSWORD } from './support/fixtures';
import { signIn } from './support/login';
import { users } from './support/tables';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The demo accounts share one password, so the seed hashes it once (argon2 is slow on purpose: one run
 * per account was most of the seed's time at a first start) and every account still signs in.
 */
let t: TestServer;

before(async () => {
  t = await startTestServer();
});
after(async () => {
  await t?.close();
});

const demoHashes = async () =>
  t.server.db.db.select({ email: users.email, hash: users.passwordHash }).from(users).where(inArray(users.email, DEMO_USERS.map((user) => user.email)));

test('the new demo accounts get one argon2 hash of the demo password, and each signs in with it', async () => {
  const rows = await demoHashes();
  assert.equal(rows.length, DEMO_USERS.length);
  assert.equal(new Set(rows.map((row) => row.hash)).size, 1, 'one hash for every demo account');
  assert.match(rows[0].hash ?? '', /^\$argon2id\$/);
  for (const { email } of DEMO_USERS) assert.ok(await signIn(t.http, email));
});

test('a second seed leaves existing accounts and their hashes alone', async () => {
  const before = await demoHashes();
  const report = await seedDemo(t.server.db.db, { password: `${TEST_PASSWORD}-other`, profile: t.config.profile, now: new Date(), published: false, auditKey: t.config.keys.auditKey });
  assert.deepEqual(report.createdUsers, []);
  assert.deepEqual(await demoHashes(), before);
});
