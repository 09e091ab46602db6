import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  binMovesStock,
  describeStockRefusal,
  heldByOrder,
  planStockChange,
  releaseOnCancel,
  wantedByProduct,
} from '../../../server/domain/stock-ledger';

const units = fc.integer({ min: 0, max: 50 });
const facts = fc.record({
  available: fc.option(units, { nil: null }),
  backorderAllowed: fc.boolean(),
});

describe('stock ledger rules (issue 22)', () => {
  test.prop([units, units, facts])(
    'a change moves the stock by exactly the difference, never below zero, or is refused',
    (held, wanted, product) => {
      const plan = planStockChange(held, wanted, product);
      if (product.available === null) {
        expect(plan).toEqual({ ok: true, delta: 0, backorder: false });
        return;
      }
      if (!plan.ok) {
        // Refused only when short and no backorder; it says how many the order could have.
        expect(product.backorderAllowed).toBe(false);
        expect(wanted - held).toBeGreaterThan(product.available);
        expect(plan.canHave).toBe(held + product.available);
        return;
      }
      const heldAfter = held - plan.delta;
      expect(product.available + plan.delta).toBeGreaterThanOrEqual(0);
      expect(heldAfter).toBeGreaterThanOrEqual(0);
      if (plan.backorder) {
        // Sold «под заказ»: takes everything there is, holds less than wanted.
        expect(product.available + plan.delta).toBe(0);
        expect(heldAfter).toBeLessThan(wanted);
      } else {
        expect(heldAfter).toBe(wanted);
      }
    },
  );

  test.prop([units, fc.array(units, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 60 })])(
    'a sequence of edits ends holding what the last one wants, whatever the path (enough stock)',
    (start, edits, extra) => {
      let shelf = Math.max(...edits, start) + extra;
      let held = 0;
      for (const wanted of [start, ...edits]) {
        const plan = planStockChange(held, wanted, { available: shelf, backorderAllowed: false });
        if (!plan.ok) throw new Error('enough stock was there');
        shelf += plan.delta;
        held -= plan.delta;
      }
      expect(held).toBe(edits.at(-1));
      expect(shelf + held).toBe(Math.max(...edits, start) + extra);
    },
  );

  // Ledger rows never move 0 (CHECK delta <> 0).
  const delta = fc.integer({ min: -9, max: 9 }).filter((value) => value !== 0);
  test.prop([fc.array(fc.record({ productId: fc.integer({ min: 1, max: 4 }), delta }))])(
    'an order holds −Σ of its rows per product; a cancel returns that and then nothing',
    (movements) => {
      const held = heldByOrder(movements);
      for (const [productId, units] of held) {
        const sum = movements
          .filter((m) => m.productId === productId)
          .reduce((total, m) => total + m.delta, 0);
        expect(units).toBe(0 - sum);
        const returned = releaseOnCancel(units);
        expect(returned).toBe(Math.max(0, -sum));
        // After the cancel's row the order holds max(0, …) less: a second cancel returns 0.
        expect(releaseOnCancel(units - returned)).toBe(units > 0 ? 0 : releaseOnCancel(units));
      }
    },
  );

  test.prop([
    fc.array(
      fc.record({ productId: fc.integer({ min: 1, max: 5 }), quantity: fc.integer({ min: 1, max: 9 }) }),
    ),
  ])('wanted units add up the lines of each product', (lines) => {
    const wanted = wantedByProduct(lines);
    const total = [...wanted.values()].reduce((sum, units) => sum + units, 0);
    expect(total).toBe(lines.reduce((sum, line) => sum + line.quantity, 0));
  });

  it('moves stock in the bin only while the goods are still the shop’s', () => {
    expect(binMovesStock('new')).toBe(true);
    expect(binMovesStock('delivery_agreed')).toBe(true);
    expect(binMovesStock('shipped')).toBe(false);
    expect(binMovesStock('cancelled')).toBe(false);
  });

  it('names the product and what is available', () => {
    expect(describeStockRefusal('Диван Осло', 2, 5)).toBe(
      'Недостаточно товара «Диван Осло»: для заказа доступно 2 шт., указано 5.',
    );
    expect(describeStockRefusal('Диван Осло', 0, 1)).toBe(
      'Недостаточно товара «Диван Осло»: на складе нет ни одной штуки, указано 1.',
    );
  });
});
