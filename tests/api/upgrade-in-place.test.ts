import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { RepoPaths } from '@civic/core/server/config/repo-paths';
import type { DatabaseTarget } from '@civic/core/server/config/server-config';
import type { DbExecutor } from '@civic/core/server/db/database';
import { openDatabase } from '@civic/core/server/db/open-database';
import { createLogger } from '@civic/core/server/logging/logger';
import type { ServerPlugin } from '@civic/core/server/plugins/server-module';
import { seedDemo } from '@civic/core/server/seed/seed-demo';
import { loadServerPlugins, pluginMigrations } from '../../host/server/load-server-plugins';
import { loadConfig } from '@civic/core/server/config/load-config';
import { addFixtures, TEST_PASSWORD } from './support/fixtures';
import { seedKnowledge } from './support/knowledge-fixtures';
import {
  adaptorApps,
  adaptors,
  appProduction,
  chatSessions,
  dialogEngineConfigs,
  intents,
  jobs,
  knowledgeVersions,
  publishingSettings,
  publishRequests,
  transcripts,
  webchatSettings,
} from './support/tables';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * The release before plugins owned their tables migrated everything with core's migrations
 * 0000–0008 (a frozen copy: support/legacy-migrations, used here only). A database it made, holding
 * the demo data and user content in every table, is opened by this release: nothing may be lost,
 * and its schema must end up exactly as a fresh database of this release. Runs on PGlite, and on
 * PostgreSQL when DATABASE_URL is set (like every API test).
 */
/** The plugins of that release (later ones — credentials, training, analytics — came with their own migrations). */
const LEGACY_PLUGIN_IDS = new Set(['workspace', 'app-settings', 'users', 'entities', 'classification', 'team', 'platform-admin', 'audit-log', 'help', 'knowledge-base', 'dialog-engine', 'webchat', 'publishing']);
const LEGACY_MIGRATIONS = path.join(import.meta.dirname, 'support/legacy-migrations');
const APP = 'demo-plus';
const log = createLogger('silent');

let legacy: TestDatabase;
let fresh: TestDatabase;
let plugins: ServerPlugin[];

before(async () => {
  legacy = await createTestDatabase();
  fresh = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', CIVIC_DATA_DIR: legacy.dataDir, CIVIC_EPHEMERAL_KEYS: '1', LOG_LEVEL: 'silent' }, { needsKeys: false });
  plugins = await loadServerPlugins(config.profile.plugins, RepoPaths.plugins);
});

after(async () => {
  await legacy?.dispose();
  await fresh?.dispose();
});

/**
 * The tables of `before`, of a dump, each row with the columns `before` had: a column this release adds
 * to an existing table (a plugin's later migration) is new, not a change of the row.
 */
function pick(rows: Record<string, string[]>, before: Record<string, string[]>): Record<string, string[]> {
  const columnsOf = (table: string) => new Set((before[table] ?? []).flatMap((row) => Object.keys(JSON.parse(row) as object)));
  const kept = (row: string, columns: Set<string>) => JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(row) as object).filter(([column]) => columns.has(column))));
  return Object.fromEntries(
    Object.keys(before).map((table) => {
      const columns = columnsOf(table);
      return [table, (rows[table] ?? []).map((row) => kept(row, columns))];
    }),
  );
}

