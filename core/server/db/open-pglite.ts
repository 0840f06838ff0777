import type { PGlite } from '@electric-sql/pglite';
import path from 'node:path';
import type { Logger } from '../logging/logger';
import { DataDirLock } from './data-dir-lock';
import { yieldingClient } from './pglite-turns';
import type { Database, DbExecutor } from './database';
import { runMigrations, type MigrationOwner } from './migration-runner';
import { BUILT_TEMPLATES, copyTemplate, emptyTemplateDir, migratedTemplateDir, type PgliteTemplates } from './pglite-template';
import * as schema from './schema';

/**
 * PostgreSQL's default buffer pool is 128 MB, and PGlite's WebAssembly heap holds all of it from the
 * start: half of it keeps the embedded server's memory after start within its 400 MB budget, and a
 * page beyond it is read back from the operating system's file cache (a copy, not a disk read).
 */
export const PGLITE_SHARED_BUFFERS = '64MB';

/**
 * The embedded default: PostgreSQL in WASM, persisted to a folder. The folder is locked for this
 * process before PGlite touches it; durability stays strict (no relaxedDurability) because this is
 * the only copy of the data. pg_trgm is loaded so that migrations may create trigram indexes (the
 * transcript text search) as on PostgreSQL. A new folder starts as a copy of a cluster made by
 * `npm run build` (db/pglite-template.ts): one these owners' migrations made, else the empty one,
 * else PGlite runs its initdb; the migrations then apply whatever the copy lacks.
 */
export async function openPglite(dir: string, owners: readonly MigrationOwner[], log: Logger, templates: PgliteTemplates = BUILT_TEMPLATES): Promise<Database> {
  const lock = DataDirLock.acquire(path.dirname(dir));
  let client: PGlite | undefined;
  try {
    // Loaded here, not with the server's code: a PostgreSQL deployment never needs PGlite.
    const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const template = copyTemplate(dir, () => [migratedTemplateDir(owners, templates), emptyTemplateDir(templates)]);
    if (template) log.info({ dir, template }, 'new embedded database: a copy of the cluster made by the build');
    client = await PGlite.create(dir, { extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] });
    const shared = yieldingClient(client);
    const db = drizzle({ client: shared, schema });
    await runMigrations(db as unknown as DbExecutor, owners, (target, config) => migrate(target as unknown as typeof db, config));
    log.info({ dir }, 'embedded database (PGlite) ready');
    const opened = client;
    let closing: Promise<void> | undefined;
    return {
      kind: 'pglite',
      db: db as unknown as DbExecutor,
      async ping() {
        await shared.query('select 1');
      },
      async executeSql(text, values) {
        // PGlite's `query` prepares its text, which refuses several statements: those go through `exec`.
        if (values?.length) return { rows: (await shared.query(text, values)).rows };
        const results = await shared.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
      close() {
        closing ??= opened.close().finally(() => lock.release());
        return closing;
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock.release();
    throw error;
  }
}
