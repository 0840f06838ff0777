import type { DomainEvent, EventPayload } from '@civic/core/common/events';
import type { DomainEvents } from '@civic/core/server/events/event-bus';
import type { HandlerContext } from '@civic/core/server/http/route-definition';
import type { RouteAdder } from '@civic/core/server/http/route-registry';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes added through the returned adder publish `event` after each successful change — inside
 * the request's transaction, so it is delivered after the commit and never for a refused or
 * rolled-back request. Reads pass through untouched; `payloadOf` returning null publishes nothing.
 * For a plugin whose every change is one kind of change (e.g. its app's draft content).
 */
export function publishOnChange<P extends EventPayload>(
  routes: RouteAdder,
  events: DomainEvents,
  event: DomainEvent<P>,
  payloadOf: (ctx: HandlerContext) => P | null,
): RouteAdder {
  return {
    add(definition) {
      if (!MUTATING.has(definition.method)) return routes.add(definition);
      const handler = definition.handler as (ctx: HandlerContext) => unknown;
      routes.add({
        ...definition,
        handler: (async (ctx: HandlerContext) => {
          const result = await handler(ctx);
          const payload = payloadOf(ctx);
          if (payload) await events.publish(ctx.db, event, payload);
          return result;
        }) as typeof definition.handler,
      });
    },
  };
}
