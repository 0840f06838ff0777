import got, { type Got } from 'got';
import { createServer, type CivicServer } from '@civic/core/server/app/create-server';
import { loadConfig } from '@civic/core/server/config/load-config';
import { RepoPaths } from '@civic/core/server/config/repo-paths';
import type { ServerConfig } from '@civic/core/server/config/server-config';
import { openDatabase } from '@civic/core/server/db/open-database';
import { createLogger } from '@civic/core/server/logging/logger';
import type { ServerModule, ServerPlugin } from '@civic/core/server/plugins/server-module';
import { seedDemo } from '@civic/core/server/seed/seed-demo';
import { loadServerPlugins, pluginMigrations } from '../../../host/server/load-server-plugins';
import { addFixtures, TEST_PASSWORD } from './fixtures';
import { TestClock } from './test-clock';
import { createTestDatabase } from './test-database';
import { TestSmtp } from './test-smtp';
import { signInAs, type SignedInCaller } from './test-callers';

export interface TestServer {
  baseUrl: string;
  /** got bound to the server: JSON, never throws on status, no retries. */
  http: Got;
  server: CivicServer;
  config: ServerConfig;
  clock: TestClock;
  /** The loopback SMTP server, when started with `smtp: true`. */
  smtp?: TestSmtp;
  /** Signs in as a seeded account of that kind (see CALLER_EMAILS) and returns its token. */
  signInAs(caller: SignedInCaller): Promise<string>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment variables for loadConfig (switch overrides…). */
  env?: Record<string, string>;
  /**
   * The enabled plugin ids (default: the profile's), loaded like the host loads them: checked as a
   * set (`requires` met), migrated and mounted in `requires` order. Lets a plugin's tests start the
   * server with only itself and what it requires.
   */
  pluginIds?: readonly string[];
  /** Replaces the plugins outright with modules built by the test (wins over `pluginIds`). */
  plugins?: ServerPlugin[];
  /** Server modules swapped in for the loaded plugins' own, by plugin id (a module built with test hooks). */
  modules?: Readonly<Record<string, ServerModule>>;
  /** Mounted beside the plugins (test-only routes). */
  extraPlugins?: ServerPlugin[];
  /** Path of the built console; default a folder that does not exist. */
  webRoot?: string;
  /** Send mail to a real SMTP server on loopback (default: the outbox table). */
  smtp?: boolean;
  /**
   * Auth requests per IP per minute. Every test comes from 127.0.0.1, so the default is high;
   * the rate-limit test sets the profile's 10.
   */
  authRequestsPerMinute?: number;
  /** Every line the server logs, at every level (default: LOG_LEVEL, silent in tests, to stdout): for tests of what logs must never hold. */
  onLogLine?: (line: string) => void;
  /** Runs on the seeded database before the server starts (e.g. rows left by a killed process). */
  beforeStart?: (db: CivicServer['db']['db'], now: Date) => Promise<void>;
}

/**
 * Two-factor and captcha are on in the default profile; tests that are not about them switch them
 * off here (a test about them passes CIVIC_TWO_FACTOR / CIVIC_CAPTCHA = on). The demo apps start
 * unpublished, as most tests of publishing expect; a test of the published demo passes
 * CIVIC_DEMO_PUBLISHED = on (the deployment default).
 */
const TEST_SWITCHES = { CIVIC_TWO_FACTOR: 'off', CIVIC_CAPTCHA: 'off', CIVIC_DEMO_PUBLISHED: 'off' };

/**
 * Node's test runner fails a file for a promise rejected with no handler, but names only the hook
 * that started the work ("before"), not where it ran: print the stack too, so a failure says which
 * code ran on after the server closed. (The runner's own listener still fails the file.)
 */
process.on('unhandledRejection', (reason) => {
  console.error('Unhandled rejection in a test server:', reason instanceof Error ? reason.stack : reason);
});

/**
 * The real server, in-process, on a fresh database seeded with the demo data (known password) and
 * the test fixtures, listening on a free port. One per test file.
 */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const testDb = await createTestDatabase();
  const clock = new TestClock();
  const smtp = options.smtp ? new TestSmtp() : undefined;
  const smtpUrl = smtp ? await smtp.start() : undefined;
  const env = { NODE_ENV: 'test', CIVIC_DATA_DIR: testDb.dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', CIVIC_PUBLIC_URL: 'https://console.example.gov.sg', ...TEST_SWITCHES, ...(smtpUrl ? { SMTP_URL: smtpUrl, MAIL_FROM: 'Civic Console <no-reply@example.gov.sg>' } : {}), ...options.env };
  const config: ServerConfig = {
    ...loadConfig(env, {
      now: clock.now,
      webRoot: options.webRoot ?? `${testDb.dataDir}/no-web-build`,
    }),
    database: testDb.target,
  };
  config.profile.identity.authRequestsPerMinute = options.authRequestsPerMinute ?? 10_000;
  const { onLogLine } = options;
  const log = onLogLine ? createLogger('trace', { write: (line: string) => onLogLine(line) }) : createLogger(config.logLevel);
  if (options.pluginIds) config.profile.plugins = [...options.pluginIds];
  const loaded = options.plugins ?? (await loadServerPlugins(config.profile.plugins, RepoPaths.plugins));
  const plugins = loaded.map((plugin) => (options.modules?.[plugin.manifest.id] ? { ...plugin, module: options.modules[plugin.manifest.id] } : plugin));
  const database = await openDatabase(config.database, log, pluginMigrations([...plugins, ...(options.extraPlugins ?? [])]));
  await seedDemo(database.db, { password: TEST_PASSWORD, profile: config.profile, now: clock.now(), plugins, published: config.demoPublished, auditKey: config.keys.auditKey });
  await addFixtures(database.db, clock.now());
  await options.beforeStart?.(database.db, clock.now());
  const server = await createServer(config, { plugins: [...plugins, ...(options.extraPlugins ?? [])], logger: log, database });
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  // A hung request still fails, but not a slow one: on a loaded CI machine (two test files to a core,
  // PostgreSQL beside them) six PDF bombs read at once took over 30 s.
  const http = got.extend({ prefixUrl: address, throwHttpErrors: false, retry: { limit: 0 }, responseType: 'json', timeout: { request: 120_000 } });
  return {
    baseUrl: address,
    http,
    server,
    config,
    clock,
    smtp,
    signInAs: (caller) => signInAs(http, caller),
    async close() {
      await server.close();
      await smtp?.stop();
      await testDb.dispose();
    },
  };
}
