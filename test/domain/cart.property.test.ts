import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  addToCart,
  type Cart,
  type CartItem,
  cartQuantities,
  cartsDiffer,
  cartTotalQuantity,
  cartTotals,
  isLineQuantity,
  keepSavedLines,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  mergeCarts,
  normaliseCart,
  parseStoredCart,
  removeFromCart,
  setCartQuantity,
} from '../../src/domain/cart';
import { productFieldsArb, productIdArb } from './product.arbitraries';

const quantityArb = fc.oneof(
  fc.integer({ min: 1, max: 5 }),
  fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
  fc.constant(MAX_LINE_QUANTITY),
);

const lineArb: fc.Arbitrary<CartItem> = fc
  .tuple(productIdArb, quantityArb, productFieldsArb)
  .map(([id, quantity, fields]) => ({ ...fields, id, quantity }));

/** A valid cart: unique ids, whole quantities in range. */
const cartArb: fc.Arbitrary<Cart> = fc.uniqueArray(lineArb, { selector: (line) => line.id, maxLength: 12 });

/** The cart as a plain object id → quantity, for order-insensitive comparison. */
function asMap(cart: Cart): Record<number, number> {
  return Object.fromEntries(cartQuantities(cart));
}

function isValidCart(cart: Cart): boolean {
  const ids = cart.map((line) => line.id);
  return (
    new Set(ids).size === ids.length &&
    cart.every((line) => Number.isSafeInteger(line.id) && line.id > 0 && isLineQuantity(line.quantity))
  );
}

describe('mergeCarts laws (as id → quantity maps)', () => {
  test.prop([cartArb, cartArb])('commutative', (a, b) => {
    expect(asMap(mergeCarts(a, b))).toEqual(asMap(mergeCarts(b, a)));
  });

  test.prop([cartArb, cartArb, cartArb])('associative', (a, b, c) => {
    expect(asMap(mergeCarts(mergeCarts(a, b), c))).toEqual(asMap(mergeCarts(a, mergeCarts(b, c))));
  });

  test.prop([cartArb])('idempotent', (a) => {
    expect(asMap(mergeCarts(a, a))).toEqual(asMap(a));
  });

  test.prop([cartArb, cartArb])('merging the result again with either side changes nothing', (a, b) => {
    const merged = mergeCarts(a, b);
    expect(asMap(mergeCarts(merged, b))).toEqual(asMap(merged));
    expect(asMap(mergeCarts(a, merged))).toEqual(asMap(merged));
  });

  test.prop([cartArb, cartArb])('no id is lost and the larger quantity wins', (local, server) => {
    const merged = asMap(mergeCarts(local, server));
    const l = asMap(local);
    const s = asMap(server);
    const ids = new Set([...Object.keys(l), ...Object.keys(s)].map(Number));
    expect(new Set(Object.keys(merged).map(Number))).toEqual(ids);
    for (const id of ids) expect(merged[id]).toBe(Math.max(l[id] ?? 0, s[id] ?? 0));
  });

  test.prop([cartArb, cartArb])(
    'the result is a valid cart, server lines first in server order',
    (local, server) => {
      const merged = mergeCarts(local, server);
      expect(isValidCart(merged)).toBe(true);
      expect(merged.slice(0, server.length).map((line) => line.id)).toEqual(server.map((line) => line.id));
      const serverIds = new Set(server.map((line) => line.id));
      expect(merged.slice(server.length).map((line) => line.id)).toEqual(
        local.filter((line) => !serverIds.has(line.id)).map((line) => line.id),
      );
    },
  );

  test.prop([cartArb, cartArb])(
    'the merge must be pushed exactly when the local cart has an id the server lacks or holds more of',
    (local, server) => {
      const s = asMap(server);
      const localAdds = local.some((line) => (s[line.id] ?? 0) < line.quantity);
      expect(cartsDiffer(mergeCarts(local, server), server)).toBe(localAdds);
    },
  );
});

describe('cartsDiffer laws', () => {
  test.prop([cartArb])('a cart never differs from itself, nor from itself reordered', (cart) => {
    expect(cartsDiffer(cart, cart)).toBe(false);
    expect(cartsDiffer(cart, [...cart].reverse())).toBe(false);
  });

  test.prop([cartArb, cartArb])('symmetric, and false exactly when the maps are equal', (a, b) => {
    expect(cartsDiffer(a, b)).toBe(cartsDiffer(b, a));
    const equalMaps = JSON.stringify(Object.entries(asMap(a))) === JSON.stringify(Object.entries(asMap(b)));
    expect(cartsDiffer(a, b)).toBe(!equalMaps);
  });
});

