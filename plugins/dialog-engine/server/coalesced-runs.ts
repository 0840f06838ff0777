/**
 * One run at a time per key, and at most one more after it: a request while the key's run goes on
 * only marks the key dirty, and when the run ends one more starts, however many requests came
 * meanwhile. That last run starts after the last request, so it sees what that request changed.
 * A run's failure goes to `failed`; the next request runs again.
 */
export class CoalescedRuns {
  private readonly dirty = new Map<string, boolean>();
  private stopped = false;
  private readonly draining = new Set<Promise<void>>();

  constructor(
    private readonly run: (key: string) => Promise<unknown>,
    private readonly failed: (error: unknown, key: string) => void,
  ) {}

  request(key: string): void {
    if (this.stopped) return;
    const going = this.dirty.has(key);
    this.dirty.set(key, true);
    if (!going) {
      const drained = this.drain(key);
      this.draining.add(drained);
      void drained.finally(() => this.draining.delete(drained));
    }
  }

  /** No run starts any more; resolves when the runs going have ended. */
  stop(): Promise<void> {
    this.stopped = true;
    this.dirty.clear();
    return Promise.allSettled([...this.draining]).then(() => undefined);
  }

  private async drain(key: string): Promise<void> {
    while (!this.stopped && this.dirty.get(key)) {
      this.dirty.set(key, false);
      await this.run(key).catch((error: unknown) => this.failed(error, key));
    }
    this.dirty.delete(key);
  }
}