test("a database of the previous release upgrades in place: every row kept, the schema as a fresh one's, later starts a no-op", async () => {
  const before = await withLegacyDatabase(legacy.target, async (db) => {
    const now = new Date('2026-11-20T09:00:00Z');
    // Seeded by the plugins that release had: a plugin added since has no tables in it yet.
    const legacyPlugins = plugins.filter((plugin) => LEGACY_PLUGIN_IDS.has(plugin.manifest.id));
    await seedDemo(db, { password: TEST_PASSWORD, profile: { flags: { 'next-gen-console': false }, allowedEmailDomains: ['gov.sg'] }, now, plugins: legacyPlugins, published: false, auditKey: crypto.randomBytes(32) });
    await addFixtures(db, now);
    await seedKnowledge(db, APP);
    await addUserContent(db, now);
    const rows = await dumpRows(db);
    const empty = Object.entries(rows).filter(([, list]) => list.length === 0).map(([table]) => table);
    // Sign-in bookkeeping tables fill only through sign-in flows; every table of content has rows.
    assert.deepEqual(empty.filter((table) => !IDENTITY_WORK_TABLES.has(table)), []);
    return rows;
  });

  const upgraded = await openDatabase(legacy.target, log, pluginMigrations(plugins));
  try {
    const after = await dumpRows(upgraded.db);
    // Every table of the previous release keeps every row; tables this release adds start empty.
    assert.deepEqual(pick(after, before), pick(before, before));
    const added = Object.keys(after).filter((table) => !(table in before));
    assert.deepEqual(added.filter((table) => after[table].length > 0 && table !== 'intent_counts'), [], 'new tables start empty');
    // But for what the database derives from kept rows: each app's number of intents and Q&A pairs.
    const counted = new Map<string, number>();
    for (const row of after.intents) {
      const { app_id, kind } = JSON.parse(row) as { app_id: string; kind: string };
      counted.set(`${app_id}/${kind}`, (counted.get(`${app_id}/${kind}`) ?? 0) + 1);
    }
    const kept = after.intent_counts.map((row) => JSON.parse(row) as { app_id: string; kind: string; n: number });
    assert.deepEqual(new Map(kept.map((row) => [`${row.app_id}/${row.kind}`, Number(row.n)])), counted, 'intent_counts holds the counts of the kept intents');
    const journals = await journalCounts(upgraded.db);
    assert.deepEqual(Object.keys(journals).sort(), ['core', ...pluginMigrations(plugins).map((owner) => owner.id)].sort());
    for (const [owner, count] of Object.entries(journals)) assert.ok(count >= 1, `${owner}'s baseline is recorded`);

    const reference = await openDatabase(fresh.target, log, pluginMigrations(plugins));
    try {
      assert.deepEqual(await describeSchema(upgraded.db), await describeSchema(reference.db));
    } finally {
      await reference.close();
    }
  } finally {
    await upgraded.close();
  }

  // A second start finds everything applied and changes nothing.
  const again = await openDatabase(legacy.target, log, pluginMigrations(plugins));
  try {
    assert.deepEqual(pick(await dumpRows(again.db), before), pick(before, before));
  } finally {
    await again.close();
  }
});

/** Written only by sign-in flows (rate limits, nonces, OTPs, SSO, mail): empty in a seeded database. */
const IDENTITY_WORK_TABLES = new Set(['login_failures', 'login_nonces', 'one_time_links', 'otp_challenges', 'outbox', 'rate_limits', 'sessions', 'sso_flows', 'sso_identities']);

