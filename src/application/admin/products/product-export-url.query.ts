import { ADMIN_PRODUCTS_PORT } from '../../ports/admin-products.port';
import { defineUseCase } from '../../use-case';
import { type ProductListSearch, productQueryOf } from '../product-list-search';

/** The download address of the list as filtered (CSV or XLSX, the same filters as the screen). */
export const productExportUrl = defineUseCase(
  'admin.products.exportUrl',
  { products: ADMIN_PRODUCTS_PORT },
  ({ products }) =>
    (search: ProductListSearch, format: 'csv' | 'xlsx'): Promise<string> =>
      products.exportUrl(productQueryOf(search), format),
);
