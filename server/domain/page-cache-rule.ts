/**
 * Which page documents may be answered from the process's document cache, and under which key
 * (issue 27, item 3: a busy server still answers an anonymous visitor's page in tens of milliseconds).
 * docs/architecture.md «Page documents from a cache», docs/operations.md «The page document cache».
 *
 * A cached document is the one the server renderer drew for somebody else, so it may be given only to a
 * visitor for whom the renderer would have drawn exactly the same bytes:
 * - no session: a signed-in visitor's document carries their session (the shell's `checkAuth`); any
 *   cookie the shop does not know is taken as one that might change the page, so only the cookies below
 *   — none of which the server's page reads look at — let a request through;
 * - the same page: the URL's path and query, minus the click ids and campaign tags that search engines
 *   and ads append to every visit (no route reads them: the documents are byte-identical without them);
 * - the same reader: a search crawler and a person get different deadlines and, for a page that misses,
 *   different answers (undrawn-page.ts), so they never share an entry;
 * - the same city: the document carries the city of the visitor's address (the shell's `detectCity`);
 * - the same encoding: the entry holds the compressed bytes as sent.
 */

/** How long a cached document may be sent: half of the lifetime of the answers it carries. */
export const PAGE_CACHE_LIFETIME_MS = 30_000;

/**
 * Cookies that never change a page document: the city the visitor picked (read by the browser only;
 * the server renderer has no cookie jar), the login throttle's device cookie, Yandex Metrica's own.
 * The cart cookie (shared-rules/cart-cookie-rule.ts) is not one of them: the cart page is drawn with
 * its lines, so a request carrying it gets a document of its own, never stored.
 */
const HARMLESS_COOKIE = /^(?:geoCity|geoConfirmed|did|__Host-did|_ym[A-Za-z0-9_]*)$/;

/** Query parameters added by ads and search engines to a visit, never read by the shop. */
const TRACKING_PARAMETER = /^(?:utm_[A-Za-z0-9_]*|ysclid|yclid|gclid|fbclid|_openstat)$/;

/** The cookie names of a Cookie header (`a=1; b=2` → a, b); empty for none. */
export function cookieNames(header: string | undefined): string[] {
  if (header === undefined || header.trim() === '') return [];
  return header
    .split(';')
    .map((part) => {
      const separator = part.indexOf('=');
      return (separator < 0 ? part : part.slice(0, separator)).trim();
    })
    .filter((name) => name !== '');
}

/** True when nothing in the request's cookies can change the page document. */
export function anonymousCookies(header: string | undefined): boolean {
  return cookieNames(header).every((name) => HARMLESS_COOKIE.test(name));
}

/**
 * The URL as the cache knows it: path and query in the order sent, without tracking parameters.
 * Parameters are compared as sent (not decoded or sorted): two spellings are two entries, never one
 * entry for two different pages.
 */
export function normalisedPageUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const path = url.slice(0, mark);
  const kept = url
    .slice(mark + 1)
    .split('&')
    .filter((pair) => {
      if (pair === '') return false;
      const separator = pair.indexOf('=');
      return !TRACKING_PARAMETER.test(separator < 0 ? pair : pair.slice(0, separator));
    });
  return kept.length === 0 ? path : `${path}?${kept.join('&')}`;
}

export interface PageCacheKeyParts {
  readonly url: string;
  readonly visitor: 'person' | 'crawler';
  /** The content coding the entry is stored in: 'br', 'gzip' or 'identity'. */
  readonly encoding: string;
  /** The city of the visitor's address, or null when unknown. */
  readonly city: string | null;
}

/** The key of a document in the cache; two requests share an entry only when all parts are equal. */
export function pageCacheKey(parts: PageCacheKeyParts): string {
  // JSON keeps the parts apart whatever characters they hold.
  return JSON.stringify([normalisedPageUrl(parts.url), parts.visitor, parts.encoding, parts.city]);
}

/**
 * The API resources a visitor writes to for themselves (their cart, favourites, orders, session,
 * requests, payments): such a write changes no public page. Every other successful write — the back
 * office's prices, stock, texts, SEO blocks, the delivery calendar, a resource added later — is taken as
 * one that may change what public pages show.
 */
const VISITOR_WRITES = new Set([
  'address',
  'admin-login',
  'cart',
  'change-password',
  'check-auth',
  'client',
  'delivery',
  'favorites',
  'forgot-password',
  'login',
  'logout',
  'orders',
  'pay-links',
  'payments',
  'register',
  'requests',
  'subscribe',
  'telegram',
  'viewed',
]);

/**
 * Whether an answered request may have changed what public pages show, so every cached document must
 * go (simplest correct: all of them). Catalogue changes made by another process, and the 1С exchange,
 * also drop them through the catalogue's own invalidation (server/composition-root.ts).
 */
export function changesPublicPages(method: string, url: string, status: number): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || status >= 400) return false;
  const resource = /^\/api\/([^/?#]+)/.exec(url)?.[1];
  return resource === undefined || !VISITOR_WRITES.has(resource);
}
