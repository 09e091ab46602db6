import { fromPromise } from 'xstate';
import {
  type ImagesAnswer,
  imageManagerMachine,
  type ProductImageOperation,
} from '../../machines/admin/image-manager.machine';
import { ADMIN_PRODUCTS_PORT } from '../../ports/admin-products.port';
import { defineUseCase } from '../../use-case';

/**
 * The product's pictures (image-manager.machine.ts), provided with the picture calls: each upload,
 * reorder, alt text and delete answers the pictures and the product's new version.
 */
export const productImagesMachine = defineUseCase(
  'admin.products.imagesMachine',
  { products: ADMIN_PRODUCTS_PORT },
  ({ products }) =>
    imageManagerMachine.provide({
      actors: {
        runImageOperation: fromPromise<ImagesAnswer, ProductImageOperation>(({ input, signal }) => {
          const options = { signal };
          switch (input.kind) {
            case 'upload':
              return products.uploadImage(input.productId, input.file, options);
            case 'reorder':
              return products.reorderImages(input.productId, input.keys, options);
            case 'alt':
              return products.setImageAlt(input.productId, input.key, input.alt, options);
            case 'delete':
              return products.deleteImage(input.productId, input.key, options);
          }
        }),
      },
    }),
);
