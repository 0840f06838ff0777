import { defineConfig } from 'drizzle-kit';

/**
 * `npm run db:generate -- <owner>` writes the SQL migrations of one owner of tables: `core`
 * (core/server/db/schema → core/server/db/migrations) or a plugin id
 * (plugins/<id>/server/db/schema.ts → plugins/<id>/server/db/migrations). Each owner is generated
 * and journaled on its own; the server applies core's, then the enabled plugins' in `requires` order,
 * on PGlite and PostgreSQL alike. Paths are relative to the repo root (where npm runs).
 */
const owner = process.env.CIVIC_DB_OWNER || 'core';
if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(owner)) throw new Error(`CIVIC_DB_OWNER must be core or a plugin id, not "${owner}"`);
const folder = owner === 'core' ? './core/server/db' : `./plugins/${owner}/server/db`;

export default defineConfig({
  dialect: 'postgresql',
  schema: owner === 'core' ? `${folder}/schema/index.ts` : `${folder}/schema.ts`,
  out: `${folder}/migrations`,
  strict: true,
  verbose: false,
});
