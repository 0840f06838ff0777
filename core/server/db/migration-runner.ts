import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import type { DbExecutor } from './database';

/**
 * One owner of tables and its migrations: core, or an enabled plugin. Each owner keeps its own
 * journal (`civic_migrations."<id>"`), so a plugin's migrations are numbered, generated and applied
 * on their own, and a plugin switched on later migrates from its first file.
 */
export interface MigrationOwner {
  id: string;
  /** A drizzle-kit output folder (`meta/_journal.json` plus the SQL files). */
  folder: string;
}

/** Applies migrations of one owner with a journal table of its own (drizzle's migrator does the work). */
export type ApplyMigrations = (db: DbExecutor, config: { migrationsFolder: string; migrationsTable: string; migrationsSchema: string }) => Promise<void>;

export const JOURNAL_SCHEMA = 'civic_migrations';

/**
 * The journal of the release before plugins owned their tables: drizzle's default table, holding
 * core's migrations 0000–0008 of that release. A database it finished migrating is adopted in place.
 */
const LEGACY_JOURNAL = { schema: 'drizzle', table: '__drizzle_migrations', migrations: 9 } as const;

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

/**
 * Brings every owner's schema up to date, in the order given (core first, then plugins in
 * `requires` order, so a plugin's foreign keys find the tables they point at).
 *
 * Adoption: an owner whose journal is empty but whose first migration's tables all exist already
 * (a database of the release before, where core created every table) has that baseline marked
 * applied without running it; later migrations then run as usual. Some but not all of them
 * existing is a database nobody can reason about, and stops the start.
 */
export async function runMigrations(db: DbExecutor, owners: readonly MigrationOwner[], apply: ApplyMigrations): Promise<void> {
  await db.execute(sql`create schema if not exists ${sql.identifier(JOURNAL_SCHEMA)}`);
  await checkLegacyJournal(db);
  const files = new Map(owners.map((owner) => [owner.id, readMigrationFiles({ migrationsFolder: owner.folder })]));
  if (await allApplied(db, owners, files)) return;
  for (const owner of owners) {
    const migrations = files.get(owner.id) ?? [];
    await ensureJournal(db, owner.id);
    if (migrations.length > 0 && (await journalIsEmpty(db, owner.id))) await adoptBaseline(db, owner, migrations[0]);
    await apply(db, { migrationsFolder: owner.folder, migrationsTable: owner.id, migrationsSchema: JOURNAL_SCHEMA });
  }
}

/**
 * Whether every owner's journal already holds its newest migration: then the migrator would apply
 * nothing (it applies the migrations newer than the journal's newest) and nothing needs adopting (the
 * journals are not empty), so a restart reads the journals in one query instead of a dozen per owner.
 */
async function allApplied(db: DbExecutor, owners: readonly MigrationOwner[], files: ReadonlyMap<string, readonly MigrationMeta[]>): Promise<boolean> {
  const journals = await rows<{ name: string }>(db, sql`select table_name as name from information_schema.tables where table_schema = ${JOURNAL_SCHEMA}`);
  if (owners.some((owner) => !journals.some((journal) => journal.name === owner.id))) return false;
  if (owners.length === 0) return true;
  const newest = await rows<{ owner: string; created: string | null }>(
    db,
    sql.join(
      owners.map((owner) => sql`select ${owner.id}::text as owner, max(created_at)::text as created from ${sql.identifier(JOURNAL_SCHEMA)}.${sql.identifier(owner.id)}`),
      sql` union all `,
    ),
  );
  return owners.every((owner) => {
    const created = newest.find((row) => row.owner === owner.id)?.created;
    const latest = Math.max(...(files.get(owner.id) ?? []).map((migration) => migration.folderMillis));
    return created != null && (latest === -Infinity || Number(created) >= latest);
  });
}

/** The tables a migration creates, read from its SQL (drizzle-kit writes `CREATE TABLE "name"`). */
export function tablesCreatedBy(migration: Pick<MigrationMeta, 'sql'>): string[] {
  const names: string[] = [];
  for (const statement of migration.sql) {
    for (const match of statement.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(?:"public"\.)?"([^"]+)"/gi)) names.push(match[1]);
  }
  return names;
}

async function adoptBaseline(db: DbExecutor, owner: MigrationOwner, baseline: MigrationMeta): Promise<void> {
  const tables = tablesCreatedBy(baseline);
  if (tables.length === 0) return;
  const existing = await existingTables(db, tables);
  if (existing.length === 0) return;
  if (existing.length < tables.length) {
    const missing = tables.filter((name) => !existing.includes(name));
    throw new MigrationError(
      `The database holds some of ${owner.id}'s tables (${existing.join(', ')}) but not ${missing.join(', ')}: ` +
        'it was not made by a Civic Console release this one can upgrade. Restore a backup or migrate it by hand.',
    );
  }
  await db.execute(
    sql`insert into ${sql.identifier(JOURNAL_SCHEMA)}.${sql.identifier(owner.id)} ("hash", "created_at") values (${baseline.hash}, ${baseline.folderMillis})`,
  );
}

/** A database of the release before must have finished its migrations before it can be adopted. */
async function checkLegacyJournal(db: DbExecutor): Promise<void> {
  const [found] = await rows<{ exists: boolean }>(
    db,
    sql`select to_regclass(${`${LEGACY_JOURNAL.schema}.${LEGACY_JOURNAL.table}`}) is not null as "exists"`,
  );
  if (!found?.exists) return;
  const [counted] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(LEGACY_JOURNAL.schema)}.${sql.identifier(LEGACY_JOURNAL.table)}`);
  if ((counted?.n ?? 0) < LEGACY_JOURNAL.migrations) {
    throw new MigrationError(
      `This database was migrated by an older Civic Console (${counted?.n ?? 0} of ${LEGACY_JOURNAL.migrations} migrations): ` +
        'start release 1.41 on it once, then this one.',
    );
  }
}

async function ensureJournal(db: DbExecutor, owner: string): Promise<void> {
  // The same shape as drizzle's migrator creates, so it can take over from here.
  await db.execute(sql`
    create table if not exists ${sql.identifier(JOURNAL_SCHEMA)}.${sql.identifier(owner)} (
      id serial primary key,
      hash text not null,
      created_at bigint
    )`);
}

async function journalIsEmpty(db: DbExecutor, owner: string): Promise<boolean> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(JOURNAL_SCHEMA)}.${sql.identifier(owner)}`);
  return (row?.n ?? 0) === 0;
}

async function existingTables(db: DbExecutor, names: readonly string[]): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_name in (${sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    )})`,
  );
  return names.filter((name) => found.some((row) => row.name === name));
}

/** PGlite and node-postgres both answer `execute` with `{ rows }`. */
async function rows<T>(db: DbExecutor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
