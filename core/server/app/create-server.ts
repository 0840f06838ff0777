import crypto from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { registerAuthRoutes } from '../auth/auth-routes';
import { Authenticator } from '../auth/authenticator';
import { LoginFailureCounter } from '../auth/login-failure-counter';
import { LoginNonceStore } from '../auth/login-nonce-store';
import { LoginService } from '../auth/login-service';
import { SessionStore } from '../auth/session-store';
import { SessionTokens } from '../auth/session-tokens';
import { TokenService } from '../auth/token-service';
import type { ServerConfig } from '../config/server-config';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open-database';
import { handleError } from '../http/error-handler';
import { registerJsonBodyParser } from '../http/json-body-parser';
import { createRouteHandler } from '../http/route-pipeline';
import { RouteRegistry } from '../http/route-registry';
import { registerSecurityHeaders } from '../http/security-headers';
import { registerStaticSite } from '../http/static-site';
import { createLogger, type Logger } from '../logging/logger';
import { mountPlugins } from '../plugins/mount-plugins';
import type { ServerPlugin } from '../plugins/server-module';
import { registerAppRoutes } from '../routes/app-routes';
import { registerConsoleRoutes } from '../routes/console-routes';
import { registerHealthRoutes } from '../routes/health-routes';
import { readVersion } from './read-version';

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
}

export interface CivicServer {
  app: FastifyInstance;
  db: Database;
  log: Logger;
  routes: readonly MountedRoute[];
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The Fastify app with every core and plugin route mounted, ready to listen. The database is
 * opened and migrated here; it closes with the app.
 */
export async function createServer(config: ServerConfig, options: CreateServerOptions = {}): Promise<CivicServer> {
  const log = options.logger ?? createLogger(config.logLevel);
  const database = options.database ?? (await openDatabase(config.database, log));
  try {
    const { app, routes } = await buildApp(config, database, options.plugins ?? [], log);
    let closing: Promise<void> | undefined;
    return {
      app,
      db: database,
      log,
      routes,
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
): Promise<{ app: FastifyInstance; routes: MountedRoute[] }> {
  const version = readVersion(config.versionFile);
  const app = Fastify({
    // Typed as Fastify's base logger so the instance keeps the default generics plugins expect.
    loggerInstance: log as FastifyBaseLogger,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // Slow or stuck clients must not hold a connection for ever.
    requestTimeout: 400_000,
    return503OnClosing: true,
  });

  registerSecurityHeaders(app);
  registerJsonBodyParser(app);
  app.setErrorHandler((error, request, reply) => handleError(error as Error, request, reply));

  const db = database.db;
  const tokens = new TokenService(config.keys.tokenPrivateKey, config.keys.tokenPublicKey, config.now);
  const sessions = new SessionStore(db, config.profile.session);
  const sessionTokens = new SessionTokens(tokens, sessions.idleMs);
  const authenticator = new Authenticator(db, tokens, sessions);
  const login = new LoginService(db, config.keys.loginKey, new LoginNonceStore(db), new LoginFailureCounter(db, config.profile.lockout), sessions, sessionTokens);

  const registry = new RouteRegistry();
  const core = registry.for({ owner: 'core' });
  registerAuthRoutes(core, { config, login, sessions });
  registerConsoleRoutes(core, config, version);
  registerAppRoutes(core);
  await mountPlugins(registry, plugins, config, log);

  const deps = { database, config, authenticator, sessionTokens };
  for (const route of registry.list()) {
    app.route({ method: route.definition.method, url: route.definition.url, handler: createRouteHandler(route, deps) });
  }
  registerHealthRoutes(app, database, version);
  await registerStaticSite(app, config.webRoot, log);

  await app.ready();
  // Sessions past their cap are of no further use; tidy once at start (cheap, indexed).
  await sessions.prune(config.now()).catch((error: unknown) => log.warn({ err: error }, 'session pruning failed'));
  const routes = registry.list().map(({ definition, origin }) => ({
    method: definition.method,
    url: definition.url,
    owner: origin.owner,
    auth: definition.auth ?? 'session',
  }));
  return { app, routes };
}
