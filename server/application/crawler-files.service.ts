import {
  type FeedShop,
  productSitemapPages,
  robotsTxt,
  SITEMAP_URLS_PER_FILE,
  type SitemapEntry,
  sitemapIndex,
  sitemapUrlSet,
  ymlCatalog,
} from '../domain/crawler-documents';
import { NOINDEX_PATH_PREFIXES } from '../domain/page-indexing';
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

/**
 * robots.txt, the sitemap index and its files, and the Yandex Market feed, built from the database on
 * request (they are cached by the HTTP layer for an hour, so a crawler's visit costs one query each).
 */
export class CrawlerFilesService {
  constructor(
    private readonly source: CrawlerSource,
    private readonly shop: Omit<FeedShop, 'origin'>,
    private readonly clock: () => Date = () => new Date(),
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

  async marketFeed(origin: string): Promise<string> {
    const [categories, offers] = await Promise.all([this.source.feedCategories(), this.source.feedOffers()]);
    return ymlCatalog({ ...this.shop, origin }, categories, offers, this.clock());
  }
}
