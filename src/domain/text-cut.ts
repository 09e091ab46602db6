/**
 * Short product names and "+N товаров..." lines in the header mini-panels
 * (spec §9: "Favourites mini-panel: 6 items then '+N товаров...'; name cut at 30 characters";
 * "Mini-cart: 5 items; name cut at 25 characters").
 */

import { pluralizeProducts } from '../../shared-rules/plural-rule';
import { collapseWhitespace, safePrefix } from '../../shared-rules/text-rule';

export const FAVOURITES_PANEL_ITEMS = 6;
export const FAVOURITES_PANEL_NAME_LIMIT = 30;
export const MINI_CART_ITEMS = 5;
export const MINI_CART_NAME_LIMIT = 25;

/** Three full stops, like the spec's '+N товаров...' in the same panels. */
export const NAME_CUT_MARK = '...';

export { collapseWhitespace, safePrefix };

/** A non-negative whole limit; anything unusable (NaN, negative) becomes 0, Infinity stays "no cut". */
function wholeLimit(max: number): number {
  if (Number.isNaN(max) || max <= 0) return 0;
  return Math.floor(max);
}

/**
 * The name as the mini-panels show it: whitespace collapsed; when longer than `max` characters,
 * its first `max` characters (trailing spaces dropped) followed by '...'.
 * So a cut name is at most max + 3 characters long and starts with the name's own text.
 */
export function cutName(name: string, max: number, mark: string = NAME_CUT_MARK): string {
  const clean = collapseWhitespace(name);
  const limit = wholeLimit(max);
  if (clean.length <= limit) return clean;
  return safePrefix(clean, limit).trimEnd() + mark;
}

/**
 * '+N товаров...' under a panel that shows `shown` of `total` items, with N = total − shown in the
 * right form ('+1 товар...', '+3 товара...', '+5 товаров...'); null when nothing overflows or the
 * counts are not usable numbers.
 */
export function overflowLabel(total: number, shown: number): string | null {
  if (!Number.isFinite(total) || !Number.isFinite(shown)) return null;
  const hidden = Math.floor(total) - Math.max(0, Math.floor(shown));
  if (hidden <= 0) return null;
  return `+${hidden} ${pluralizeProducts(hidden)}...`;
}

/** How many items a panel with room for `limit` shows out of `total`, and the overflow line under them. */
export function panelOverflow(total: number, limit: number): { shown: number; label: string | null } {
  const safeTotal = Number.isFinite(total) ? Math.max(0, Math.floor(total)) : 0;
  const shown = Math.min(safeTotal, wholeLimit(limit));
  return { shown, label: overflowLabel(safeTotal, shown) };
}
