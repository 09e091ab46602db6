import type { CartCookieLine } from '../../../shared-rules/cart-cookie-rule';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * The cart cookie (shared-rules/cart-cookie-rule.ts): a mirror of the cart's ids and quantities that
 * travels with the cart page's document only, so the server draws that page with the visitor's own
 * lines (docs/architecture.md «The cart page drawn by the server»). The browser writes it with every
 * save of the cart; the server renderer reads the one the request carried and writes nothing.
 */
export interface CartCookiePort {
  /**
   * The mirrored lines this page can see; null when there is no cart cookie or it is not the shop's.
   * Async like a read of the API: the server render's read is recorded into the page's document, and
   * the hydration is answered the lines the server drew (composition-root.ts).
   */
  read(): Promise<readonly CartCookieLine[] | null>;
  /** Mirrors the cart's lines (its first ones that fit); a cart with none deletes the cookie. */
  write(lines: readonly CartCookieLine[]): void;
}

export const CART_COOKIE_PORT: PortToken<CartCookiePort> = portToken<CartCookiePort>('CartCookiePort');
