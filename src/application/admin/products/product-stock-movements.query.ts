import { ADMIN_PRODUCTS_PORT, type StockMovementPage } from '../../ports/admin-products.port';
import { defineUseCase } from '../../use-case';

/** One page of a product's stock ledger («Движение остатков»), newest first. */
export const productStockMovements = defineUseCase(
  'admin.products.stockMovements',
  { products: ADMIN_PRODUCTS_PORT },
  ({ products }) =>
    (id: number, page: number, signal?: AbortSignal): Promise<StockMovementPage> =>
      products.stockMovements(id, page, signal === undefined ? {} : { signal }),
);
