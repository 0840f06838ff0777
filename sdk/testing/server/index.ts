/**
 * API testing for plugins and the core (Node only): the real server in-process on a fresh database
 * seeded with the demo data, signed-in callers of every kind, one-call-at-a-time HTTP and the
 * vocabulary of the access matrix. A plugin's API tests live in `plugins/<id>/tests/api/` and its
 * matrix rows in `plugins/<id>/tests/matrix.ts`; `npm test` collects both.
 */
export { call, type ApiResponse, type CallOptions } from './api-call';
export { startTestServer, type StartOptions, type TestServer } from './test-server';
export { CALLER_EMAILS, OWN_APP_ID, signInAs, type SignedInCaller } from './test-callers';
export { encryptPassword, fetchLoginKey, postLogin, signIn } from './login';
export { addFixtures, DECOMMISSIONED_APP_ID, INACTIVE_EMAIL, OTHER_APP_ID, OUTSIDER_EMAIL, TEST_PASSWORD } from './fixtures';
export { adminApp, all, credentialKindRows, editApp, NO_ID, platformOnly, readApp, type Caller, type Expect, type MatrixRow } from './matrix';
export { TestClock } from './test-clock';
export { startTestHttpServer, startTestHttpsServer, type ReceivedRequest, type TestAnswer, type TestHttpsServer } from './test-https-server';
export { createTestDatabase, type TestDatabase } from './test-database';
export { linkOf, otpOf, TestSmtp, type ReceivedMail } from './test-smtp';
export { linkTokenOf, outboxMail } from './outbox-mail';
export {
  agencies,
  appMembers,
  apps,
  auditLog,
  featureFlags,
  jobs,
  loginFailures,
  loginNonces,
  oneTimeLinks,
  otpChallenges,
  outbox,
  rateLimits,
  sessions,
  ssoFlows,
  ssoIdentities,
  tierLimits,
  users,
} from './core-tables';
/** Sealers with keys of the test's choosing: rotation tests play the operator adding a key. */
export { SecretSealer } from '@civic/core/server/secrets/secret-sealer';
