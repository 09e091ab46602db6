import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  type CatalogueEntry,
  orderLinesOf,
  type PricedLine,
  type PromoRule,
  priceOrder,
} from '../../../server/domain/order-pricing';
import { amountDue, receiptLines, receiptSum } from '../../../server/domain/payment-receipt';
import { valueToKopecks } from '../../../server/infrastructure/payments/yookassa-payment-gateway';
import {
  formatKopecks,
  KOPECKS_PER_ROUBLE,
  kopecksToDecimal,
  MAX_KOPECKS,
  parseRoubles,
} from '../../../shared-rules/money-rule';

/**
 * Issue 22, item 1 (docs/money.md «Invariants»): over random carts, promo kinds, admin re-pricing,
 * payments, prepayments and refunds, the order's money adds up to the kopeck, and the figure a
 * screen prints, the gateway is asked for and the receipt sums are one and the same.
 */

const NOW = Date.UTC(2026, 10, 27);
const MAX_LINES = 20;

/** A cart: 1–20 distinct products priced 1–2 000 000 ₽ (whole roubles, as the catalogue stores them). */
const cartArbitrary = fc
  .uniqueArray(
    fc.record({
      productId: fc.integer({ min: 1, max: 10_000 }),
      price: fc.integer({ min: 1, max: 2_000_000 }),
      quantity: fc.integer({ min: 1, max: 999 }),
    }),
    { minLength: 1, maxLength: MAX_LINES, selector: (line) => line.productId },
  )
  .map((lines) => ({
    catalogue: new Map<number, CatalogueEntry>(
      lines.map((line) => [
        line.productId,
        { id: line.productId, name: `Товар ${line.productId}`, price: line.price },
      ]),
    ),
    lines: lines.map(({ productId, quantity }) => ({ productId, quantity })),
  }));

/** Percent with up to two decimals, a fixed discount in roubles, each with a minimum order (kopecks). */
const promoArbitrary: fc.Arbitrary<PromoRule | null> = fc.oneof(
  fc.constant(null),
  fc.record({
    code: fc.constant('PERCENT'),
    kind: fc.constant('percent' as const),
    value: fc.integer({ min: 1, max: 10_000 }).map((hundredths) => hundredths / 100),
    minSubtotal: fc.integer({ min: 0, max: 50_000 }).map((roubles) => roubles * KOPECKS_PER_ROUBLE),
    active: fc.constant(true),
    validUntil: fc.constant(null),
  }),
  fc.record({
    code: fc.constant('FIXED'),
    kind: fc.constant('fixed' as const),
    value: fc.integer({ min: 1, max: 3_000_000 }).map((roubles) => roubles * KOPECKS_PER_ROUBLE),
    minSubtotal: fc.integer({ min: 0, max: 50_000 }).map((roubles) => roubles * KOPECKS_PER_ROUBLE),
    active: fc.constant(true),
    validUntil: fc.constant(null),
  }),
);

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

function expectOrderInvariants(order: {
  lines: readonly PricedLine[];
  subtotal: number;
  discount: number;
  total: number;
}): void {
  expect(sum(order.lines.map((line) => line.lineTotal))).toBe(order.subtotal);
  expect(sum(order.lines.map((line) => line.discount))).toBe(order.discount);
  expect(sum(order.lines.map((line) => line.netTotal))).toBe(order.total);
  expect(order.subtotal - order.discount).toBe(order.total);
  expect(order.discount % KOPECKS_PER_ROUBLE).toBe(0);
  for (const line of order.lines) {
    expect(line.lineTotal).toBe(line.unitPrice * line.quantity);
    expect(line.discount % KOPECKS_PER_ROUBLE).toBe(0);
    expect(line.discount).toBeGreaterThanOrEqual(0);
    expect(line.discount).toBeLessThanOrEqual(line.lineTotal);
    expect(line.netTotal).toBe(line.lineTotal - line.discount);
  }
}

function priced(
  cart: {
    catalogue: ReadonlyMap<number, CatalogueEntry>;
    lines: readonly { productId: number; quantity: number }[];
  },
  promo: PromoRule | null,
) {
  const result = priceOrder(
    cart.lines,
    cart.catalogue,
    promo === null ? null : { code: promo.code, rule: promo },
    NOW,
  );
  if (!result.ok) {
    // Only the minimum order, or a cart above the largest amount the shop takes, refuses here.
    expect(['promo_min_subtotal', 'order_too_large']).toContain(result.problem.kind);
    if (result.problem.kind === 'order_too_large') {
      const subtotal = cart.lines.reduce(
        (total, line) => total + (cart.catalogue.get(line.productId)?.price ?? 0) * 100 * line.quantity,
        0,
      );
      expect(subtotal).toBeGreaterThan(MAX_KOPECKS);
    }
    return null;
  }
  return result.order;
}

