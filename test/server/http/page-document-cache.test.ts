import { describe, expect, it } from 'vitest';
import { type CachedPageDocument, PageDocumentCache } from '../../../server/http/page-document-cache';

const documentOf = (bytes: number, text = 'x'): CachedPageDocument => ({
  status: 200,
  body: Buffer.alloc(bytes, text),
  encoding: 'br',
  serverTiming: 'render;dur=12;desc="drawn"',
});

/** Stores `document` under `key` through the cache's one entrance. */
async function store(cache: PageDocumentCache, key: string, document: CachedPageDocument | null) {
  return cache.share(key, async () => document);
}

describe('the page document cache (server/http/page-document-cache.ts)', () => {
  it('answers a stored document until its lifetime is over', async () => {
    const clock = { now: 1_000 };
    const cache = new PageDocumentCache(1024 * 1024, 30_000, () => clock.now);
    await store(cache, 'a', documentOf(100));
    expect(cache.get('a')?.body.length).toBe(100);
    clock.now += 29_999;
    expect(cache.get('a')).not.toBeNull();
    clock.now += 1;
    expect(cache.get('a')).toBeNull();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('stays within its bytes, dropping the least recently used first', async () => {
    const cache = new PageDocumentCache(64 * 1024);
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f']) await store(cache, key, documentOf(7_000, key));
    expect(cache.bytes).toBeLessThanOrEqual(64 * 1024);
    // Reading «a» makes it the most recent: the next stores push out others first.
    expect(cache.get('a')).not.toBeNull();
    for (const key of ['g', 'h', 'i', 'j']) await store(cache, key, documentOf(7_000, key));
    expect(cache.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(cache.get('a')).not.toBeNull();
    expect(cache.get('b')).toBeNull();
    expect(cache.get('j')?.body[0]).toBe('j'.charCodeAt(0));
  });

  it('never stores what the render refused, nor a document larger than an eighth of it', async () => {
    const cache = new PageDocumentCache(64 * 1024);
    await store(cache, 'missed', null);
    await store(cache, 'huge', documentOf(9_000));
    expect(cache.size).toBe(0);
  });

  it('renders a page once for every concurrent request of it', async () => {
    const cache = new PageDocumentCache(1024 * 1024);
    let renders = 0;
    let finish = (_document: CachedPageDocument) => {};
    const render = () => {
      renders += 1;
      return new Promise<CachedPageDocument | null>((resolve) => {
        finish = resolve;
      });
    };
    const first = cache.share('page', render);
    const second = cache.share('page', render);
    finish(documentOf(10));
    const [a, b] = await Promise.all([first, second]);
    expect(renders).toBe(1);
    expect(a.shared).toBe(false);
    expect(b.shared).toBe(true);
    expect(b.document).toBe(a.document);
  });

  it('does not keep a render that was running when the catalogue changed', async () => {
    const cache = new PageDocumentCache(1024 * 1024);
    let finish = (_document: CachedPageDocument) => {};
    const running = cache.share(
      'page',
      () =>
        new Promise<CachedPageDocument | null>((resolve) => {
          finish = resolve;
        }),
    );
    cache.clear();
    finish(documentOf(10));
    await running;
    expect(cache.get('page')).toBeNull();
  });

  it('is off with no bytes', () => {
    expect(new PageDocumentCache(0).enabled).toBe(false);
    expect(new PageDocumentCache(1).enabled).toBe(true);
  });
});
