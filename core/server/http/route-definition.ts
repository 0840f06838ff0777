import type { ClassConstructor } from 'class-transformer';
import type { AccessContext, AccessPredicate } from '@civic/core/common/access';
import type { SessionUser } from '@civic/core/common/model/user';
import type { Readable } from 'node:stream';
import type { AppRecord } from '../apps/app-record';
import type { AuditDetails } from '../audit/audit-entry';
import type { DbExecutor } from '../db/database';
import type { Logger } from '../logging/logger';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `session` (default): a valid bearer token and a live session are required. */
export type RouteAuth = 'public' | 'session';

/** The signed-in caller, loaded fresh from the database for this request. */
export interface RequestUser extends SessionUser {
  sessionId: string;
}

/** Fields a handler may set on the audit row of its request. */
export interface AuditNote {
  summary?: string;
  target?: string | null;
  appId?: string | null;
  /** For requests that establish who the actor is (sign-in). */
  actor?: { id: string; email: string };
  /** Before/after of the change, shown in the audit trail's detail (plain JSON). */
  details?: AuditDetails;
}

/** What a handler receives. `user` and `app` are typed by the route's `auth` and `app` options. */
export interface HandlerContext<B = unknown, Q = unknown, A extends RouteAuth = RouteAuth, P extends string | undefined = string | undefined, Pr = undefined> {
  body: B;
  /** What the route's `prepare` answered (undefined without one). */
  prepared: Pr;
  query: Q;
  params: Readonly<Record<string, string>>;
  user: A extends 'public' ? RequestUser | null : RequestUser;
  /** The app named by the route's `app` parameter; visible to the caller, already access-checked. */
  app: P extends string ? AppRecord : null;
  access: AccessContext;
  /** The request's transaction on mutating routes: use it, not a database of your own. */
  db: DbExecutor;
  /** Request time from the server's (injectable) clock. */
  now: Date;
  ip: string;
  /** The User-Agent header (sessions list their device). */
  userAgent: string | undefined;
  /** The Origin header (public cross-origin routes check it against the app's allowed domains). */
  origin: string | undefined;
  /** The raw Authorization header: public routes that take a step token (OTP) verify it themselves. */
  authorization: string | undefined;
  /** Cookies of the request (only the SSO flow uses one). */
  cookies: Readonly<Record<string, string>>;
  /** Path and query as requested (the SSO callback hands it to the OIDC client). */
  requestUrl: string;
  log: Logger;
  /** Adds to the audit row written when a mutating request succeeds. */
  audit(note: AuditNote): void;
}

/** What a route's `prepare` receives: the checked request, the database outside any transaction, no audit. */
export type PrepareContext<B = unknown, Q = unknown, A extends RouteAuth = RouteAuth, P extends string | undefined = string | undefined> = Omit<HandlerContext<B, Q, A, P>, 'prepared' | 'audit'>;

export interface AuditSpec<C, R> {
  /** Dotted and prefixed by the owner (`auth.login`, `app-settings.update`). */
  action: string;
  target?(ctx: C, result: R): string | null;
  summary?(ctx: C, result: R): string;
  /** Before/after for the detail view; `ctx.app` still holds the app as it was before the handler. */
  details?(ctx: C, result: R): AuditDetails | undefined;
}

/**
 * What a `download: true` route's handler returns: sent as the body with these headers instead of
 * JSON. `data` may be a stream or an async iterable of chunks (sent as they come).
 */
export interface FileDownload {
  /** Letters, digits, dot, dash and underscore; anything else is replaced by `_`. */
  fileName: string;
  contentType: string;
  data: string | Buffer | Uint8Array | Readable | AsyncIterable<string | Buffer | Uint8Array>;
  /** `attachment` (default: saved) or `inline` (opened by the browser, e.g. a PDF in a new tab). */
  disposition?: 'attachment' | 'inline';
}

/** `auto`: renew when half the token's life has passed; `always`: extend-session; `never`: logout. */
export type TokenRenewal = 'auto' | 'always' | 'never';

/**
 * One API route. `access` is required: the guard evaluates it over the request's AccessContext
 * before validation and the handler run. Mutating routes must also say how they are audited.
 */
export interface RouteDefinition<
  B = unknown,
  Q = unknown,
  R = unknown,
  A extends RouteAuth = 'session',
  P extends string | undefined = undefined,
  Pr = undefined,
