/**
 * What an event may carry: a few ids and flags, never content. Across server processes it travels
 * as a PostgreSQL notification (at most ~8 KB), and a receiver reads what it needs from the database.
 */
export type EventPayload = Readonly<Record<string, string | number | boolean | null>>;

/** A typed event descriptor: the name on the wire, the payload type for publishers and subscribers. */
export interface DomainEvent<P extends EventPayload = EventPayload> {
  readonly name: string;
  /** Type-only: never set at run time. */
  readonly payloadType?: P;
}

const EVENT_NAME = /^[a-z][a-zA-Z0-9-]*(\.[a-z][a-zA-Z0-9-]*)+$/;

/**
 * Declares an event: `defineEvent<{ appId: string }>('knowledge.changed')`. The descriptor lives in
 * the emitting plugin's `contract/events.ts`; publishers and subscribers both import it.
 */
export function defineEvent<P extends EventPayload>(name: string): DomainEvent<P> {
  if (!EVENT_NAME.test(name)) throw new Error(`Event name "${name}" must be dotted words (e.g. knowledge.changed)`);
  return Object.freeze({ name });
}
