/**
 * Drizzle's table builders, for a plugin that defines a table of its own (one copy of drizzle, as
 * for everything else a plugin uses).
 */
export { customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
