import type { SitemapEntry } from '../domain/crawler-documents';
import type { FeedCategory, FeedOffer } from '../domain/yml-feed';

/** What the crawler documents (sitemaps, the Yandex Market feed) read from the catalogue and content. */
export interface CrawlerSource {
  /** Shopper-visible products: how many (to split the product sitemap into files). */
  countVisibleProducts(): Promise<number>;
  /** One page of shopper-visible product addresses, oldest id first, with their last change. */
  productEntries(offset: number, limit: number): Promise<SitemapEntry[]>;
  /** Active categories (their /category/… addresses) with the last change of their products. */
  categoryEntries(): Promise<SitemapEntry[]>;
  /** Published news and inspiration items, inspiration topics, and static pages. */
  contentEntries(): Promise<SitemapEntry[]>;
  /** The feed's categories: every active category, parents included. */
  feedCategories(): Promise<FeedCategory[]>;
  /**
   * One page of the feed's offers: shopper-visible products with an id above `afterId`, by id, with
   * their main pictures, at most `limit` (the feed is streamed page by page: any catalogue size).
   */
  feedOffersAfter(afterId: number, limit: number): Promise<FeedOffer[]>;
}
