import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { servicesTotal } from '../../../server/domain/delivery-quote';
import {
  type GoodsLine,
  goodsAfterRefund,
  paymentSummaryOf,
  planRefund,
  prepaymentOf,
  refundReceiptLines,
  settlementOf,
  splitUnits,
  unitsShare,
} from '../../../server/domain/order-money';
import { receiptLines, receiptSourcesOf, receiptSum } from '../../../server/domain/payment-receipt';
import { allocate, percentInWholeRoubles } from '../../../shared-rules/money-rule';

/** Issue 22 items 6–7 (docs/money.md «Prepayment and refunds»): the money rules, property-tested. */

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
    'before the handover paid + remaining = total (the goods still sold); the refund state follows the amounts',
    (total, paidSeed, refundSeed) => {
      const paidAmount = paidSeed % (total + 1);
      const refundedAmount = refundSeed % 1_000_000;
      const summary = paymentSummaryOf({ total, paidAmount, refundedAmount, status: 'prepaid' });
      expect(summary.paid + summary.remaining).toBe(total);
      expect(summary.refunded).toBe(refundedAmount);
      expect(summary.refundState).toBe(refundedAmount === 0 ? 'none' : paidAmount === 0 ? 'full' : 'partial');
    },
  );
  test.prop([
    fc.integer({ min: 0, max: 500_000_000 }),
    fc.nat(),
    fc.nat(),
    fc.constantFrom('delivered' as const, 'completed' as const, 'claim' as const, 'cancelled' as const),
  ])(
    'once the goods are handed over (or the order is cancelled) nothing remains: the rest was taken at handover (e2e prepayment journey)',
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

/** Lines of a priced order: whole-rouble prices, the discount in whole roubles by the largest remainder. */
const goodsArb = fc
  .tuple(
    fc.array(
      fc.record({
        name: fc.constantFrom('Диван', 'Стул', 'Лампа', 'Ковёр', 'Комод'),
        quantity: fc.integer({ min: 1, max: 12 }),
        unitPrice: fc.integer({ min: 1, max: 300_000 }).map((roubles) => roubles * 100),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    fc.integer({ min: 0, max: 100 }),
  )
  .map(([raw, percent]): GoodsLine[] => {
    const lineTotals = raw.map((line) => line.unitPrice * line.quantity);
    const subtotal = lineTotals.reduce((sum, each) => sum + each, 0);
    const discount = percentInWholeRoubles(subtotal, percent, 'half_up');
    const shares = allocate(discount, lineTotals, 100);
    return raw.map((line, index) => {
      const lineTotal = lineTotals[index] ?? 0;
      const share = shares[index] ?? 0;
      return { ...line, lineTotal, discount: share, netTotal: lineTotal - share };
    });
  });

const sumOf = (values: readonly number[]) => values.reduce((sum, each) => sum + each, 0);

describe('splitting a line by units', () => {
  test.prop([goodsArb])(
    'both parts are well-formed and make the line: discounts in whole roubles, within their amounts, net never negative',
    (goods) => {
      for (const line of goods) {
        let previousRest = line.netTotal;
        for (let units = 0; units <= line.quantity; units += 1) {
          const { taken, rest } = splitUnits(line, units);
          expect(taken.lineTotal + rest.lineTotal).toBe(line.lineTotal);
          expect(taken.discount + rest.discount).toBe(line.discount);
          expect(taken.netTotal + rest.netTotal).toBe(line.netTotal);
          expect(rest.quantity).toBe(line.quantity - units);
          expect(rest.lineTotal).toBe(rest.unitPrice * rest.quantity);
          for (const part of [taken, rest]) {
            expect(part.discount % 100).toBe(0);
            expect(part.discount).toBeGreaterThanOrEqual(0);
            expect(part.discount).toBeLessThanOrEqual(part.lineTotal);
          }
          // Returning more units never leaves more money on the line.
          expect(rest.netTotal).toBeLessThanOrEqual(previousRest);
          previousRest = rest.netTotal;
        }
      }
    },
  );
});

/**
 * An order's money through a random life: a prepayment (a percent, or the whole total), refunds by
 * line and by amount before the handover, the handover with its settlement receipt, and refunds after
 * it — the same composition the repository runs under the order's lock (planRefund, goodsAfterRefund,
 * settlementOf). docs/money.md «Refunds before the handover».
 */
describe('prepayment, refunds and delivery in any order', () => {
  const step = fc.oneof(
    fc.record({
      kind: fc.constant('line' as const),
      seed: fc.nat(),
      quantity: fc.integer({ min: 1, max: 4 }),
    }),
    fc.record({ kind: fc.constant('amount' as const), share: fc.integer({ min: 1, max: 60 }) }),
  );
  test.prop([
    goodsArb,
    fc.oneof(fc.constant(100), fc.integer({ min: 1, max: 99 })),
    fc.array(step, { maxLength: 12 }),
    fc.array(step, { maxLength: 6 }),
  ])(
    'lines sum to the items total; items − discount = total; taken − refunded + due at handover = the goods handed over; the settlement receipt sums to what is settled',
    (placed, percent, before, after) => {
      let goods: GoodsLine[] = placed;
      let total = sumOf(goods.map((line) => line.netTotal));
      const taken = percent === 100 ? total : Math.min(total, percentInWholeRoubles(total, percent, 'up'));
      let kept = taken;
      let refunded = 0;
      const returnedAfter = new Map<number, number>();

      const checkOrder = () => {
        const subtotal = sumOf(goods.map((line) => line.lineTotal));
        const discount = sumOf(goods.map((line) => line.discount));
        expect(sumOf(goods.map((line) => line.unitPrice * line.quantity))).toBe(subtotal);
        expect(subtotal - discount).toBe(total);
        expect(sumOf(goods.map((line) => line.netTotal))).toBe(total);
        for (const line of goods) {
          expect(line.quantity).toBeGreaterThan(0);
          expect(line.discount % 100).toBe(0);
          expect(line.netTotal).toBeGreaterThanOrEqual(0);
        }
        expect(kept).toBe(taken - refunded);
        expect(kept).toBeGreaterThanOrEqual(0);
        const summary = paymentSummaryOf({
          total,
          paidAmount: kept,
          refundedAmount: refunded,
          status: 'paid',
        });
        // What the card and the account show: kept + remaining = the goods still sold.
        expect(summary.paid + summary.remaining).toBe(total);
        expect(taken - refunded + summary.remaining).toBe(total);
      };

      const refund = (plan: ReturnType<typeof planRefund>, lines: readonly GoodsLine[]) => {
        if (!plan.ok) return false;
        expect(plan.amount).toBeGreaterThan(0);
        expect(plan.amount).toBeLessThanOrEqual(kept);
        expect(receiptSum(refundReceiptLines(plan, lines))).toBe(plan.amount);
        expect(sumOf(plan.lines.map((line) => line.amount))).toBe(plan.lines.length > 0 ? plan.amount : 0);
        kept -= plan.amount;
        refunded += plan.amount;
        return true;
      };

      checkOrder();
      for (const each of before) {
        if (each.kind === 'amount') {
          const amount = Math.max(1, Math.floor((kept * each.share) / 100));
          refund(planRefund({ lines: goods, kept }, { kind: 'amount', amount }), goods);
        } else {
          const line = each.seed % goods.length;
          const plan = planRefund(
            { lines: goods, kept },
            { kind: 'lines', lines: [{ line, quantity: each.quantity }] },
          );
          if (plan.ok) {
            const next = goodsAfterRefund(goods, plan.lines);
            // Every unit refunded before the handover is a cancel, refused by the repository.
            if (next.lines.length === 0) continue;
            refund(plan, goods);
            goods = next.lines;
            total = next.total;
            expect(next.subtotal - next.discount).toBe(next.total);
          } else if (each.quantity > (goods[line]?.quantity ?? 0))
            expect(plan.error).not.toBe('refund_too_large');
        }
        checkOrder();
      }

      // The handover: the settlement receipt lists the goods handed over for the total, the money
      // kept counted as the prepayment, the rest taken at handover.
      const settlement = settlementOf({ lines: goods, total, paidAmount: kept });
      expect(receiptSum(settlement.lines)).toBe(total);
      expect(settlement.prepaid + settlement.postpaid).toBe(total);
      expect(settlement.prepaid).toBe(kept);
      expect(taken - refunded + settlement.postpaid).toBe(total);
      expect(
        paymentSummaryOf({ total, paidAmount: kept, refundedAmount: refunded, status: 'delivered' })
          .remaining,
      ).toBe(0);

      // After it a refund leaves the goods as they are; returned units are counted on the side.
      const returnable = () =>
        goods.map((line, index) => splitUnits(line, returnedAfter.get(index) ?? 0).rest);
      for (const each of after) {
        const lines = returnable();
        const plan =
          each.kind === 'amount'
            ? planRefund(
                { lines, kept },
                { kind: 'amount', amount: Math.max(1, Math.floor((kept * each.share) / 100)) },
              )
            : planRefund(
                { lines, kept },
                { kind: 'lines', lines: [{ line: each.seed % goods.length, quantity: each.quantity }] },
              );
        if (refund(plan, lines) && plan.ok)
          for (const line of plan.lines)
            returnedAfter.set(line.line, (returnedAfter.get(line.line) ?? 0) + line.quantity);
      }
      expect(refunded).toBeLessThanOrEqual(taken);
      expect(sumOf(goods.map((line) => line.netTotal))).toBe(total);
      // Returning every unit left gives back exactly what was kept.
      const lines = returnable();
      const everything = lines.flatMap((line, index) =>
        line.quantity > 0 ? [{ line: index, quantity: line.quantity }] : [],
      );
      if (kept > 0 && everything.length > 0) {
        const plan = planRefund({ lines, kept }, { kind: 'lines', lines: everything });
        expect(plan).toMatchObject({ ok: true, amount: kept });
      }
    },
  );

  it('a 30 % prepayment of 10 000 ₽, one of two lines (3 000 ₽) refunded before delivery: 900 ₽ back, 4 900 ₽ at handover', () => {
    const goods: GoodsLine[] = [
      { name: 'Диван', quantity: 1, unitPrice: 700_000, lineTotal: 700_000, discount: 0, netTotal: 700_000 },
      { name: 'Стул', quantity: 3, unitPrice: 100_000, lineTotal: 300_000, discount: 0, netTotal: 300_000 },
    ];
    const plan = planRefund(
      { lines: goods, kept: 300_000 },
      { kind: 'lines', lines: [{ line: 1, quantity: 3 }] },
    );
    expect(plan).toEqual({
      ok: true,
      amount: 90_000,
      lines: [{ line: 1, name: 'Стул', quantity: 3, amount: 90_000 }],
    });
    const next = goodsAfterRefund(goods, [{ line: 1, quantity: 3 }]);
    expect(next).toMatchObject({ subtotal: 700_000, discount: 0, total: 700_000 });
    const settlement = settlementOf({ lines: next.lines, total: next.total, paidAmount: 210_000 });
    expect(settlement).toMatchObject({ prepaid: 210_000, postpaid: 490_000 });
    expect(
      paymentSummaryOf({ total: next.total, paidAmount: 210_000, refundedAmount: 90_000, status: 'prepaid' }),
    ).toEqual({
      paid: 210_000,
      refunded: 90_000,
      remaining: 490_000,
      refundState: 'partial',
    });
    // An amount refund is money back, not goods: the rest due at handover grows by it.
    const amount = planRefund({ lines: goods, kept: 300_000 }, { kind: 'amount', amount: 100_000 });
    expect(amount).toEqual({ ok: true, amount: 100_000, lines: [] });
    expect(
      paymentSummaryOf({ total: 1_000_000, paidAmount: 200_000, refundedAmount: 100_000, status: 'prepaid' })
        .remaining,
    ).toBe(800_000);
  });
});

describe('partial refunds', () => {
  test.prop([fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 50 })])(
    'a share split unit by unit never decreases and ends at the whole share',
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
    fc.integer({ min: 1, max: 100_000_000 }),
    fc.array(fc.integer({ min: 1, max: 30_000_000 }), { maxLength: 20 }),
  ])('refunds by amount accumulate and never pass the payment', (paymentAmount, asks) => {
    let alreadyRefunded = 0;
    const lines: GoodsLine[] = [
      {
        name: 'Диван',
        quantity: 1,
        unitPrice: paymentAmount,
        lineTotal: paymentAmount,
        discount: 0,
        netTotal: paymentAmount,
      },
    ];
    for (const amount of asks) {
      const plan = planRefund({ lines, kept: paymentAmount - alreadyRefunded }, { kind: 'amount', amount });
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

/**
 * Issue 23 (docs/delivery.md «Money»): an order with services. total = goods − discount + Σ services;
 * a full payment's receipt is the net goods then the paid services («услуга»), summing to the total; a
 * prepayment and the settlement at handover spread over the same lines, each summing to its amount.
 */
describe('orders with delivery services', () => {
  const serviceLine = fc.record({
    label: fc.constantFrom('Доставка', 'Подъём на 5 этаж без лифта', 'Сборка', 'Вывоз старой мебели'),
    amount: fc.integer({ min: 0, max: 2_000_000 }).map((roubles) => roubles * 100),
  });
  const goodsLine = fc
    .record({ quantity: fc.integer({ min: 1, max: 5 }), unitPrice: fc.integer({ min: 1, max: 500_000 }) })
    .map(({ quantity, unitPrice }) => ({
      name: 'Товар',
      quantity,
      netTotal: quantity * unitPrice * 100,
    }));

  test.prop([
    fc.array(goodsLine, { minLength: 1, maxLength: 6 }),
    fc.array(serviceLine, { maxLength: 5 }),
    fc.integer({ min: 1, max: 100 }),
  ])(
    'receipts of a payment, a prepayment and the settlement sum to their amounts, services as «услуга»',
    (goods, services, percent) => {
      const total = goods.reduce((sum, line) => sum + line.netTotal, 0) + servicesTotal(services);
      const sources = receiptSourcesOf(goods, services);
      const full = receiptLines(sources, total);
      expect(receiptSum(full)).toBe(total);
      const paidServices = services.filter((service) => service.amount > 0);
      expect(
        full
          .filter((line) => line.subject === 'service')
          .map((line) => [line.description, line.unitAmount * line.quantity]),
      ).toEqual(paidServices.map((service) => [service.label, service.amount]));
      const prepayment = percentInWholeRoubles(total, percent, 'up');
      expect(receiptSum(receiptLines(sources, prepayment))).toBe(prepayment);
      const settlement = settlementOf({ lines: sources, total, paidAmount: prepayment });
      expect(receiptSum(settlement.lines)).toBe(total);
      expect(settlement.prepaid + settlement.postpaid).toBe(total);
    },
  );
});
