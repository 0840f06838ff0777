import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type * as schema from './schema';

export type Schema = typeof schema;

/**
 * What queries run against: the database itself or an open transaction. PGlite and node-postgres
 * share this base type, so services never know which one they talk to.
 */
export type DbExecutor = PgDatabase<PgQueryResultHKT, Schema>;
export type DbTransaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** The open database: a drizzle instance plus the lifecycle of the driver underneath. */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: DbExecutor;
  /** Runs `select 1`; readiness probes call it. */
  ping(): Promise<void>;
  /**
   * Plain SQL for the job queue (pg-boss): parameterised text as one statement, parameterless text
   * may hold several statements (pg-boss sends its schema scripts that way).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Closes connections (and releases the PGlite data-dir lock). Safe to call twice. */
  close(): Promise<void>;
}
