import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  hasProductFilters,
  parseProductListSearch,
  productQueryOf,
} from '../../src/application/admin/product-list-search';

/**
 * The product list's address is its state (issue 25 item 8): every filter, the search and the order
 * live in the URL, checked like the orders list's; what is malformed is dropped, never trusted.
 */
describe('product list search params', () => {
  it('keeps every filter, the search and the order; drops what is malformed', () => {
    expect(
      parseProductListSearch({
        q: '  диван  ',
        category: '12',
        priceMin: 1000,
        priceMax: '5000',
        badge: 'new',
        hidden: true,
        stock: 'out',
        sort: 'price_desc',
        page: '3',
      }),
    ).toEqual({
      q: 'диван',
      category: 12,
      priceMin: 1000,
      priceMax: 5000,
      badge: 'new',
      hidden: 'true',
      stock: 'out',
      sort: 'price_desc',
      page: 3,
    });
    expect(
      parseProductListSearch({ category: '-1', priceMin: 'abc', badge: 'hot', sort: 'random', page: 1 }),
    ).toEqual({});
    // An article typed as digits arrives as a number from the router's parser: still a search.
    expect(parseProductListSearch({ q: 12345 })).toEqual({ q: '12345' });
    // The default order is not written into the address.
    expect(parseProductListSearch({ sort: 'new' })).toEqual({});
  });

  it('the order is not a filter; the query carries it to the API', () => {
    expect(hasProductFilters({ sort: 'name', page: 2 })).toBe(false);
    expect(hasProductFilters({ q: 'стол' })).toBe(true);
    expect(productQueryOf({ sort: 'stock_asc' })).toMatchObject({ sort: 'stock_asc', page: 1 });
  });

  test.prop([
    fc.dictionary(
      fc.constantFrom('q', 'category', 'priceMin', 'badge', 'hidden', 'stock', 'sort', 'page', 'x'),
      fc.oneof(fc.string(), fc.integer(), fc.boolean()),
    ),
  ])('parsing is idempotent and yields only known keys', (raw) => {
    const parsed = parseProductListSearch(raw);
    expect(parseProductListSearch({ ...parsed })).toEqual(parsed);
    for (const key of Object.keys(parsed))
      expect(['q', 'category', 'priceMin', 'priceMax', 'badge', 'hidden', 'stock', 'sort', 'page']).toContain(
        key,
      );
  });
});
