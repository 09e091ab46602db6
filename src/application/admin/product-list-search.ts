import { isProductBadge, type ProductBadge } from '../../domain/product';
import {
  ADMIN_PRODUCT_SORTS,
  type AdminProductQuery,
  type AdminProductSort,
} from '../ports/admin-products.port';

/**
 * The product list's filters as they live in the URL (/admin/products?q=диван&badge=new&stock=out…).
 * `parseProductListSearch` is the route's search validator: anything unknown or malformed is dropped,
 * so a hand-edited address never breaks the page.
 */
export interface ProductListSearch {
  readonly q?: string;
  readonly category?: number;
  readonly priceMin?: number;
  readonly priceMax?: number;
  readonly badge?: ProductBadge | 'none';
  readonly hidden?: 'true' | 'false';
  readonly stock?: 'in' | 'out' | 'untracked';
  /** Absent: newest first. */
  readonly sort?: AdminProductSort;
  readonly page?: number;
}

export const PRODUCT_LIST_PAGE_SIZE = 25;

function whole(value: unknown, min: number, max: number): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value !== ''
        ? Number(value)
        : Number.NaN;
  return Number.isSafeInteger(number) && number >= min && number <= max ? number : undefined;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

export function parseProductListSearch(search: Record<string, unknown>): ProductListSearch {
  const q =
    typeof search.q === 'string' || typeof search.q === 'number' ? String(search.q).trim().slice(0, 100) : '';
  const badge = search.badge === 'none' ? 'none' : isProductBadge(search.badge) ? search.badge : undefined;
  const hidden = typeof search.hidden === 'boolean' ? String(search.hidden) : search.hidden;
  const parsed: Record<string, unknown> = {
    q: q === '' ? undefined : q,
    category: whole(search.category, 1, 2_147_483_647),
    priceMin: whole(search.priceMin, 0, 1_000_000_000),
    priceMax: whole(search.priceMax, 0, 1_000_000_000),
    badge,
    hidden: oneOf(hidden, ['true', 'false'] as const),
    stock: oneOf(search.stock, ['in', 'out', 'untracked'] as const),
    sort: search.sort === 'new' ? undefined : oneOf(search.sort, ADMIN_PRODUCT_SORTS),
    page: whole(search.page, 2, 100_000),
  };
  return Object.fromEntries(
    Object.entries(parsed).filter(([, value]) => value !== undefined),
  ) as ProductListSearch;
}

export function productQueryOf(search: ProductListSearch): AdminProductQuery {
  return {
    ...(search.q === undefined ? {} : { q: search.q }),
    category: search.category ?? null,
    priceMin: search.priceMin ?? null,
    priceMax: search.priceMax ?? null,
    badge: search.badge ?? null,
    hidden: search.hidden === undefined ? null : search.hidden === 'true',
    stock: search.stock ?? null,
    sort: search.sort ?? null,
    page: search.page ?? 1,
    limit: PRODUCT_LIST_PAGE_SIZE,
  };
}

/** Whether any filter is set (the «Сбросить» link shows then); the order is not a filter. */
export function hasProductFilters(search: ProductListSearch): boolean {
  return Object.keys(search).some((key) => key !== 'page' && key !== 'sort');
}
