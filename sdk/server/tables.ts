/**
 * Core tables plugins may query. Accounts, sessions and sign-in tables are deliberately absent:
 * plugins learn about the caller through the handler context, never by reading credentials.
 */
export { agencies, appMembers, apps, auditLog, featureFlags, tierLimits } from '@civic/core/server/db/schema';