describe('order money invariants (issue 22)', () => {
  test.prop([cartArbitrary, promoArbitrary])(
    'lines sum to the items total, line discounts to the discount, items − discount = total',
    (cart, promo) => {
      const order = priced(cart, promo);
      if (order === null) return;
      expectOrderInvariants(order);
      if (promo !== null && order.subtotal >= promo.minSubtotal) expect(order.promoCode).toBe(promo.code);
    },
  );

  test.prop([
    cartArbitrary,
    promoArbitrary,
    fc.array(fc.record({ index: fc.nat(), quantity: fc.integer({ min: 1, max: 999 }) }), { maxLength: 10 }),
    fc.array(fc.nat(), { maxLength: 5 }),
    promoArbitrary,
  ])(
    'an admin edit (quantities changed, lines removed, the code changed) re-prices to the same invariants',
    (cart, promo, quantityEdits, removals, newPromo) => {
      const lines = cart.lines.map((line) => ({ ...line }));
      for (const edit of quantityEdits) {
        const line = lines[edit.index % lines.length];
        if (line !== undefined) line.quantity = edit.quantity;
      }
      for (const removal of removals) if (lines.length > 1) lines.splice(removal % lines.length, 1);
      for (const rule of [promo, newPromo]) {
        const order = priced({ catalogue: cart.catalogue, lines }, rule);
        if (order !== null) expectOrderInvariants(order);
      }
    },
  );

  test.prop([cartArbitrary, promoArbitrary])(
    'an order stored before issue 22 (lines without shares) reads with the shares pricing would give',
    (cart, promo) => {
      const order = priced(cart, promo);
      if (order === null) return;
      const oldRows = order.lines.map(({ discount: _share, netTotal: _net, ...row }) => row);
      expect(orderLinesOf(oldRows, order.discount)).toEqual(order.lines);
      expect(orderLinesOf(order.lines, order.discount)).toEqual(order.lines);
    },
  );

  test.prop([cartArbitrary, promoArbitrary])(
    'a full payment charges the total, and its receipt is exactly the order lines after discount',
    (cart, promo) => {
      const order = priced(cart, promo);
      if (order === null) return;
      const charged = amountDue({
        status: 'awaiting_payment',
        total: order.total,
        paidAmount: 0,
        prepaymentAmount: null,
      });
      expect(charged).toBe(order.total);
      const receipt = receiptLines(order.lines, charged);
      expect(receiptSum(receipt)).toBe(charged);
      // No line is re-split: each order line is one receipt item of its net amount per unit (or two
      // when the net amount does not divide by the quantity), and the items add up to that line.
      let item = 0;
      for (const line of order.lines) {
        let lineSum = 0;
        let units = 0;
        while (units < line.quantity) {
          const entry = receipt[item];
          if (entry === undefined) break;
          lineSum += entry.unitAmount * entry.quantity;
          units += entry.quantity;
          item += 1;
        }
        expect(units).toBe(line.quantity);
        expect(lineSum).toBe(line.netTotal);
      }
      expect(item).toBe(receipt.length);
    },
  );

  test.prop([cartArbitrary, promoArbitrary, fc.option(fc.integer({ min: 1, max: 100_000_000_000 }))])(
    'a prepayment (the default 10 % or a manager-set sum) is charged as asked and its receipt sums to it',
    (cart, promo, managerSet) => {
      const order = priced(cart, promo);
      if (order === null) return;
      const charged = amountDue({
        status: 'awaiting_prepayment',
        total: order.total,
        paidAmount: 0,
        prepaymentAmount: managerSet,
      });
      expect(charged).toBeLessThanOrEqual(order.total);
      if (managerSet === null && order.total > 0) expect(charged % KOPECKS_PER_ROUBLE).toBe(0);
      expect(receiptSum(receiptLines(order.lines, charged))).toBe(charged);
      // The rest is then charged on delivery; the two add up to the total.
      const rest = amountDue({
        status: 'awaiting_payment',
        total: order.total,
        paidAmount: charged,
        prepaymentAmount: null,
      });
      expect(charged + rest).toBe(order.total);
      expect(receiptSum(receiptLines(order.lines, rest))).toBe(rest);
    },
  );

  test.prop([
    cartArbitrary,
    promoArbitrary,
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.array(fc.boolean()),
  ])(
    'a refund of any amount up to what was paid, or of chosen lines, has a receipt summing to it',
    (cart, promo, fraction, chosen) => {
      const order = priced(cart, promo);
      if (order === null) return;
      const paid = order.total;
      const byAmount = Math.floor(paid * fraction);
      expect(byAmount).toBeLessThanOrEqual(paid);
      expect(receiptSum(receiptLines(order.lines, byAmount))).toBe(byAmount);
      const lines = order.lines.filter((_, index) => chosen[index] === true);
      const byLines = sum(lines.map((line) => line.netTotal));
      expect(byLines).toBeLessThanOrEqual(paid);
      if (lines.length > 0) {
        const receipt = receiptLines(lines, byLines);
        expect(receiptSum(receipt)).toBe(byLines);
      }
    },
  );

  test.prop([cartArbitrary, promoArbitrary])(
    'the gateway is asked for the figure every screen prints: «138864.00» and «138 864 ₽» are one amount',
    (cart, promo) => {
      const order = priced(cart, promo);
      if (order === null) return;
      const decimal = kopecksToDecimal(order.total);
      expect(valueToKopecks(decimal)).toBe(order.total);
      expect(parseRoubles(formatKopecks(order.total))).toBe(order.total);
      // A total is whole roubles (docs/money.md), so no screen prints kopecks for it.
      expect(formatKopecks(order.total)).not.toContain(',');
      expect(decimal.endsWith('.00')).toBe(true);
    },
  );

  it("the issue's example: 15 % of 163 370 ₽ is 24 506 ₽, 138 864 ₽ everywhere", () => {
    const catalogue = new Map<number, CatalogueEntry>([
      [1, { id: 1, name: 'Шкаф «Берген»', price: 98_450 }],
      [2, { id: 2, name: 'Комод «Осло»', price: 32_460 }],
    ]);
    const rule: PromoRule = {
      code: 'LETO15',
      kind: 'percent',
      value: 15,
      minSubtotal: 0,
      active: true,
      validUntil: null,
    };
    const result = priceOrder(
      [
        { productId: 1, quantity: 1 },
        { productId: 2, quantity: 2 },
      ],
      catalogue,
      { code: 'leto15', rule },
      NOW,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const order = result.order;
    expect(order).toMatchObject({ subtotal: 16_337_000, discount: 2_450_600, total: 13_886_400 });
    // 24 506 ₽ over 98 450 ₽ and 64 920 ₽ by the largest remainder: 14 767,80 → 14 768; 9 738,20 → 9 738.
    expect(order.lines.map((line) => [line.discount, line.netTotal])).toEqual([
      [1_476_800, 8_368_200],
      [973_800, 5_518_200],
    ]);
    expectOrderInvariants(order);
    expect(formatKopecks(order.total)).toBe('138\u00a0864\u00a0₽');
    expect(kopecksToDecimal(order.total)).toBe('138864.00');
    expect(receiptSum(receiptLines(order.lines, order.total))).toBe(13_886_400);
  });
});

describe('YooKassa amounts (the gateway edge)', () => {
  it('reads «138864.5», «138864.50» and «0.01» digit by digit and refuses anything else', () => {
    expect(valueToKopecks('138864.5')).toBe(13_886_450);
    expect(valueToKopecks('138864.50')).toBe(13_886_450);
    expect(valueToKopecks('138864')).toBe(13_886_400);
    expect(valueToKopecks('0.01')).toBe(1);
    // 0.29 × 100 is 28.999… in floats: the digits are read, not multiplied.
    expect(valueToKopecks('1.29')).toBe(129);
    for (const bad of [undefined, '', '-1.00', '1.234', '1,50', '1e3', ' 1.00', '99999999999.00']) {
      expect(valueToKopecks(bad)).toBeNull();
    }
  });

  test.prop([fc.integer({ min: 0, max: 100_000_000_000 })])(
    'kopecksToDecimal and back is the identity',
    (amount) => {
      expect(valueToKopecks(kopecksToDecimal(amount))).toBe(amount);
    },
  );
});