describe('editing laws', () => {
  test.prop([cartArb, productIdArb, fc.integer({ min: 1, max: 50 })])(
    'adding q raises the total quantity by q until the line saturates',
    (cart, id, quantity) => {
      const result = addToCart(cart, { id }, quantity);
      if (!result.ok) {
        expect(result.error).toBe('cart-full');
        return;
      }
      const before = asMap(cart)[id] ?? 0;
      const after = Math.min(MAX_LINE_QUANTITY, before + quantity);
      expect(asMap(result.value)[id]).toBe(after);
      expect(cartTotalQuantity(result.value)).toBe(cartTotalQuantity(cart) - before + after);
      expect(isValidCart(result.value)).toBe(true);
    },
  );

  test.prop([cartArb, productIdArb, fc.integer({ min: 1, max: 50 })])(
    'adding then removing an id is removing it',
    (cart, id, quantity) => {
      const added = addToCart(cart, { id }, quantity);
      if (added.ok) expect(removeFromCart(added.value, id)).toEqual(removeFromCart(cart, id));
    },
  );

  test.prop([
    cartArb,
    productIdArb,
    fc.oneof(fc.integer({ max: 0 }), fc.double({ max: 0.999, noNaN: true })),
  ])('setting a quantity below 1 removes the line', (cart, id, quantity) => {
    expect(setCartQuantity(cart, id, quantity)).toEqual({ ok: true, value: removeFromCart(cart, id) });
  });

  test.prop([cartArb, productIdArb, fc.integer({ min: 1, max: 10 ** 9 })])(
    'setting a whole quantity keeps the cart valid and sets exactly that line',
    (cart, id, quantity) => {
      const result = setCartQuantity(cart, id, quantity);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const expected = { ...asMap(cart) };
      if (id in expected) expected[id] = Math.min(quantity, MAX_LINE_QUANTITY);
      expect(asMap(result.value)).toEqual(expected);
      expect(isValidCart(result.value)).toBe(true);
    },
  );
});

describe('cartTotals laws', () => {
  test.prop([cartArb])('savings are the difference, never negative, and nothing is counted twice', (cart) => {
    const totals = cartTotals(cart);
    expect(totals.withDiscount).toBeGreaterThanOrEqual(0);
    expect(totals.withoutDiscount).toBeGreaterThanOrEqual(totals.withDiscount);
    expect(totals.savings).toBeCloseTo(totals.withoutDiscount - totals.withDiscount, 2);
    expect(totals.savings).toBeGreaterThanOrEqual(0);
  });

  test.prop([cartArb])('an order of lines does not change the totals', (cart) => {
    const reversed = cartTotals([...cart].reverse());
    const totals = cartTotals(cart);
    expect(reversed.withDiscount).toBeCloseTo(totals.withDiscount, 2);
    expect(reversed.withoutDiscount).toBeCloseTo(totals.withoutDiscount, 2);
  });
});

describe('parseStoredCart laws', () => {
  test.prop([fc.jsonValue()])('any JSON value decodes to a valid cart', (value) => {
    const cart = parseStoredCart(value);
    expect(isValidCart(cart)).toBe(true);
    expect(cart.length).toBeLessThanOrEqual(MAX_CART_LINES);
  });

  test.prop([fc.array(fc.oneof(fc.anything(), fc.record({ id: fc.anything(), quantity: fc.anything() })))])(
    'any array of anything decodes to a valid cart',
    (value) => {
      expect(isValidCart(parseStoredCart(value))).toBe(true);
    },
  );

  test.prop([cartArb])('a stored valid cart comes back unchanged (JSON round trip)', (cart) => {
    expect(parseStoredCart(JSON.parse(JSON.stringify(cart)))).toEqual(cart);
  });

  test.prop([fc.jsonValue()])('decoding is idempotent', (value) => {
    const once = parseStoredCart(value);
    expect(parseStoredCart(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });

  test.prop([cartArb, cartArb])(
    'after a save the cart holds exactly the lines the server kept',
    (local, saved) => {
      const { cart, dropped } = keepSavedLines(local, saved);
      const kept = cartQuantities(saved);
      for (const line of cart) expect(kept.get(line.id)).toBe(line.quantity);
      const localIds = new Set(cartQuantities(local).keys());
      expect(new Set(cart.map((line) => line.id))).toEqual(
        new Set([...localIds].filter((id) => kept.has(id))),
      );
      expect(new Set(dropped)).toEqual(new Set([...localIds].filter((id) => !kept.has(id))));
      // Saving what the server already has changes nothing.
      expect(keepSavedLines(local, local).cart).toEqual([...normaliseCart(local)]);
    },
  );
});
