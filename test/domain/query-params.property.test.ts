import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  buildQueryString,
  type QueryParams,
  type QueryScalar,
  queryValueText,
} from '../../src/domain/query-params';

const scalar: fc.Arbitrary<QueryScalar> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constant(''),
  fc.constant(null),
  fc.constant(undefined),
  fc.integer(),
  fc.double(),
  fc.boolean(),
);
const params: fc.Arbitrary<QueryParams> = fc.dictionary(
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.oneof(scalar, fc.array(scalar, { maxLength: 4 })),
  { maxKeys: 6 },
);

/** What the server should see: every non-empty value as text, keys in sorted order, arrays in order. */
function expectedPairs(input: QueryParams): [string, string][] {
  return Object.keys(input)
    .filter((key) => key !== '')
    .sort()
    .flatMap((key) => {
      const raw = input[key];
      const values = (Array.isArray(raw) ? raw : [raw]) as QueryScalar[];
      return values.flatMap((value) => {
        const text = queryValueText(value);
        return text === null ? [] : [[key, text] as [string, string]];
      });
    });
}

describe('query string laws', () => {
  test.prop([params])('parsing the result back yields exactly the non-empty values', (input) => {
    const parsed = [...new URLSearchParams(buildQueryString(input)).entries()];
    expect(parsed).toEqual(expectedPairs(input));
  });

  test.prop([params])('no empty value, null, undefined or NaN is ever sent', (input) => {
    for (const [, value] of new URLSearchParams(buildQueryString(input))) {
      expect(value).not.toBe('');
      expect(['null', 'undefined', 'NaN', 'Infinity', '-Infinity']).not.toContain(value);
    }
  });

  test.prop([params])('deterministic: the same parameters in any key order give the same string', (input) => {
    const reversed = Object.fromEntries(Object.entries(input).reverse()) as QueryParams;
    expect(buildQueryString(reversed)).toBe(buildQueryString(input));
  });

  test.prop([params])('the string is a valid URL query that needs no further encoding', (input) => {
    const query = buildQueryString(input);
    expect(query).toMatch(/^[A-Za-z0-9\-_.~%=&]*$/);
    expect(new URL(`http://localhost/?${query}`).search).toBe(query === '' ? '' : `?${query}`);
  });
});
