import { categoryAncestry } from '../../domain/category-tree';
import { CATALOGUE_CRUMB, type Crumb, HOME_CRUMB } from '../../domain/crumbs';
import { categoryHref } from '../../domain/mega-menu';
import type { ProductSummary } from '../../domain/product';
import {
  CATALOGUE_PORT,
  type CatalogueCategory,
  type CataloguePort,
  type ProductDetail,
  RECOMMENDATION_LIMITS,
} from '../ports/catalogue.port';
import type { CallOptions } from '../ports/port-failure';
import { defineUseCase } from '../use-case';
import { orFallback, orPageNotFound } from './query-outcomes';

/** What the product route loads; the crumbs are built in the view from the root's category list. */
export interface ProductPageData {
  readonly product: ProductDetail;
  /**
   * Recommendations are deferred: the page renders with the product at once and the two rows
   * arrive when ready (spec §9: 4 by collection, 12 by style). A failure shows no row.
   */
  readonly byCollection: Promise<readonly ProductSummary[]>;
  readonly byStyle: Promise<readonly ProductSummary[]>;
}

/** The crumbs of the product's category: the chain from the flat list, else the leaf the product names. */
function productCategoryCrumbs(
  product: ProductDetail,
  categories: readonly CatalogueCategory[],
): readonly Crumb[] {
  const chain = categoryAncestry(categories, product.category.id);
  if (chain.length === 0) {
    const leaf = product.category;
    return leaf.path.trim() === '' ? [] : [{ label: leaf.name, href: categoryHref(leaf.path) }];
  }
  // The server's path is the canonical URL; the walked slug path stands in should a row lack one.
  return chain.map((category, index) => ({
    label: category.name,
    href: categoryHref(
      category.path.trim() !== '' ? category.path : chain.slice(0, index + 1).map((item) => item.slug),
    ),
  }));
}

/**
 * Главная → Каталог → the product's root category → … → its own category → the product (no link),
 * like the category page's crumbs. The ancestors come from the flat category list the root route
 * has already loaded; without it (a failed load, or a category newer than the list) only the
 * product's own category is shown.
 */
export function productCrumbs(
  product: ProductDetail,
  categories: readonly CatalogueCategory[] = [],
): readonly Crumb[] {
  return [
    HOME_CRUMB,
    CATALOGUE_CRUMB,
    ...productCategoryCrumbs(product, categories),
    { label: product.name },
  ];
}

function recommendations(
  call: () => Promise<readonly ProductSummary[]>,
  key: string,
  exclude: number,
): Promise<readonly ProductSummary[]> {
  if (key.trim() === '') return Promise.resolve([]);
  return orFallback(call(), []).then((items) => items.filter((item) => item.id !== exclude));
}

async function loadProductPage(
  catalogue: CataloguePort,
  slug: string,
  options: CallOptions = {},
): Promise<ProductPageData> {
  const product = await orPageNotFound(catalogue.productBySlug(slug, options), `товар ${slug}`);
  return {
    product,
    byCollection: recommendations(
      () =>
        catalogue.recommendationsByCollection(
          {
            collection: product.collection,
            excludeSlug: product.slug,
            limit: RECOMMENDATION_LIMITS.collection,
          },
          options,
        ),
      product.collection,
      product.id,
    ),
    byStyle: recommendations(
      () =>
        catalogue.recommendationsByStyle(
          { style: product.style, excludeSlug: product.slug, limit: RECOMMENDATION_LIMITS.style },
          options,
        ),
      product.style,
      product.id,
    ),
  };
}

/** The product at /product/{slug} (unknown → not-found page) and its deferred recommendations. */
export const productPage = defineUseCase(
  'catalogue.productPage',
  { catalogue: CATALOGUE_PORT },
  ({ catalogue }) =>
    (slug: string, options: CallOptions = {}): Promise<ProductPageData> =>
      loadProductPage(catalogue, slug, options),
);
