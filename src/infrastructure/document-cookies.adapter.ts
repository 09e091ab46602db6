import {
  CART_COOKIE_MAX_AGE_SECONDS,
  CART_COOKIE_NAME,
  CART_COOKIE_PATH,
  type CartCookieLine,
  cartCookieOf,
  parseCartCookie,
  printCartCookie,
} from '../../shared-rules/cart-cookie-rule';
import type { CartCookiePort } from '../application/ports/cart-cookie.port';
import {
  type CookiesPort,
  SHOP_COOKIE_MAX_AGE_SECONDS,
  type ShopCookie,
} from '../application/ports/cookies.port';
import { toWellFormed } from '../domain/query-params';

/** The two properties of `document` the adapter uses; tests pass a small fake jar. */
export interface CookieJar {
  cookie: string;
}

/** Longest cookie value read or written; a city name is short, a bigger value is foreign. */
const MAX_COOKIE_VALUE_CHARS = 512;

/**
 * geoCity and geoConfirmed as the spec keeps them (§3 "Cookies: geoCity and geoConfirmed (24 h)",
 * §9 "max-age 86400 s"): path /, SameSite=Lax, value URI-encoded (a Cyrillic city name survives).
 */
export class DocumentCookiesAdapter implements CookiesPort {
  private readonly jar: CookieJar | null;

  constructor(jar: CookieJar | null) {
    this.jar = jar;
  }

  get(name: ShopCookie): string | null {
    if (this.jar === null) return null;
    for (const part of this.jar.cookie.split(';')) {
      const separator = part.indexOf('=');
      if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
      const raw = part.slice(separator + 1).trim();
      if (raw.length > MAX_COOKIE_VALUE_CHARS * 3) return null;
      try {
        return decodeURIComponent(raw);
      } catch {
        // A malformed escape written by something else: treat as absent rather than break start-up.
        return null;
      }
    }
    return null;
  }

  set(name: ShopCookie, value: string): void {
    if (this.jar === null) return;
    const text = toWellFormed(value.slice(0, MAX_COOKIE_VALUE_CHARS));
    this.jar.cookie = `${name}=${encodeURIComponent(text)}; max-age=${SHOP_COOKIE_MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
  }
}

/**
 * The cart cookie in the browser (shared-rules/cart-cookie-rule.ts): `cart=12.1-7.3`, Path=/cart so
 * only the cart page's document carries it, SameSite=Lax, renewed for 30 days with every write,
 * Secure on an https page. Not HttpOnly: the browser itself writes it (docs/security.md «The cart
 * cookie»). Reads see it on a /cart page only, as the browser shows cookies by path.
 */
export class DocumentCartCookieAdapter implements CartCookiePort {
  private readonly jar: CookieJar | null;
  private readonly attributes: string;

  constructor(jar: CookieJar | null, options: { readonly secure: boolean }) {
    this.jar = jar;
    this.attributes = `; Path=${CART_COOKIE_PATH}; SameSite=Lax${options.secure ? '; Secure' : ''}`;
  }

  async read(): Promise<readonly CartCookieLine[] | null> {
    return this.jar === null ? null : parseCartCookie(cartCookieOf(this.jar.cookie));
  }

  write(lines: readonly CartCookieLine[]): void {
    if (this.jar === null) return;
    const value = printCartCookie(lines);
    this.jar.cookie =
      value === ''
        ? `${CART_COOKIE_NAME}=; Max-Age=0${this.attributes}`
        : `${CART_COOKIE_NAME}=${value}; Max-Age=${CART_COOKIE_MAX_AGE_SECONDS}${this.attributes}`;
  }
}

/**
 * The cart cookie as the server renderer sees it: the value the page's request carried (already
 * read by the page document), never written — a render changes nothing in the visitor's browser.
 */
export class RequestCartCookieAdapter implements CartCookiePort {
  private readonly lines: readonly CartCookieLine[] | null;

  constructor(value: string | null) {
    this.lines = parseCartCookie(value);
  }

  async read(): Promise<readonly CartCookieLine[] | null> {
    return this.lines;
  }

  write(_lines: readonly CartCookieLine[]): void {}
}
