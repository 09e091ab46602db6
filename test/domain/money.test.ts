import { describe, expect, it } from 'vitest';
import { discountPercent, FREE_DELIVERY_FROM, formatPrice, PRICE_NOT_SET } from '../../src/domain/money';

// Group separators as Intl gives them for ru-RU: a no-break space or (newer ICU) a narrow one.
const SPACE = '[\u00A0\u202F]';

describe('formatPrice', () => {
  it('formats whole roubles the way Intl does for ru-RU', () => {
    const intl = new Intl.NumberFormat('ru-RU', {
      style: 'currency',
      currency: 'RUB',
      maximumFractionDigits: 0,
    });
    expect(formatPrice(12_345)).toBe(intl.format(12_345));
    expect(formatPrice(12_345)).toMatch(new RegExp(`^12${SPACE}345\u00A0₽$`));
    expect(formatPrice(1_234_567)).toMatch(new RegExp(`^1${SPACE}234${SPACE}567\u00A0₽$`));
    expect(formatPrice(990)).toBe('990\u00A0₽');
  });

  it('rounds kopecks to whole roubles', () => {
    expect(formatPrice(99.4)).toBe('99\u00A0₽');
    expect(formatPrice(99.5)).toBe('100\u00A0₽');
  });

  it('shows zero as an amount (an empty cart totals 0 ₽)', () => {
    expect(formatPrice(0)).toBe('0\u00A0₽');
    expect(formatPrice(-0)).toBe('0\u00A0₽');
    expect(formatPrice(0.2)).toBe('0\u00A0₽');
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1])(
    'says "Цена не указана" for %s',
    (price) => {
      expect(formatPrice(price)).toBe('Цена не указана');
    },
  );

  it('treats a value of the wrong type from outside as no price', () => {
    expect(formatPrice('1500' as unknown as number)).toBe(PRICE_NOT_SET);
  });

  it('keeps the spec constant for free delivery', () => {
    expect(FREE_DELIVERY_FROM).toBe(30_000);
  });
});

describe('discountPercent', () => {
  it('is the rounded share of the old price', () => {
    expect(discountPercent(10_000, 7_500)).toBe(25);
    expect(discountPercent(3_000, 1_999)).toBe(33);
    expect(discountPercent(3_000, 2_000)).toBe(33);
    expect(discountPercent(200, 199)).toBe(1);
    expect(discountPercent(1_000, 995)).toBe(1);
  });

  it('is null when there is no reduction to show', () => {
    expect(discountPercent(1_000, 1_000)).toBeNull();
    expect(discountPercent(1_000, 1_200)).toBeNull();
    expect(discountPercent(100_000, 99_999)).toBeNull();
  });

  it('is null for a new price of 0 and for missing or invalid prices', () => {
    expect(discountPercent(1_000, 0)).toBeNull();
    expect(discountPercent(1_000, null)).toBeNull();
    expect(discountPercent(null, 500)).toBeNull();
    expect(discountPercent(undefined, undefined)).toBeNull();
    expect(discountPercent(Number.NaN, 500)).toBeNull();
    expect(discountPercent(Number.POSITIVE_INFINITY, 500)).toBeNull();
    expect(discountPercent(1_000, -5)).toBeNull();
  });
});
