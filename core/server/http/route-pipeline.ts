import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClassConstructor } from 'class-transformer';
import { isAllowed, type AccessContext } from '@civic/core/common/access';
import { validateDto } from '@civic/core/common/dto/validate';
import { Messages } from '@civic/core/common/messages';
import { isDecommissioned, toAccessApp } from '../apps/app-mappers';
import { findAppRecord, type AppRecord } from '../apps/app-record';
import type { AppRecordCache } from '../apps/app-record-cache';
import type { AuditEntry } from '../audit/audit-entry';
import type { AuditTrail } from '../audit/audit-trail';
import { recordSecurityEvent, SecurityEvents } from '../audit/security-event';
import type { Authenticated, Authenticator } from '../auth/authenticator';
import type { RateLimiter } from '../auth/rate-limiter';
import type { SessionCache } from '../auth/session-cache';
import type { SessionTokens } from '../auth/session-tokens';
import type { ServerConfig } from '../config/server-config';
import type { Database, DbExecutor } from '../db/database';
import { loadFeatureFlags } from '../flags/load-feature-flags';
import { HttpError } from './http-error';
import { hasNul } from './has-nul';
import { MUTATING_METHODS, type AuditNote, type FileDownload, type HandlerContext, type PrepareContext, type RedirectResult, type RequestUser } from './route-definition';
import type { RegisteredRoute } from './route-registry';

export interface PipelineDeps {
  database: Database;
  config: ServerConfig;
  authenticator: Authenticator;
  sessionTokens: SessionTokens;
  rateLimiter: RateLimiter;
  sessionCache: SessionCache;
  appRecords: AppRecordCache;
  audit: AuditTrail;
}

/**
 * The one request path every API route takes: authenticate → load the named app (404 when not
 * visible) → build the AccessContext → access predicate (403) → validate body and query (422) →
 * handler, inside a transaction with its audit row when it changes data → `{ data, token? }`.
 */
