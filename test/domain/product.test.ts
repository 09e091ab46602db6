import { describe, expect, it } from 'vitest';
import {
  decodeProductFields,
  decodeProductId,
  isProductBadge,
  isProductId,
  MAX_DECODED_SPEC_ENTRIES,
  PRODUCT_BADGES,
} from '../../src/domain/product';

describe('product ids from untrusted data', () => {
  it('accepts positive safe integers and their digit strings', () => {
    expect(decodeProductId(7)).toBe(7);
    expect(decodeProductId('42')).toBe(42);
    expect(decodeProductId(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    0,
    -3,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.MAX_SAFE_INTEGER + 1,
    '',
    ' 4',
    '4.0',
    '-4',
    '1e3',
    '9007199254740993',
    null,
    undefined,
    true,
    {},
    [5],
  ])('rejects %j', (value) => {
    expect(decodeProductId(value)).toBeNull();
  });

  it('isProductId is the same test without digit strings', () => {
    expect(isProductId(3)).toBe(true);
    expect(isProductId('3')).toBe(false);
    expect(isProductId(0)).toBe(false);
  });
});

describe('product badges', () => {
  it('knows exactly the four badges of the spec', () => {
    expect(PRODUCT_BADGES).toEqual(['trending', 'new', 'available', 'preorder']);
    expect(isProductBadge('new')).toBe(true);
    expect(isProductBadge('NEW')).toBe(false);
    expect(isProductBadge('sale')).toBe(false);
    expect(isProductBadge(null)).toBe(false);
  });
});

describe('product fields from untrusted data', () => {
  it('keeps every well-typed field', () => {
    const fields = decodeProductFields({
      id: 5,
      slug: 'divan-oslo',
      name: 'Диван «Осло»',
      tovar_pic1_url_site: 'https://example.ru/oslo.jpg',
      price: 45990,
      price_old: 52990,
      badge: 'trending',
      width: 220,
      depth: 95,
      height: 80,
      specs: { MATERIAL: 'велюр', Ширина: '220 см' },
    });
    expect(fields).toEqual({
      slug: 'divan-oslo',
      name: 'Диван «Осло»',
      tovar_pic1_url_site: 'https://example.ru/oslo.jpg',
      price: 45990,
      price_old: 52990,
      badge: 'trending',
      width: 220,
      depth: 95,
      height: 80,
      specs: { MATERIAL: 'велюр', Ширина: '220 см' },
    });
  });

  it('keeps explicit nulls and reads decimal strings as amounts (PostgreSQL numeric)', () => {
    expect(
      decodeProductFields({ price: '12990.50', price_old: null, tovar_pic1_url_site: null, badge: null }),
    ).toEqual({
      price: 12990.5,
      price_old: null,
      tovar_pic1_url_site: null,
      badge: null,
    });
  });

  it('leaves out each field of the wrong type instead of rejecting the item', () => {
    const fields = decodeProductFields({
      slug: 12,
      name: ['Стул'],
      tovar_pic1_url_site: 5,
      price: -1,
      price_old: Number.NaN,
      badge: 'sale',
      width: Number.POSITIVE_INFINITY,
      depth: '12 см',
      height: {},
      specs: ['MATERIAL'],
      PRICE_EUR: 100,
    });
    expect(fields).toEqual({});
  });

  it('keeps text and numeric spec values only, never an own __proto__ entry, and caps their number', () => {
    const specs = JSON.parse('{"__proto__": "x", "A": "1", "B": 2, "C": null, "D": {"x": 1}}') as unknown;
    expect(decodeProductFields({ specs })).toEqual({ specs: { A: '1', B: '2' } });
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`K${index}`, 'v']));
    expect(Object.keys(decodeProductFields({ specs: many }).specs ?? {})).toHaveLength(
      MAX_DECODED_SPEC_ENTRIES,
    );
  });
});
