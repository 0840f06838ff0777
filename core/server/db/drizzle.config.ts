import { defineConfig } from 'drizzle-kit';

/**
 * `npm run db:generate` writes SQL migrations beside this file; the server applies the same folder
 * at start on PGlite and PostgreSQL. Paths are relative to the repo root (where npm runs).
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './core/server/db/schema/index.ts',
  out: './core/server/db/migrations',
  strict: true,
  verbose: false,
});
