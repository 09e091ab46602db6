import { categoryById, listCategories } from '../../../api/categories';
import {
  listProducts,
  productById,
  productBySlug,
  productImages,
  productsByIds,
} from '../../../api/products';
import { recommendationsByCollection, recommendationsByStyle } from '../../../api/recommendations';
import type { CatalogueService } from '../../application/catalogue.service';
import type { RouteModule } from '../app';
import { notFound } from '../contract';

const PRODUCT_NOT_FOUND = 'Товар не найден.';
const CATEGORY_NOT_FOUND = 'Категория не найдена.';

/** Spec §7 catalogue: products, categories, recommendations. */
export function catalogueRoutes(catalogue: CatalogueService): RouteModule {
  return {
    name: 'catalogue',
    register(_app, router) {
      router.route(listProducts, async ({ query }) => {
        const result = await catalogue.listProducts(query);
        return result.found ? result.value : notFound(CATEGORY_NOT_FOUND);
      });
      router.route(productsByIds, async ({ query }) => catalogue.productsByIds(query.ids));
      router.route(productBySlug, async ({ params }) => {
        const result = await catalogue.productBySlug(params.slug);
        return result.found ? result.value : notFound(PRODUCT_NOT_FOUND);
      });
      router.route(productById, async ({ params }) => {
        const result = await catalogue.productById(params.id);
        return result.found ? result.value : notFound(PRODUCT_NOT_FOUND);
      });
      router.route(productImages, async ({ params }) => {
        const result = await catalogue.productImages(params.id);
        return result.found ? result.value : notFound(PRODUCT_NOT_FOUND);
      });
      router.route(listCategories, async () => catalogue.activeCategories());
      router.route(categoryById, async ({ params }) => {
        const result = await catalogue.categoryById(params.id);
        return result.found ? result.value : notFound(CATEGORY_NOT_FOUND);
      });
      router.route(recommendationsByCollection, async ({ query }) =>
        catalogue.productsAlike('collection', query.collection, query.exclude_slug, query.limit),
      );
      router.route(recommendationsByStyle, async ({ query }) =>
        catalogue.productsAlike('style', query.style, query.exclude_slug, query.limit),
      );
    },
  };
}
