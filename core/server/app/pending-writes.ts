import type { Logger } from '../logging/logger';

/** Writes a write-behind buffer holds back from the request path; resolves once they are stored. */
export type PendingFlush = () => Promise<void>;

/**
 * The write-behind buffers of one server (plugins' `api.onFlush`, e.g. the dialog engine's
 * transcripts): flushed together when the server closes, after its in-flight requests and before the
 * database closes, so a graceful stop (SIGTERM) loses none of them; and on `CivicServer.flushPending()`.
 * With them, the stops of plugins' background work (`api.onClose`): called first when the server closes.
 */
export class PendingWrites {
  private readonly flushes: Array<{ owner: string; flush: PendingFlush }> = [];
  private readonly stops: Array<{ owner: string; stop: () => void | Promise<void> }> = [];

  constructor(private readonly log: Logger) {}

  add(owner: string, flush: PendingFlush): void {
    this.flushes.push({ owner, flush });
  }

  /** Runs every flush; one failing does not stop the others. Rejects with the first failure. */
  async flushAll(): Promise<void> {
    const outcomes = await Promise.allSettled(this.flushes.map(({ flush }) => flush()));
    const failures = outcomes.flatMap((outcome, i) => (outcome.status === 'rejected' ? [{ owner: this.flushes[i].owner, error: outcome.reason as unknown }] : []));
    for (const { owner, error } of failures) this.log.error({ err: error, owner }, 'pending writes not stored');
    if (failures.length > 0) throw failures[0].error;
  }

  addStop(owner: string, stop: () => void | Promise<void>): void {
    this.stops.push({ owner, stop });
  }

  /** Runs every stop (timers cleared, loops ended); a failing one is logged and does not stop the others. */
  async stopAll(): Promise<void> {
    const outcomes = await Promise.allSettled(this.stops.map(async ({ stop }) => stop()));
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'rejected') this.log.error({ err: outcome.reason as unknown, owner: this.stops[i].owner }, 'background work not stopped');
    });
  }
}

/** What plugins asked to do once the server runs (`api.onStarted`): each once, a failure logged, not thrown. */
export class StartTasks {
  private readonly tasks: Array<{ owner: string; task: () => Promise<void> }> = [];

  constructor(private readonly log: Logger) {}

  add(owner: string, task: () => Promise<void>): void {
    this.tasks.push({ owner, task });
  }

  async runAll(): Promise<void> {
    const tasks = this.tasks.splice(0);
    for (const { owner, task } of tasks) {
      await task().catch((error: unknown) => this.log.warn({ err: error, owner }, 'a plugin\'s start-up work failed'));
    }
  }
}
