/**
 * Core's tables, for tests that arrange or inspect rows directly (a user's role, the audit trail,
 * the outbox). A plugin's own tests import its tables from its own server/db; another plugin's
 * rows are never a test's business.
 */
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
} from '@civic/core/server/db/schema';
