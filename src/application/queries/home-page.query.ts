import type { ProductSummary } from '../../domain/product';
import type { CatalogueCategory, CataloguePort, SeoText } from '../ports/catalogue.port';
import type { NewsPort, NewsSummary } from '../ports/news.port';
import type { CallOptions } from '../ports/port-failure';
import { newsItemHref } from './content-page.query';

/** A news or inspiration card of the home page. */
export interface NewsCardData {
  readonly title: string;
  readonly href: string;
  readonly image?: string | null;
  /** ISO date of publication. */
  readonly publishedAt?: string | null;
  readonly excerpt?: string | null;
}

const NO_CATEGORIES: readonly CatalogueCategory[] = [];

/**
 * The mega menu's categories, read by the root route on every page. Spec §8: a failed category load
 * is not shown to the visitor; the header simply has no menu row.
 */
export async function loadMenuCategories(
  catalogue: CataloguePort,
  options: CallOptions = {},
): Promise<{ readonly categories: readonly CatalogueCategory[] }> {
  return { categories: await catalogue.listCategories(options).catch(() => NO_CATEGORIES) };
}

/** The SEO welcome text of the home page (spec §2); without it the page keeps its default text. */
export async function loadHomeWelcome(
  catalogue: CataloguePort,
  options: CallOptions = {},
): Promise<{ readonly seo: SeoText | null }> {
  return { seo: await catalogue.seoText('home', options).catch((): SeoText | null => null) };
}

/** Spec §9: 12 products per home slider; 4 news and 4 inspiration items. */
const HOME_PRODUCT_LIMIT = 12;
const HOME_NEWS_LIMIT = 4;

function newsCardOf(item: NewsSummary): NewsCardData {
  return {
    title: item.title,
    href: newsItemHref(item),
    image: item.image?.url ?? null,
    publishedAt: item.published_at,
    excerpt: item.excerpt,
  };
}

export function loadNewArrivals(
  catalogue: CataloguePort,
  signal: AbortSignal,
): Promise<readonly ProductSummary[]> {
  return catalogue
    .listProducts({ sort: 'new', limit: HOME_PRODUCT_LIMIT }, { signal })
    .then((page) => page.items);
}

export function loadRandomProducts(
  catalogue: CataloguePort,
  signal: AbortSignal,
): Promise<readonly ProductSummary[]> {
  return catalogue
    .listProducts({ sort: 'random', limit: HOME_PRODUCT_LIMIT }, { signal })
    .then((page) => page.items);
}

/** The recently viewed products in viewing order (most recent first), at most 12. */
export async function loadRecentlyViewed(
  catalogue: CataloguePort,
  ids: readonly number[],
  signal: AbortSignal,
): Promise<readonly ProductSummary[]> {
  const wanted = ids.slice(0, HOME_PRODUCT_LIMIT);
  if (wanted.length === 0) return [];
  const products = await catalogue.productsByIds(wanted, { signal });
  const byId = new Map(products.map((product) => [product.id, product]));
  return wanted.flatMap((id) => {
    const product = byId.get(id);
    return product === undefined ? [] : [product];
  });
}

export function loadNewsCards(
  news: NewsPort,
  type: 'news' | 'inspiration',
  signal: AbortSignal,
): Promise<readonly NewsCardData[]> {
  return news.list({ type, limit: HOME_NEWS_LIMIT }, { signal }).then((page) => page.items.map(newsCardOf));
}
