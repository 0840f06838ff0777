import fs from 'node:fs';
import path from 'node:path';
import { createServer } from '@civic/core/server/app/create-server';
import { loadConfig } from '@civic/core/server/config/load-config';
import { RepoPaths } from '@civic/core/server/config/repo-paths';
import type { Database } from '@civic/core/server/db/database';
import type { MigrationOwner } from '@civic/core/server/db/migration-runner';
import { CORE_MIGRATIONS } from '@civic/core/server/db/open-database';
import { openPglite } from '@civic/core/server/db/open-pglite';
import { BUILT_TEMPLATES, isCluster, makeEmptyTemplate, migratedTemplateDir, type PgliteTemplates } from '@civic/core/server/db/pglite-template';
import { createLogger } from '@civic/core/server/logging/logger';
import { loadServerPlugins, pluginMigrations } from './load-server-plugins';

export interface TemplateSpec {
  owners: readonly MigrationOwner[];
  /** Runs on the migrated cluster (opened in `dataDir`/pglite) before it is kept; may close it. */
  prepare?: (database: Database, dataDir: string) => Promise<void>;
}

/**
 * A step of `npm run build`: the clusters a new embedded database is copied from
 * (core/server/db/pglite-template.ts), the empty one and one migrated for each profile's plugins.
 * Kept while their PGlite version and migrations are unchanged; any other cluster there is removed.
 */
export async function buildPgliteTemplates(specs: readonly TemplateSpec[], templates: PgliteTemplates = BUILT_TEMPLATES): Promise<{ made: string[]; kept: string[] }> {
  const made: string[] = [];
  const kept: string[] = [];
  const empty = await makeEmptyTemplate(templates);
  const wanted = new Set([empty]);
  for (const { owners, prepare } of specs) {
    const target = migratedTemplateDir(owners, templates);
    wanted.add(target);
    if (isCluster(target)) {
      kept.push(target);
      continue;
    }
    const work = fs.mkdtempSync(path.join(templates.root, '.making-'));
    try {
      const database = await openPglite(path.join(work, 'pglite'), owners, createLogger('silent'), templates);
      try {
        await prepare?.(database, work);
      } finally {
        await database.close();
      }
      fs.renameSync(path.join(work, 'pglite'), target);
      made.push(target);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  for (const name of fs.readdirSync(templates.root)) {
    if (!wanted.has(path.join(templates.root, name))) fs.rmSync(path.join(templates.root, name), { recursive: true, force: true });
  }
  return { made, kept };
}

/**
 * One cluster per profile in config/profiles: core's and its plugins' migrations, then the server
 * started on it once with no data and stopped, so that what a first start creates besides the tables
 * (pg-boss's schema and a queue per job kind) is made here, not at each new folder's first start.
 */
export async function profileTemplates(profilesDir = RepoPaths.profiles): Promise<TemplateSpec[]> {
  const specs: TemplateSpec[] = [];
  for (const file of fs.readdirSync(profilesDir).filter((name) => name.endsWith('.json')).sort()) {
    const env = (dataDir: string) => ({ NODE_ENV: 'production', CIVIC_PROFILE: path.basename(file, '.json'), CIVIC_EPHEMERAL_KEYS: '1', CIVIC_DATA_DIR: dataDir });
    const { profile } = loadConfig(env(RepoPaths.pgliteTemplates), { needsKeys: false, profilesDir });
    const plugins = await loadServerPlugins(profile.plugins, RepoPaths.plugins);
    specs.push({
      owners: [CORE_MIGRATIONS, ...pluginMigrations(plugins)],
      async prepare(database, dataDir) {
        const server = await createServer(loadConfig(env(dataDir), { profilesDir }), { plugins, logger: createLogger('silent'), database });
        await server.close();
      },
    });
  }
  return specs;
}
