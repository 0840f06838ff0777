import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { DbExecutor } from './database';
import { runMigrations, type ApplyMigrations, type MigrationOwner } from './migration-runner';

const client = await PGlite.create();
const db = drizzle({ client }) as unknown as DbExecutor;
const folders: string[] = [];
after(async () => {
  await client.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** A drizzle-kit output folder with the given migrations (tag → SQL), dated in the order given. */
function owner(id: string, migrations: Record<string, string>): MigrationOwner {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `civic-migrations-${id}-`));
  folders.push(folder);
  writeJournal(folder, migrations);
  return { id, folder };
}

function writeJournal(folder: string, migrations: Record<string, string>): void {
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const entries = Object.entries(migrations).map(([tag, text], idx) => {
    fs.writeFileSync(path.join(folder, `${tag}.sql`), text);
    return { idx, version: '7', when: 1_700_000_000_000 + idx, tag, breakpoints: true };
  });
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
}

/** drizzle's migrator, noting which owners it was run for. */
function recording(): { apply: ApplyMigrations; ran: string[] } {
  const ran: string[] = [];
  return { ran, apply: (target, config) => (ran.push(config.migrationsTable), migrate(target as never, config)) };
}

async function tables(): Promise<string[]> {
  const result = (await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

test('a restart with every migration applied runs no migrator; a new migration of one owner is applied', async () => {
  const first = owner('first', { '0000_a': 'CREATE TABLE "a" ("id" int PRIMARY KEY);' });
  const second = owner('second', { '0000_b': 'CREATE TABLE "b" ("id" int PRIMARY KEY);' });

  const fresh = recording();
  await runMigrations(db, [first, second], fresh.apply);
  assert.deepEqual(fresh.ran, ['first', 'second']);
  assert.deepEqual(await tables(), ['a', 'b']);

  const restart = recording();
  await runMigrations(db, [first, second], restart.apply);
  assert.deepEqual(restart.ran, []);

  writeJournal(second.folder, { '0000_b': 'CREATE TABLE "b" ("id" int PRIMARY KEY);', '0001_c': 'CREATE TABLE "c" ("id" int PRIMARY KEY);' });
  const upgrade = recording();
  await runMigrations(db, [first, second], upgrade.apply);
  assert.deepEqual(upgrade.ran, ['first', 'second']);
  assert.deepEqual(await tables(), ['a', 'b', 'c']);

  const third = owner('third', { '0000_d': 'CREATE TABLE "d" ("id" int PRIMARY KEY);' });
  const enabled = recording();
  await runMigrations(db, [first, second, third], enabled.apply);
  assert.deepEqual(enabled.ran, ['first', 'second', 'third']);
  assert.deepEqual(await tables(), ['a', 'b', 'c', 'd']);
});
