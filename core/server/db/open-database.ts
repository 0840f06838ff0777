import type { DatabaseTarget } from '../config/server-config';
import { RepoPaths } from '../config/repo-paths';
import type { Logger } from '../logging/logger';
import type { Database } from './database';
import type { MigrationOwner } from './migration-runner';
import { openPglite } from './open-pglite';
import { openPostgres } from './open-postgres';

/** Core's own tables; its journal is `civic_migrations."core"`. */
export const CORE_MIGRATIONS: MigrationOwner = { id: 'core', folder: RepoPaths.migrations };

/**
 * Opens the configured database and brings its schema up to date (same migrations on both): core's
 * first, then each owner given (the enabled plugins' migrations, in `requires` order).
 */
export function openDatabase(target: DatabaseTarget, log: Logger, plugins: readonly MigrationOwner[] = []): Promise<Database> {
  const owners = [CORE_MIGRATIONS, ...plugins];
  return target.kind === 'pglite' ? openPglite(target.dir, owners, log) : openPostgres(target.url, owners, log);
}
