import {
  ADMIN_PRODUCTS_PORT,
  type LoadedProduct,
  type StockCorrection,
} from '../../ports/admin-products.port';
import { defineUseCase } from '../../use-case';

/**
 * A «Ручная корректировка» of a product's stock, by a difference or to a counted balance; answers the
 * product with its new stock and version (the form takes both, so a later save is no conflict).
 */
export const correctProductStock = defineUseCase(
  'admin.products.correctStock',
  { products: ADMIN_PRODUCTS_PORT },
  ({ products }) =>
    (id: number, correction: StockCorrection, note: string, signal?: AbortSignal): Promise<LoadedProduct> =>
      products.correctStock(id, correction, note, signal === undefined ? {} : { signal }),
);
