import { inArray } from 'drizzle-orm';
import { createServer, type CivicServer } from '@civic/core/server/app/create-server';
import { ConfigError } from '@civic/core/server/config/config-error';
import { readPluginSettings } from '@civic/core/server/plugins/plugin-settings';
import { loadConfig } from '@civic/core/server/config/load-config';
import { RepoPaths } from '@civic/core/server/config/repo-paths';
import type { ServerConfig } from '@civic/core/server/config/server-config';
import { DataDirLockedError } from '@civic/core/server/db/data-dir-lock';
import type { Database } from '@civic/core/server/db/database';
import { openDatabase } from '@civic/core/server/db/open-database';
import { users } from '@civic/core/server/db/schema';
import { createLogger, type Logger } from '@civic/core/server/logging/logger';
import type { ServerPlugin } from '@civic/core/server/plugins/server-module';
import { DEMO_USERS } from '@civic/core/server/seed/demo-data';
import { generateDemoPassword, readDemoPassword, storeDemoPassword } from '@civic/core/server/seed/demo-password';
import { isDatabaseEmpty, seedDemo } from '@civic/core/server/seed/seed-demo';
import { importByPath, loadServerPlugins, pluginMigrations, type ModuleImporter } from './load-server-plugins';
import { printBanner, type DemoPasswordSource } from './print-banner';

/** Gives in-flight requests this long to finish on SIGTERM before the process gives up. */
const SHUTDOWN_GRACE_MS = 25_000;

/**
 * The server process (`npm start`, `npm run serve`): configuration → plugins → database (migrated;
 * demo-seeded on a fresh embedded one) → listen. Plugin modules are imported by path (under tsx), or
 * from the prebuilt server bundle, which hands its own importer (host/server/bundle-entry.ts).
 */
export function runServer(importModule: ModuleImporter = importByPath): void {
  main(importModule).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
    } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(`The port is already in use (${(error as Error).message}). Stop the other server or set PORT.\n`);
    } else {
      process.stderr.write(`Civic Console failed to start: ${(error as Error).stack ?? String(error)}\n`);
    }
    process.exit(1);
  });
}

async function main(importModule: ModuleImporter): Promise<void> {
  const config = loadConfigOrExit();
  const log = createLogger(config.logLevel);
  const plugins = await loadServerPlugins(config.profile.plugins, RepoPaths.plugins, importModule);
  exitOnConfigError(() => readPluginSettings(plugins, config.env));
  const database = await openDatabase(config.database, log, pluginMigrations(plugins));
  let server: CivicServer;
  let password: DemoPasswordSource;
  try {
    password = await seedOnFirstEmbeddedStart(config, database, log, plugins);
    server = await createServer(config, { plugins, logger: log, database });
  } catch (error) {
    await database.close();
    throw error;
  }
  handleSignals(server, log);
  const address = await server.app.listen({ port: config.port, host: config.host });
  const url = config.port === 0 ? address.replace(/\/\/[^:]+:/, '//localhost:') : config.publicUrl;
  const demoUsers = await database.db.select({ id: users.id }).from(users).where(inArray(users.email, DEMO_USERS.map((u) => u.email)));
  const otpInLog = config.switches.twoFactor && !config.mail.smtpUrl && database.kind === 'pglite';
  // The demo apps are published when seeded with CIVIC_DEMO_PUBLISHED on (the default); the sharing page is the webchat plugin's.
  const tryIt = config.demoPublished && config.profile.plugins.includes('webchat') && config.profile.plugins.includes('publishing');
  printBanner(url, { accountsExist: demoUsers.length > 0, password, otpInLog, tryIt });
}

function loadConfigOrExit(): ServerConfig {
  return exitOnConfigError(() => loadConfig(process.env));
}

/** Runs a configuration step; a ConfigError (core's variables, or a plugin's settings) stops the start with its message. */
function exitOnConfigError<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** The embedded default seeds itself once; a PostgreSQL database is seeded only by `npm run seed`. */
async function seedOnFirstEmbeddedStart(config: ServerConfig, database: Database, log: Logger, plugins: ServerPlugin[]): Promise<DemoPasswordSource> {
  if (database.kind !== 'pglite') return { kind: 'unknown' };
  if (await isDatabaseEmpty(database.db)) {
    const password = config.demoPassword ?? generateDemoPassword();
    const report = await seedDemo(database.db, { password, profile: config.profile, now: config.now(), plugins, published: config.demoPublished, auditKey: config.keys.auditKey });
    if (!config.demoPassword) storeDemoPassword(config.dataDir, password);
    log.info({ apps: report.createdApps.length, accounts: report.createdUsers.length }, 'demo data seeded');
    return { kind: 'known', password };
  }
  const stored = readDemoPassword(config.dataDir);
  return stored ? { kind: 'known', password: stored } : config.demoPassword ? { kind: 'environment' } : { kind: 'unknown' };
}

function handleSignals(server: CivicServer, log: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

