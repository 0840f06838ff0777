import { createServer } from '@civic/core/server/app/create-server';
import { ConfigError } from '@civic/core/server/config/config-error';
import { loadConfig } from '@civic/core/server/config/load-config';
import { RepoPaths } from '@civic/core/server/config/repo-paths';
import { DataDirLockedError } from '@civic/core/server/db/data-dir-lock';
import { createLogger } from '@civic/core/server/logging/logger';
import { SecretSealError } from '@civic/core/server/secrets/secret-sealer';
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

/** What the operator is told: a known problem in words (a secret that will not open: which keys to give), anything else with its stack. */
function explain(error: unknown): string {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) return error.message;
  if (error instanceof SecretSealError) {
    return `Rotation stopped: ${error.message}. Give CIVIC_SECRETS_KEY every key the secrets were sealed with (newest first) and run it again: the secrets re-wrapped so far stay so.`;
  }
  return `Rotation failed: ${(error as Error).stack ?? String(error)}`;
}

rotate().catch((error: unknown) => {
  process.stderr.write(`${explain(error)}\n`);
  process.exit(1);
});
