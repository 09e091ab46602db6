import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { cartChanges, decodeCookieChoice, ecommerceEvent, orderProducts } from '../../src/domain/analytics';
import type { Cart } from '../../src/domain/cart';

const cart: fc.Arbitrary<Cart> = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 12 }),
      quantity: fc.integer({ min: 1, max: 9 }),
      name: fc.string({ maxLength: 8 }),
      price: fc.integer({ min: 1, max: 100_000 }),
    }),
    { selector: (line) => line.id, maxLength: 8 },
  )
  .map((lines) => lines as Cart);

const quantities = (lines: Cart): Map<number, number> =>
  new Map(lines.map((line) => [line.id, line.quantity]));

/** Issue 26, item 4 (docs/privacy.md «Яндекс Метрика»): what the shop tells Metrica. */
describe('analytics events', () => {
  test.prop([cart, cart])(
    'the added minus the removed quantities turn the old cart into the new one',
    (before, after) => {
      const { added, removed } = cartChanges(before, after);
      const result = quantities(before);
      for (const product of added)
        result.set(Number(product.id), (result.get(Number(product.id)) ?? 0) + (product.quantity ?? 0));
      for (const product of removed)
        result.set(Number(product.id), (result.get(Number(product.id)) ?? 0) - (product.quantity ?? 0));
      for (const [id, quantity] of result) if (quantity === 0) result.delete(id);
      expect(result).toEqual(quantities(after));
      expect([...added, ...removed].every((product) => (product.quantity ?? 0) > 0)).toBe(true);
    },
  );

  it('shapes the events as Yandex documents them', () => {
    const product = { id: '7', name: 'Диван', price: 49990, quantity: 1 };
    expect(ecommerceEvent('add', [product])).toEqual({
      ecommerce: { currencyCode: 'RUB', add: { products: [product] } },
    });
    expect(ecommerceEvent('purchase', [product], 42)).toEqual({
      ecommerce: { currencyCode: 'RUB', purchase: { actionField: { id: '42' }, products: [product] } },
    });
    expect(orderProducts([{ productId: 7, name: 'Диван', quantity: 2, unitPrice: 4_999_050 }])).toEqual([
      { id: '7', name: 'Диван', price: 49990.5, quantity: 2 },
    ]);
  });

  it('reads a stored cookie choice, anything else as none', () => {
    expect(decodeCookieChoice('all')).toBe('all');
    expect(decodeCookieChoice('necessary')).toBe('necessary');
    expect(decodeCookieChoice('yes')).toBeNull();
    expect(decodeCookieChoice(null)).toBeNull();
  });
});
