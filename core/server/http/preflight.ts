import type { FastifyInstance } from 'fastify';
import type { RegisteredRoute } from './route-registry';

/**
 * CORS preflight for `crossOrigin` routes that browsers on other origins call with a JSON body
 * (embed scripts posting chat messages). It only says what the route accepts; the route's handler
 * still decides which origins it serves, and its answer carries Access-Control-Allow-Origin.
 */
export function registerPreflights(app: FastifyInstance, routes: readonly RegisteredRoute[]): void {
  const methods = new Map<string, Set<string>>();
  for (const { definition } of routes) {
    if (!definition.crossOrigin) continue;
    const set = methods.get(definition.url) ?? new Set<string>();
    set.add(definition.method);
    methods.set(definition.url, set);
  }
  for (const [url, allowed] of methods) {
    if (![...allowed].some((m) => m !== 'GET')) continue;
    app.route({
      method: 'OPTIONS',
      url,
      handler: async (request, reply) => {
        reply.headers({
          'access-control-allow-origin': request.headers.origin ?? '*',
          'access-control-allow-methods': [...allowed, 'OPTIONS'].join(', '),
          'access-control-allow-headers': 'content-type, authorization',
          'access-control-max-age': '600',
          vary: 'Origin',
        });
        return reply.code(204).send();
      },
    });
  }
}
