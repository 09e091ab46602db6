import { normaliseSearchQuery } from '../../domain/search-query';

/**
 * The routes' `validateSearch` of the content lists and /search. They run when a URL is matched, so
 * they are in the entry's first path; the page queries they belong to load with the routes' loaders
 * (content-page.query.ts, search-page.query.ts; docs/performance.md «Entry JS»).
 */

const MAX_NEWS_PAGE = 1000;

export interface PageParam {
  readonly page?: number;
}

/** validateSearch of the paged content lists: page is a whole number ≥ 2 or absent. */
export function parsePageParam(raw: Readonly<Record<string, unknown>>): PageParam {
  const value = typeof raw.page === 'string' && /^\d+$/.test(raw.page) ? Number(raw.page) : raw.page;
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 1
    ? { page: Math.min(value, MAX_NEWS_PAGE) }
    : {};
}

export interface SearchParams {
  readonly q?: string;
  readonly page?: number;
}

/** The search API pages up to 1000. */
const MAX_SEARCH_PAGE = 1000;

/** validateSearch of /search: q trimmed and capped (domain rule), page a whole number ≥ 2 or absent. */
export function parseSearchParams(raw: Readonly<Record<string, unknown>>): SearchParams {
  const query = normaliseSearchQuery(raw.q);
  const pageRaw = typeof raw.page === 'string' && /^\d+$/.test(raw.page) ? Number(raw.page) : raw.page;
  const page =
    typeof pageRaw === 'number' && Number.isSafeInteger(pageRaw) && pageRaw > 1
      ? Math.min(pageRaw, MAX_SEARCH_PAGE)
      : undefined;
  return {
    ...(query.ok ? { q: query.value } : {}),
    ...(query.ok && page !== undefined ? { page } : {}),
  };
}
