/**
 * The shopping cart as a plain list of lines (spec §4 "Cart").
 *
 * Invariants every function here keeps, and every decoder restores:
 * - a line's id is a positive safe integer and appears once;
 * - a line's quantity is a whole number from 1 to MAX_LINE_QUANTITY.
 * Functions never throw: a request that makes no sense (a quantity of 2.5, an id of -1) comes back
 * as an error value, and input lines that break the invariants are ignored rather than trusted.
 */
import {
  MAX_CART_LINES as CART_LINES_LIMIT,
  MAX_LINE_QUANTITY as LINE_QUANTITY_LIMIT,
} from '../../shared-rules/cart-limits-rule';
import { decodeProductFields, decodeProductId, isProductId, isRecord, type ProductFields } from './product';
import { err, ok, type Result } from './validation-result';

/** One cart line: the product data known when it was added, its id and how many. */
export interface CartItem extends ProductFields {
  readonly id: number;
  /** A whole number from 1 to MAX_LINE_QUANTITY. */
  readonly quantity: number;
}

/** The cart, in display order. */
export type Cart = readonly CartItem[];

/** What `addToCart` needs: a product id and whatever product data the caller has. */
export type CartProduct = ProductFields & { readonly id: number };

/**
 * Most distinct products one cart holds. The spec gives no limit; this one keeps a corrupt or
 * foreign stored value from growing without bound. `addToCart` refuses a new line beyond it and the
 * decoder keeps the first MAX_CART_LINES lines. A merge keeps every id (no line may vanish on login),
 * so a merged cart can briefly exceed it; the decoder then keeps the server's lines, which come first.
 */
export const MAX_CART_LINES = CART_LINES_LIMIT;

/**
 * Largest quantity of one line: the kernel's limit, which the contract (api/cart.ts `Quantity`) applies
 * too, so a cart the browser accepts is always one the server saves. Sums saturate here, and a stored
 * line above it is clamped rather than dropped.
 */
export const MAX_LINE_QUANTITY = LINE_QUANTITY_LIMIT;

export type CartError = 'invalid-product-id' | 'invalid-quantity' | 'cart-full';

/** Whether a value is a quantity a line may hold as it is (a whole number 1…MAX_LINE_QUANTITY). */
export function isLineQuantity(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_LINE_QUANTITY;
}

function isValidLine(line: CartItem): boolean {
  return isProductId(line.id) && Number.isSafeInteger(line.quantity) && line.quantity >= 1;
}

function saturatingSum(a: number, b: number): number {
  return Math.min(MAX_LINE_QUANTITY, a + b);
}

/**
 * The cart with its invariants restored: lines with an invalid id or a quantity that is not a
 * positive whole number are dropped, quantities above MAX_LINE_QUANTITY are capped, and repeated ids
 * are folded into their first line with the quantities added (the same rule as adding an existing
 * id). A valid cart comes back equal to itself, line objects included.
 */
export function normaliseCart(cart: Cart): Cart {
  const byId = new Map<number, CartItem>();
  for (const line of cart) {
    if (!isValidLine(line)) continue;
    const seen = byId.get(line.id);
    if (seen) byId.set(line.id, { ...seen, quantity: saturatingSum(seen.quantity, line.quantity) });
    else byId.set(line.id, isLineQuantity(line.quantity) ? line : { ...line, quantity: MAX_LINE_QUANTITY });
  }
  return [...byId.values()];
}

/**
 * Adds `quantity` (default 1) of a product (spec: "Adding an existing id adds to its quantity").
 *
 * Decided here: a quantity that is not a positive whole number is rejected ('invalid-quantity'), not
 * rounded, because a fractional or negative add is a caller bug that rounding would hide. A sum past
 * MAX_LINE_QUANTITY saturates. An existing line keeps its place and takes the newer product data; a
 * new line goes to the end, unless the cart already has MAX_CART_LINES lines ('cart-full').
 */
export function addToCart(cart: Cart, product: CartProduct, quantity = 1): Result<Cart, CartError> {
  if (!isProductId(product.id)) return err('invalid-product-id');
  if (!Number.isSafeInteger(quantity) || quantity < 1) return err('invalid-quantity');
  const lines = normaliseCart(cart);
  const fields = decodeProductFields(product);
  const existing = lines.find((line) => line.id === product.id);
  if (existing) {
    return ok(
      lines.map((line) =>
        line.id === product.id
          ? { ...line, ...fields, id: line.id, quantity: saturatingSum(line.quantity, quantity) }
          : line,
      ),
    );
  }
  if (lines.length >= MAX_CART_LINES) return err('cart-full');
  return ok([...lines, { ...fields, id: product.id, quantity: Math.min(quantity, MAX_LINE_QUANTITY) }]);
}

/**
 * Sets a line's quantity. Anything below 1 removes the line (spec: "decreasing quantity below 1
 * removes the item"); a whole number above MAX_LINE_QUANTITY is capped; NaN or a fraction of 1 or
 * more is rejected. An id that is not in the cart leaves the cart as it is: there is no product data
 * to create a line from.
 */
export function setCartQuantity(cart: Cart, id: number, quantity: number): Result<Cart, 'invalid-quantity'> {
  if (Number.isNaN(quantity)) return err('invalid-quantity');
  const lines = normaliseCart(cart);
  if (quantity < 1) return ok(lines.filter((line) => line.id !== id));
  if (!Number.isInteger(quantity)) return err('invalid-quantity');
  const capped = Math.min(quantity, MAX_LINE_QUANTITY);
  return ok(lines.map((line) => (line.id === id ? { ...line, quantity: capped } : line)));
}

