import { fromPromise } from 'xstate';
import {
  bulkPriceGridMachine,
  type GridChange,
  type SaveOutcome,
  type UndoOutcome,
} from '../../machines/admin/bulk-price-grid.machine';
import { ADMIN_PRODUCTS_PORT } from '../../ports/admin-products.port';
import { defineUseCase } from '../../use-case';

/**
 * The bulk price and visibility grid of the product list, provided with the bulk calls: one call per
 * field and value (each answers an undoable operation) and the undo of a saved batch.
 */
export const bulkPriceGridFlow = defineUseCase(
  'admin.products.bulkGridMachine',
  { products: ADMIN_PRODUCTS_PORT },
  ({ products }) =>
    bulkPriceGridMachine.provide({
      actors: {
        saveChanges: fromPromise<SaveOutcome, { changes: readonly GridChange[] }>(({ input, signal }) =>
          products.bulkEdit(input.changes, { signal }),
        ),
        undoOperations: fromPromise<UndoOutcome, { operations: readonly string[] }>(({ input, signal }) =>
          products.undoBulkEdit(input.operations, { signal }),
        ),
      },
    }),
);
