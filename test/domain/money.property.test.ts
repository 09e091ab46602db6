import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { discountPercent, formatPrice, PRICE_NOT_SET } from '../../src/domain/money';

const price = fc.double({ min: 0, max: 1e9, noNaN: true });

describe('money laws', () => {
  test.prop([fc.oneof(fc.double(), fc.constant(null), fc.constant(undefined))])(
    'a price is either shown in roubles or marked as not set',
    (value) => {
      const text = formatPrice(value);
      if (text !== PRICE_NOT_SET) expect(text).toMatch(/^\d{1,3}([\u00A0\u202F]\d{3})*\u00A0₽$/);
    },
  );

  test.prop([
    fc.oneof(
      fc.double({ min: 0, max: 1e22, noNaN: true }),
      fc.integer({ min: 0, max: 1e12 }),
      fc.integer({ min: 0, max: 1e7 }).map((whole) => whole + 0.5),
    ),
  ])('a price is spelled exactly as Intl spells whole roubles for ru-RU', (value) => {
    const intl = new Intl.NumberFormat('ru-RU', {
      style: 'currency',
      currency: 'RUB',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    expect(formatPrice(value)).toBe(intl.format(Math.abs(value) < 0.5 ? 0 : value));
  });

  test.prop([fc.integer({ min: 0, max: 1e12 })])('the digits of a whole price are kept', (value) => {
    expect(formatPrice(value).replace(/\D/g, '')).toBe(String(value));
  });

  test.prop([price, price])(
    'a discount exists exactly when old > new > 0 and it rounds above 0',
    (oldP, newP) => {
      const percent = discountPercent(oldP, newP);
      const expected = Math.round(((oldP - newP) / oldP) * 100);
      if (oldP > newP && newP > 0 && expected >= 1) expect(percent).toBe(expected);
      else expect(percent).toBeNull();
    },
  );

  test.prop([price, price])('a discount is a whole percent in 1…100', (oldP, newP) => {
    const percent = discountPercent(oldP, newP);
    if (percent !== null) {
      expect(Number.isInteger(percent)).toBe(true);
      expect(percent).toBeGreaterThanOrEqual(1);
      expect(percent).toBeLessThanOrEqual(100);
    }
  });

  test.prop([
    fc.integer({ min: 2, max: 1e7 }),
    fc.integer({ min: 1, max: 1e7 }),
    fc.integer({ min: 1, max: 1e7 }),
  ])('a lower new price never gives a smaller discount', (oldP, a, b) => {
    const [low, high] = a < b ? [a, b] : [b, a];
    fc.pre(high < oldP);
    expect(discountPercent(oldP, low) ?? 0).toBeGreaterThanOrEqual(discountPercent(oldP, high) ?? 0);
  });
});
