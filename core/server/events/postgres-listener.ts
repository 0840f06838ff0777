import type pg from 'pg';
import type { Logger } from '../logging/logger';

export interface PostgresListenerOptions {
  /** First wait before reconnecting; doubles up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

/**
 * One dedicated connection that LISTENs on a channel (notifications need a session of their own;
 * a pooled connection would lose the LISTEN when returned). When PostgreSQL restarts or the
 * connection drops, it logs, waits and connects and LISTENs again — never an unhandled 'error',
 * which would end the process. Notifications sent while it was away are lost (NOTIFY is not
 * queued for absent listeners); `onConnected` tells the caller so it can catch up.
 */
export class PostgresListener {
  private client: pg.Client | null = null;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private delay: number;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;
  private connecting: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onMessage: (payload: string) => void,
    private readonly log: Logger,
    private readonly onConnected: (reconnected: boolean) => void = () => undefined,
    options: PostgresListenerOptions = {},
  ) {
    this.retryMs = options.retryMs ?? 500;
    this.maxRetryMs = options.maxRetryMs ?? 5_000;
    this.delay = this.retryMs;
  }

  /** Connects once; resolves when listening (or, when the first attempt fails, after scheduling a retry). */
  start(): Promise<void> {
    return this.connect(false);
  }

  /** True while the LISTEN is in place. */
  get listening(): boolean {
    return this.client !== null;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private connect(reconnect: boolean): Promise<void> {
    this.connecting = (async () => {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 10_000, keepAlive: true });
      let lost = false;
      const drop = (error?: Error) => {
        if (lost) return;
        lost = true;
        if (this.client === client) this.client = null;
        client.end().catch(() => undefined);
        if (this.closed) return;
        this.log.warn({ err: error, channel: this.channel }, 'event listener lost its PostgreSQL connection; reconnecting');
        this.schedule();
      };
      client.on('error', drop);
      client.on('end', () => drop());
      client.on('notification', (message) => {
        if (message.channel === this.channel && message.payload !== undefined) this.onMessage(message.payload);
      });
      try {
        await client.connect();
        await client.query(`LISTEN "${this.channel}"`);
      } catch (error) {
        drop(error as Error);
        return;
      }
      if (this.closed || lost) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.delay = this.retryMs;
      if (reconnect) this.log.info({ channel: this.channel }, 'event listener reconnected');
      this.onConnected(reconnect);
    })().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    const wait = this.delay;
    this.delay = Math.min(this.maxRetryMs, this.delay * 2);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.closed) void this.connect(true);
    }, wait);
    this.timer.unref();
  }
}
