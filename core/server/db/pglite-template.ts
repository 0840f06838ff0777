import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { RepoPaths } from '../config/repo-paths';

/**
 * A new embedded database starts as a copy of an empty cluster that `npm run build` made once, in
 * place of PGlite's initdb, which costs seconds of CPU and a second WebAssembly instance every time
 * a data folder is new. The cluster is PGlite's own initdb output (as PGlite would write it into the
 * folder), kept per PGlite version so that a cluster is never started by another version.
 */
export function pgliteTemplateDir(root = RepoPaths.pgliteTemplates): string {
  return path.join(root, `pglite-${pgliteVersion()}`);
}

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Makes the empty cluster unless it is there already; answers whether it made one. */
export async function makePgliteTemplate(template = pgliteTemplateDir()): Promise<boolean> {
  if (fs.existsSync(path.join(template, 'PG_VERSION'))) return false;
  const scratch = `${template}.${process.pid}.tmp`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(scratch), { recursive: true });
  const client = await PGlite.create(scratch);
  await client.close();
  fs.rmSync(template, { recursive: true, force: true });
  fs.renameSync(scratch, template);
  return true;
}

/**
 * Puts a copy of the empty cluster at `dir` when `dir` holds no database yet (missing or empty) and
 * the cluster was made; answers whether it did. The copy is made beside `dir` and renamed into place,
 * so an interrupted copy never leaves a half cluster behind.
 */
export function copyPgliteTemplate(dir: string, template = pgliteTemplateDir()): boolean {
  if (!fs.existsSync(path.join(template, 'PG_VERSION'))) return false;
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) return false;
  const scratch = `${dir}.${process.pid}.tmp`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.cpSync(template, scratch, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(scratch, dir);
  return true;
}
