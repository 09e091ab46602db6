/**
 * A small in-process cache for catalogue reads. The catalogue is read-mostly, and PGlite serves one
 * query at a time, so repeating a listing's seven queries for every visitor would cap throughput;
 * entries expire after `ttlMs` and everything is dropped by `clear()` when the catalogue changes.
 * Least recently used entries go first once `maxEntries` is reached, or once the answers held weigh more
 * than `maxBytes` (CACHE_MB; docs/operations.md): entries count, not bytes, would let a few thousand
 * large listings hold hundreds of MB (issue 27, item 6). An answer is weighed when it arrives, by
 * `sizeOf` (its JSON's length in UTF-8 bytes by default); one heavier than the whole bound is not kept.
 */
export class ReadCache {
  private readonly entries = new Map<
    string,
    { readonly expiresAt: number; readonly value: Promise<unknown>; bytes: number }
  >();
  private heldBytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxBytes: number = Number.POSITIVE_INFINITY,
    private readonly sizeOf: (value: unknown) => number = jsonBytes,
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
    if (hit) this.remove(key);
    const value = load();
    const entry = { expiresAt: time + this.ttlMs, value, bytes: 0 };
    this.entries.set(key, entry);
    value.then(
      (answer) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes = this.sizeOf(answer);
        this.heldBytes += entry.bytes;
        this.evict();
      },
      // A failed load must not stay cached.
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    this.evict();
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.heldBytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The weight of the answers held (what `maxBytes` bounds). */
  get bytes(): number {
    return this.heldBytes;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.heldBytes -= entry.bytes;
    this.entries.delete(key);
  }

  /** Least recently used first, until both bounds hold. */
  private evict(): void {
    while (this.entries.size > this.maxEntries || this.heldBytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }
}

function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '');
}
