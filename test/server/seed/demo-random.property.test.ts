import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  createDemoRandom,
  formatRoubles,
  pluralRu,
  slugify,
} from '../../../server/infrastructure/seed/demo-random';

describe('createDemoRandom', () => {
  test.prop([fc.integer(), fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 0, max: 1000 })])(
    'int(min, max) stays within both bounds',
    (seed, min, span) => {
      const random = createDemoRandom(seed);
      for (let i = 0; i < 20; i++) {
        const value = random.int(min, min + span);
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(min);
        expect(value).toBeLessThanOrEqual(min + span);
      }
    },
  );

  test.prop([fc.double(), fc.array(fc.string(), { minLength: 1, maxLength: 20 })])(
    'any seed, even a non-finite one, gives a repeatable sequence and picks list members',
    (seed, items) => {
      const a = createDemoRandom(seed);
      const b = createDemoRandom(seed);
      for (let i = 0; i < 10; i++) {
        const x = a.next();
        expect(x).toBe(b.next());
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThan(1);
        expect(items).toContain(a.pick(items));
        b.pick(items);
      }
    },
  );

  test.prop([
    fc.integer(),
    fc.uniqueArray(fc.integer(), { maxLength: 30 }),
    fc.integer({ min: -2, max: 40 }),
  ])('sample returns distinct members, at most the requested count', (seed, items, count) => {
    const sample = createDemoRandom(seed).sample(items, count);
    expect(sample.length).toBe(Math.max(0, Math.min(count, items.length)));
    expect(new Set(sample).size).toBe(sample.length);
    for (const item of sample) expect(items).toContain(item);
  });

  it('pick refuses an empty list instead of returning undefined', () => {
    expect(() => createDemoRandom(1).pick([])).toThrow(RangeError);
  });
});

describe('slugify', () => {
  test.prop([fc.string({ unit: 'grapheme', maxLength: 80 })])('always yields latin kebab-case', (text) => {
    expect(slugify(text)).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
  });

  it('transliterates Russian names', () => {
    expect(slugify('Диван-кровать «Осло» трёхместный, велюр, графит')).toBe(
      'divan-krovat-oslo-trehmestnyy-velyur-grafit',
    );
    expect(slugify('Шкаф-купе «Щукино» 180 × 60')).toBe('shkaf-kupe-schukino-180-60');
    expect(slugify('«»—')).toBe('');
  });
});

describe('pluralRu and formatRoubles', () => {
  it.each([
    [1, 'товар'],
    [2, 'товара'],
    [5, 'товаров'],
    [11, 'товаров'],
    [21, 'товар'],
    [112, 'товаров'],
    [-3, 'товара'],
  ])('%i → %s', (n, form) => {
    expect(pluralRu(n, 'товар', 'товара', 'товаров')).toBe(form);
  });

  it('groups thousands with a no-break space', () => {
    expect(formatRoubles(30_000)).toBe('30\u00a0000');
    expect(formatRoubles(1_234_567)).toBe('1\u00a0234\u00a0567');
    expect(formatRoubles(990)).toBe('990');
  });
});