> {
  method: HttpMethod;
  /** Fastify pattern under /api/, e.g. `/api/v1/apps/:appId/settings`. */
  url: string;
  access: AccessPredicate;
  /**
   * Id of the named permission `access` was declared as (docs/api.md lists it). The core sets it
   * when it narrows a plugin route's `access` by the plugin's predicate; leave it out.
   */
  permission?: string;
  auth?: A;
  /** Name of the path parameter holding an app id: the app is loaded, 404 if not visible. */
  app?: P;
  /** class-validator DTO for the JSON body (unknown fields refused → 422). */
  body?: ClassConstructor<B>;
  /** class-validator DTO for the query string (unknown parameters refused → 422). */
  query?: ClassConstructor<Q>;
  /** Required on POST/PUT/PATCH/DELETE. */
  audit?: AuditSpec<HandlerContext<B, Q, A, P>, R>;
  /**
   * A mutating method that is deliberately not audited, with the reason (a search sent as POST; the
   * citizens' chat, whose record is the transcripts). Still runs in one transaction.
   */
  unaudited?: string;
  /**
   * Mutating routes run in one transaction with their audit row (default). `false` for routes that
   * must persist something even when they answer an error (sign-in failure counters).
   */
  transaction?: boolean;
  /** Success status; 200 by default. */
  status?: number;
  /** `false` sends the handler's result as is instead of `{ data, token? }` (Unleash shape). */
  envelope?: boolean;
  renewToken?: TokenRenewal;
  /** Counts against the per-IP limit of the auth routes (profile.identity.authRequestsPerMinute). */
  rateLimited?: boolean;
  /** Public answers that caches may keep this many seconds (default: no-store, like every API answer). */
  cacheSeconds?: number;
  /**
   * The `app` may come from this process's copy, at most APP_CACHE_MS (2 s) old; a change committed
   * through this process applies at once. For citizen traffic (the chat), which reads it on every call.
   */
  cachedApp?: boolean;
  /**
   * Callable by a signed-in user who still has to change an admin-given password
   * (hasResetPassword false). Every other session route answers them 403 until they do.
   */
  beforePasswordChange?: boolean;
  /**
   * Full-page navigation routes (SSO): the handler returns a RedirectResult and the answer is a
   * 303 to its location instead of JSON.
   */
  redirect?: boolean;
  /**
   * Redirect routes: where any failure (a refusal before the handler such as too many requests, the
   * provider unreachable) sends the browser. It is on a full page navigation, where a JSON error
   * would be the whole page.
   */
  redirectOnError?(error: unknown): RedirectResult;
  /**
   * File routes: the handler returns a FileDownload, sent as is (no envelope, no token renewal).
   * GET download routes may live outside /api/ (a public guide at /help/guide.pdf).
   */
  download?: boolean;
  /** One line for the API reference. */
  description?: string;
  /**
   * Public routes only: a valid bearer token, when one is sent, sets `ctx.user` (an invalid one is
   * ignored). The app named by `app` is still loaded as for anyone.
   */
  optionalAuth?: boolean;
  /** Callable from other origins (the embedded chat widget): CORS headers and an OPTIONS preflight. */
  cors?: boolean;
  /** A smaller request-body limit in bytes than the server's default. */
  bodyLimit?: number;
  /**
   * Slow work on the request's input (reading an uploaded file on a worker) that must not hold the
   * request's transaction open: it runs after access and validation, before the transaction, and
   * the handler gets its answer as `ctx.prepared`. A refusal thrown here is the request's answer.
   */
  prepare?(ctx: PrepareContext<B, Q, A, P>): Promise<Pr>;
  handler(ctx: HandlerContext<B, Q, A, P, Pr>): R | Promise<R>;
}

/** What a `redirect: true` route's handler returns. */
export interface RedirectResult {
  location: string;
  /** Set-Cookie header values. */
  setCookies?: string[];
}

/** A route of any types, as the registry stores it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- erasure point of the typed definitions
export type AnyRouteDefinition = RouteDefinition<any, any, any, RouteAuth, string | undefined, any>;

/** Where a route came from; plugin routes also answer 404 while their feature flag is off. */
export interface RouteOrigin {
  owner: string;
  featureFlag?: string;
}

export const MUTATING_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
