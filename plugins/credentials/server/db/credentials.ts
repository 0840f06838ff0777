import { agencies, apps, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from '@civic/sdk/server/schema';

/** One integration credential of any kind: its non-secret fields, scope, and its last test. */
export const credentials = pgTable(
  'credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The credential plugin's id (`credential-sso`, …). */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** `platform`, `agency` or `app`. */
    scope: text('scope').notNull(),
    agencyId: uuid('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    appId: text('app_id').references(() => apps.appId, { onDelete: 'cascade' }),
    /** The kind's non-secret fields; secrets are in credential_secrets, sealed. */
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    lastTestedAt: timestamp('last_tested_at', { withTimezone: true, mode: 'date' }),
    lastTestStatus: text('last_test_status'),
    lastTestReason: text('last_test_reason'),
    lastTestLatencyMs: integer('last_test_latency_ms'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('credentials_kind_name').on(t.kind, t.name)],
);

/**
 * One secret field of a credential, sealed (core's envelope encryption, context
 * `credentials:<credential id>:<field>`). `key_id` names the key that wraps its data key, so
 * `npm run secrets:rotate` finds what is still under an older one.
 */
export const credentialSecrets = pgTable(
  'credential_secrets',
  {
    credentialId: uuid('credential_id').notNull().references(() => credentials.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    sealed: text('sealed').notNull(),
    keyId: text('key_id').notNull(),
    lastFour: text('last_four'),
    setBy: text('set_by'),
    setAt: timestamp('set_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.credentialId, t.field] })],
);
