import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart-limits-rule';

/**
 * The cart cookie: a mirror of a guest's cart lines, ids and quantities only, so the server can draw
 * the cart page with the visitor's own lines (docs/architecture.md «The cart page drawn by the
 * server», docs/security.md «The cart cookie»). The browser writes it whenever it saves the cart
 * (src/infrastructure/document-cookies.adapter.ts), the page document reads it
 * (server/http/page-document.ts), and both spell it with this one rule.
 *
 * The value is `id.quantity` per line, lines joined by `-`, in the cart's order: `12.1-7.3`. Digits,
 * dots and dashes need no escaping in a cookie or a URL. Only the canonical spelling is read (no
 * leading zeros, no repeated id, no empty line, nothing else): any other value is not one the shop
 * wrote and counts as no cookie at all, so a tampered cookie can only ever draw the page's neutral
 * frame.
 */

/** The cookie's name. */
export const CART_COOKIE_NAME = 'cart';

/** Sent with the cart page's document only, not with every request of the site. */
export const CART_COOKIE_PATH = '/cart';

/** Thirty days, renewed with every change of the cart. */
export const CART_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * Longest value written or read: well under the 4 kB a browser keeps per cookie (name and attributes
 * included). A longer cart is mirrored by its first lines that fit.
 */
export const MAX_CART_COOKIE_CHARS = 3500;

/**
 * Largest id the cookie holds: the database's integer keys (api/query-fields.ts `Id`). A larger id is
 * no product the server could draw.
 */
export const MAX_CART_COOKIE_PRODUCT_ID = 2_147_483_647;

/** One mirrored line. */
export interface CartCookieLine {
  readonly id: number;
  readonly quantity: number;
}

const LINE_SEPARATOR = '-';
const FIELD_SEPARATOR = '.';
/** A canonical line: an id and a quantity, each digits without a leading zero. */
const LINE = /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,2})$/;

function isMirroredLine(line: CartCookieLine): boolean {
  return (
    Number.isSafeInteger(line.id) &&
    line.id >= 1 &&
    line.id <= MAX_CART_COOKIE_PRODUCT_ID &&
    Number.isSafeInteger(line.quantity) &&
    line.quantity >= 1 &&
    line.quantity <= MAX_LINE_QUANTITY
  );
}

/**
 * The cookie's value for a cart's lines: its first lines, in order, that keep within
 * MAX_CART_LINES and MAX_CART_COOKIE_CHARS. A line the cookie cannot hold (an id beyond the
 * database's, a quantity outside 1…MAX_LINE_QUANTITY, an id already written) is left out. The empty
 * string for a cart with no line to mirror: the cookie is then deleted.
 */
export function printCartCookie(lines: readonly CartCookieLine[]): string {
  const seen = new Set<number>();
  let value = '';
  for (const line of lines) {
    if (seen.size >= MAX_CART_LINES) break;
    if (!isMirroredLine(line) || seen.has(line.id)) continue;
    const part = `${line.id}${FIELD_SEPARATOR}${line.quantity}`;
    const next = value === '' ? part : `${value}${LINE_SEPARATOR}${part}`;
    if (next.length > MAX_CART_COOKIE_CHARS) break;
    seen.add(line.id);
    value = next;
  }
  return value;
}

/**
 * The lines a cookie value holds, or null — «no cart cookie» — for an absent, empty or non-canonical
 * value (anything `printCartCookie` would not have written). Total: never throws, whatever the text.
 */
export function parseCartCookie(value: string | null | undefined): readonly CartCookieLine[] | null {
  if (typeof value !== 'string' || value === '' || value.length > MAX_CART_COOKIE_CHARS) return null;
  const parts = value.split(LINE_SEPARATOR);
  if (parts.length > MAX_CART_LINES) return null;
  const lines: CartCookieLine[] = [];
  const seen = new Set<number>();
  for (const part of parts) {
    const match = LINE.exec(part);
    if (match === null) return null;
    const line = { id: Number(match[1]), quantity: Number(match[2]) };
    if (!isMirroredLine(line) || seen.has(line.id)) return null;
    seen.add(line.id);
    lines.push(line);
  }
  return lines;
}

/**
 * The cart cookie's value in a Cookie header (`a=1; cart=12.1; b=2`), or null when there is none.
 * With several of that name (another path's), the first: a browser sends the most specific path first.
 */
export function cartCookieOf(header: string | null | undefined): string | null {
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== CART_COOKIE_NAME) continue;
    return part.slice(separator + 1).trim();
  }
  return null;
}
