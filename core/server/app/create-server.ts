import crypto from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { permissionId } from '@civic/core/common/access';
import { registerAuthRoutes } from '../auth/auth-routes';
import { Authenticator } from '../auth/authenticator';
import { createIdentity } from '../auth/identity';
import { LoginService } from '../auth/login-service';
import { registerPasswordRoutes } from '../auth/password-routes';
import { registerProfileRoutes } from '../auth/profile-routes';
import { pruneIdentityRows } from '../auth/prune-identity';
import { registerSecondFactorRoutes } from '../auth/second-factor-routes';
import { registerUnlockRoutes } from '../auth/unlock-routes';
import { registerSignupRoutes } from '../auth/signup-routes';
import { registerSsoRoutes } from '../auth/sso-routes';
import { SecretSealer } from '../secrets/secret-sealer';
import { SsoRealms } from '../auth/sso-realms';
import { CoreApi } from '@civic/core/common/api-paths';
import type { ServerConfig } from '../config/server-config';
import { trustHops } from '../config/trusted-proxies';
import { corsPreflight } from '../http/cors-preflight';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open-database';
import { EventBus, trackCommits } from '../events';
import { handleError } from '../http/error-handler';
import { registerJsonBodyParser } from '../http/json-body-parser';
import { createRouteHandler } from '../http/route-pipeline';
import { RouteRegistry } from '../http/route-registry';
import { registerSecurityHeaders } from '../http/security-headers';
import { registerStaticSite } from '../http/static-site';
import { createLogger, type Logger } from '../logging/logger';
import { AppLifecycle } from '../apps/app-lifecycle';
import { AppRecordCache } from '../apps/app-record-cache';
import { AuditTrail } from '../audit/audit-trail';
import { JobRunner } from '../jobs/job-runner';
import { mountPlugins } from '../plugins/mount-plugins';
import type { ServerPlugin } from '../plugins/server-module';
import { registerAppRoutes } from '../routes/app-routes';
import { registerConsoleRoutes } from '../routes/console-routes';
import { registerHealthRoutes } from '../routes/health-routes';
import { registerOpenApiRoute } from '../routes/openapi-routes';
import { UserAdmin } from '../users/user-admin';
import { PendingWrites, StartTasks } from './pending-writes';
import { readVersion } from './read-version';
import { loadCommonPasswords } from '@civic/core/common/identity';

export interface CreateServerOptions {
  /** Enabled plugins, already validated and imported by the host. */
  plugins?: readonly ServerPlugin[];
  logger?: Logger;
  /** An already open database (tests that seed before starting); otherwise opened from config. */
  database?: Database;
}

/** One mounted API route, for tests and the API reference. */
export interface MountedRoute {
  method: string;
  url: string;
  owner: string;
  auth: 'public' | 'session';
  /** Path parameter naming the app the route acts on, if any. */
  app?: string;
  /** Class names of the body and query DTOs. */
  body?: string;
  query?: string;
  /** Id of the named permission the route's `access` is (`definePermission`), if it is one. */
  permission?: string;
  description?: string;
}

