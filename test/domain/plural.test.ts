import { describe, expect, it } from 'vitest';
import {
  PRODUCT_FORMS,
  pluralizeProducts,
  pluralRu,
  russianPluralCategory,
} from '../../shared-rules/plural-rule';

describe('pluralizeProducts', () => {
  it.each([
    [1, 'товар'],
    [21, 'товар'],
    [101, 'товар'],
    [1001, 'товар'],
    [2, 'товара'],
    [3, 'товара'],
    [4, 'товара'],
    [22, 'товара'],
    [104, 'товара'],
    [0, 'товаров'],
    [5, 'товаров'],
    [11, 'товаров'],
    [12, 'товаров'],
    [14, 'товаров'],
    [20, 'товаров'],
    [111, 'товаров'],
    [112, 'товаров'],
    [114, 'товаров'],
    [1000, 'товаров'],
  ])('%i → %s', (count, word) => {
    expect(pluralizeProducts(count)).toBe(word);
  });

  it('reads negative counts by their absolute value', () => {
    expect(pluralizeProducts(-1)).toBe('товар');
    expect(pluralizeProducts(-3)).toBe('товара');
    expect(pluralizeProducts(-11)).toBe('товаров');
  });

  it('uses the genitive singular for fractions and "many" for non-finite counts', () => {
    expect(pluralizeProducts(1.5)).toBe('товара');
    expect(pluralizeProducts(Number.NaN)).toBe('товаров');
    expect(pluralizeProducts(Number.POSITIVE_INFINITY)).toBe('товаров');
  });

  it('decides on the value, not on its rounded print (pinned: fast-check seed -678042180)', () => {
    // Intl.PluralRules('ru').select(5e-324) is 'many' because it looks at "0"; the value is a fraction.
    expect(pluralizeProducts(5e-324)).toBe('товара');
  });
});

describe('pluralRu', () => {
  it('picks from any three forms', () => {
    const forms = ['рубль', 'рубля', 'рублей'] as const;
    expect(pluralRu(1, forms)).toBe('рубль');
    expect(pluralRu(2, forms)).toBe('рубля');
    expect(pluralRu(5, forms)).toBe('рублей');
  });

  it('keeps the spec forms exactly', () => {
    expect(PRODUCT_FORMS).toEqual(['товар', 'товара', 'товаров']);
  });

  it('names the category', () => {
    expect(russianPluralCategory(31)).toBe('one');
    expect(russianPluralCategory(33)).toBe('few');
    expect(russianPluralCategory(13)).toBe('many');
  });
});