/** What a user of the previous release leaves behind beyond the knowledge base: a published version, chats, settings, adaptors, jobs. */
async function addUserContent(db: DbExecutor, now: Date): Promise<void> {
  const [intent] = await db.select({ id: intents.id, name: intents.displayName }).from(intents).where(sql`${intents.appId} = ${APP}`).limit(1);
  const [version] = await db
    .insert(knowledgeVersions)
    .values({ appId: APP, number: 1, snapshot: { schemaVersion: 1, intents: [], entityTypes: [], glossary: [], categories: [], labels: [] }, note: 'first', authorEmail: 'appadmin@demo.gov.sg', createdAt: now })
    .returning();
  await db.insert(appProduction).values({ appId: APP, versionId: version.id, changedAt: now, changedByEmail: 'appadmin@demo.gov.sg' }).onConflictDoNothing();
  await db.insert(publishingSettings).values({ appId: APP, requireApproval: true, conflictFingerprint: 'abc' }).onConflictDoNothing();
  // The previous release's columns only (publishing's later migration adds the pinned snapshot).
  await db.execute(sql`insert into ${publishRequests} (app_id, note, requested_by_email, requested_at) values (${APP}, 'please', 'editor@demo.gov.sg', ${now.toISOString()}::timestamptz)`);
  await db.insert(webchatSettings).values({ appId: APP, settings: { title: 'Ask us' }, updatedBy: 'appadmin@demo.gov.sg' }).onConflictDoNothing();
  await db.insert(dialogEngineConfigs).values({ appId: APP, environment: 'draft', engine: 'BUILT_IN' }).onConflictDoNothing();
  const [session] = await db
    .insert(chatSessions)
    .values({ appId: APP, environment: 'production', channel: 'webchat', state: { contexts: [], pending: null }, createdAt: now, updatedAt: now, expiresAt: new Date(now.getTime() + 3_600_000) })
    .returning();
  await db.insert(transcripts).values({
    appId: APP,
    sessionId: session.id,
    environment: 'production',
    channel: 'webchat',
    data: 'how do I renew my passport',
    transAuthor: 'citizen',
    reply: [],
    confidenceScore: 0.92,
    fallback: false,
    intentId: intent?.id,
    intentName: intent?.name,
    topMatches: [],
    contentVersion: '1',
    contentHash: 'h',
    createdAt: now,
  });
  const [adaptor] = await db.insert(adaptors).values({ type: 'WHATSAPP', name: 'Upgrade adaptor', webhookUrl: 'https://adaptor.example.gov.sg/hook' }).returning();
  await db.insert(adaptorApps).values({ adaptorId: adaptor.id, appId: APP });
  await db.insert(jobs).values({ kind: 'bulk-import', appId: APP, status: 'succeeded', createdByEmail: 'editor@demo.gov.sg', createdAt: now });
}

/** Every row of every table in `public`, as JSON text, in a stable order. */
async function dumpRows(db: DbExecutor): Promise<Record<string, string[]>> {
  const tables = await rowsOf<{ name: string }>(db, sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const dump: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await rowsOf<{ row: string }>(db, sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t order by 1`);
    dump[name] = rows.map((r) => r.row);
  }
  return dump;
}

/** Columns, constraints and indexes of `public`: what two databases must share to be the same schema. */
async function describeSchema(db: DbExecutor): Promise<Record<string, string[]>> {
  const columns = await rowsOf<{ d: string }>(
    db,
    sql`select concat_ws(' ', table_name, column_name, data_type, udt_name, is_nullable, column_default) as d from information_schema.columns where table_schema = 'public' order by 1`,
  );
  const constraints = await rowsOf<{ d: string }>(
    db,
    sql`select concat_ws(' ', c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid)) as d from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public' order by 1`,
  );
  const indexes = await rowsOf<{ d: string }>(db, sql`select indexdef as d from pg_indexes where schemaname = 'public' order by 1`);
  return { columns: columns.map((r) => r.d), constraints: constraints.map((r) => r.d), indexes: indexes.map((r) => r.d) };
}

async function journalCounts(db: DbExecutor): Promise<Record<string, number>> {
  const tables = await rowsOf<{ name: string }>(db, sql`select table_name as name from information_schema.tables where table_schema = 'civic_migrations'`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier('civic_migrations')}.${sql.identifier(name)}`);
    counts[name] = row.n;
  }
  return counts;
}

async function rowsOf<T>(db: DbExecutor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The database as the previous release left it: its migrations (drizzle's default journal), then `fill`. */
async function withLegacyDatabase<T>(target: DatabaseTarget, fill: (db: DbExecutor) => Promise<T>): Promise<T> {
  if (target.kind === 'pglite') {
    const client = await PGlite.create(target.dir);
    try {
      const db = drizzlePglite({ client });
      await migratePglite(db, { migrationsFolder: LEGACY_MIGRATIONS });
      return await fill(db as unknown as DbExecutor);
    } finally {
      await client.close();
    }
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 2 });
  try {
    const db = drizzlePostgres({ client: pool });
    await migratePostgres(db, { migrationsFolder: LEGACY_MIGRATIONS });
    return await fill(db as unknown as DbExecutor);
  } finally {
    await pool.end();
  }
}
