/**
 * Core tables plugins may query. Accounts, sessions and sign-in tables are deliberately absent:
 * plugins learn about the caller through the handler context, never by reading credentials. A
 * plugin's own tables come from its `server/db/schema.ts`.
 */
export { agencies, appMembers, apps, auditLog, featureFlags, jobs, tierLimits } from '@civic/core/server/db/schema';
