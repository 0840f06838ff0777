import { ConfigError } from '@civic/core/server/config/config-error';
import { loadConfig } from '@civic/core/server/config/load-config';
import { DataDirLockedError } from '@civic/core/server/db/data-dir-lock';
import { openDatabase } from '@civic/core/server/db/open-database';
import { safeUrl } from '@civic/core/server/db/open-postgres';
import { createLogger } from '@civic/core/server/logging/logger';
import { DEMO_USERS } from '@civic/core/server/seed/demo-data';
import { generateDemoPassword, readDemoPassword, storeDemoPassword } from '@civic/core/server/seed/demo-password';
import { seedDemo } from '@civic/core/server/seed/seed-demo';
import { RepoPaths } from '@civic/core/server/config/repo-paths';
import { loadServerPlugins, pluginMigrations } from './load-server-plugins';

/**
 * `npm run seed`: adds the demo data to the configured database (embedded or DATABASE_URL),
 * creating only what is missing. Accounts that already exist keep their password.
 */
async function seed(): Promise<void> {
  const config = loadConfig(process.env, { needsKeys: false });
  const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const embedded = config.database.kind === 'pglite';
  const remembered = embedded ? readDemoPassword(config.dataDir) : undefined;
  const password = config.demoPassword ?? remembered ?? generateDemoPassword();
  const plugins = await loadServerPlugins(config.profile.plugins, RepoPaths.plugins);
  const database = await openDatabase(config.database, log, pluginMigrations(plugins));
  try {
    const report = await seedDemo(database.db, { password, profile: config.profile, now: config.now(), plugins, published: config.demoPublished, auditKey: config.keys.auditKey });
    if (embedded && !config.demoPassword && report.createdUsers.length > 0) storeDemoPassword(config.dataDir, password);
    const where = config.database.kind === 'pglite' ? config.database.dir : safeUrl(config.database.url);
    const lines = [`Demo data in ${where}: ${report.createdApps.length} apps and ${report.createdUsers.length} accounts added.`];
    if (report.createdUsers.length > 0) {
      const width = Math.max(...report.createdUsers.map((email) => email.length));
      const describe = (email: string) => DEMO_USERS.find((u) => u.email === email)?.description ?? '';
      lines.push('New demo accounts:', ...report.createdUsers.map((email) => `  ${email.padEnd(width)}  ${describe(email)}`));
      lines.push(`Password: ${config.demoPassword ? '(the value of CIVIC_DEMO_PASSWORD)' : password}`);
    } else {
      lines.push('The demo accounts already existed; their passwords are unchanged.');
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await database.close();
  }
}

seed().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError;
  process.stderr.write(`${known ? (error as Error).message : `Seeding failed: ${(error as Error).stack ?? String(error)}`}\n`);
  process.exit(1);
});
