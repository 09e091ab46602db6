import {
  productSitemapPages,
  robotsTxt,
  SITEMAP_URLS_PER_FILE,
  type SitemapEntry,
  sitemapIndex,
  sitemapUrlSet,
} from '../domain/crawler-documents';
import { type FeedDeliveryTerms, SEEDED_FEED_TERMS } from '../domain/feed-delivery';
import { NOINDEX_PATH_PREFIXES } from '../domain/page-indexing';
import { type FeedShop, YML_TAIL, ymlHead, ymlOffer } from '../domain/yml-feed';
import type { CrawlerSource } from './crawler-files.port';

/** The pages a crawler reaches by links alone, listed so a new shop is found at once. */
const FIXED_PUBLIC_PATHS = [
  '/',
  '/categories',
  '/category/vdohnovenie',
  '/pages/news',
  '/privacy',
  '/terms',
  '/consent',
];

/** A named sitemap file; `products-N` files hold SITEMAP_URLS_PER_FILE addresses each. */
export type SitemapFile =
  | { readonly kind: 'pages' }
  | { readonly kind: 'categories' }
  | { readonly kind: 'products'; readonly page: number };

/** A built market feed is served again for at most a minute: an edit reaches Yandex within one (issue 26). */
export const MARKET_FEED_TTL_MS = 60_000;
/** Offers read per query while the feed streams. */
const FEED_PAGE_SIZE = 500;
/** A feed larger than this is streamed every time rather than kept in memory. */
const FEED_CACHE_MAX_CHARS = 64 * 1024 * 1024;

/**
 * robots.txt, the sitemap index and its files, and the Yandex Market feed, built from the database on
 * request (the sitemaps are cached by the HTTP layer for an hour, so a crawler's visit costs one query
 * each; the feed is kept here for MARKET_FEED_TTL_MS and dropped at once by a catalogue change).
 */
export class CrawlerFilesService {
  private feedCache: { readonly origin: string; readonly body: string; readonly expiresAt: number } | null =
    null;
  /** Bumped by every catalogue change: a feed built across a change is not kept. */
  private feedGeneration = 0;

  constructor(
    private readonly source: CrawlerSource,
    private readonly shop: Omit<FeedShop, 'origin'>,
    private readonly clock: () => Date = () => new Date(),
    /** The delivery tariffs in force (issue 23): read once per build, so an edit shows within the TTL. */
    private readonly deliveryTerms: () => Promise<FeedDeliveryTerms> = async () => SEEDED_FEED_TERMS,
  ) {}

  robots(origin: string): string {
    return robotsTxt({ origin, disallowPrefixes: NOINDEX_PATH_PREFIXES, extraDisallow: ['/search', '/api'] });
  }

  async index(origin: string): Promise<string> {
    const pages = productSitemapPages(await this.source.countVisibleProducts());
    const files: SitemapEntry[] = [{ path: '/sitemap-pages.xml' }, { path: '/sitemap-categories.xml' }];
    for (let page = 1; page <= pages; page += 1) files.push({ path: `/sitemap-products-${page}.xml` });
    return sitemapIndex(origin, files);
  }

  /** A sitemap file, or null when it does not exist (a product page past the last). */
  async file(origin: string, file: SitemapFile): Promise<string | null> {
    if (file.kind === 'pages') {
      const fixed = FIXED_PUBLIC_PATHS.map((path) => ({ path }));
      return sitemapUrlSet(origin, [...fixed, ...(await this.source.contentEntries())]);
    }
    if (file.kind === 'categories') return sitemapUrlSet(origin, await this.source.categoryEntries());
    const pages = productSitemapPages(await this.source.countVisibleProducts());
    if (!Number.isSafeInteger(file.page) || file.page < 1 || file.page > pages) return null;
    const entries = await this.source.productEntries(
      (file.page - 1) * SITEMAP_URLS_PER_FILE,
      SITEMAP_URLS_PER_FILE,
    );
    return sitemapUrlSet(origin, entries);
  }

  /** Called on every catalogue change (like the catalogue's read cache): the next request rebuilds. */
  invalidateFeed(): void {
    this.feedGeneration += 1;
    this.feedCache = null;
  }

  /**
   * The feed as text pieces: the cached one while fresh, else built page by page (FEED_PAGE_SIZE
   * offers a query, so memory stays flat for any catalogue) and kept when complete and not too large.
   */
  async *marketFeed(origin: string): AsyncGenerator<string> {
    const now = this.clock().getTime();
    const cached = this.feedCache;
    if (cached !== null && cached.origin === origin && cached.expiresAt > now) {
      yield cached.body;
      return;
    }
    const generation = this.feedGeneration;
    const categories = await this.source.feedCategories();
    const categoryIds = new Set(categories.map((category) => category.id));
    const kept: string[] = [];
    let keptChars = 0;
    const emit = (piece: string): string => {
      if (keptChars <= FEED_CACHE_MAX_CHARS) {
        kept.push(piece);
        keptChars += piece.length;
      }
      return piece;
    };
    const delivery = await this.deliveryTerms();
    yield emit(ymlHead({ ...this.shop, origin }, categories, this.clock(), delivery));
    let afterId = 0;
    for (;;) {
      const offers = await this.source.feedOffersAfter(afterId, FEED_PAGE_SIZE);
      if (offers.length > 0)
        yield emit(offers.map((offer) => ymlOffer(origin, offer, categoryIds, delivery)).join(''));
      const last = offers.at(-1);
      if (last === undefined || offers.length < FEED_PAGE_SIZE) break;
      afterId = last.id;
    }
    yield emit(YML_TAIL);
    if (generation === this.feedGeneration && keptChars <= FEED_CACHE_MAX_CHARS)
      this.feedCache = { origin, body: kept.join(''), expiresAt: now + MARKET_FEED_TTL_MS };
  }
}
