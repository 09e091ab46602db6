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
