import { createServer } from '@civic/core/server/app/create-server';
import { ConfigError } from '@civic/core/server/config/config-error';
import { loadConfig } from '@civic/core/server/config/load-config';
import { RepoPaths } from '@civic/core/server/config/repo-paths';
import { DataDirLockedError } from '@civic/core/server/db/data-dir-lock';
import { createLogger } from '@civic/core/server/logging/logger';
import { loadServerPlugins } from './load-server-plugins';

/**
 * `npm run secrets:rotate`: re-wraps every sealed secret (the stores the enabled plugins register)
 * to the newest key of CIVIC_SECRETS_KEY, in batches of their own transaction. Stopped half-way it
 * can simply be run again: values already under the newest key are skipped. Once it reports 0
 * remaining, the older keys may be removed from CIVIC_SECRETS_KEY.
 */
async function rotate(): Promise<void> {
  const config = loadConfig(process.env);
  const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const plugins = await loadServerPlugins(config.profile.plugins, RepoPaths.plugins);
  const server = await createServer(config, { plugins, logger: log });
  try {
    const report = await server.secrets.rotateAll(server.db.db, {
      onBatch: (store, count) => process.stdout.write(`${store}: ${count} re-wrapped\n`),
    });
    const lines = Object.entries(report).map(([store, count]) => `  ${store}: ${count} re-wrapped`);
    process.stdout.write(`Every sealed secret is now under key ${server.secrets.currentKeyId}.\n${lines.join('\n') || '  (no sealed stores are enabled)'}\n`);
  } finally {
    await server.close();
  }
}

rotate().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError;
  process.stderr.write(`${known ? (error as Error).message : `Rotation failed: ${(error as Error).stack ?? String(error)}`}\n`);
  process.exit(1);
});
