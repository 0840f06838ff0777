/**
 * The core tables: accounts and sign-in, apps and their members, agencies, tiers, flags, audit, jobs,
 * mail outbox, rate limits. drizzle-kit reads this barrel to generate core's migrations. A plugin's
 * tables live in `plugins/<id>/server/db/schema.ts` with migrations of their own.
 */
export { agencies } from './agencies';
export { appMembers } from './app-members';
export { apps } from './apps';
export { auditLog } from './audit-log';
export { featureFlags } from './feature-flags';
export { loginFailures } from './login-failures';
export { loginNonces } from './login-nonces';
export { oneTimeLinks } from './one-time-links';
export { otpChallenges } from './otp-challenges';
export { outbox } from './outbox';
export { rateLimits } from './rate-limits';
export { sessions } from './sessions';
export { ssoFlows, ssoIdentities } from './sso';
export { tierLimits } from './tier-limits';
export { users } from './users';
export { jobs } from './jobs';
