import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  paymentSummaryOf,
  planRefund,
  prepaymentOf,
  type RefundBasis,
  refundReceiptLines,
  unitsShare,
} from '../../../server/domain/order-money';
import { receiptSum } from '../../../server/domain/payment-receipt';
import { allocate, percentInWholeRoubles } from '../../../shared-rules/money-rule';

/** Issue 22 items 6–7 (docs/money.md «Prepayment and refunds»): the money rules, property-tested. */

const line = fc.record({
  name: fc.string({ minLength: 1, maxLength: 40 }),
  quantity: fc.integer({ min: 1, max: 20 }),
  netTotal: fc.integer({ min: 0, max: 50_000_000 }),
});

describe('prepayment', () => {
  test.prop([
    fc.integer({ min: 1, max: 500_000_000 }),
    fc.integer({ min: 0, max: 100 }),
    fc.integer({ min: 1, max: 100 }),
  ])(
    'a percent is whole roubles rounded up, never less than the percent, never above what is left',
    (total, paidPercent, percent) => {
      const paidAmount = Math.floor((total * paidPercent) / 100);
      const decision = prepaymentOf({ kind: 'percent', percent }, { total, paidAmount });
      const exact = percentInWholeRoubles(total, percent, 'up');
      if (decision.ok) {
        expect(decision.amount).toBe(exact);
        expect(decision.amount % 100).toBe(0);
        expect(decision.amount * 100).toBeGreaterThanOrEqual(total * percent);
        expect(decision.amount).toBeLessThanOrEqual(total - paidAmount);
      } else {
        expect(decision.left).toBe(total - paidAmount);
        expect(exact > total - paidAmount || exact === 0).toBe(true);
      }
    },
  );

  test.prop([fc.integer({ min: 0, max: 500_000_000 }), fc.integer({ min: 0, max: 500_000_000 })])(
    'a sum is taken as given when 0 < sum ≤ total − paid',
    (total, amount) => {
      const decision = prepaymentOf({ kind: 'amount', amount }, { total, paidAmount: 0 });
      expect(decision.ok).toBe(amount > 0 && amount <= total);
    },
  );

  it('30 % of 163 370 ₽ asks 49 011 ₽', () => {
    expect(prepaymentOf({ kind: 'percent', percent: 30 }, { total: 16_337_000, paidAmount: 0 })).toEqual({
      ok: true,
      amount: 4_901_100,
    });
  });
});

describe('paid / remaining / refunded', () => {
  test.prop([fc.integer({ min: 0, max: 500_000_000 }), fc.nat(), fc.nat()])(
    'paid + refunded + remaining covers the total; the refund state follows the amounts',
    (total, paidSeed, refundSeed) => {
      const refundedAmount = total === 0 ? 0 : refundSeed % (total + 1);
      const paidAmount = total - refundedAmount === 0 ? 0 : paidSeed % (total - refundedAmount + 1);
      const summary = paymentSummaryOf({ total, paidAmount, refundedAmount, status: 'prepaid' });
      expect(summary.paid + summary.refunded + summary.remaining).toBe(total);
      expect(summary.refundState).toBe(refundedAmount === 0 ? 'none' : paidAmount === 0 ? 'full' : 'partial');
    },
  );
  test.prop([
    fc.integer({ min: 0, max: 500_000_000 }),
    fc.nat(),
    fc.nat(),
    fc.constantFrom('delivered' as const, 'completed' as const),
  ])(
    'once the goods are handed over nothing remains: the rest was taken at handover (e2e prepayment journey)',
    (total, paidSeed, refundSeed, status) => {
      const refundedAmount = total === 0 ? 0 : refundSeed % (total + 1);
      const paidAmount = total - refundedAmount === 0 ? 0 : paidSeed % (total - refundedAmount + 1);
      const summary = paymentSummaryOf({ total, paidAmount, refundedAmount, status });
      expect(summary.remaining).toBe(0);
      expect(summary.paid).toBe(paidAmount);
      expect(summary.refunded).toBe(refundedAmount);
    },
  );
});

