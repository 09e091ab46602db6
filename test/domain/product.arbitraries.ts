/**
 * fast-check arbitraries of product data, shared by the cart and favourites property tests.
 * Values stay JSON-safe (no NaN, no -0) so that a JSON round trip must give them back unchanged.
 */
import { fc } from '@fast-check/vitest';
import { PRODUCT_BADGES, type ProductFields } from '../../src/domain/product';

/** Small id range on purpose: two generated carts then share ids often. */
export const productIdArb = fc.integer({ min: 1, max: 40 });

const amountArb = fc.integer({ min: 0, max: 5_000_000_00 }).map((kopecks) => kopecks / 100);

export const productFieldsArb: fc.Arbitrary<ProductFields> = fc.record(
  {
    slug: fc.string({ maxLength: 20 }),
    name: fc.string({ maxLength: 30 }),
    tovar_pic1_url_site: fc.option(fc.webUrl(), { nil: null }),
    price: fc.option(amountArb, { nil: null }),
    price_old: fc.option(amountArb, { nil: null }),
    badge: fc.option(fc.constantFrom(...PRODUCT_BADGES), { nil: null }),
    width: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
    depth: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
    height: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
    specs: fc.dictionary(
      fc.string({ minLength: 1, maxLength: 10 }).filter((key) => key !== '__proto__'),
      fc.string({ maxLength: 20 }),
      { maxKeys: 4 },
    ),
  },
  { requiredKeys: [] },
);
