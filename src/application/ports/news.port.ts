import type { ImageData } from './media.model';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * News and inspiration (spec §7 "News"): GET /api/news with limit (10), offset (0) and type
 * (lower-cased), and GET /api/news/{slug} — each cached 60 s per key unless forced.
 */
export const NEWS_CACHE_MS = 60_000;
export const NEWS_DEFAULTS = { limit: 10, offset: 0 } as const;

/** Spec §5: the exact message when getNewsBySlug is called without a slug. */
export const NEWS_SLUG_REQUIRED_MESSAGE = 'Slug is required for getNewsBySlug';

type NewsType = 'news' | 'inspiration';

export interface NewsSummary {
  readonly id: number;
  readonly slug: string;
  readonly type: NewsType;
  readonly topic_slug: string | null;
  readonly title: string;
  readonly excerpt: string;
  readonly image: ImageData | null;
  readonly published_at: string;
}

export interface NewsItem extends NewsSummary {
  readonly body_html: string;
}

export interface NewsPage {
  readonly items: readonly NewsSummary[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

export interface InspirationTopic {
  readonly slug: string;
  readonly name: string;
  readonly description: string;
}

export interface NewsQuery {
  readonly limit?: number;
  readonly offset?: number;
  /** Any case; sent lower-cased. */
  readonly type?: string | null;
  readonly topic?: string | null;
}

export interface NewsCallOptions extends CallOptions {
  /** Skip the 60 s cache and ask the server (the answer refreshes the cache). */
  readonly force?: boolean;
}

export interface NewsPort {
  list(query?: NewsQuery, options?: NewsCallOptions): Promise<NewsPage>;
  /** Rejects with message 'Slug is required for getNewsBySlug' for an empty slug, without a call. */
  bySlug(slug: string, options?: NewsCallOptions): Promise<NewsItem>;
  inspirationTopics(options?: CallOptions): Promise<readonly InspirationTopic[]>;
}

export const NEWS_PORT: PortToken<NewsPort> = portToken<NewsPort>('NewsPort');
