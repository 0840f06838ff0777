import type pg from 'pg';
import type { Logger } from '../logging/logger';
import type { Database, DbExecutor } from './database';
import { runMigrations, type MigrationOwner } from './migration-runner';
import * as schema from './schema';

/** Any constant shared by every server of a deployment; serialises concurrent migrations. */
const MIGRATION_LOCK_KEY = 7_311_041_003;

/**
 * PostgreSQL by URL. The pool's 'error' listener matters: without it an idle connection dropped by
 * a PostgreSQL restart emits an unhandled 'error' and kills the process. With it, the broken client
 * is discarded and later queries get fresh connections.
 */
export async function openPostgres(url: string, owners: readonly MigrationOwner[], log: Logger): Promise<Database> {
  // Loaded here, not with the server's code: an embedded deployment never needs the PostgreSQL client.
  const [{ default: pg }, { drizzle }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  pool.on('error', (error) => log.warn({ err: error }, 'PostgreSQL connection lost; it will be replaced'));
  try {
    await migrateUnderLock(pool, owners);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  log.info({ database: safeUrl(url) }, 'PostgreSQL ready');
  const db = drizzle({ client: pool, schema });
  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    db: db as unknown as DbExecutor,
    async ping() {
      await pool.query('select 1');
    },
    async executeSql(text, values) {
      // Without values node-postgres uses the simple protocol, which accepts several statements.
      return { rows: (await pool.query(text, values?.length ? values : undefined)).rows };
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}

/** Several servers may start at once against one database: one migrates, the others wait. */
async function migrateUnderLock(pool: pg.Pool, owners: readonly MigrationOwner[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const [{ drizzle }, { migrate }] = await Promise.all([import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator')]);
      const db = drizzle({ client, schema });
      await runMigrations(db as unknown as DbExecutor, owners, (target, config) => migrate(target as unknown as typeof db, config));
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** The URL without its password, for logs. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
