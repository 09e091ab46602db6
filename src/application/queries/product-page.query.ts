import type { ProductSummary } from '../../domain/product';
import { CATALOGUE_PORT, type ProductDetail, RECOMMENDATION_LIMITS } from '../ports/catalogue.port';
import type { CallOptions } from '../ports/port-failure';
import { defineUseCase } from '../use-case';
import { orFallback, orPageNotFound } from './query-outcomes';

/** What the product route loads; the crumbs are built in the view from the root's category list (product-crumbs.ts). */
export interface ProductPageData {
  readonly product: ProductDetail;
  /**
   * Recommendations are deferred: the page renders with the product at once and the two rows
   * arrive when ready (spec §9: 4 by collection, 12 by style). A failure shows no row.
   */
  readonly byCollection: Promise<readonly ProductSummary[]>;
  readonly byStyle: Promise<readonly ProductSummary[]>;
}

function recommendations(
  call: () => Promise<readonly ProductSummary[]>,
  key: string,
  exclude: number,
): Promise<readonly ProductSummary[]> {
  if (key.trim() === '') return Promise.resolve([]);
  return orFallback(call(), []).then((items) => items.filter((item) => item.id !== exclude));
}

/** The product at /product/{slug} (unknown → not-found page) and its deferred recommendations. */
export const productPage = defineUseCase(
  'catalogue.productPage',
  { catalogue: CATALOGUE_PORT },
  ({ catalogue }) =>
    async (slug: string, options?: CallOptions): Promise<ProductPageData> => {
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
    },
);
