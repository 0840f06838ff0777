import type { FastifyInstance } from 'fastify';
import { CoreApi } from '@civic/core/common/api-paths';
import type { Database } from '../db/database';

/**
 * Infrastructure endpoints, outside /api and its envelope: load balancers and the footer read them.
 * /healthz: the process answers. /readyz: the database answers too.
 */
export function registerHealthRoutes(app: FastifyInstance, database: Database, version: string): void {
  app.get(CoreApi.version, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { version };
  });
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await database.ping();
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check: database not answering');
      reply.code(503);
      return { status: 'unavailable' };
    }
  });
}
