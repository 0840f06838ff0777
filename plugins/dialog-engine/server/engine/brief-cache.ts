/**
 * Reads that change rarely and are made on every chat message (which published version production
 * points at, an app's engine configuration), kept per key for at most `maxAgeMs`. `drop` forgets a
 * key at once — called when an event says it changed, on every server process — and a read that was
 * under way when it was dropped is not kept (it may have read the old value).
 */
export class BriefCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(key: string, read: () => Promise<V>): Promise<V> {
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.maxAgeMs) return hit.value;
    const generation = this.generations.get(key) ?? 0;
    const value = await read();
    if ((this.generations.get(key) ?? 0) === generation) this.entries.set(key, { value, at: now });
    return value;
  }

  drop(key: string): void {
    this.entries.delete(key);
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
  }

  /** Forgets every key that starts with `prefix`. */
  dropPrefix(prefix: string): void {
    for (const key of [...this.entries.keys(), ...this.generations.keys()]) if (key.startsWith(prefix)) this.drop(key);
  }
}