describe('partial refunds', () => {
  test.prop([fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 50 })])(
    'a line returned unit by unit gives back exactly its share, never decreasing',
    (share, quantity) => {
      let previous = 0;
      for (let units = 0; units <= quantity; units += 1) {
        const now = unitsShare(share, units, quantity);
        expect(now).toBeGreaterThanOrEqual(previous);
        previous = now;
      }
      expect(previous).toBe(share);
    },
  );

  test.prop([
    fc.array(line, { minLength: 1, maxLength: 8 }),
    fc.integer({ min: 1, max: 100 }),
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 5 })), { minLength: 1, maxLength: 40 }),
  ])(
    'refunding every unit line by line, in any steps, returns exactly the payment; a step above is refused',
    (lines, percent, steps) => {
      const goods = lines.reduce((sum, each) => sum + each.netTotal, 0);
      const paymentAmount = Math.max(1, Math.floor((goods * percent) / 100));
      const refundedUnits = lines.map(() => 0);
      let alreadyRefunded = 0;
      const basis = (): RefundBasis => ({ lines, paymentAmount, alreadyRefunded, refundedUnits });
      const refund = (index: number, quantity: number) => {
        const plan = planRefund(basis(), { kind: 'lines', lines: [{ line: index, quantity }] });
        if (plan.ok) {
          expect(plan.amount).toBeLessThanOrEqual(paymentAmount - alreadyRefunded);
          expect(receiptSum(refundReceiptLines(plan, lines))).toBe(plan.amount);
          alreadyRefunded += plan.amount;
          refundedUnits[index] = (refundedUnits[index] ?? 0) + quantity;
        }
        return plan;
      };
      for (const [seed, quantity] of steps) {
        const index = seed % lines.length;
        const left = (lines[index]?.quantity ?? 0) - (refundedUnits[index] ?? 0);
        const plan = refund(index, quantity);
        if (quantity > left && plan.ok === false && 'line' in plan)
          expect(plan.error).toBe('invalid_refund_line');
        if (quantity > left) expect(plan.ok).toBe(false);
      }
      // What is left, line by line.
      lines.forEach((each, index) => {
        const left = each.quantity - (refundedUnits[index] ?? 0);
        if (left > 0) refund(index, left);
      });
      // Every refund returned its units' share: the sum is the shares of the units returned, and
      // equals the whole payment when every unit went back.
      const shares = allocate(
        paymentAmount,
        lines.map((each) => each.netTotal),
      );
      const returned = shares.reduce(
        (sum, share, index) =>
          sum + unitsShare(share, refundedUnits[index] ?? 0, lines[index]?.quantity ?? 1),
        0,
      );
      expect(alreadyRefunded).toBe(returned);
      if (refundedUnits.every((units, index) => units === lines[index]?.quantity))
        expect(alreadyRefunded).toBe(paymentAmount);
      expect(alreadyRefunded).toBeLessThanOrEqual(paymentAmount);
    },
  );

  test.prop([
    fc.integer({ min: 1, max: 100_000_000 }),
    fc.array(fc.integer({ min: 1, max: 30_000_000 }), { maxLength: 20 }),
  ])('refunds by amount accumulate and never pass the payment', (paymentAmount, asks) => {
    let alreadyRefunded = 0;
    const lines = [{ name: 'Диван', quantity: 1, netTotal: paymentAmount }];
    for (const amount of asks) {
      const plan = planRefund(
        { lines, paymentAmount, alreadyRefunded, refundedUnits: [0] },
        { kind: 'amount', amount },
      );
      if (amount <= paymentAmount - alreadyRefunded) {
        expect(plan).toEqual({ ok: true, amount, lines: [] });
        expect(receiptSum(refundReceiptLines({ amount, lines: [] }, lines))).toBe(amount);
        alreadyRefunded += amount;
      } else if (alreadyRefunded === paymentAmount) {
        expect(plan).toEqual({ ok: false, error: 'nothing_to_refund' });
      } else {
        expect(plan).toEqual({
          ok: false,
          error: 'refund_too_large',
          refundable: paymentAmount - alreadyRefunded,
        });
      }
    }
    expect(alreadyRefunded).toBeLessThanOrEqual(paymentAmount);
  });
});
