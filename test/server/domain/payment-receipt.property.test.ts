import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  amountDue,
  defaultPrepayment,
  paymentModeOf,
  RECEIPT_DESCRIPTION_MAX,
  receiptLines,
  receiptSourcesOf,
  receiptSum,
} from '../../../server/domain/payment-receipt';
import { allocate } from '../../../shared-rules/money-rule';

const line = fc.record({
  name: fc.string({ minLength: 1, maxLength: 200 }),
  quantity: fc.integer({ min: 1, max: 999 }),
  netTotal: fc.integer({ min: 0, max: 100_000_000 }),
});

describe('receipt lines (54-FZ: item sums equal the payment)', () => {
  test.prop([fc.array(line, { minLength: 1, maxLength: 60 }), fc.integer({ min: 0, max: 1_000_000_000 })])(
    'sum to the amount exactly, keep every unit of every line, never go negative',
    (lines, amount) => {
      const result = receiptLines(lines, amount);
      expect(receiptSum(result)).toBe(amount);
      for (const item of result) {
        expect(Number.isSafeInteger(item.unitAmount)).toBe(true);
        expect(item.unitAmount).toBeGreaterThanOrEqual(0);
        expect(item.quantity).toBeGreaterThan(0);
        expect(Array.from(item.description).length).toBeLessThanOrEqual(RECEIPT_DESCRIPTION_MAX);
      }
      const units = result.reduce((sum, item) => sum + item.quantity, 0);
      expect(units).toBe(lines.reduce((sum, source) => sum + source.quantity, 0));
      expect(result.length).toBeLessThanOrEqual(lines.length * 2);
    },
  );

  test.prop([fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 50 })])(
    'a discount-free full payment keeps each line at its own total',
    (totals) => {
      const lines = totals.map((netTotal, index) => ({ name: `Товар ${index}`, quantity: 1, netTotal }));
      const sum = totals.reduce((a, b) => a + b, 0);
      expect(receiptLines(lines, sum).map((item) => item.unitAmount)).toEqual(totals);
    },
  );

  test.prop([
    fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 50 }),
    fc.integer({ min: 0, max: 1_000_000_000 }),
  ])('shares are proportional to the weights within one kopeck', (weights, amount) => {
    const shares = allocate(amount, weights);
    const total = weights.reduce((a, b) => a + b, 0);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
    shares.forEach((share, index) => {
      const exact = (amount * (weights[index] ?? 0)) / total;
      expect(Math.abs(share - exact)).toBeLessThan(1.000001);
    });
  });

  it('splits a line whose share does not divide by its quantity into two unit prices', () => {
    // A prepayment of 1 000.01 ₽ over 3 chairs: 333.33 + 2 × 333.34.
    expect(receiptLines([{ name: 'Стул', quantity: 3, netTotal: 300_000 }], 100_001)).toEqual([
      { subject: 'commodity', description: 'Стул', quantity: 1, unitAmount: 33_333 },
      { subject: 'commodity', description: 'Стул', quantity: 2, unitAmount: 33_334 },
    ]);
  });

  it('lists the paid services after the goods as «услуга» (payment_subject service), a free one not at all', () => {
    const sources = receiptSourcesOf(
      [{ name: 'Угловой диван «Осло»', quantity: 1, netTotal: 8_990_000 }],
      [
        { label: 'Доставка', amount: 0 },
        { label: 'Подъём на 7 этаж без лифта', amount: 180_000 },
        { label: 'Сборка', amount: 200_000 },
      ],
    );
    const lines = receiptLines(sources, 9_370_000);
    expect(lines).toEqual([
      { subject: 'commodity', description: 'Угловой диван «Осло»', quantity: 1, unitAmount: 8_990_000 },
      { subject: 'service', description: 'Подъём на 7 этаж без лифта', quantity: 1, unitAmount: 180_000 },
      { subject: 'service', description: 'Сборка', quantity: 1, unitAmount: 200_000 },
    ]);
    expect(receiptSum(lines)).toBe(9_370_000);
  });
});

describe('amount due and prepayment', () => {
  it('charges 10 % rounded up to whole roubles as the default prepayment', () => {
    expect(defaultPrepayment(5_199_990)).toBe(520_000);
    expect(defaultPrepayment(100_000)).toBe(10_000);
    expect(defaultPrepayment(1)).toBe(100);
    expect(defaultPrepayment(0)).toBe(0);
  });

  test.prop([
    fc.constantFrom('awaiting_payment', 'awaiting_prepayment', 'paid', 'cancelled', 'new'),
    fc.integer({ min: 0, max: 100_000_000 }),
    fc.integer({ min: 0, max: 100_000_000 }),
    fc.option(fc.integer({ min: -10, max: 200_000_000 })),
  ])(
    'never more than the rest of the total, nothing outside the payment states',
    (status, total, paid, prepayment) => {
      const due = amountDue({ status, total, paidAmount: paid, prepaymentAmount: prepayment });
      expect(due).toBeGreaterThanOrEqual(0);
      expect(due).toBeLessThanOrEqual(Math.max(0, total - paid));
      if (status !== 'awaiting_payment' && status !== 'awaiting_prepayment') expect(due).toBe(0);
      if (status === 'awaiting_payment') expect(due).toBe(Math.max(0, total - paid));
    },
  );

  it('uses the manager-set prepayment and calls a payment that settles the rest a full prepayment', () => {
    const order = { status: 'awaiting_prepayment' as const, total: 1_000_000, paidAmount: 0 };
    expect(amountDue({ ...order, prepaymentAmount: 300_000 })).toBe(300_000);
    expect(amountDue({ ...order, prepaymentAmount: null })).toBe(100_000);
    expect(paymentModeOf(300_000, order)).toBe('partial_prepayment');
    expect(paymentModeOf(1_000_000, order)).toBe('full_prepayment');
  });
});
