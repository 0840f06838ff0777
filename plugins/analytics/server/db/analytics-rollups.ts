import { apps, customType, doublePrecision, integer, pgTable, primaryKey, text, timestamp, uuid } from '@civic/sdk/server/schema';

const count = (name: string) => integer(name).notNull().default(0);
const appRef = () =>
  text('app_id')
    .notNull()
    .references(() => apps.appId, { onDelete: 'cascade' });
const hourColumn = () => timestamp('hour', { withTimezone: true, mode: 'date' }).notNull();

/**
 * One UTC hour of one app, environment and channel: the sessions that started in it (with their length,
 * containment and CSAT) and the turns written in it. Rebuilt from the dialog engine's rows by the rollup
 * job (rollup.ts), so a view sums a few thousand of these instead of scanning transcripts.
 */
export const analyticsHourly = pgTable(
  'analytics_hourly',
  {
    appId: appRef(),
    environment: text('environment').notNull(),
    channel: text('channel').notNull(),
    hour: hourColumn(),
    sessions: count('sessions'),
    /** Sessions of citizens (no signed-in member): each is one user. */
    anonymousSessions: count('anonymous_sessions'),
    /** Sessions with at least one turn. */
    engagedSessions: count('engaged_sessions'),
    /** Sessions with turns and no fallback among them. */
    containedSessions: count('contained_sessions'),
    len1: count('len_1'),
    len2to3: count('len_2_3'),
    len4to6: count('len_4_6'),
    len7to10: count('len_7_10'),
    len11plus: count('len_11_plus'),
    csat1: count('csat_1'),
    csat2: count('csat_2'),
    csat3: count('csat_3'),
    csat4: count('csat_4'),
    csat5: count('csat_5'),
    csatComments: count('csat_comments'),
    turns: count('turns'),
    fallbacks: count('fallbacks'),
    thumbsUp: count('thumbs_up'),
    thumbsDown: count('thumbs_down'),
    confidenceSum: doublePrecision('confidence_sum').notNull().default(0),
    /** Turns by confidence in tenths: conf_0 is 0–0.1, … conf_9 is 0.9–1. */
    conf0: count('conf_0'),
    conf1: count('conf_1'),
    conf2: count('conf_2'),
    conf3: count('conf_3'),
    conf4: count('conf_4'),
    conf5: count('conf_5'),
    conf6: count('conf_6'),
    conf7: count('conf_7'),
    conf8: count('conf_8'),
    conf9: count('conf_9'),
  },
  (t) => [primaryKey({ columns: [t.appId, t.hour, t.environment, t.channel] })],
);

/** The turns of one hour per intent ('' for turns no intent answered). */
export const analyticsIntentHourly = pgTable(
  'analytics_intent_hourly',
  {
    appId: appRef(),
    environment: text('environment').notNull(),
    channel: text('channel').notNull(),
    hour: hourColumn(),
    intentName: text('intent_name').notNull(),
    turns: count('turns'),
    fallbacks: count('fallbacks'),
    thumbsUp: count('thumbs_up'),
    thumbsDown: count('thumbs_down'),
    confidenceSum: doublePrecision('confidence_sum').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.hour, t.environment, t.channel, t.intentName] })],
);

/**
 * The signed-in members who chatted in an hour (draft testing): with anonymous_sessions, "users" of any
 * range is a sum plus a small count of distinct members, never a distinct count over sessions.
 */
export const analyticsMemberHourly = pgTable(
  'analytics_member_hourly',
  {
    appId: appRef(),
    environment: text('environment').notNull(),
    channel: text('channel').notNull(),
    hour: hourColumn(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.hour, t.environment, t.channel, t.userId] })],
);

/** bytea as bytes (node-postgres gives a Buffer, PGlite a Uint8Array: both are Uint8Arrays). */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The turns of one hour as points for the confidence point cloud: one big-endian int4 a turn, in time
 * order, packing its second within the hour, its confidence in thousandths and its fallback flag
 * (rollup.ts PACKED_TURN, point-cloud.ts reads them). A 90-day cloud reads a few thousand of these rows
 * instead of a million transcripts.
 */
export const analyticsPointHourly = pgTable(
  'analytics_point_hourly',
  {
    appId: appRef(),
    environment: text('environment').notNull(),
    channel: text('channel').notNull(),
    hour: hourColumn(),
    points: bytes('points').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.hour, t.environment, t.channel] })],
);

/** Per app: every hour before `rolledUntil` is in the rollups; later hours are read live. */
export const analyticsRollupState = pgTable('analytics_rollup_state', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.appId, { onDelete: 'cascade' }),
  rolledUntil: timestamp('rolled_until', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
