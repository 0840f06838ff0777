import { SecurityEvents } from '../audit/security-event';
import type { AnyRouteDefinition, RouteAuth, RouteDefinition, RouteOrigin } from './route-definition';
import { MUTATING_METHODS } from './route-definition';

export class RouteDefinitionError extends Error {
  constructor(route: { method?: string; url?: string }, problem: string) {
    super(`Route ${route.method ?? '?'} ${route.url ?? '?'}: ${problem}`);
    this.name = 'RouteDefinitionError';
  }
}

export interface RegisteredRoute {
  definition: AnyRouteDefinition;
  origin: RouteOrigin;
}

/** The add() of a route registry; what core route files and plugin server modules receive. */
export interface RouteAdder {
  add<B = unknown, Q = unknown, R = unknown, A extends RouteAuth = 'session', P extends string | undefined = undefined, Pr = undefined>(
    definition: RouteDefinition<B, Q, R, A, P, Pr>,
  ): void;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const ACTION = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/;

/**
 * Collects every API route before the server starts. A definition that could run unguarded or
 * unaudited is a programming error, so it fails startup here instead of shipping.
 */
export class RouteRegistry {
  private readonly routes: RegisteredRoute[] = [];
  private readonly keys = new Set<string>();

  /** A RouteAdder that stamps routes with their owner (`core` or a plugin id). */
  for(origin: RouteOrigin): RouteAdder {
    return { add: (definition) => this.register(definition as unknown as AnyRouteDefinition, origin) };
  }

  list(): readonly RegisteredRoute[] {
    return this.routes;
  }

  private register(definition: AnyRouteDefinition, origin: RouteOrigin): void {
    if (!definition || typeof definition !== 'object') throw new RouteDefinitionError({}, 'is not an object');
    if (!METHODS.has(definition.method)) throw new RouteDefinitionError(definition, `unknown method "${String(definition.method)}"`);
    const fileOutsideApi = definition.download === true && definition.method === 'GET';
    if (typeof definition.url !== 'string' || !(definition.url.startsWith('/api/') || (fileOutsideApi && /^\/[a-z0-9]/.test(definition.url)))) {
      throw new RouteDefinitionError(definition, 'the url must start with /api/ (GET download routes: any path)');
    }
    if (definition.download === true && definition.redirect === true) throw new RouteDefinitionError(definition, 'cannot be both a download and a redirect');
    if (typeof definition.access !== 'function') {
      throw new RouteDefinitionError(definition, 'declares no access predicate; every route must say who may call it');
    }
    if (typeof definition.handler !== 'function') throw new RouteDefinitionError(definition, 'has no handler');
    if (definition.auth !== undefined && definition.auth !== 'public' && definition.auth !== 'session') {
      throw new RouteDefinitionError(definition, `unknown auth "${String(definition.auth)}"`);
    }
    if (definition.app !== undefined && !definition.url.includes(`:${definition.app}`)) {
      throw new RouteDefinitionError(definition, `names app parameter "${definition.app}", which is not in the url`);
    }
    if (MUTATING_METHODS.has(definition.method)) {
      if (!definition.audit && !definition.unaudited?.trim()) throw new RouteDefinitionError(definition, 'changes data but declares no audit action (or why it is unaudited)');
      if (definition.audit && definition.unaudited) throw new RouteDefinitionError(definition, 'is both audited and unaudited');
    }
    if (definition.audit) {
      if (!ACTION.test(definition.audit.action)) {
        throw new RouteDefinitionError(definition, `audit action "${definition.audit.action}" must be dotted lower-case, e.g. app-settings.update`);
      }
      // The security family (core/server/audit/security-event) is shared: one filter for them all.
      const securityEvent = (Object.values(SecurityEvents) as string[]).includes(definition.audit.action);
      if (origin.owner !== 'core' && !securityEvent && !definition.audit.action.startsWith(`${origin.owner}.`)) {
        throw new RouteDefinitionError(definition, `audit action "${definition.audit.action}" must start with "${origin.owner}." (or be one of the security events)`);
      }
    }
    const key = `${definition.method} ${definition.url.replace(/:[^/]+/g, ':')}`;
    if (this.keys.has(key)) throw new RouteDefinitionError(definition, 'is registered twice');
    this.keys.add(key);
    this.routes.push({ definition, origin });
  }
}
