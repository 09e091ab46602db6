import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { clientTotals, countsTowardsTotals, type OrderForTotals } from '../../../server/domain/client-totals';
import { ORDER_STATUSES } from '../../../server/domain/order-lifecycle.machine';

/** Issue 25 item 9 (docs/money.md «A client's totals»): orders count, spent, average cheque. */

const order: fc.Arbitrary<OrderForTotals> = fc
  .record({
    status: fc.constantFrom(...ORDER_STATUSES),
    total: fc.integer({ min: 0, max: 500_000_000 }),
    paidShare: fc.integer({ min: 0, max: 100 }),
    refundedShare: fc.integer({ min: 0, max: 100 }),
    markedPaid: fc.boolean(),
  })
  .map(({ status, total, paidShare, refundedShare, markedPaid }) => {
    const refundedAmount = Math.floor((total * refundedShare) / 100);
    return {
      status,
      total,
      paidAmount: Math.floor(((total - refundedAmount) * paidShare) / 100),
      refundedAmount,
      paidAt: markedPaid ? 1_700_000_000_000 : null,
    };
  });

describe('client totals', () => {
  test.prop([fc.array(order, { maxLength: 30 })])(
    'spent is the counted orders’ totals less refunds; the average lies between their least and greatest',
    (orders) => {
      const totals = clientTotals(orders);
      const counted = orders.filter(countsTowardsTotals);
      const amounts = counted.map((each) => Math.max(0, each.total - each.refundedAmount));
      expect(totals.orders).toBe(counted.length);
      expect(totals.spent).toBe(amounts.reduce((sum, each) => sum + each, 0));
      if (counted.length === 0) expect(totals.averageCheque).toBeNull();
      else {
        expect(Number.isInteger(totals.averageCheque)).toBe(true);
        expect(totals.averageCheque).toBeGreaterThanOrEqual(Math.min(...amounts));
        expect(totals.averageCheque).toBeLessThanOrEqual(Math.max(...amounts));
        expect(Math.abs((totals.averageCheque ?? 0) * counted.length - totals.spent)).toBeLessThanOrEqual(
          counted.length / 2,
        );
      }
    },
  );

  test.prop([fc.array(order, { maxLength: 20 }), fc.array(order, { maxLength: 20 })])(
    'the order of the orders does not matter, and adding orders never lowers spent',
    (first, second) => {
      const both = clientTotals([...first, ...second]);
      expect(both).toEqual(clientTotals([...second, ...first]));
      expect(both.spent).toBeGreaterThanOrEqual(clientTotals(first).spent);
    },
  );

  test.prop([order])('a cancelled order never counts', (each) => {
    expect(countsTowardsTotals({ ...each, status: 'cancelled' })).toBe(false);
  });

  it('counts a delivered unpaid order and a paid new one, not an unpaid new one; halves round up', () => {
    const unpaid = { total: 1_000, paidAmount: 0, refundedAmount: 0, paidAt: null };
    expect(
      clientTotals([
        { ...unpaid, status: 'delivered', total: 1_001 },
        { ...unpaid, status: 'new', paidAmount: 1_000 },
        { ...unpaid, status: 'new' },
      ]),
    ).toEqual({ orders: 2, spent: 2_001, averageCheque: 1_001 });
  });
});
