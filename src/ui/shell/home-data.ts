import type { CataloguePort } from '../../application/ports/catalogue.port';
import type { NewsPort, NewsSummary } from '../../application/ports/news.port';
import type { ProductSummary } from '../../domain/product';
import type { NewsCardData } from '../components/news-card';

/** Spec §9: 12 products per home slider; 4 news and 4 inspiration items. */
const HOME_PRODUCT_LIMIT = 12;
const HOME_NEWS_LIMIT = 4;

/** Where a news item or inspiration article is read: /articles/{slug} or /news/{slug}. */
function newsCardOf(item: NewsSummary): NewsCardData {
  const slug = encodeURIComponent(item.slug);
  return {
    title: item.title,
    href: item.type === 'inspiration' ? `/articles/${slug}` : `/news/${slug}`,
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
