/**
 * A small in-process cache for catalogue reads. The catalogue is read-mostly, and PGlite serves one
 * query at a time, so repeating a listing's seven queries for every visitor would cap throughput;
 * entries expire after `ttlMs` and everything is dropped by `clear()` when the catalogue changes.
 * Least recently used entries go first once `maxEntries` is reached.
 */
export class ReadCache {
  private readonly entries = new Map<
    string,
    { readonly expiresAt: number; readonly value: Promise<unknown> }
  >();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Returns the cached value for `key`, or loads it once (concurrent callers share one load). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.maxEntries <= 0) return load();
    const time = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > time) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    const value = load();
    this.entries.set(key, { expiresAt: time + this.ttlMs, value });
    // A failed load must not stay cached.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
