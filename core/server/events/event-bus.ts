import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DomainEvent, EventPayload } from '@civic/core/common/events';
import type { DbExecutor } from '../db/database';
import type { Logger } from '../logging/logger';
import { afterCommit } from './after-commit';
import { PostgresListener } from './postgres-listener';

/** Where an event came from, as a handler sees it. */
export interface EventMeta {
  /** True when this process published it; false when it came from another server process. */
  local: boolean;
}

export type EventHandler<P extends EventPayload> = (payload: P, meta: EventMeta) => void | Promise<void>;

/** What plugins get as `api.events`. */
export interface DomainEvents {
  /**
   * Publishes an event. Given a transaction, it is delivered only once that commits (never for a
   * rolled-back change); given the database, at once. Keep payloads to ids: at most 1 KB of JSON.
   */
  publish<P extends EventPayload>(executor: DbExecutor, event: DomainEvent<P>, payload: P): Promise<void>;
  /** Runs `handler` for every such event, from this process and (on PostgreSQL) the others. Returns an unsubscribe. */
  subscribe<P extends EventPayload>(event: DomainEvent<P>, handler: EventHandler<P>): () => void;
}

/** The one notification channel of the deployment. */
export const EVENT_CHANNEL = 'civic_events';
export const MAX_PAYLOAD_BYTES = 1024;

interface Wire {
  /** The publishing process (it delivered already and skips its own notification). */
  o: string;
  e: string;
  p: EventPayload;
}

export interface EventBusOptions {
  /** PostgreSQL URL: events also go to and come from other server processes. Absent: in-process only (PGlite). */
  postgresUrl?: string;
  /** Called after the listener reconnects: notifications sent meanwhile were lost. */
  onReconnect?: () => void;
}

/**
 * The domain event bus. Delivery in this process is direct (after commit). On PostgreSQL every
 * event is also a NOTIFY sent inside the publishing transaction — PostgreSQL sends it on commit
 * and drops it on rollback — and a dedicated LISTEN connection hands other processes' events to
 * this one's subscribers. Handler errors are logged; they never reach the publisher.
 */
export class EventBus implements DomainEvents {
  readonly origin = randomUUID();
  private readonly handlers = new Map<string, Set<EventHandler<EventPayload>>>();
  private readonly listener: PostgresListener | null;
  /** Handlers' promises not settled yet (stop waits for them). */
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly log: Logger,
    private readonly options: EventBusOptions = {},
  ) {
    this.listener = options.postgresUrl
      ? new PostgresListener(options.postgresUrl, EVENT_CHANNEL, (text) => this.receive(text), log, (reconnected) => {
          if (reconnected) this.options.onReconnect?.();
        })
      : null;
  }

  /** Starts listening for other processes' events (PostgreSQL only). */
  async start(): Promise<void> {
    await this.listener?.start();
  }

  /**
   * Stops delivering (events published from now on reach no handler) and waits for the handlers
   * still running: the server closes the database after this, and a handler's query must not come
   * after it.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.listener?.close();
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** True when events cross processes (PostgreSQL) and the LISTEN connection is up. */
  get listening(): boolean {
    return this.listener?.listening ?? false;
  }

  async publish<P extends EventPayload>(executor: DbExecutor, event: DomainEvent<P>, payload: P): Promise<void> {
    const wire: Wire = { o: this.origin, e: event.name, p: payload };
    const text = JSON.stringify(wire);
    if (Buffer.byteLength(JSON.stringify(payload)) > MAX_PAYLOAD_BYTES) {
      throw new Error(`Event ${event.name}: payload over ${MAX_PAYLOAD_BYTES} bytes (send ids, not content)`);
    }
    const deliver = () => this.deliver(event.name, payload, { local: true });
    const queued = afterCommit(executor, deliver);
    // Inside the transaction: PostgreSQL sends it with the commit, or never.
    if (this.listener) await executor.execute(sql`select pg_notify(${EVENT_CHANNEL}, ${text})`);
    if (!queued) setImmediate(deliver);
  }

  subscribe<P extends EventPayload>(event: DomainEvent<P>, handler: EventHandler<P>): () => void {
    let set = this.handlers.get(event.name);
    if (!set) {
      set = new Set();
      this.handlers.set(event.name, set);
    }
    const entry = handler as EventHandler<EventPayload>;
    set.add(entry);
    return () => void set.delete(entry);
  }

  private receive(text: string): void {
    let wire: Wire;
    try {
      wire = JSON.parse(text) as Wire;
    } catch {
      this.log.warn({ channel: EVENT_CHANNEL }, 'unreadable event notification ignored');
      return;
    }
    if (wire.o === this.origin || typeof wire.e !== 'string') return;
    this.log.debug({ event: wire.e, payload: wire.p }, 'event from another server process');
    this.deliver(wire.e, wire.p ?? {}, { local: false });
  }

  private deliver(name: string, payload: EventPayload, meta: EventMeta): void {
    if (this.stopped) return;
    for (const handler of this.handlers.get(name) ?? []) {
      const fail = (error: unknown) => this.log.error({ err: error, event: name }, 'event handler failed');
      try {
        const result = handler(payload, meta);
        if (result && typeof (result as Promise<void>).then === 'function') {
          const running = Promise.resolve(result as Promise<void>).catch(fail);
          this.running.add(running);
          void running.finally(() => this.running.delete(running));
        }
      } catch (error) {
        fail(error);
      }
    }
  }
}
