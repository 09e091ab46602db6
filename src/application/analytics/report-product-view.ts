import { analyticsProduct } from '../../domain/analytics';
import { ANALYTICS_PORT } from '../ports/analytics.port';
import type { ProductDetail } from '../ports/catalogue.port';
import { defineUseCase } from '../use-case';

/** The product page was shown (Metrica's `detail`, issue 26 item 4): once per product arrived at. */
export const reportProductView = defineUseCase(
  'analytics.reportProductView',
  { analytics: ANALYTICS_PORT },
  ({ analytics }) =>
    (product: ProductDetail) =>
      analytics.productViewed(
        analyticsProduct({
          id: product.id,
          name: product.name,
          price: product.price,
          brand: product.brand,
          category: product.category.name,
        }),
      ),
);
