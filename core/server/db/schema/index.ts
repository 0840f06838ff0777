/** The core tables. drizzle-kit reads this barrel to generate migrations. */
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
