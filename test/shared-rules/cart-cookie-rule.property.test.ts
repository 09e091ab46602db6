import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  type CartCookieLine,
  cartCookieOf,
  MAX_CART_COOKIE_CHARS,
  MAX_CART_COOKIE_PRODUCT_ID,
  parseCartCookie,
  printCartCookie,
} from '../../shared-rules/cart-cookie-rule';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../shared-rules/cart-limits-rule';

const line: fc.Arbitrary<CartCookieLine> = fc.record({
  id: fc.integer({ min: 1, max: MAX_CART_COOKIE_PRODUCT_ID }),
  quantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
});
/** A cart's lines as the browser keeps them: each id once, at most MAX_CART_LINES. */
const cartLines = fc.uniqueArray(line, { selector: (item) => item.id, maxLength: MAX_CART_LINES });
/** Whatever a caller might pass: any numbers, repeated ids, more lines than a cart holds. */
const anyLines = fc.array(
  fc.record({
    id: fc.oneof(fc.integer(), fc.double(), fc.constant(MAX_CART_COOKIE_PRODUCT_ID + 1)),
    quantity: fc.oneof(fc.integer({ min: -5, max: 1500 }), fc.double()),
  }),
  { maxLength: MAX_CART_LINES + 20 },
);
/** Text made mostly of the cookie's own characters, so near misses of the format are common. */
const nearMiss = fc
  .array(fc.constantFrom('0', '1', '2', '9', '.', '-', ' ', ';', '=', '+', 'e', '\u0000', '٣'), {
    maxLength: 60,
  })
  .map((chars) => chars.join(''));

function isValidList(lines: readonly CartCookieLine[]): boolean {
  const ids = new Set(lines.map((item) => item.id));
  return (
    lines.length >= 1 &&
    lines.length <= MAX_CART_LINES &&
    ids.size === lines.length &&
    lines.every(
      (item) =>
        Number.isSafeInteger(item.id) &&
        item.id >= 1 &&
        item.id <= MAX_CART_COOKIE_PRODUCT_ID &&
        Number.isSafeInteger(item.quantity) &&
        item.quantity >= 1 &&
        item.quantity <= MAX_LINE_QUANTITY,
    )
  );
}

describe('the cart cookie', () => {
  test.prop([cartLines])('a cart’s lines read back as themselves, in order', (lines) => {
    const value = printCartCookie(lines);
    expect(value.length).toBeLessThanOrEqual(MAX_CART_COOKIE_CHARS);
    expect(value).toMatch(/^[0-9.-]*$/);
    expect(parseCartCookie(value)).toEqual(lines.length === 0 ? null : lines);
  });

  test.prop([anyLines])(
    'any lines print as a value that reads back as the first mirrorable ones, within the limits',
    (lines) => {
      const value = printCartCookie(lines);
      expect(value.length).toBeLessThanOrEqual(MAX_CART_COOKIE_CHARS);
      const read = parseCartCookie(value);
      if (value === '') {
        expect(read).toBeNull();
        return;
      }
      expect(read).not.toBeNull();
      expect(isValidList(read ?? [])).toBe(true);
      // What was left out was a line the cookie cannot hold or an id already written.
      const kept = new Set<number>();
      const expected = lines.filter((item) => {
        const fits = isValidList([item]) && !kept.has(item.id) && kept.size < MAX_CART_LINES;
        if (fits) kept.add(item.id);
        return fits;
      });
      expect(read).toEqual(expected);
    },
  );

  test.prop([
    fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: 'grapheme', maxLength: 80 }), nearMiss),
  ])(
    'any text reads as a valid list or as no cookie, never an error, and a list prints back as that text',
    (text) => {
      const read = parseCartCookie(text);
      if (read === null) return;
      expect(isValidList(read)).toBe(true);
      expect(printCartCookie(read)).toBe(text);
    },
  );

  it('holds lines up to MAX_CART_LINES of the largest ids within its length', () => {
    const largest = Array.from({ length: MAX_CART_LINES + 5 }, (_, index) => ({
      id: MAX_CART_COOKIE_PRODUCT_ID - index,
      quantity: MAX_LINE_QUANTITY,
    }));
    const value = printCartCookie(largest);
    expect(value.length).toBeLessThanOrEqual(MAX_CART_COOKIE_CHARS);
    expect(parseCartCookie(value)).toEqual(largest.slice(0, MAX_CART_LINES));
  });

  it.each([
    ['an absent cookie', undefined],
    ['null', null],
    ['an empty value', ''],
    ['a leading zero', '012.1'],
    ['a zero quantity', '12.0'],
    ['a quantity above the limit', `12.${MAX_LINE_QUANTITY + 1}`],
    ['an id beyond the database', `${MAX_CART_COOKIE_PRODUCT_ID + 1}.1`],
    ['a repeated id', '12.1-12.2'],
    ['an empty line', '12.1--7.3'],
    ['a trailing separator', '12.1-'],
    ['a line without its quantity', '12'],
    ['spaces', '12.1 -7.3'],
    ['an escaped value', '12%2E1'],
    ['a negative quantity', '12.-1'],
    [
      'more lines than a cart holds',
      Array.from({ length: MAX_CART_LINES + 1 }, (_, i) => `${i + 1}.1`).join('-'),
    ],
    ['an oversized value', `${'1'.repeat(MAX_CART_COOKIE_CHARS)}.1`],
  ])('reads %s as no cookie', (_label, value) => {
    expect(parseCartCookie(value)).toBeNull();
  });

  it('spells ids and quantities with dots and dashes', () => {
    expect(
      printCartCookie([
        { id: 12, quantity: 1 },
        { id: 7, quantity: 3 },
      ]),
    ).toBe('12.1-7.3');
    expect(parseCartCookie('12.1-7.3')).toEqual([
      { id: 12, quantity: 1 },
      { id: 7, quantity: 3 },
    ]);
    expect(printCartCookie([])).toBe('');
  });

  it('finds its value among the request’s cookies, the first of its name', () => {
    expect(cartCookieOf('sid=abc; cart=12.1-7.3; geoCity=x')).toBe('12.1-7.3');
    expect(cartCookieOf('xcart=1; cart=5.2; cart=9.9')).toBe('5.2');
    expect(cartCookieOf('cartx=1; other=2')).toBeNull();
    expect(cartCookieOf(undefined)).toBeNull();
    expect(cartCookieOf('')).toBeNull();
  });
});
