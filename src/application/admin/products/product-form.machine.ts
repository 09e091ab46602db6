import { fromPromise } from 'xstate';
import {
  type LoadedRecord,
  type RecordId,
  recordFormMachine,
  type SaveRequest,
} from '../../machines/admin/record-form.machine';
import { ADMIN_PRODUCTS_PORT, type ProductDraft, type ProductMeta } from '../../ports/admin-products.port';
import { defineUseCase } from '../../use-case';

/** The chart of the product form (record-form.machine.ts) for products. */
export const productFormChart = recordFormMachine<ProductDraft, ProductMeta>();

/**
 * The product form, provided with the product calls: load by id, save the changed fields with the
 * version the form read (the server answers the saved product, which becomes the form's record). The
 * screen follows a creation by the form's own `id` (null until the first save), so nothing is announced.
 */
export const productFormMachine = defineUseCase(
  'admin.products.formMachine',
  { products: ADMIN_PRODUCTS_PORT },
  ({ products }) =>
    productFormChart.provide({
      actors: {
        loadRecord: fromPromise<LoadedRecord<ProductDraft, ProductMeta>, { id: RecordId }>(
          ({ input, signal }) => products.load(Number(input.id), { signal }),
        ),
        saveRecord: fromPromise<LoadedRecord<ProductDraft, ProductMeta>, SaveRequest<ProductDraft>>(
          ({ input, signal }) => products.save(input, { signal }),
        ),
      },
      actions: { announceSaved: () => undefined },
    }),
);
