import type { AdminCategory } from '../../ports/admin-categories.port';
import { ADMIN_CATEGORIES_PORT } from '../../ports/admin-categories.port';
import { ADMIN_PRODUCTS_PORT, type AdminProductPage } from '../../ports/admin-products.port';
import { defineUseCase } from '../../use-case';
import { type ProductListSearch, productQueryOf } from '../product-list-search';

export interface ProductsListPage {
  readonly page: AdminProductPage;
  /** The category filter's options. */
  readonly categories: readonly AdminCategory[];
}

/** /admin/products: one page of the list for the address's filters, and the category tree. */
export const productsListPage = defineUseCase(
  'admin.products.listPage',
  { products: ADMIN_PRODUCTS_PORT, categories: ADMIN_CATEGORIES_PORT },
  ({ products, categories }) =>
    async (search: ProductListSearch, signal?: AbortSignal): Promise<ProductsListPage> => {
      const options = signal === undefined ? {} : { signal };
      const [page, tree] = await Promise.all([
        products.list(productQueryOf(search), options),
        categories.list(options),
      ]);
      return { page, categories: tree };
    },
);
