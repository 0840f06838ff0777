import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { MigrationOwner } from '@civic/core/server/db/migration-runner';
import { RepoPaths } from '@civic/core/server/config/repo-paths';
import { CORE_MIGRATIONS } from '@civic/core/server/db/open-database';
import { openPglite, PGLITE_SHARED_BUFFERS } from '@civic/core/server/db/open-pglite';
import { emptyTemplateDir, migratedTemplateDir } from '@civic/core/server/db/pglite-template';
import type { Logger } from '@civic/core/server/logging/logger';
import { buildPgliteTemplates, profileTemplates, type TemplateSpec } from '../../host/server/build-pglite-templates';

/**
 * A new embedded database is a copy of a cluster the build made for its profile (migrations applied,
 * the server started once: pg-boss's queues), not an initdb, a migration of every table and a queue
 * per job kind at each first start; with other migrations it is a copy of the empty cluster, migrated
 * at start; a folder holding a database is never replaced. The embedded server's buffer pool is the
 * smaller one it is meant to run with.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'civic-templates-'));
const templates = { root };
const profiles = fs.mkdtempSync(path.join(os.tmpdir(), 'civic-profiles-'));
fs.copyFileSync(path.join(RepoPaths.profiles, 'minimal.json'), path.join(profiles, 'minimal.json'));
let minimal: TemplateSpec;
const PLUGIN: MigrationOwner = { id: 'probe', folder: fs.mkdtempSync(path.join(os.tmpdir(), 'civic-probe-migrations-')) };
fs.mkdirSync(path.join(PLUGIN.folder, 'meta'));
fs.writeFileSync(path.join(PLUGIN.folder, '0000_probe.sql'), 'CREATE TABLE "probe" ("id" int PRIMARY KEY);');
fs.writeFileSync(path.join(PLUGIN.folder, 'meta', '_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries: [{ idx: 0, version: '7', when: 1_900_000_000_000, tag: '0000_probe', breakpoints: true }] }));

after(() => {
  for (const dir of [root, profiles, PLUGIN.folder]) fs.rmSync(dir, { recursive: true, force: true });
});

function recordingLog(): { log: Logger; copied: () => string | undefined } {
  const lines: Array<{ template?: string }> = [];
  const log = { info: (fields: { template?: string }) => lines.push(fields) } as unknown as Logger;
  return { log, copied: () => lines.find((fields) => fields.template)?.template };
}

async function open(owners: readonly MigrationOwner[]) {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'civic-data-')), 'pglite');
  const { log, copied } = recordingLog();
  const database = await openPglite(dir, owners, log, templates);
  const tables = (await database.executeSql("select table_name as name from information_schema.tables where table_schema = 'public'")).rows.map((row) => (row as { name: string }).name);
  return { dir, database, copied: copied(), tables };
}

test('the build makes the empty cluster and one per profile, keeps them while unchanged, and removes others', async () => {
  fs.mkdirSync(path.join(root, 'pglite-0.0.1'));
  [minimal] = await profileTemplates(profiles);
  const first = await buildPgliteTemplates([minimal], templates);
  assert.deepEqual(first, { made: [migratedTemplateDir(minimal.owners, templates)], kept: [] });
  assert.deepEqual(fs.readdirSync(root).sort(), [path.basename(emptyTemplateDir(templates)), path.basename(migratedTemplateDir(minimal.owners, templates))].sort());
  assert.deepEqual(await buildPgliteTemplates([minimal], templates), { made: [], kept: first.made });
});

test("a new data folder is a copy of its profile's cluster, job queues included, with the smaller buffer pool", async () => {
  const { database, copied, tables } = await open(minimal.owners);
  try {
    assert.equal(copied, migratedTemplateDir(minimal.owners, templates));
    assert.ok(tables.includes('users') && tables.includes('apps'), tables.join(', '));
    assert.deepEqual((await database.executeSql('select count(*)::int as users from users')).rows, [{ users: 0 }]);
    assert.ok((await database.executeSql('select name from pgboss.queue')).rows.length > 0, "pg-boss's schema and queues");
    const [setting] = (await database.executeSql('show shared_buffers')).rows as Array<{ shared_buffers: string }>;
    assert.equal(setting.shared_buffers, PGLITE_SHARED_BUFFERS);
  } finally {
    await database.close();
  }
});

test('other owners start from the empty cluster and are migrated; a folder holding a database is kept', async () => {
  const { dir, database, copied, tables } = await open([CORE_MIGRATIONS, PLUGIN]);
  try {
    assert.equal(copied, emptyTemplateDir(templates));
    assert.ok(tables.includes('users') && tables.includes('probe'), tables.join(', '));
    await database.executeSql('insert into probe (id) values (7)');
  } finally {
    await database.close();
  }
  const { log, copied: again } = recordingLog();
  const reopened = await openPglite(dir, [CORE_MIGRATIONS, PLUGIN], log, templates);
  try {
    assert.equal(again(), undefined);
    assert.deepEqual((await reopened.executeSql('select id from probe')).rows, [{ id: 7 }]);
  } finally {
    await reopened.close();
  }
});