export function createRouteHandler(route: RegisteredRoute, deps: PipelineDeps) {
  const { definition: def, origin } = route;
  const mutating = MUTATING_METHODS.has(def.method);

  return async function handle(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const seen: { auth?: Authenticated | null; now?: Date } = {};
    try {
      return await serve(request, reply, seen);
    } catch (error) {
      // A signed-in caller refused (403) is a security event: audited on its own, since the
      // request's transaction (if any) has rolled back. Public routes' 403s are flow answers
      // (activation required, a page the app does not allow), not refusals of a caller.
      if (error instanceof HttpError && error.status === 403 && seen.auth) await auditRefusal(request, seen.auth, seen.now ?? deps.config.now(), error);
      if (def.redirect && def.redirectOnError) {
        request.log.warn({ err: error }, 'redirect route failed');
        return redirectTo(reply, def.redirectOnError(error));
      }
      throw error;
    }
  };

  function redirectTo(reply: FastifyReply, { location, setCookies }: RedirectResult) {
    if (setCookies?.length) reply.header('set-cookie', setCookies);
    return reply.redirect(location, 303);
  }

  async function auditRefusal(request: FastifyRequest, auth: Authenticated, now: Date, error: HttpError): Promise<void> {
    const params = (request.params ?? {}) as Record<string, string>;
    const appId = def.app ? params[def.app] : undefined;
    await recordSecurityEvent(deps.audit, deps.database.db, {
      action: SecurityEvents.forbidden,
      at: now,
      actor: { id: auth.user.id, email: auth.user.email },
      // The app named by the route, as asked for (the caller may see it: a hidden app is a 404).
      appId: appId && !hasNul(appId) ? appId.slice(0, 200) : null,
      target: def.url,
      summary: `refused ${def.method} ${request.url.split('?')[0].slice(0, 300)}: ${error.message}`,
      ip: request.ip,
    }).catch((failure: unknown) => request.log.error({ err: failure }, 'security event not audited'));
  }

  async function serve(request: FastifyRequest, reply: FastifyReply, seen: { auth?: Authenticated | null; now?: Date }): Promise<unknown> {
    const now = deps.config.now();
    seen.now = now;
    const db = deps.database.db;
    const perMinute = deps.config.profile.identity.authRequestsPerMinute;
    if (def.rateLimited && perMinute > 0) {
      const decision = await deps.rateLimiter.hit(`auth:${request.ip}`, perMinute, now);
      if (!decision.allowed) throw HttpError.tooManyRequests(decision.retryAfterSeconds);
    }
    const isPublic = def.auth === 'public';
    if (def.cors && typeof request.headers.origin === 'string') reply.headers({ 'access-control-allow-origin': request.headers.origin, vary: 'Origin' });
    const auth = isPublic
      ? def.optionalAuth && request.headers.authorization
        ? await deps.authenticator.authenticate(request.headers.authorization, now).catch(() => null)
        : null
      : await deps.authenticator.authenticate(request.headers.authorization, now);
    seen.auth = isPublic ? null : auth;
    // An admin-given password must be changed before anything else (§2 guard; identity issue).
    if (auth && !isPublic && !auth.user.hasResetPassword && !def.beforePasswordChange) throw new HttpError(403, Messages.passwordChangeRequired);

    const flags = await loadFeatureFlags(db);
    // A plugin whose feature flag is off does not exist for this request.
    if (origin.featureFlag && flags[origin.featureFlag] !== true) throw HttpError.notFound();

    const params = (request.params ?? {}) as Record<string, string>;
    // A NUL names nothing and cannot be stored: not a 500 from the database.
    if (hasNul(params)) throw HttpError.notFound();
    if (hasNul(request.query) || hasNul(request.body)) throw HttpError.invalid([Messages.invalidRequest]);
    const findApp = def.cachedApp ? (appId: string) => deps.appRecords.load(db, appId) : (appId: string) => findAppRecord(db, appId);
    const app = def.app ? await loadVisibleApp(findApp, params[def.app], isPublic ? null : auth) : null;
    const access: AccessContext = {
      user: auth ? { id: auth.user.id, isPlatformAdmin: auth.user.isPlatformAdmin, permissions: auth.user.permissions, authLevel: auth.user.authLevel } : null,
      app: app ? toAccessApp(app) : null,
      flags,
      switches: deps.config.switches,
      subscriberAppIds: deps.config.profile.subscriberAppIds,
    };
    if (!isAllowed(def.access(access))) throw HttpError.forbidden();
    // A decommissioned app is read-only for its members: no edits, invites, publishes or exports.
    // Platform admins still manage it (restore it, for one).
    if (app && auth && !isPublic && !auth.user.isPlatformAdmin && (mutating || def.download) && isDecommissioned(app, now)) {
      throw new HttpError(403, Messages.appDecommissioned);
    }

    const body: unknown = def.body ? validated(def.body, request.body) : undefined;
    const query: unknown = def.query ? validated(def.query, request.query) : {};

    const note: AuditNote = {};
    const base = {
      body,
      query,
      params,
      user: auth?.user ?? null,
      app,
      access,
      now,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      origin: typeof request.headers.origin === 'string' ? request.headers.origin : undefined,
      authorization: request.headers.authorization,
      cookies: parseCookies(request.headers.cookie),
      requestUrl: request.url,
      log: request.log,
      audit: (more: AuditNote) => void Object.assign(note, more),
    };
    // Before the transaction: a slow read here must not hold the database (PGlite has one connection).
    const prepared: unknown = def.prepare ? await def.prepare({ ...base, db } as unknown as PrepareContext) : undefined;
    const run = async (executor: DbExecutor) => {
      const ctx = { ...base, prepared, db: executor } as HandlerContext;
      const result: unknown = await def.handler(ctx);
      if (mutating && !def.unaudited) await deps.audit.append(executor, auditEntry(ctx, result, note, auth?.user ?? null, request));
      return result;
    };
    const result = mutating && def.transaction !== false ? await db.transaction((tx) => run(tx)) : await run(db);
    // Any committed change may have touched a session, an account (a role, a revocation, a
    // deactivation) or an app: this process forgets its copies so the next request sees it. Citizen
    // chat traffic (public and unaudited) changes none of them.
    if (mutating && !(isPublic && def.unaudited)) {
      deps.sessionCache.invalidateAll();
      deps.appRecords.invalidateAll();
    }

    if (def.redirect) return redirectTo(reply, result as RedirectResult);
    // A cached answer may depend on the calling page (cors routes check it): caches key it by Origin.
    if (def.cacheSeconds) reply.headers({ 'cache-control': `public, max-age=${def.cacheSeconds}`, vary: 'Origin' });
    reply.code(def.status ?? 200);
    if (def.download) return sendDownload(reply, result as FileDownload);
    if (def.envelope === false) return result;
    const token = auth && !isPublic ? await renewedToken(auth, now) : undefined;
    return token ? { data: result ?? {}, token } : { data: result ?? {} };
  }

  function auditEntry(ctx: HandlerContext, result: unknown, note: AuditNote, user: RequestUser | null, request: FastifyRequest): AuditEntry {
    const spec = def.audit;
    const actor = note.actor ?? (user ? { id: user.id, email: user.email } : null);
    return {
      at: ctx.now,
      actorId: actor?.id ?? null,
      actorEmail: actor?.email ?? 'anonymous',
      appId: note.appId !== undefined ? note.appId : (ctx.app?.appId ?? null),
      action: spec?.action ?? `${origin.owner}.${def.method.toLowerCase()}`,
      target: note.target !== undefined ? note.target : (spec?.target?.(ctx, result) ?? ctx.app?.appId ?? null),
      summary: note.summary ?? spec?.summary?.(ctx, result) ?? `${def.method} ${request.url.split('?')[0]}`,
      ip: request.ip,
      details: note.details ?? spec?.details?.(ctx, result) ?? null,
    };
  }

  async function renewedToken(auth: Authenticated, now: Date): Promise<string | undefined> {
    const policy = def.renewToken ?? 'auto';
    if (policy === 'never') return undefined;
    if (policy === 'auto' && !deps.sessionTokens.shouldRenew(auth.token, now)) return undefined;
    const { sessionId: _sessionId, ...user } = auth.user;
    return deps.sessionTokens.issue(user, auth.session, now);
  }
}

