import { describe, expect, it } from 'vitest';
import { generateDemoContent } from '../../../server/infrastructure/seed/demo-content';

// The benchmark catalogue (`--products 100000`): generated once, checked for size and uniqueness.
describe('generateDemoContent: large catalogue', () => {
  it('generates 100 000 products with unique ids, skus and slugs and valid prices', {
    timeout: 60_000,
  }, () => {
    const content = generateDemoContent({ products: 100_000, seed: 11 });
    const { products } = content;
    expect(products).toHaveLength(100_000);
    expect(products.at(-1)?.id).toBe(100_000);
    expect(new Set(products.map((p) => p.slug)).size).toBe(100_000);
    expect(new Set(products.map((p) => p.sku)).size).toBe(100_000);
    let withOldPrice = 0;
    for (const product of products) {
      if (!(Number.isInteger(product.price) && product.price > 0))
        throw new Error(`bad price ${product.sku}`);
      if (product.priceOld !== null) {
        withOldPrice++;
        if (product.priceOld <= product.price) throw new Error(`old price not above price ${product.sku}`);
      }
    }
    expect(withOldPrice / products.length).toBeCloseTo(0.3, 1);
    // Products share a pool of pictures, so the number of images to render does not grow with them.
    expect(content.images.length).toBeLessThan(500);
  });
});
