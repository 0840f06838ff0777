/**
 * What a plugin's `server/db/schema.ts` is written with: drizzle's PostgreSQL table builders, `sql`,
 * and the core tables a plugin's rows may point at (foreign keys to apps, users of the audit...).
 * drizzle-kit reads the plugin's schema through this module, so it stays free of server code.
 */
export * from 'drizzle-orm/pg-core';
export { sql } from 'drizzle-orm';
export { agencies, apps, jobs } from '@civic/core/server/db/schema';
