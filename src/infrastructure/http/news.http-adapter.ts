import * as News from '../../../api/news';
import type { ClockPort } from '../../application/ports/clock.port';
import {
  type InspirationTopic,
  NEWS_CACHE_MS,
  NEWS_DEFAULTS,
  NEWS_SLUG_REQUIRED_MESSAGE,
  type NewsCallOptions,
  type NewsItem,
  type NewsPage,
  type NewsPort,
  type NewsQuery,
} from '../../application/ports/news.port';
import { type CallOptions, PortFailure } from '../../application/ports/port-failure';
import { buildQueryString, type QueryParams } from '../../domain/query-params';
import type { HttpApiClient } from './api-client';

interface CacheEntry {
  readonly storedAt: number;
  readonly value: Promise<unknown>;
}

/** Most keys kept; paging through the news list never grows the cache without bound. */
const MAX_CACHE_ENTRIES = 100;

/**
 * News with the spec's cache (§7 "cached 60 s per key unless forced"): the key is the query after
 * defaults (limit 10, offset 0, type lower-cased), so `{}` and `{ limit: 10 }` share an entry. A call
 * in flight is shared by everyone asking for the same key; a failure is never cached.
 */
export class NewsHttpAdapter implements NewsPort {
  private readonly api: HttpApiClient;
  private readonly clock: ClockPort;
  private readonly cache = new Map<string, CacheEntry>();

  constructor(api: HttpApiClient, clock: ClockPort) {
    this.api = api;
    this.clock = clock;
  }

  list(query: NewsQuery = {}, options: NewsCallOptions = {}): Promise<NewsPage> {
    const type = query.type?.trim().toLowerCase();
    const params: QueryParams = {
      limit: query.limit ?? NEWS_DEFAULTS.limit,
      offset: query.offset ?? NEWS_DEFAULTS.offset,
      type: type === '' ? null : type,
      topic: query.topic ?? null,
    };
    return this.cached(`list?${buildQueryString(params)}`, options, () =>
      this.api.call(News.listNews, { ...signalOf(options), query: params }),
    );
  }

  bySlug(slug: string, options: NewsCallOptions = {}): Promise<NewsItem> {
    const trimmed = typeof slug === 'string' ? slug.trim() : '';
    if (trimmed === '') {
      return Promise.reject(new PortFailure({ kind: 'precondition', message: NEWS_SLUG_REQUIRED_MESSAGE }));
    }
    return this.cached(`slug:${trimmed}`, options, () =>
      this.api.call(News.newsBySlug, { ...signalOf(options), params: { slug: trimmed } }),
    );
  }

  inspirationTopics(options: CallOptions = {}): Promise<readonly InspirationTopic[]> {
    return this.api.call(News.listInspirationTopics, options);
  }

  private cached<T>(key: string, options: NewsCallOptions, load: () => Promise<T>): Promise<T> {
    const now = this.clock.now();
    const entry = this.cache.get(key);
    if (options.force !== true && entry !== undefined && now - entry.storedAt < NEWS_CACHE_MS) {
      return entry.value as Promise<T>;
    }
    const value = load();
    this.cache.delete(key);
    if (this.cache.size >= MAX_CACHE_ENTRIES) {
      const oldest = this.cache.keys().next();
      if (oldest.done !== true) this.cache.delete(oldest.value);
    }
    const stored: CacheEntry = { storedAt: now, value };
    this.cache.set(key, stored);
    value.catch(() => {
      // Only this call's own entry is dropped; a newer forced call may already have replaced it.
      if (this.cache.get(key) === stored) this.cache.delete(key);
    });
    return value;
  }
}

function signalOf(options: CallOptions): CallOptions {
  return options.signal === undefined ? {} : { signal: options.signal };
}
