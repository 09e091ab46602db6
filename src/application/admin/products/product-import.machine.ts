import { fromPromise } from 'xstate';
import { type ImportReport, productImportMachine } from '../../machines/admin/product-import.machine';
import { ADMIN_PRODUCTS_PORT } from '../../ports/admin-products.port';
import { defineUseCase } from '../../use-case';

/** Import of a CSV/XLSX file: the dry run, then the confirmed write of the checked file. */
export const productImportFlow = defineUseCase(
  'admin.products.importMachine',
  { products: ADMIN_PRODUCTS_PORT },
  ({ products }) =>
    productImportMachine.provide({
      actors: {
        dryRun: fromPromise<ImportReport, { file: File }>(({ input, signal }) =>
          products.importDryRun(input.file, { signal }),
        ),
        confirmImport: fromPromise<ImportReport, { token: string }>(({ input, signal }) =>
          products.confirmImport(input.token, { signal }),
        ),
      },
    }),
);
