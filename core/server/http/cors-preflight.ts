import type { FastifyReply, FastifyRequest } from 'fastify';
import { originAllowed } from '@civic/core/common/identity';
import { findAppRecord } from '../apps/app-record';
import type { DbExecutor } from '../db/database';
import { hasNul } from './has-nul';
import type { AnyRouteDefinition } from './route-definition';

/**
 * The browser's preflight for a cross-origin route: a yes (204 with the CORS headers) only for a page
 * the route's app allows — its allowed sites, or the console itself; a route naming no app allows the
 * console only. Any other page gets a 403 with no CORS headers, so its browser sends nothing.
 */
export function corsPreflight(definition: AnyRouteDefinition, db: DbExecutor, consoleUrl: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const origin = request.headers.origin;
    const params = (request.params ?? {}) as Record<string, string>;
    const appId = definition.app ? params[definition.app] : undefined;
    const app = appId && !hasNul(appId) ? await findAppRecord(db, appId) : undefined;
    if (typeof origin !== 'string' || !originAllowed(origin, consoleUrl, app?.allowedDomains ?? [])) return reply.code(403).send();
    reply.headers({
      'access-control-allow-origin': origin,
      vary: 'Origin',
      'access-control-allow-methods': definition.method,
      'access-control-allow-headers': 'content-type, authorization',
      'access-control-max-age': '600',
    });
    return reply.code(204).send();
  };
}