export interface CivicServer {
  app: FastifyInstance;
  db: Database;
  log: Logger;
  routes: readonly MountedRoute[];
  /** The sealed secret store's keys and the plugin tables registered with it (`npm run secrets:rotate`). */
  secrets: SecretSealer;
  /**
   * Writes what the write-behind buffers hold now (plugins' `onFlush`, the rate-limit counts, the
   * sessions' "last seen" marks): what a test calls before reading rows a request just wrote.
   */
  flushPending(): Promise<void>;
  /** Stops accepting, lets in-flight requests finish, writes what is pending, then closes the database. */
  close(): Promise<void>;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The Fastify app with every core and plugin route mounted, ready to listen. The database is
 * opened and migrated here; it closes with the app.
 */
export async function createServer(config: ServerConfig, options: CreateServerOptions = {}): Promise<CivicServer> {
  const log = options.logger ?? createLogger(config.logLevel);
  // Password rules refuse common passwords only once the list is in memory: load it before any request.
  const commonPasswords = loadCommonPasswords();
  const database = options.database ?? (await openDatabase(config.database, log, (options.plugins ?? []).flatMap((plugin) => (plugin.migrations ? [plugin.migrations] : []))));
  await commonPasswords;
  try {
    const secrets = new SecretSealer(config.keys.secretKeyRing);
    const { app, routes, flushPending } = await buildApp(config, database, options.plugins ?? [], log, secrets);
    let closing: Promise<void> | undefined;
    return {
      app,
      db: database,
      log,
      routes,
      secrets,
      flushPending,
      close: () => (closing ??= app.close().finally(() => database.close())),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function buildApp(
  config: ServerConfig,
  database: Database,
  plugins: readonly ServerPlugin[],
  log: Logger,
  secrets: SecretSealer,
): Promise<{ app: FastifyInstance; routes: MountedRoute[]; flushPending: () => Promise<void> }> {
  const version = readVersion(config.versionFile);
  const app = Fastify({
    // Typed as Fastify's base logger so the instance keeps the default generics plugins expect.
    loggerInstance: log as FastifyBaseLogger,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    // A hop count as proxy-addr reads one: the `hops` nearest addresses are proxies.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Slow or stuck clients must not hold a connection for ever.
    requestTimeout: 400_000,
    return503OnClosing: true,
    // One line per request (below), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request completed');
    done();
  });

  registerSecurityHeaders(app);
  registerJsonBodyParser(app);
  app.setErrorHandler((error, request, reply) => handleError(error as Error, request, reply));

  const audit = new AuditTrail({ auditKey: config.keys.auditKey, checkpointFile: config.auditCheckpoint.file, log: log.child({ component: 'audit' }), now: config.now });
  const identity = createIdentity(config, database, log, audit);
  const { sessions, sessionTokens, rateLimiter, sessionCache } = identity;
  const authenticator = new Authenticator(identity.tokens, sessions, sessionCache);
  const login = new LoginService(identity);

  const registry = new RouteRegistry();
  const core = registry.for({ owner: 'core' });
  const ssoRealms = new SsoRealms(config.sso, `${config.publicUrl}${CoreApi.ssoCallback}`, log.child({ component: 'sso' }));
  let ssoMounted = false;
  registerAuthRoutes(core, { config, login, identity, ssoEnabled: async (db) => ssoMounted && (await ssoRealms.realm(db)) !== undefined });
  registerSecondFactorRoutes(core, identity, login);
  registerSignupRoutes(core, identity);
  registerPasswordRoutes(core, identity);
  registerUnlockRoutes(core, identity);
  registerProfileRoutes(core, identity);
  registerConsoleRoutes(core, config, version);
  registerAppRoutes(core);
  registerOpenApiRoute(core, () => registry.list(), version);
  const appLifecycle = new AppLifecycle();
  const jobs = new JobRunner(database, log.child({ component: 'jobs' }), config.now);
  // Every transaction opened through the database can then deliver its events after commit.
  trackCommits(database.db);
  const events = new EventBus(log.child({ component: 'events' }), { postgresUrl: config.database.kind === 'postgres' ? config.database.url : undefined });
  const pendingWrites = new PendingWrites(log.child({ component: 'pending-writes' }));
  const startTasks = new StartTasks(log.child({ component: 'start-tasks' }));
  await mountPlugins(registry, plugins, { config, log, users: new UserAdmin(identity), apps: appLifecycle, jobs, events, db: database.db, audit, secrets, ssoRealms, mail: identity.mailer, pendingWrites, startTasks });
  // SSO is mounted when the environment names a realm, or a plugin's provider answers one at start
  // (the SSO realm credential); after that a changed realm applies to the next sign-in.
  if (config.sso || (await ssoRealms.realm(database.db))) {
    registerSsoRoutes(core, identity, login, ssoRealms);
    ssoMounted = true;
  }

  const deps = { database, config, authenticator, sessionTokens, rateLimiter, sessionCache, appRecords: new AppRecordCache(() => config.now().getTime()), audit };
  for (const route of registry.list()) {
    const { method, url, bodyLimit, cors } = route.definition;
    app.route({ method, url, bodyLimit, handler: createRouteHandler(route, deps) });
    // Cross-origin routes answer the browser's preflight for the pages their app allows; the route checks the origin again.
    if (cors) app.options(url, corsPreflight(route.definition, database.db, config.publicUrl));
  }
  registerHealthRoutes(app, database, version);
  await registerStaticSite(app, config.webRoot, log);

  app.addHook('onClose', async () => {
    // The in-flight requests have finished. No plugin timer starts new work from now on; what the
    // requests left in write-behind buffers is written now.
    await pendingWrites.stopAll();
    await pendingWrites.flushAll().catch(() => undefined);
    await audit.stop();
    await jobs.stop();
    // Handlers of events still running (a job's, a request's after its commit) finish before the database closes.
    await events.stop();
    // Pending "last seen" marks are written before the database closes.
    await sessionCache.close();
    await rateLimiter.flush();
  });
  await app.ready();
  // Sessions past their cap are of no further use; tidy once at start (cheap, indexed).
  await sessions.prune(config.now()).catch((error: unknown) => log.warn({ err: error }, 'session pruning failed'));
  await pruneIdentityRows(database.db, config.now()).catch((error: unknown) => log.warn({ err: error }, 'sign-in housekeeping failed'));
  await events.start();
  await jobs.start();
  await startTasks.runAll();
  // The head of the audit trail, signed, outside the table: deleted newest rows then show.
  audit.start(database.db, config.auditCheckpoint.everyMinutes);
  const routes = registry.list().map(({ definition, origin }) => ({
    method: definition.method,
    url: definition.url,
    owner: origin.owner,
    auth: definition.auth ?? 'session',
    app: definition.app,
    body: definition.body?.name,
    query: definition.query?.name,
    permission: definition.permission ?? permissionId(definition.access),
    description: definition.description,
  }));
  const flushPending = async () => {
    await Promise.all([pendingWrites.flushAll(), sessionCache.flush(), rateLimiter.flush()]);
  };
  return { app, routes, flushPending };
}
