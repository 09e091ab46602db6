import { describe, expect, it } from 'vitest';
import {
  addToCart,
  type Cart,
  cartQuantities,
  cartsDiffer,
  cartTotalQuantity,
  cartTotals,
  clearCart,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  mergeCarts,
  normaliseCart,
  parseStoredCart,
  removeFromCart,
  setCartQuantity,
} from '../../src/domain/cart';
import { err, ok } from '../../src/domain/validation-result';

const sofa = { id: 1, name: 'Диван «Осло»', price: 45990, price_old: 52990 };
const chair = { id: 2, name: 'Стул «Берн»', price: 7990, price_old: null };
const lamp = { id: 3, name: 'Лампа «Луна»', price: null, price_old: 3990 };

function unwrap(result: ReturnType<typeof addToCart>): Cart {
  if (!result.ok) throw new Error(`expected ok, got ${result.error}`);
  return result.value;
}

describe('addToCart', () => {
  it('adds a new product at the end with quantity 1 by default', () => {
    const cart = unwrap(addToCart(unwrap(addToCart([], sofa)), chair));
    expect(cart).toEqual([
      { ...sofa, quantity: 1 },
      { ...chair, quantity: 1 },
    ]);
  });

  it('adds to the quantity of an existing id, keeps its place and takes the newer product data', () => {
    const start: Cart = [
      { ...sofa, quantity: 2 },
      { ...chair, quantity: 1 },
    ];
    const cart = unwrap(addToCart(start, { ...sofa, price: 39990 }, 3));
    expect(cart).toEqual([
      { ...sofa, price: 39990, quantity: 5 },
      { ...chair, quantity: 1 },
    ]);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])(
    'rejects the quantity %s',
    (quantity) => {
      expect(addToCart([], sofa, quantity)).toEqual(err('invalid-quantity'));
    },
  );

  it.each([0, -1, 2.5, Number.NaN])('rejects the product id %s', (id) => {
    expect(addToCart([], { ...sofa, id })).toEqual(err('invalid-product-id'));
  });

  it('saturates at MAX_LINE_QUANTITY', () => {
    const cart = unwrap(addToCart([{ ...sofa, quantity: MAX_LINE_QUANTITY - 1 }], sofa, 5));
    expect(cart[0]?.quantity).toBe(MAX_LINE_QUANTITY);
    expect(unwrap(addToCart([], chair, MAX_LINE_QUANTITY + 100))[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('refuses a new line in a full cart but still adds to an existing one', () => {
    const full: Cart = Array.from({ length: MAX_CART_LINES }, (_, index) => ({ id: index + 1, quantity: 1 }));
    expect(addToCart(full, { id: MAX_CART_LINES + 1 })).toEqual(err('cart-full'));
    expect(unwrap(addToCart(full, { id: 1 }))[0]?.quantity).toBe(2);
  });

  it('copies only product fields, never a quantity or hidden raw fields of the argument', () => {
    const product = { id: 9, name: 'Полка', quantity: 40, PRICE_EUR: 12 } as unknown as { id: number };
    expect(unwrap(addToCart([], product))).toEqual([{ id: 9, name: 'Полка', quantity: 1 }]);
  });
});

describe('setCartQuantity', () => {
  const cart: Cart = [
    { ...sofa, quantity: 2 },
    { ...chair, quantity: 1 },
  ];

  it('sets a whole quantity', () => {
    expect(setCartQuantity(cart, 2, 4)).toEqual(
      ok([
        { ...sofa, quantity: 2 },
        { ...chair, quantity: 4 },
      ]),
    );
  });

  it.each([0, -5, 0.5, Number.NEGATIVE_INFINITY])('removes the line below 1 (%s)', (quantity) => {
    expect(setCartQuantity(cart, 1, quantity)).toEqual(ok([{ ...chair, quantity: 1 }]));
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %s', (quantity) => {
    expect(setCartQuantity(cart, 1, quantity)).toEqual(err('invalid-quantity'));
  });

  it('caps at MAX_LINE_QUANTITY and ignores an id that is not in the cart', () => {
    expect(setCartQuantity(cart, 1, 1_000_000)).toEqual(
      ok([
        { ...sofa, quantity: MAX_LINE_QUANTITY },
        { ...chair, quantity: 1 },
      ]),
    );
    expect(setCartQuantity(cart, 77, 3)).toEqual(ok(cart));
  });
});

describe('removeFromCart, clearCart, cartTotalQuantity', () => {
  it('removes only the given id', () => {
    const cart: Cart = [
      { ...sofa, quantity: 2 },
      { ...chair, quantity: 1 },
    ];
    expect(removeFromCart(cart, 1)).toEqual([{ ...chair, quantity: 1 }]);
    expect(removeFromCart(cart, 99)).toEqual(cart);
  });

  it('clears to the empty cart', () => {
    expect(clearCart()).toEqual([]);
  });

  it('counts items, not lines', () => {
    expect(
      cartTotalQuantity([
        { ...sofa, quantity: 2 },
        { ...chair, quantity: 3 },
      ]),
    ).toBe(5);
    expect(cartTotalQuantity([])).toBe(0);
  });
});

describe('cartTotals', () => {
  it('sums price × quantity, old prices where higher, and the difference as savings', () => {
    const totals = cartTotals([
      { ...sofa, quantity: 2 },
      { ...chair, quantity: 3 },
    ]);
    expect(totals).toEqual({
      withDiscount: 45990 * 2 + 7990 * 3,
      withoutDiscount: 52990 * 2 + 7990 * 3,
      savings: 7000 * 2,
    });
  });

  it('counts a line without a price as 0, even with an old price', () => {
    expect(cartTotals([{ ...lamp, quantity: 4 }])).toEqual({
      withDiscount: 0,
      withoutDiscount: 0,
      savings: 0,
    });
  });

  it('ignores an old price that is not higher than the price', () => {
    expect(cartTotals([{ id: 5, price: 1000, price_old: 900, quantity: 1 }])).toEqual({
      withDiscount: 1000,
      withoutDiscount: 1000,
      savings: 0,
    });
  });

  it('rounds the sums to kopecks', () => {
    expect(cartTotals([{ id: 5, price: 0.1, price_old: 0.3, quantity: 3 }])).toEqual({
      withDiscount: 0.3,
      withoutDiscount: 0.9,
      savings: 0.6,
    });
  });

  it('treats negative or non-finite prices as no price', () => {
    expect(
      cartTotals([
        { id: 5, price: -100, quantity: 1 },
        { id: 6, price: Number.NaN, quantity: 1 },
        { id: 7, price: 100, price_old: Number.POSITIVE_INFINITY, quantity: 1 },
      ]),
    ).toEqual({ withDiscount: 100, withoutDiscount: 100, savings: 0 });
  });
});

describe('mergeCarts', () => {
  it('keeps the larger quantity per id and the products of both sides, server order first', () => {
    const local: Cart = [
      { id: 3, quantity: 1 },
      { id: 1, quantity: 5 },
    ];
    const server: Cart = [
      { id: 1, quantity: 2 },
      { id: 2, quantity: 4 },
    ];
    expect(mergeCarts(local, server)).toEqual([
      { id: 1, quantity: 5 },
      { id: 2, quantity: 4 },
      { id: 3, quantity: 1 },
    ]);
  });

  it('overlays the server product data on the local one for shared ids', () => {
    const merged = mergeCarts(
      [{ id: 1, name: 'Старое имя', slug: 'divan', quantity: 1 }],
      [{ id: 1, name: 'Диван', quantity: 1 }],
    );
    expect(merged).toEqual([{ id: 1, name: 'Диван', slug: 'divan', quantity: 1 }]);
  });

  it('normalises both sides first: duplicates add up, invalid lines are ignored', () => {
    const local = [
      { id: 1, quantity: 2 },
      { id: 1, quantity: 2 },
      { id: -1, quantity: 3 },
      { id: 4, quantity: 0 },
    ];
    expect(mergeCarts(local, [{ id: 1, quantity: 3 }])).toEqual([{ id: 1, quantity: 4 }]);
  });
});

describe('cartsDiffer', () => {
  it('ignores order and product data', () => {
    expect(
      cartsDiffer(
        [
          { id: 1, quantity: 2, name: 'А' },
          { id: 2, quantity: 1 },
        ],
        [
          { id: 2, quantity: 1 },
          { id: 1, quantity: 2, name: 'Б' },
        ],
      ),
    ).toBe(false);
  });

  it('sees a changed quantity, a missing and an extra id', () => {
    const base: Cart = [{ id: 1, quantity: 2 }];
    expect(cartsDiffer(base, [{ id: 1, quantity: 3 }])).toBe(true);
    expect(cartsDiffer(base, [])).toBe(true);
    expect(cartsDiffer(base, [...base, { id: 2, quantity: 1 }])).toBe(true);
  });

  it('a login with an empty local cart pushes nothing', () => {
    const server: Cart = [{ id: 1, quantity: 2 }];
    expect(cartsDiffer(mergeCarts([], server), server)).toBe(false);
  });
});

describe('normaliseCart and cartQuantities', () => {
  it('returns a valid cart as it is', () => {
    const cart: Cart = [{ ...sofa, quantity: 2 }];
    expect(normaliseCart(cart)).toEqual(cart);
    expect(normaliseCart(cart)[0]).toBe(cart[0]);
  });

  it('caps an oversized quantity and drops fractional ones', () => {
    expect(
      normaliseCart([
        { id: 1, quantity: 10 ** 9 },
        { id: 2, quantity: 1.5 },
      ]),
    ).toEqual([{ id: 1, quantity: MAX_LINE_QUANTITY }]);
  });

  it('maps ids to quantities', () => {
    expect([...cartQuantities([{ id: 4, quantity: 2 }])]).toEqual([[4, 2]]);
  });
});

describe('parseStoredCart', () => {
  it.each([
    null,
    undefined,
    42,
    'cart',
    '[{"id":1,"quantity":1}]',
    { id: 1, quantity: 1 },
    { cart: [{ id: 1, quantity: 1 }] },
    true,
  ])('reads %j as the empty cart', (value) => {
    expect(parseStoredCart(value)).toEqual([]);
  });

  it('keeps valid lines with their well-typed fields', () => {
    const stored = JSON.parse(
      '[{"id":1,"quantity":2,"name":"Диван","price":45990,"badge":"new"},{"id":"2","quantity":"3","price":"7990.00"}]',
    ) as unknown;
    expect(parseStoredCart(stored)).toEqual([
      { id: 1, quantity: 2, name: 'Диван', price: 45990, badge: 'new' },
      { id: 2, quantity: 3, price: 7990 },
    ]);
  });

  it('drops entries without a valid id or quantity and garbled entries', () => {
    const stored = [
      null,
      7,
      'x',
      [1, 2],
      { quantity: 1 },
      { id: 0, quantity: 1 },
      { id: 1.5, quantity: 1 },
      { id: 2 },
      { id: 3, quantity: 0 },
      { id: 4, quantity: -2 },
      { id: 5, quantity: 1.5 },
      { id: 6, quantity: '1.5' },
      { id: 7, quantity: null },
      { id: 8, quantity: 1, name: 5, price: 'дорого' },
    ];
    expect(parseStoredCart(stored)).toEqual([{ id: 8, quantity: 1 }]);
  });

  it('adds up repeated ids and caps quantities', () => {
    expect(
      parseStoredCart([
        { id: 1, quantity: 2, name: 'Первый' },
        { id: 1, quantity: 3, name: 'Второй' },
        { id: 2, quantity: 10 ** 12 },
      ]),
    ).toEqual([
      { id: 1, quantity: 5, name: 'Первый' },
      { id: 2, quantity: MAX_LINE_QUANTITY },
    ]);
  });

  it('keeps only the first MAX_CART_LINES products of an oversized value', () => {
    const stored = Array.from({ length: 10_000 }, (_, index) => ({ id: index + 1, quantity: 1 }));
    const cart = parseStoredCart(stored);
    expect(cart).toHaveLength(MAX_CART_LINES);
    expect(cart.at(-1)?.id).toBe(MAX_CART_LINES);
  });

  it('is not fooled by a __proto__ key', () => {
    const stored = JSON.parse('[{"id":1,"quantity":1,"__proto__":{"polluted":true}}]') as unknown;
    const cart = parseStoredCart(stored);
    expect(cart).toEqual([{ id: 1, quantity: 1 }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