/** The cart without the line of this id (unchanged when there is none). */
export function removeFromCart(cart: Cart, id: number): Cart {
  return normaliseCart(cart).filter((line) => line.id !== id);
}

/** The empty cart (spec: "Clearing empties local and server carts"). */
export function clearCart(): Cart {
  return [];
}

/** Number of items in the cart: the header badge (spec §2 "cart icon with total quantity"). */
export function cartTotalQuantity(cart: Cart): number {
  return normaliseCart(cart).reduce((sum, line) => sum + line.quantity, 0);
}

export interface CartTotals {
  /** What the customer pays: the sum of price × quantity. */
  readonly withDiscount: number;
  /** The same lines at their old price where the old price is higher. */
  readonly withoutDiscount: number;
  /** withoutDiscount − withDiscount, never negative. */
  readonly savings: number;
}

function usableAmount(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

// Prices may carry kopecks; rounding the sums to kopecks keeps float noise (0.30000000000000004)
// out of what the view prints.
function toKopecks(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/**
 * Cart sums. A line without a usable price counts as 0 in both sums, even if it has an old price:
 * an unpriced product is "on request", so no discount can be claimed for it.
 */
export function cartTotals(cart: Cart): CartTotals {
  let withDiscount = 0;
  let withoutDiscount = 0;
  for (const line of normaliseCart(cart)) {
    const price = usableAmount(line.price);
    if (price === null) continue;
    const old = usableAmount(line.price_old);
    withDiscount += price * line.quantity;
    withoutDiscount += (old !== null && old > price ? old : price) * line.quantity;
  }
  const paid = toKopecks(withDiscount);
  const full = toKopecks(withoutDiscount);
  return { withDiscount: paid, withoutDiscount: full, savings: Math.max(0, toKopecks(full - paid)) };
}

/**
 * The local cart merged with the server cart on login (spec §4: "per product id the larger quantity
 * wins; products on only one side are kept").
 *
 * Order, so the result is deterministic: the server's lines in the server's order, then the lines
 * only the local cart has, in local order. Where both sides have an id, the line keeps the local
 * product data overlaid with the server's. Both inputs are normalised first, so as id→quantity maps
 * the merge is commutative, associative and idempotent.
 */
export function mergeCarts(local: Cart, server: Cart): Cart {
  const localLines = normaliseCart(local);
  const serverLines = normaliseCart(server);
  const localById = new Map(localLines.map((line) => [line.id, line]));
  const serverIds = new Set(serverLines.map((line) => line.id));
  const merged = serverLines.map((line) => {
    const mine = localById.get(line.id);
    return mine ? { ...mine, ...line, quantity: Math.max(mine.quantity, line.quantity) } : line;
  });
  return [...merged, ...localLines.filter((line) => !serverIds.has(line.id))];
}

/**
 * The cart after the server saved it: the server answers with the lines it kept (a product that is no
 * longer sold is dropped, a quantity may be capped), so the local cart keeps exactly those, with the
 * server's quantities and the local product data, in local order. `dropped` lists the ids that went.
 */
export function keepSavedLines(
  local: Cart,
  saved: Cart,
): { readonly cart: Cart; readonly dropped: readonly number[] } {
  const kept = cartQuantities(saved);
  const lines = normaliseCart(local);
  return {
    cart: lines.flatMap((line) => {
      const quantity = kept.get(line.id);
      return quantity === undefined ? [] : [{ ...line, quantity }];
    }),
    dropped: lines.filter((line) => !kept.has(line.id)).map((line) => line.id),
  };
}

/** The cart as an id → quantity map (after normalisation); what sync compares. */
export function cartQuantities(cart: Cart): ReadonlyMap<number, number> {
  return new Map(normaliseCart(cart).map((line) => [line.id, line.quantity]));
}

/**
 * Whether two carts hold different products or quantities, ignoring order and product data: after a
 * merge, the result is pushed to the server only when it differs from what the server has
 * (spec §4 "pushed to the server if it differs").
 */
export function cartsDiffer(a: Cart, b: Cart): boolean {
  const left = cartQuantities(a);
  const right = cartQuantities(b);
  if (left.size !== right.size) return true;
  for (const [id, quantity] of left) {
    if (right.get(id) !== quantity) return true;
  }
  return false;
}

function decodeQuantity(value: unknown): number | null {
  const candidate = typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value;
  if (typeof candidate !== 'number' || !Number.isInteger(candidate) || candidate < 1) return null;
  return Math.min(candidate, MAX_LINE_QUANTITY);
}

/**
 * A valid cart from any stored JSON value (spec: "a corrupt or foreign `cart` value never breaks
 * start-up"). Anything but an array is an empty cart. Entries need an id (positive integer, digits
 * allowed) and a quantity (whole number ≥ 1, digits allowed; larger than MAX_LINE_QUANTITY is
 * capped); others are dropped. Product fields of the wrong type are left out one by one. Repeated
 * ids are added up; only the first MAX_CART_LINES distinct products are kept.
 */
export function parseStoredCart(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  const byId = new Map<number, CartItem>();
  for (const entry of value as readonly unknown[]) {
    if (!isRecord(entry)) continue;
    const id = decodeProductId(entry.id);
    const quantity = decodeQuantity(entry.quantity);
    if (id === null || quantity === null) continue;
    const seen = byId.get(id);
    if (seen) {
      byId.set(id, { ...seen, quantity: saturatingSum(seen.quantity, quantity) });
    } else if (byId.size < MAX_CART_LINES) {
      byId.set(id, { ...decodeProductFields(entry), id, quantity });
    }
  }
  return [...byId.values()];
}
