import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * The shop's own cookies (spec §3 "Cookies: geoCity and geoConfirmed (24 h)"). The adapter writes
 * them with max-age 86400, path /, SameSite=Lax, the value URI-encoded.
 */
export type ShopCookie = 'geoCity' | 'geoConfirmed';

export const SHOP_COOKIE_MAX_AGE_SECONDS = 86_400;

export interface CookiesPort {
  /** The decoded value, or null when the cookie is absent or cannot be decoded. */
  get(name: ShopCookie): string | null;
  set(name: ShopCookie, value: string): void;
}

export const COOKIES_PORT: PortToken<CookiesPort> = portToken<CookiesPort>('CookiesPort');
