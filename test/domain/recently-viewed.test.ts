import { describe, expect, it } from 'vitest';
import {
  addViewed,
  clearViewed,
  isProductId,
  parseStoredViewed,
  RECENTLY_VIEWED_LIMIT,
  RECENTLY_VIEWED_STORAGE_KEY,
  viewedOldestFirst,
} from '../../src/domain/recently-viewed';

describe('addViewed', () => {
  it('puts a new id in front', () => {
    expect(addViewed([3, 2, 1], 4)).toEqual([4, 3, 2, 1]);
    expect(addViewed([], 7)).toEqual([7]);
  });

  it('moves an id already in the list to the front instead of repeating it', () => {
    expect(addViewed([3, 2, 1], 1)).toEqual([1, 3, 2]);
    expect(addViewed([3, 2, 1], 3)).toEqual([3, 2, 1]);
  });

  it('keeps at most 50 ids, dropping the oldest', () => {
    expect(RECENTLY_VIEWED_LIMIT).toBe(50);
    const full = Array.from({ length: 50 }, (_, i) => 50 - i); // 50 … 1
    const next = addViewed(full, 51);
    expect(next).toHaveLength(50);
    expect(next[0]).toBe(51);
    expect(next).not.toContain(1);
  });

  it('ignores an invalid id and cleans a broken list', () => {
    expect(addViewed([2, 1], 0)).toEqual([2, 1]);
    expect(addViewed([2, 1], -3)).toEqual([2, 1]);
    expect(addViewed([2, 1], 1.5)).toEqual([2, 1]);
    expect(addViewed([2, 1], Number.NaN)).toEqual([2, 1]);
    expect(addViewed([2, 2, 0, 1], 5)).toEqual([5, 2, 1]);
  });

  it('does not change the list it was given', () => {
    const list = Object.freeze([2, 1]);
    addViewed(list, 3);
    expect(list).toEqual([2, 1]);
  });
});

describe('clearViewed and push order', () => {
  it('clears to an empty list', () => {
    expect(clearViewed()).toEqual([]);
  });

  it('pushes oldest first, so the server ends with the same newest-first order', () => {
    const local = [30, 20, 10];
    expect(viewedOldestFirst(local)).toEqual([10, 20, 30]);
    const onServer = viewedOldestFirst(local).reduce(addViewed, [] as readonly number[]);
    expect(onServer).toEqual(local);
  });
});

describe('parseStoredViewed', () => {
  it('reads a stored list as JSON text or as a parsed value', () => {
    expect(parseStoredViewed('[5,3,1]')).toEqual([5, 3, 1]);
    expect(parseStoredViewed([5, 3, 1])).toEqual([5, 3, 1]);
  });

  it('accepts decimal strings and objects carrying the id', () => {
    expect(parseStoredViewed(['12', { id: 7 }, { productId: 8 }, { product_id: '9' }])).toEqual([
      12, 7, 8, 9,
    ]);
  });

  it('drops invalid and repeated entries, keeping the first (newest) one', () => {
    expect(
      parseStoredViewed([
        4,
        4,
        0,
        -1,
        2.5,
        'x',
        '',
        null,
        true,
        [3],
        { id: { id: 6 } },
        Number.MAX_VALUE,
        1e300,
        3,
      ]),
    ).toEqual([4, 3]);
  });

  it('caps a long stored list at 50', () => {
    const stored = Array.from({ length: 80 }, (_, i) => i + 1);
    expect(parseStoredViewed(stored)).toEqual(stored.slice(0, 50));
  });

  it.each<[unknown, string]>([
    ['', 'empty text'],
    ['{not json', 'broken JSON'],
    ['"5"', 'a JSON string'],
    ['{"a":1}', 'a JSON object'],
    [null, 'null'],
    [undefined, 'undefined'],
    [42, 'a number'],
    [{ length: 2, 0: 1, 1: 2 }, 'an array-like object'],
  ])('turns %j (%s) into an empty list', (stored) => {
    expect(parseStoredViewed(stored)).toEqual([]);
  });

  it('names its storage key', () => {
    expect(RECENTLY_VIEWED_STORAGE_KEY).toBe('recentlyViewed');
  });

  it('isProductId accepts positive safe integers only', () => {
    expect(isProductId(1)).toBe(true);
    expect(isProductId(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(isProductId(Number.MAX_SAFE_INTEGER + 1)).toBe(false);
    expect(isProductId('1')).toBe(false);
  });
});
