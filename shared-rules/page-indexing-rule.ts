/**
 * Search-engine rules for pages (spec §2 "Page indexing"): private and transactional screens are
 * noindex,nofollow; everything else is index,follow. The page description is cut to about 157
 * characters. One source for the browser's head tags (src/domain/page-indexing.ts), the server's page
 * documents and robots.txt (server/domain/page-indexing.ts): both re-export this file.
 */

import { collapseWhitespace, safePrefix } from './text-rule';

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

/** The ellipsis appended to a cut description (one character, so the result is at most max + 1 long). */
const DESCRIPTION_CUT_MARK = '…';

/**
 * The path part of a location, normalised for comparison: query and fragment removed, repeated
 * slashes collapsed, a leading slash ensured, lower-cased (so '/ADMIN' or '//admin' cannot slip
 * past the rule through a lenient server or router).
 */
function normalisePath(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? '';
  const collapsed = `/${withoutQuery}`.replace(/\/{2,}/g, '/');
  return collapsed.toLowerCase();
}

/**
 * A prefix matches at a segment boundary only: '/cart', '/cart/' and '/cart/x' are the cart, but
 * '/cartoon' and '/payment-info' are not — a catalogue page whose slug happens to begin with
 * "cart" or "pay" must stay indexable.
 */
function startsWithSegment(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

function isNoindexPath(path: string): boolean {
  const normalised = normalisePath(path);
  return NOINDEX_PATH_PREFIXES.some((prefix) => startsWithSegment(normalised, prefix));
}

/** The robots meta content for a location path (a query string or fragment is ignored). */
export function robotsForPath(path: string): RobotsDirective {
  return isNoindexPath(path) ? 'noindex,nofollow' : 'index,follow';
}

// Punctuation that reads badly right before an ellipsis ("столы, …").
const TRAILING_PUNCTUATION = /[\s,;:.!?\-–—(«"']+$/u;

/**
 * The meta description: whitespace collapsed and trimmed; when longer than `max` characters it is
 * cut at the last word boundary within the limit (a single over-long word is cut hard), trailing
 * punctuation is dropped, and '…' is appended. The result is never longer than max + 1.
 */
export function truncateDescription(text: string, max: number = DESCRIPTION_MAX_LENGTH): string {
  const clean = collapseWhitespace(text);
  const limit = Number.isNaN(max) || max <= 0 ? 0 : Math.floor(max);
  if (clean.length <= limit) return clean;
  const window = safePrefix(clean, limit);
  // The window ends on a word boundary when the next character is the space after a whole word.
  const endsOnBoundary = clean.charAt(window.length) === ' ';
  const lastSpace = window.lastIndexOf(' ');
  const byWord = endsOnBoundary || lastSpace <= 0 ? window : window.slice(0, lastSpace);
  const kept = byWord.replace(TRAILING_PUNCTUATION, '');
  return kept + DESCRIPTION_CUT_MARK;
}
