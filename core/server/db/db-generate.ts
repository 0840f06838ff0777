import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from '../config/repo-paths';

/**
 * `npm run db:generate -- <owner> [drizzle-kit options]`: runs drizzle-kit for core or one plugin
 * (see drizzle.config.ts), e.g. `npm run db:generate -- knowledge-base --name review_by`.
 */
const [owner, ...rest] = process.argv.slice(2);
if (!owner) {
  process.stderr.write('usage: npm run db:generate -- <core|plugin-id> [--name <migration name>]\n');
  process.exit(2);
}
const result = spawnSync('npx', ['drizzle-kit', 'generate', '--config', 'core/server/db/drizzle.config.ts', ...rest], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
  env: { ...process.env, CIVIC_DB_OWNER: owner },
});
process.exit(result.status ?? 1);
