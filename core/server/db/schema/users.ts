import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agencies';

/**
 * Console users. `email` is stored normalised (trimmed, lower-case) so the unique index is the
 * identity; `passwordHash` is an argon2id PHC string, never returned by any route.
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash'),
  isPlatformAdmin: boolean('is_platform_admin').notNull().default(false),
  isActive: boolean('is_active').notNull().default(false),
  hasResetPassword: boolean('has_reset_password').notNull().default(false),
  agencyId: uuid('agency_id').references(() => agencies.id),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
  /** Locked by a platform admin (not the failed-login lock, which lives in login_failures). */
  isLocked: boolean('is_locked').notNull().default(false),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
  /** Authenticator (TOTP) secret, AES-256-GCM sealed with the secrets key; never returned. */
  totpSecret: text('totp_secret'),
  /** Set when the user confirmed a code from the authenticator; until then the secret is pending. */
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
  /** The last accepted authenticator time step (unix seconds / 30): a code at or before it is a replay. */
  totpLastStep: integer('totp_last_step'),
});
