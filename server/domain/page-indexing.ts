/**
 * The spec's head rules (§2 "Page indexing", §9 description length) for the HTML the server writes,
 * so a crawler that runs no JavaScript sees a page's own title, description, robots and canonical.
 *
 * The browser applies the same rules in src/domain/page-indexing.ts; the two hexagons share only the
 * api/ contract, so the rules are written twice and test/server/domain/page-indexing.parity.test.ts
 * proves with random inputs that both give the same answers.
 */
export type RobotsDirective = 'noindex,nofollow' | 'index,follow';

/** Spec §2: paths starting with these are never indexed. */
export const NOINDEX_PATH_PREFIXES = [
  '/admin',
  '/pay',
  '/checkout',
  '/orders',
  '/cart',
  '/thank-you',
  '/favorites/share',
  '/login',
  '/register',
  '/forgot-password',
] as const;

/** Spec §9: "Page description truncated to about 157 characters". */
export const DESCRIPTION_MAX_LENGTH = 157;
const DESCRIPTION_CUT_MARK = '…';
const TRAILING_PUNCTUATION = /[\s,;:.!?\-–—(«"']+$/u;

/** Query and fragment removed, repeated slashes collapsed, a leading slash ensured, lower-cased. */
function normalisePath(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? '';
  return `/${withoutQuery}`.replace(/\/{2,}/g, '/').toLowerCase();
}

/** A prefix matches at a segment boundary only ('/cartoon' is not the cart). */
export function robotsForPath(path: string): RobotsDirective {
  const normalised = normalisePath(path);
  const hidden = NOINDEX_PATH_PREFIXES.some(
    (prefix) => normalised === prefix || normalised.startsWith(`${prefix}/`),
  );
  return hidden ? 'noindex,nofollow' : 'index,follow';
}

/** The first `length` UTF-16 units, one fewer when the cut would split a surrogate pair. */
function safePrefix(text: string, length: number): string {
  if (length <= 0) return '';
  if (length >= text.length) return text;
  const last = text.charCodeAt(length - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? length - 1 : length);
}

/**
 * Whitespace collapsed; a text longer than `max` is cut at the last word boundary within it (a single
 * over-long word is cut hard), trailing punctuation dropped and '…' appended.
 */
export function truncateDescription(text: string, max: number = DESCRIPTION_MAX_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const limit = Number.isNaN(max) || max <= 0 ? 0 : Math.floor(max);
  if (clean.length <= limit) return clean;
  const window = safePrefix(clean, limit);
  const endsOnBoundary = clean.charAt(window.length) === ' ';
  const lastSpace = window.lastIndexOf(' ');
  const byWord = endsOnBoundary || lastSpace <= 0 ? window : window.slice(0, lastSpace);
  return byWord.replace(TRAILING_PUNCTUATION, '') + DESCRIPTION_CUT_MARK;
}
