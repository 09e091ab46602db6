import { describe, expect, it } from 'vitest';
import { buildQueryString, queryValueText, toWellFormed, withQuery } from '../../src/domain/query-params';

describe('buildQueryString', () => {
  it('drops null, undefined and empty strings', () => {
    expect(buildQueryString({ q: 'диван', page: 1, sort: '', type: null, offset: undefined })).toBe(
      `page=1&q=${encodeURIComponent('диван')}`,
    );
  });

  it('repeats the parameter for array values and drops empty arrays', () => {
    expect(buildQueryString({ ids: [1, 2, 3], tags: [] })).toBe('ids=1&ids=2&ids=3');
    expect(buildQueryString({ ids: [1, null, '', 2, undefined] })).toBe('ids=1&ids=2');
  });

  it('stringifies numbers and booleans, dropping non-finite numbers', () => {
    expect(buildQueryString({ limit: 12, force: true, draft: false, zero: 0 })).toBe(
      'draft=false&force=true&limit=12&zero=0',
    );
    expect(buildQueryString({ a: Number.NaN, b: Number.POSITIVE_INFINITY, c: -1.5 })).toBe('c=-1.5');
  });

  it('encodes keys and values, spaces as %20', () => {
    expect(buildQueryString({ 'a b': 'x&y=z', q: '100% хлопок + лён' })).toBe(
      `a%20b=x%26y%3Dz&q=100%25%20${encodeURIComponent('хлопок')}%20%2B%20${encodeURIComponent('лён')}`,
    );
  });

  it('is the same whatever order the keys were given in', () => {
    expect(buildQueryString({ sort: 'new', limit: 12 })).toBe(buildQueryString({ limit: 12, sort: 'new' }));
    expect(buildQueryString({ sort: 'new', limit: 12 })).toBe('limit=12&sort=new');
  });

  it("keeps whitespace-only values (trimming is the caller's rule, e.g. search)", () => {
    expect(buildQueryString({ q: ' ' })).toBe('q=%20');
  });

  it('drops an empty key and is empty when nothing is left', () => {
    expect(buildQueryString({ '': 'x' })).toBe('');
    expect(buildQueryString({})).toBe('');
    expect(buildQueryString({ a: null, b: [] })).toBe('');
  });

  it('does not throw on lone surrogates', () => {
    expect(buildQueryString({ q: 'a\uD800b' })).toBe('q=a%EF%BF%BDb');
    expect(toWellFormed('\uDC00\uD83D\uDE00\uD800')).toBe('\uFFFD\uD83D\uDE00\uFFFD');
  });

  it('reads own keys only, and treats __proto__ as a plain key', () => {
    const params = JSON.parse('{"__proto__": "x", "a": 1}') as Record<string, string | number>;
    expect(buildQueryString(params)).toBe('__proto__=x&a=1');
    const inherited = Object.create({ hidden: 'y' }) as Record<string, string>;
    expect(buildQueryString(inherited)).toBe('');
  });
});

describe('buildQueryString and the URL parser', () => {
  it("encodes ! ' ( ) * so the URL parser leaves the string as built (pinned: fast-check seed 789322593)", () => {
    const query = buildQueryString({ "'": [0], q: "(it's)!*" });
    expect(query).toBe('%27=0&q=%28it%27s%29%21%2A');
    expect(new URL(`http://localhost/?${query}`).search).toBe(`?${query}`);
    expect(new URLSearchParams(query).get('q')).toBe("(it's)!*");
  });
});

describe('withQuery', () => {
  it('adds the query to a path', () => {
    expect(withQuery('/api/products', { sort: 'new', limit: 12 })).toBe('/api/products?limit=12&sort=new');
    expect(withQuery('/api/products', { sort: null })).toBe('/api/products');
    expect(withQuery('/api/search?q=a', { page: 2 })).toBe('/api/search?q=a&page=2');
  });
});

describe('queryValueText', () => {
  it('names which values are sent', () => {
    expect(queryValueText('a')).toBe('a');
    expect(queryValueText('')).toBeNull();
    expect(queryValueText(0)).toBe('0');
    expect(queryValueText(-0)).toBe('0');
    expect(queryValueText(false)).toBe('false');
    expect(queryValueText(null)).toBeNull();
  });
});
