import type { DatabaseTarget } from '../config/server-config';
import { RepoPaths } from '../config/repo-paths';
import type { Logger } from '../logging/logger';
import type { Database } from './database';
import { openPglite } from './open-pglite';
import { openPostgres } from './open-postgres';

/** Opens the configured database and brings its schema up to date (same migrations on both). */
export function openDatabase(target: DatabaseTarget, log: Logger, migrationsFolder = RepoPaths.migrations): Promise<Database> {
  return target.kind === 'pglite' ? openPglite(target.dir, migrationsFolder, log) : openPostgres(target.url, migrationsFolder, log);
}
