import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INSTALLMENT_PLAN,
  installmentsCover,
  monthlyInstallment,
} from '../../shared-rules/installment-rule';

const plan = fc
  .record({
    minAmount: fc.integer({ min: 0, max: 10_000_000 }),
    span: fc.integer({ min: 0, max: 100_000_000 }),
    months: fc.integer({ min: 2, max: 36 }),
  })
  .map(({ minAmount, span, months }) => ({ minAmount, maxAmount: minAmount + span, months }));

describe('«от N ₽/мес» (issue 22, item 10)', () => {
  it('uses YooKassa’s published limits by default: 3 000 – 150 000 ₽', () => {
    expect(monthlyInstallment(DEFAULT_INSTALLMENT_PLAN, 299_999)).toBeNull();
    expect(monthlyInstallment(DEFAULT_INSTALLMENT_PLAN, 300_000)).toBe(50_000);
    expect(monthlyInstallment(DEFAULT_INSTALLMENT_PLAN, 15_000_000)).toBe(2_500_000);
    expect(monthlyInstallment(DEFAULT_INSTALLMENT_PLAN, 15_000_001)).toBeNull();
    // 54 990 ₽ over 6 months is 9 165 ₽; 54 991 ₽ rounds up to 9 166 ₽.
    expect(monthlyInstallment(DEFAULT_INSTALLMENT_PLAN, 5_499_000)).toBe(916_500);
    expect(monthlyInstallment(DEFAULT_INSTALLMENT_PLAN, 5_499_100)).toBe(916_600);
  });

  test.prop([plan, fc.integer({ min: 0, max: 200_000_000 })])(
    'whole roubles, the months never pay less than the amount, shown only within the limits',
    (each, amount) => {
      const monthly = monthlyInstallment(each, amount);
      expect(monthly === null).toBe(!installmentsCover(each, amount));
      if (monthly === null) return;
      expect(monthly % 100).toBe(0);
      expect(monthly * each.months).toBeGreaterThanOrEqual(amount);
      expect((monthly - 100) * each.months).toBeLessThan(amount);
    },
  );
});
