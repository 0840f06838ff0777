import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@civic/core/server/config/load-config';
import { RepoPaths } from '@civic/core/server/config/repo-paths';
import type { MigrationOwner } from '@civic/core/server/db/migration-runner';
import { CORE_MIGRATIONS } from '@civic/core/server/db/open-database';
import { openPglite } from '@civic/core/server/db/open-pglite';
import { BUILT_TEMPLATES, isCluster, makeEmptyTemplate, migratedTemplateDir, type PgliteTemplates } from '@civic/core/server/db/pglite-template';
import { createLogger } from '@civic/core/server/logging/logger';
import { loadServerPlugins, pluginMigrations } from './load-server-plugins';

/**
 * A step of `npm run build`: the clusters a new embedded database is copied from
 * (core/server/db/pglite-template.ts), the empty one and one migrated for each profile's plugins.
 * Kept while their PGlite version and migrations are unchanged; any other cluster there is removed.
 */
export async function buildPgliteTemplates(ownerSets: ReadonlyArray<readonly MigrationOwner[]>, templates: PgliteTemplates = BUILT_TEMPLATES): Promise<{ made: string[]; kept: string[] }> {
  const made: string[] = [];
  const kept: string[] = [];
  const empty = await makeEmptyTemplate(templates);
  const wanted = new Set([empty]);
  for (const owners of ownerSets) {
    const target = migratedTemplateDir(owners, templates);
    wanted.add(target);
    if (isCluster(target)) {
      kept.push(target);
      continue;
    }
    const work = fs.mkdtempSync(path.join(templates.root, '.making-'));
    try {
      const database = await openPglite(path.join(work, 'pglite'), owners, createLogger('silent'), templates);
      await database.close();
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

/** Core's and the enabled plugins' migration owners of every profile in config/profiles. */
export async function profileMigrationOwners(): Promise<MigrationOwner[][]> {
  const sets: MigrationOwner[][] = [];
  for (const file of fs.readdirSync(RepoPaths.profiles).filter((name) => name.endsWith('.json')).sort()) {
    const config = loadConfig({ NODE_ENV: 'production', CIVIC_PROFILE: path.basename(file, '.json'), CIVIC_EPHEMERAL_KEYS: '1' }, { needsKeys: false });
    const plugins = await loadServerPlugins(config.profile.plugins, RepoPaths.plugins);
    sets.push([CORE_MIGRATIONS, ...pluginMigrations(plugins)]);
  }
  return sets;
}
