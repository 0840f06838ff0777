import path from 'node:path';

/** The repository root, found from this file so the server runs from any working directory. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

export const RepoPaths = {
  profiles: path.join(REPO_ROOT, 'config/profiles'),
  versionFile: path.join(REPO_ROOT, 'version.json'),
  webRoot: path.join(REPO_ROOT, 'dist/web'),
  /** Empty PGlite clusters made by `npm run build`, copied into a new data folder (db/pglite-template.ts). */
  pgliteTemplates: path.join(REPO_ROOT, 'dist/pglite'),
  migrations: path.join(REPO_ROOT, 'core/server/db/migrations'),
  plugins: path.join(REPO_ROOT, 'plugins'),
} as const;
