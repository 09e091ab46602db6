import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  type CatalogueEntry,
  type PromoRule,
  priceOrder,
  roublesToKopecks,
} from '../../../server/domain/order-pricing';

const catalogue = new Map<number, CatalogueEntry>([
  [1, { id: 1, name: 'Диван', price: 50_000 }],
  [2, { id: 2, name: 'Ваза', price: 1_999.9 }],
  [3, { id: 3, name: 'Без цены', price: null }],
]);
const NOW = Date.UTC(2026, 0, 1);
const tenPercent: PromoRule = {
  code: 'HOME10',
  kind: 'percent',
  value: 10,
  minSubtotal: 0,
  active: true,
  validUntil: null,
};

describe('order pricing', () => {
  it('prices lines from the catalogue in kopecks and merges repeated ids', () => {
    const result = priceOrder(
      [
        { productId: 2, quantity: 1 },
        { productId: 1, quantity: 1 },
        { productId: 2, quantity: 2 },
      ],
      catalogue,
      null,
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      order: {
        lines: [
          {
            productId: 2,
            name: 'Ваза',
            quantity: 3,
            unitPrice: 199_990,
            lineTotal: 599_970,
            discount: 0,
            netTotal: 599_970,
          },
          {
            productId: 1,
            name: 'Диван',
            quantity: 1,
            unitPrice: 5_000_000,
            lineTotal: 5_000_000,
            discount: 0,
            netTotal: 5_000_000,
          },
        ],
        subtotal: 5_599_970,
        discount: 0,
        total: 5_599_970,
        promoCode: null,
      },
    });
  });

  it('applies a percent promo code, rounding the discount half up to whole roubles (docs/money.md)', () => {
    const result = priceOrder(
      [{ productId: 2, quantity: 1 }],
      catalogue,
      { code: 'home10', rule: tenPercent },
      NOW,
    );
    // 10 % of 1 999,90 ₽ is 199,99 ₽ → 200 ₽ off, 1 799,90 ₽ to pay.
    expect(result.ok && result.order).toMatchObject({ subtotal: 199_990, discount: 20_000, total: 179_990 });
    expect(result.ok && result.order.promoCode).toBe('HOME10');
  });

  it('refuses unknown, inactive, expired and too-small promo codes', () => {
    const lines = [{ productId: 2, quantity: 1 }];
    expect(priceOrder(lines, catalogue, { code: 'NOPE', rule: null }, NOW)).toEqual({
      ok: false,
      problem: { kind: 'invalid_promo_code' },
    });
    expect(priceOrder(lines, catalogue, { code: 'X', rule: { ...tenPercent, active: false } }, NOW).ok).toBe(
      false,
    );
    expect(
      priceOrder(lines, catalogue, { code: 'X', rule: { ...tenPercent, validUntil: NOW - 1 } }, NOW).ok,
    ).toBe(false);
    expect(
      priceOrder(lines, catalogue, { code: 'X', rule: { ...tenPercent, minSubtotal: 300_000 } }, NOW),
    ).toEqual({
      ok: false,
      problem: { kind: 'promo_min_subtotal', minSubtotal: 300_000 },
    });
  });

  it('ignores an empty promo field', () => {
    expect(priceOrder([{ productId: 1, quantity: 1 }], catalogue, { code: '  ', rule: null }, NOW).ok).toBe(
      true,
    );
  });

  it('refuses empty carts, bad quantities and products not on sale', () => {
    expect(priceOrder([], catalogue, null, NOW)).toEqual({ ok: false, problem: { kind: 'empty_cart' } });
    for (const quantity of [0, -1, 1.5, 1000, Number.NaN]) {
      expect(priceOrder([{ productId: 1, quantity }], catalogue, null, NOW)).toEqual({
        ok: false,
        problem: { kind: 'invalid_quantity', productId: 1 },
      });
    }
    expect(
      priceOrder(
        [
          { productId: 3, quantity: 1 },
          { productId: 99, quantity: 1 },
          { productId: 1, quantity: 1 },
        ],
        catalogue,
        null,
        NOW,
      ),
    ).toEqual({ ok: false, problem: { kind: 'unavailable_products', productIds: [3, 99] } });
  });

  test.prop([
    fc.array(fc.record({ productId: fc.constantFrom(1, 2), quantity: fc.integer({ min: 1, max: 400 }) }), {
      minLength: 1,
      maxLength: 2,
    }),
    fc.integer({ min: 0, max: 100 }),
  ])('the total is the subtotal minus a discount that never exceeds it', (lines, percent) => {
    const result = priceOrder(lines, catalogue, { code: 'P', rule: { ...tenPercent, value: percent } }, NOW);
    if (!result.ok) return;
    const expectedSubtotal = lines.reduce(
      (sum, line) => sum + roublesToKopecks(catalogue.get(line.productId)?.price ?? 0) * line.quantity,
      0,
    );
    expect(result.order.subtotal).toBe(expectedSubtotal);
    expect(result.order.discount).toBeGreaterThanOrEqual(0);
    expect(result.order.discount).toBeLessThanOrEqual(result.order.subtotal);
    expect(result.order.total).toBe(result.order.subtotal - result.order.discount);
  });
});
