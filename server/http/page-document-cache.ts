import { PAGE_CACHE_LIFETIME_MS } from '../domain/page-cache-rule';

/** One page document as it was sent: only what page-document.ts itself set, never a cookie. */
export interface CachedPageDocument {
  readonly status: number;
  /** The compressed (or plain) bytes as sent. */
  readonly body: Buffer;
  /** Content-Encoding of `body`, or null for plain HTML. */
  readonly encoding: string | null;
  /** The render's Server-Timing entry of the first answer (how long the page took to draw). */
  readonly serverTiming: string;
}

interface Entry {
  readonly document: CachedPageDocument;
  readonly storedAt: number;
  /** What the entry counts against `maxBytes`. */
  readonly cost: number;
}

/** What a cache entry costs beside its body: the key, the headers and the map's own bookkeeping. */
const ENTRY_OVERHEAD_BYTES = 512;

/**
 * Anonymous page documents of this process, least recently used first out once `maxBytes` is reached,
 * each sent for at most `lifetimeMs` (PAGE_CACHE_LIFETIME_MS: half the lifetime of the answers the
 * document carries, so the browser always has time to use them). Nothing is shared between processes;
 * `clear()` runs on every catalogue change (here or announced by another process) and every back-office
 * write. Concurrent misses of one key share one render (`pending`). docs/architecture.md «Page
 * documents from a cache».
 */
export class PageDocumentCache {
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, Promise<CachedPageDocument | null>>();
  #bytes = 0;
  /** Bumped by clear(): a render that started before a change is not stored after it. */
  #generation = 0;

  constructor(
    readonly maxBytes: number,
    private readonly lifetimeMs: number = PAGE_CACHE_LIFETIME_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** The entry for `key` while it is fresh (and marks it recently used), else null. */
  get(key: string): CachedPageDocument | null {
    const entry = this.#entries.get(key);
    if (entry === undefined) return null;
    if (this.now() - entry.storedAt >= this.lifetimeMs) {
      this.#drop(key, entry);
      return null;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.document;
  }

  /**
   * Renders `key` once for every concurrent caller: the first caller's `render` runs, the others wait
   * for it. `render` answers the document to store, or null when it must not be stored (a page that
   * missed its content, a 404); a waiting caller that gets null renders its own.
   */
  async share(
    key: string,
    render: () => Promise<CachedPageDocument | null>,
  ): Promise<{ readonly document: CachedPageDocument | null; readonly shared: boolean }> {
    const running = this.#pending.get(key);
    if (running !== undefined) return { document: await running, shared: true };
    const generation = this.#generation;
    const work = render().then((document) => {
      if (document !== null && generation === this.#generation) this.#store(key, document);
      return document;
    });
    this.#pending.set(key, work);
    try {
      return { document: await work, shared: false };
    } finally {
      this.#pending.delete(key);
    }
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#bytes = 0;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  #store(key: string, document: CachedPageDocument): void {
    const cost = document.body.length + key.length * 2 + ENTRY_OVERHEAD_BYTES;
    // One document may take at most an eighth of the cache, so a few large pages cannot empty it.
    if (cost > this.maxBytes / 8) return;
    const previous = this.#entries.get(key);
    if (previous !== undefined) this.#drop(key, previous);
    this.#entries.set(key, { document, storedAt: this.now(), cost });
    this.#bytes += cost;
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#drop(oldestKey, oldest);
    }
  }

  #drop(key: string, entry: Entry): void {
    if (this.#entries.get(key) !== entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.cost;
  }
}
