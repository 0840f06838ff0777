import { apps, customType, integer, pgTable, primaryKey, text, timestamp } from '@civic/sdk/server/schema';

/** bytea as bytes (node-postgres gives a Buffer, PGlite a Uint8Array: both are Uint8Arrays). */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Trained models of the built-in engine, one row per app, environment and content hash, so that
 * every server process answers with the newest model and a restart does not retrain. Owned by the
 * dialog engine; no other plugin reads it.
 */
export const trainedModels = pgTable(
  'dialog_engine_trained_models',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    environment: text('environment').notNull(),
    contentHash: text('content_hash').notNull(),
    /** packModel's bytes (encodeModel's in rows stored before); null for content without a training phrase (nothing to classify). */
    model: bytes('model'),
    phrases: integer('phrases').notNull(),
    millis: integer('millis').notNull(),
    trainedAt: timestamp('trained_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.appId, table.environment, table.contentHash] })],
);
