import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { pluralizeProducts, pluralRu, russianPluralCategory } from '../../shared-rules/plural-rule';

const intlRules = new Intl.PluralRules('ru-RU');

describe('russian plural laws', () => {
  test.prop([fc.integer({ min: -1_000_000_000, max: 1_000_000_000 })])(
    'agrees with Intl.PluralRules for every integer',
    (count) => {
      expect(russianPluralCategory(count)).toBe(intlRules.select(count));
    },
  );

  // Intl decides on the number as printed (three decimals at most), so the fractions compared here
  // have one visible decimal; see the pinned 5e-324 case in plural.test.ts.
  test.prop([fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 1, max: 9 })])(
    'a fraction takes the "few" word (Intl calls it "other")',
    (whole, tenths) => {
      const count = whole + Math.sign(whole || 1) * (tenths / 10);
      expect(intlRules.select(count)).toBe('other');
      expect(russianPluralCategory(count)).toBe('few');
    },
  );

  test.prop([fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n))])(
    'any non-integer takes the "few" word',
    (count) => {
      expect(russianPluralCategory(count)).toBe('few');
    },
  );

  test.prop([fc.integer({ min: 0, max: 1_000_000 })])('only the last two digits matter', (count) => {
    expect(pluralizeProducts(count)).toBe(pluralizeProducts(count % 100));
    expect(pluralizeProducts(count + 100)).toBe(pluralizeProducts(count));
  });

  test.prop([fc.double(), fc.tuple(fc.string(), fc.string(), fc.string())])(
    'always returns one of the given forms',
    (count, forms) => {
      expect(forms).toContain(pluralRu(count, forms));
    },
  );
});
