import { newsItemHref } from '../../domain/news-href';
import type { ProductSummary } from '../../domain/product';
import { CATALOGUE_PORT, type CataloguePort } from '../ports/catalogue.port';
import { NEWS_PORT, type NewsPort, type NewsSummary } from '../ports/news.port';
import { defineUseCase } from '../use-case';

/** A news or inspiration card of the home page. */
export interface NewsCardData {
  readonly title: string;
  readonly href: string;
  readonly image?: string | null;
  /** ISO date of publication. */
  readonly publishedAt?: string | null;
  readonly excerpt?: string | null;
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

function loadNewArrivals(catalogue: CataloguePort, signal: AbortSignal): Promise<readonly ProductSummary[]> {
  return catalogue
    .listProducts({ sort: 'new', limit: HOME_PRODUCT_LIMIT }, { signal })
    .then((page) => page.items);
}

function loadRandomProducts(
  catalogue: CataloguePort,
  signal: AbortSignal,
): Promise<readonly ProductSummary[]> {
  return catalogue
    .listProducts({ sort: 'random', limit: HOME_PRODUCT_LIMIT }, { signal })
    .then((page) => page.items);
}

/** The recently viewed products in viewing order (most recent first), at most 12. */
async function loadRecentlyViewed(
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

function loadNewsCards(
  news: NewsPort,
  type: 'news' | 'inspiration',
  signal: AbortSignal,
): Promise<readonly NewsCardData[]> {
  return news.list({ type, limit: HOME_NEWS_LIMIT }, { signal }).then((page) => page.items.map(newsCardOf));
}

/**
 * The home page's sliders, each read when it comes near the viewport (the view's lazy slider hook
 * passes the signal that cancels a read the page no longer needs).
 */
export const homeSliders = defineUseCase(
  'home.sliders',
  { catalogue: CATALOGUE_PORT, news: NEWS_PORT },
  ({ catalogue, news }) => ({
    newArrivals: (signal: AbortSignal) => loadNewArrivals(catalogue, signal),
    randomProducts: (signal: AbortSignal) => loadRandomProducts(catalogue, signal),
    recentlyViewed: (ids: readonly number[], signal: AbortSignal) =>
      loadRecentlyViewed(catalogue, ids, signal),
    newsCards: (type: 'news' | 'inspiration', signal: AbortSignal) => loadNewsCards(news, type, signal),
  }),
);
