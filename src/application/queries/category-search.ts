import { isProductBadge, type ProductBadge } from '../../domain/product';
import type { ProductListQuery, ProductSort } from '../ports/catalogue.port';

/**
 * The filter state of a category listing, kept entirely in the URL's search params (spec §2
 * "/category/{slug path}" with filters, sorting and pagination). `parseCategorySearch` is the
 * route's `validateSearch`: total on any input (hand-typed or hostile URLs), it keeps what is valid
 * and drops the rest, and leaves defaults out so links stay short. It is a small hand-written
 * decoder rather than an effect Schema so the category chunk does not carry the Schema runtime.
 */

export const CATEGORY_SORTS = [
  'new',
  'popular',
  'price_asc',
  'price_desc',
] as const satisfies readonly ProductSort[];
export type CategorySort = (typeof CATEGORY_SORTS)[number];

export const SORT_LABELS: Readonly<Record<CategorySort, string>> = {
  new: 'Сначала новые',
  popular: 'Популярные',
  price_asc: 'Сначала дешевле',
  price_desc: 'Сначала дороже',
};

export const DEFAULT_SORT: CategorySort = 'new';

/** Products per page of a category listing. */
export const CATEGORY_PAGE_SIZE = 24;
/** The API pages up to offset 100 000; beyond that there is nothing to show. */
export const MAX_CATEGORY_PAGE = Math.floor(100_000 / CATEGORY_PAGE_SIZE) + 1;

export const RANGE_KEYS = ['price', 'width', 'depth', 'height'] as const;
export type RangeKey = (typeof RANGE_KEYS)[number];

const LIST_KEYS = ['material', 'color', 'style', 'badge'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

/** Longest accepted filter value and most values per filter: guards against hostile URLs. */
export const MAX_FILTER_VALUE_LENGTH = 100;
export const MAX_FILTER_VALUES = 30;
/** Largest accepted range bound (roubles or centimetres). */
export const MAX_RANGE_VALUE = 100_000_000;

type RangeFields = {
  readonly [K in RangeKey as `${K}_min` | `${K}_max`]?: number;
};

export interface CategorySearch extends RangeFields {
  readonly sort?: CategorySort;
  readonly page?: number;
  readonly material?: readonly string[];
  readonly color?: readonly string[];
  readonly style?: readonly string[];
  readonly badge?: readonly ProductBadge[];
}

/** A bound: a finite non-negative number (or its digits), at most MAX_RANGE_VALUE. */
function readBound(value: unknown): number | undefined {
  const candidate =
    typeof value === 'string' && /^\s*\d+(?:[.,]\d+)?\s*$/.test(value)
      ? Number(value.replace(',', '.'))
      : value;
  if (typeof candidate !== 'number' || !Number.isFinite(candidate) || candidate < 0) return undefined;
  return Math.min(candidate, MAX_RANGE_VALUE);
}

function readPage(value: unknown): number | undefined {
  const page = readBound(value);
  if (page === undefined) return undefined;
  const whole = Math.floor(page);
  return whole <= 1 ? undefined : Math.min(whole, MAX_CATEGORY_PAGE);
}

/** One text or a list of texts; blanks, over-long values and repeats dropped; at most MAX_FILTER_VALUES. */
function readList(value: unknown): string[] {
  const raw: unknown[] = Array.isArray(value) ? value : [value];
  const seen = new Set<string>();
  for (const item of raw) {
    const text = typeof item === 'number' && Number.isFinite(item) ? String(item) : item;
    if (typeof text !== 'string') continue;
    const clean = text.replace(/\s+/g, ' ').trim();
    if (clean === '' || clean.length > MAX_FILTER_VALUE_LENGTH) continue;
    seen.add(clean);
    if (seen.size >= MAX_FILTER_VALUES) break;
  }
  return [...seen].sort((a, b) => a.localeCompare(b, 'ru'));
}

function isCategorySort(value: unknown): value is CategorySort {
  return typeof value === 'string' && (CATEGORY_SORTS as readonly string[]).includes(value);
}

/** validateSearch of /category/$: any record in, a clean CategorySearch out. */
export function parseCategorySearch(raw: Readonly<Record<string, unknown>>): CategorySearch {
  const result: { -readonly [K in keyof CategorySearch]: CategorySearch[K] } = {};
  if (isCategorySort(raw.sort) && raw.sort !== DEFAULT_SORT) result.sort = raw.sort;
  const page = readPage(raw.page);
  if (page !== undefined) result.page = page;
  for (const key of RANGE_KEYS) {
    let min = readBound(raw[`${key}_min`]);
    let max = readBound(raw[`${key}_max`]);
    // A reversed range is read the way the visitor meant it.
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    if (min !== undefined) result[`${key}_min`] = min;
    if (max !== undefined) result[`${key}_max`] = max;
  }
  for (const key of ['material', 'color', 'style'] as const) {
    const values = readList(raw[key]);
    if (values.length > 0) result[key] = values;
  }
  const badges = readList(raw.badge).filter(isProductBadge);
  if (badges.length > 0) result.badge = badges;
  return result;
}

/** Whether any filter (not sort or page) is applied. */
export function hasFilters(search: CategorySearch): boolean {
  return (
    RANGE_KEYS.some((key) => search[`${key}_min`] !== undefined || search[`${key}_max`] !== undefined) ||
    LIST_KEYS.some((key) => (search[key]?.length ?? 0) > 0)
  );
}

/** The current page number (1 when absent). */
export function currentPage(search: CategorySearch): number {
  return search.page ?? 1;
}

/** The API query of the listing for a category slug. */
export function productListQuery(categorySlug: string, search: CategorySearch): ProductListQuery {
  const page = currentPage(search);
  return {
    category: categorySlug,
    sort: search.sort ?? DEFAULT_SORT,
    limit: CATEGORY_PAGE_SIZE,
    offset: (page - 1) * CATEGORY_PAGE_SIZE,
    price_min: search.price_min ?? null,
    price_max: search.price_max ?? null,
    width_min: search.width_min ?? null,
    width_max: search.width_max ?? null,
    depth_min: search.depth_min ?? null,
    depth_max: search.depth_max ?? null,
    height_min: search.height_min ?? null,
    height_max: search.height_max ?? null,
    material: search.material ?? [],
    color: search.color ?? [],
    style: search.style ?? [],
    badge: search.badge ?? [],
  };
}

/** The search with one list value switched on or off; the page goes back to 1. */
export function toggleListValue(search: CategorySearch, key: ListKey, value: string): CategorySearch {
  const current: readonly string[] = search[key] ?? [];
  const next = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
  return parseCategorySearch({ ...search, page: undefined, [key]: next });
}

/** The search with a range replaced (undefined clears a bound); the page goes back to 1. */
export function withRange(
  search: CategorySearch,
  key: RangeKey,
  min: number | undefined,
  max: number | undefined,
): CategorySearch {
  return parseCategorySearch({ ...search, page: undefined, [`${key}_min`]: min, [`${key}_max`]: max });
}

/** The search with a new sort; the page goes back to 1. */
export function withSort(search: CategorySearch, sort: CategorySort): CategorySearch {
  return parseCategorySearch({ ...search, page: undefined, sort });
}

/** The search on another page. */
export function withPage(search: CategorySearch, page: number): CategorySearch {
  return parseCategorySearch({ ...search, page });
}

/** Only sort kept: every filter cleared. */
export function withoutFilters(search: CategorySearch): CategorySearch {
  return parseCategorySearch({ sort: search.sort });
}
