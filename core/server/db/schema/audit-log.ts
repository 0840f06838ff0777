import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditDetails } from '../../audit/audit-entry';

/**
 * Append-only, hash-chained audit trail: `hash = sha256(prevHash + canonical row)`, so editing or
 * deleting a past row breaks every hash after it (see verifyAuditChain). No foreign keys: the
 * trail must outlive the users and apps it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    appId: text('app_id'),
    action: text('action').notNull(),
    target: text('target'),
    summary: text('summary').notNull(),
    ip: text('ip').notNull(),
    /** Before/after of the change (hashed too, when present). */
    details: jsonb('details').$type<AuditDetails>(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull().unique(),
  },
  (t) => [index('audit_log_app_idx').on(t.appId, t.id), index('audit_log_at_idx').on(t.at)],
);
