import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  formatKopecks,
  isKopecks,
  KOPECKS_PER_ROUBLE,
  kopecksToDecimal,
  MAX_KOPECKS,
  parseRoubles,
  percentInWholeRoubles,
  toWholeRoubles,
} from '../../shared-rules/money-rule';

const amount = fc.integer({ min: 0, max: MAX_KOPECKS });
const percent = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100);
const rounding = fc.constantFrom('half_up' as const, 'up' as const, 'down' as const);

describe('the money rule', () => {
  it('the issue-22 example: 15 % of 163 370 ₽ is a 24 506 ₽ discount and 138 864 ₽ to pay', () => {
    const subtotal = 163_370 * KOPECKS_PER_ROUBLE;
    const discount = percentInWholeRoubles(subtotal, 15, 'half_up');
    expect(discount).toBe(24_506 * KOPECKS_PER_ROUBLE);
    expect(formatKopecks(subtotal - discount)).toBe('138\u00a0864\u00a0₽');
  });

  test.prop([amount, rounding])(
    'rounding to whole roubles lands on a rouble within one rouble',
    (value, mode) => {
      const rounded = toWholeRoubles(value, mode);
      expect(rounded % KOPECKS_PER_ROUBLE).toBe(0);
      expect(Math.abs(rounded - value)).toBeLessThan(KOPECKS_PER_ROUBLE);
      if (mode === 'up') expect(rounded).toBeGreaterThanOrEqual(value);
      if (mode === 'down') expect(rounded).toBeLessThanOrEqual(value);
    },
  );

  test.prop([amount, percent, rounding])(
    'a percent is whole roubles, never above the amount rounded up, and exact against BigInt',
    (value, share, mode) => {
      const result = percentInWholeRoubles(value, share, mode);
      expect(result % KOPECKS_PER_ROUBLE).toBe(0);
      expect(result).toBeGreaterThanOrEqual(0);
      expect(result).toBeLessThanOrEqual(toWholeRoubles(value, 'up'));
      const exact = (BigInt(value) * BigInt(Math.round(share * 100))) / 10_000n; // kopecks, floored
      expect(BigInt(result)).toBeGreaterThanOrEqual(((exact / 100n) * 100n) as bigint);
      expect(BigInt(result)).toBeLessThanOrEqual((exact / 100n + 1n) * 100n);
    },
  );

  test.prop([
    fc.integer({ min: 0, max: 10_000_000 }),
    fc.array(fc.integer({ min: 0, max: 100_000_000 }), { minLength: 1, maxLength: 50 }),
    fc.constantFrom(1, 100),
  ])(
    'shares add up to the amount, each a multiple of the unit and within one unit of its exact share',
    (steps, weights, unit) => {
      const total = steps * unit;
      const shares = allocate(total, weights, unit);
      expect(shares).toHaveLength(weights.length);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
      const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
      shares.forEach((share, index) => {
        expect(share % unit).toBe(0);
        if (weightSum > 0) {
          const exact = (total * (weights[index] ?? 0)) / weightSum;
          expect(Math.abs(share - exact)).toBeLessThanOrEqual(unit);
        }
      });
    },
  );

  test.prop([fc.integer({ min: -MAX_KOPECKS, max: MAX_KOPECKS })])(
    'formatting and the decimal spelling read back to the same kopecks',
    (value) => {
      const decimal = kopecksToDecimal(value);
      expect(Math.round(Number(decimal) * 100)).toBe(value);
      const printed = formatKopecks(value);
      expect(printed.endsWith('\u00a0₽')).toBe(true);
      if (value >= 0) expect(parseRoubles(printed)).toBe(value);
    },
  );

  it('prints kopecks only when there are any', () => {
    expect(formatKopecks(13_886_450)).toBe('138\u00a0864,50\u00a0₽');
    expect(formatKopecks(13_886_400)).toBe('138\u00a0864\u00a0₽');
    expect(formatKopecks(-120_000)).toBe('\u22121\u00a0200\u00a0₽');
    expect(formatKopecks(5)).toBe('0,05\u00a0₽');
  });

  it('reads amounts as people type them, and refuses what is not an amount', () => {
    expect(parseRoubles('138 864,5')).toBe(13_886_450);
    expect(parseRoubles('1200.50 ₽')).toBe(120_050);
    expect(parseRoubles(' 7 ')).toBe(700);
    for (const text of ['', 'abc', '1,234', '-5', '1.005', '12e3', '99999999999'])
      expect(parseRoubles(text)).toBeNull();
  });

  test.prop([fc.anything()])('isKopecks holds only for integer amounts in range', (value) => {
    if (isKopecks(value)) {
      expect(Number.isSafeInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(MAX_KOPECKS);
    }
  });
});
