/**
 * Query strings for API calls (spec §5: "Empty or null query parameters are dropped; array values
 * repeat the parameter").
 */

export type QueryScalar = string | number | boolean | null | undefined;
type QueryValue = QueryScalar | readonly QueryScalar[];
export type QueryParams = Readonly<Record<string, QueryValue>>;

// Lone surrogates make encodeURIComponent throw; they become U+FFFD so building never fails.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function toWellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * The text sent for one value, or null when it is dropped: null, undefined, '' and numbers that
 * are not finite (NaN would be sent as the word "NaN").
 */
export function queryValueText(value: QueryScalar): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return String(value);
  if (typeof value !== 'string' || value === '') return null;
  return value;
}

/**
 * encodeURIComponent that never throws (lone surrogates are replaced first) and also encodes
 * ! ' ( ) * as RFC 3986 reserves them. The URL parser itself re-encodes "'" in http query strings,
 * so without this the string the browser sends would differ from the one built here (and from the
 * cache key made of it).
 */
export function encodeUriComponentSafe(text: string): string {
  return encodeURIComponent(toWellFormed(text)).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * 'ids=1&ids=2&limit=12' without a leading '?'; '' when nothing is left. Keys are sorted, so the
 * same parameters always give the same string whatever order the object was built in (the news
 * cache is keyed on it); repeated values keep their order. Empty keys are dropped. Spaces are
 * encoded as %20, which every server and URLSearchParams decode.
 */
export function buildQueryString(params: QueryParams): string {
  const pairs: string[] = [];
  const keys = Object.keys(params)
    .filter((key) => key !== '')
    .sort();
  for (const key of keys) {
    const raw = params[key];
    const values: readonly QueryScalar[] = Array.isArray(raw) ? raw : [raw as QueryScalar];
    for (const value of values) {
      const text = queryValueText(value);
      if (text !== null) pairs.push(`${encodeUriComponentSafe(key)}=${encodeUriComponentSafe(text)}`);
    }
  }
  return pairs.join('&');
}

/** '/api/products?limit=12&sort=new', or the path alone when no parameter is left. */
export function withQuery(path: string, params: QueryParams): string {
  const query = buildQueryString(params);
  if (query === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}
