import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  addViewed,
  isProductId,
  parseStoredViewed,
  RECENTLY_VIEWED_LIMIT,
  type RecentlyViewed,
} from '../../src/domain/recently-viewed';

const productId = fc.integer({ min: 1, max: 120 });
const validList = fc.uniqueArray(productId, { maxLength: RECENTLY_VIEWED_LIMIT });
const anyList = fc.array(fc.oneof(productId, fc.integer(), fc.double()), { maxLength: 120 });

const hasNoDuplicates = (list: RecentlyViewed): boolean => new Set(list).size === list.length;

describe('recently viewed laws', () => {
  test.prop([anyList, productId])('the added id is the head, once', (list, id) => {
    const next = addViewed(list, id);
    expect(next[0]).toBe(id);
    expect(next.filter((x) => x === id)).toHaveLength(1);
  });

  test.prop([anyList, fc.oneof(productId, fc.integer(), fc.double())])(
    'at most 50 valid ids without duplicates',
    (list, id) => {
      const next = addViewed(list, id);
      expect(next.length).toBeLessThanOrEqual(RECENTLY_VIEWED_LIMIT);
      expect(hasNoDuplicates(next)).toBe(true);
      expect(next.every(isProductId)).toBe(true);
    },
  );

  test.prop([anyList, productId])('adding the head again changes nothing', (list, id) => {
    const once = addViewed(list, id);
    expect(addViewed(once, id)).toEqual(once);
  });

  test.prop([validList, productId])('the other ids keep their order behind the head', (list, id) => {
    const next = addViewed(list, id);
    expect(next.slice(1)).toEqual(list.filter((x) => x !== id).slice(0, RECENTLY_VIEWED_LIMIT - 1));
  });

  test.prop([fc.array(productId, { maxLength: 200 })])(
    'a sequence of views leaves the latest views first',
    (views) => {
      const list = views.reduce<RecentlyViewed>(addViewed, []);
      const expected = [...new Set([...views].reverse())].slice(0, RECENTLY_VIEWED_LIMIT);
      expect(list).toEqual(expected);
    },
  );

  test.prop([fc.jsonValue()])('parsing any JSON gives a valid list', (json) => {
    for (const stored of [json, JSON.stringify(json)]) {
      const list = parseStoredViewed(stored);
      expect(list.length).toBeLessThanOrEqual(RECENTLY_VIEWED_LIMIT);
      expect(hasNoDuplicates(list)).toBe(true);
      expect(list.every(isProductId)).toBe(true);
    }
  });

  test.prop([validList])('a valid list survives storage unchanged', (list) => {
    expect(parseStoredViewed(JSON.stringify(list))).toEqual(list);
  });

  test.prop([fc.string({ unit: 'binary' })])('parsing any text never throws', (text) => {
    expect(Array.isArray(parseStoredViewed(text))).toBe(true);
  });
});
