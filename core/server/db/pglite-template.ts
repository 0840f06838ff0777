import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { RepoPaths } from '../config/repo-paths';
import type { MigrationOwner } from './migration-runner';

/**
 * A new embedded database starts as a copy of a cluster that `npm run build` made once, in place of
 * PGlite's initdb (seconds of CPU and a second WebAssembly instance) and of the first migration of
 * every table: the empty cluster is PGlite's own initdb output, as PGlite would write it into the
 * folder; a migrated one is that cluster after `openPglite` migrated it for one set of owners (a
 * profile's). Each is named by PGlite's version (and the migrations' hash), so a copy is only ever
 * of a cluster this PGlite made with exactly these migrations; anything else starts from initdb.
 */
export interface PgliteTemplates {
  /** The folder holding the clusters (dist/pglite). */
  root: string;
}

export const BUILT_TEMPLATES: PgliteTemplates = { root: RepoPaths.pgliteTemplates };

export function emptyTemplateDir(templates: PgliteTemplates = BUILT_TEMPLATES): string {
  return path.join(templates.root, `pglite-${pgliteVersion()}`);
}

export function migratedTemplateDir(owners: readonly MigrationOwner[], templates: PgliteTemplates = BUILT_TEMPLATES): string {
  const migrations = owners.map((owner) => [owner.id, readMigrationFiles({ migrationsFolder: owner.folder }).map((m) => [m.hash, m.folderMillis])]);
  const hash = crypto.createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 16);
  return `${emptyTemplateDir(templates)}-${hash}`;
}

function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

export function isCluster(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'PG_VERSION'));
}

/** Makes the empty cluster (PGlite's initdb) unless it is there already. */
export async function makeEmptyTemplate(templates: PgliteTemplates = BUILT_TEMPLATES): Promise<string> {
  const target = emptyTemplateDir(templates);
  if (!isCluster(target)) {
    await intoPlace(target, async (scratch) => {
      const { PGlite } = await import('@electric-sql/pglite');
      const client = await PGlite.create(scratch);
      await client.close();
    });
  }
  return target;
}

/**
 * Makes `target` in a scratch folder beside it, then renames it into place, so that an interrupted
 * build never leaves half a cluster where a start would copy it.
 */
export async function intoPlace(target: string, make: (scratch: string) => Promise<void>): Promise<void> {
  const scratch = `${target}.${process.pid}.tmp`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(scratch), { recursive: true });
  try {
    await make(scratch);
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(scratch, target);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Puts a copy of the first of `candidates` that exists at `dir` when `dir` holds no database yet
 * (missing or empty); answers the copied cluster, or undefined (PGlite then runs its initdb).
 */
export function copyTemplate(dir: string, candidates: () => readonly string[]): string | undefined {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) return undefined;
  const template = candidates().find(isCluster);
  if (!template) return undefined;
  const scratch = `${dir}.${process.pid}.tmp`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.cpSync(template, scratch, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(scratch, dir);
  return template;
}
