import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_PAGE_SIZE,
  MAX_CATEGORY_PAGE,
  MAX_FILTER_VALUE_LENGTH,
  MAX_FILTER_VALUES,
  MAX_RANGE_VALUE,
  parseCategorySearch,
  productListQuery,
  toggleListValue,
  withPage,
  withRange,
  withSort,
} from '../../../src/application/queries/category-search';

describe('parseCategorySearch (validateSearch of /category/$)', () => {
  it('keeps valid filters and leaves defaults out', () => {
    expect(
      parseCategorySearch({
        sort: 'price_desc',
        page: 3,
        price_min: 1000,
        price_max: '50000',
        material: ['Велюр', 'Рогожка'],
        badge: ['new', 'sale'],
      }),
    ).toEqual({
      sort: 'price_desc',
      page: 3,
      price_min: 1000,
      price_max: 50_000,
      material: ['Велюр', 'Рогожка'],
      badge: ['new'],
    });
    expect(parseCategorySearch({ sort: 'new', page: 1 })).toEqual({});
  });

  it('reads a single hand-typed value as a list and a reversed range the way it was meant', () => {
    expect(parseCategorySearch({ color: 'Серый', width_min: 200, width_max: 100 })).toEqual({
      color: ['Серый'],
      width_min: 100,
      width_max: 200,
    });
  });

  it('drops hostile input', () => {
    expect(
      parseCategorySearch({
        sort: 'random; DROP TABLE',
        page: -4,
        price_min: Number.NaN,
        price_max: 'Infinity',
        height_min: -1,
        material: [{}, null, '   ', 'x'.repeat(MAX_FILTER_VALUE_LENGTH + 1)],
        style: { $gt: '' },
        badge: '__proto__',
      }),
    ).toEqual({});
    expect(parseCategorySearch({ page: 10 ** 12, depth_max: 10 ** 15 })).toEqual({
      page: MAX_CATEGORY_PAGE,
      depth_max: MAX_RANGE_VALUE,
    });
  });

  test.prop([fc.dictionary(fc.string(), fc.jsonValue())])('is total and idempotent on any input', (raw) => {
    const once = parseCategorySearch(raw);
    expect(parseCategorySearch({ ...once })).toEqual(once);
    for (const key of ['material', 'color', 'style', 'badge'] as const) {
      expect((once[key] ?? []).length).toBeLessThanOrEqual(MAX_FILTER_VALUES);
    }
  });

  test.prop([fc.array(fc.string({ minLength: 1, maxLength: 20 }), { maxLength: 10 })])(
    'toggling a value twice gives the filter back (page reset)',
    (values) => {
      const start = parseCategorySearch({ material: values, page: 4 });
      const value = 'Дуб';
      expect(toggleListValue(toggleListValue(start, 'material', value), 'material', value)).toEqual(
        parseCategorySearch({ material: values }),
      );
    },
  );

  it('resets the page when filters or sort change, and maps the page to the API offset', () => {
    const search = parseCategorySearch({ page: 5, material: ['Велюр'] });
    expect(withSort(search, 'popular')).toEqual({ sort: 'popular', material: ['Велюр'] });
    expect(withRange(search, 'price', 100, undefined)).toEqual({ price_min: 100, material: ['Велюр'] });
    expect(productListQuery('divany', withPage(search, 3))).toMatchObject({
      category: 'divany',
      sort: 'new',
      limit: CATEGORY_PAGE_SIZE,
      offset: 2 * CATEGORY_PAGE_SIZE,
      material: ['Велюр'],
      price_min: null,
    });
  });
});