/** A download route's answer: its bytes (or stream) with a safe file name; never cached. */
function sendDownload(reply: FastifyReply, file: FileDownload): FastifyReply {
  const fileName = file.fileName.replace(/[^A-Za-z0-9._-]/g, '_') || 'download';
  reply.header('content-type', file.contentType);
  reply.header('content-disposition', `${file.disposition ?? 'attachment'}; filename="${fileName}"`);
  reply.header('cache-control', 'no-store');
  const data = file.data;
  const body = typeof data === 'string' || Buffer.isBuffer(data) ? data : data instanceof Uint8Array ? Buffer.from(data) : data instanceof Readable ? data : Readable.from(data);
  return reply.send(body);
}

/** The app, if the caller may know it exists: a role on it, or platform admin. Else 404, never 403. */
async function loadVisibleApp(find: (appId: string) => Promise<AppRecord | undefined>, appId: string | undefined, auth: Authenticated | null): Promise<AppRecord> {
  const app = appId ? await find(appId) : undefined;
  if (!app) throw HttpError.notFound();
  if (auth && !auth.user.isPlatformAdmin && auth.user.permissions[app.appId] === undefined) throw HttpError.notFound();
  return app;
}

function validated<T extends object>(cls: ClassConstructor<T>, plain: unknown): T {
  if (plain !== undefined && plain !== null && (typeof plain !== 'object' || Array.isArray(plain))) {
    throw HttpError.invalid([Messages.invalidRequest]);
  }
  const outcome = validateDto(cls, plain ?? {}, { forbidUnknown: true });
  if (outcome.messages.length > 0) throw HttpError.invalid(outcome.messages, outcome.fields);
  return outcome.value;
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      cookies[part.slice(0, eq).trim()] = decodeURIComponent(raw);
    } catch {
      // A malformed cookie is ignored, not a 500.
    }
  }
  return cookies;
}
