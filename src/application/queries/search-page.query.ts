import { normaliseSearchQuery } from '../../domain/search-query';
import { CATALOGUE_PORT, SEARCH_DEFAULTS, type SearchPage } from '../ports/catalogue.port';
import type { CallOptions } from '../ports/port-failure';
import { defineUseCase } from '../use-case';

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

/** Results for the query, or null when there is no query (the page shows the prompt). */
export const searchPage = defineUseCase(
  'catalogue.searchPage',
  { catalogue: CATALOGUE_PORT },
  ({ catalogue }) =>
    async (params: SearchParams, options?: CallOptions): Promise<SearchPage | null> => {
      if (params.q === undefined) return null;
      return catalogue.search(
        { q: params.q, page: params.page ?? SEARCH_DEFAULTS.page, limit: SEARCH_DEFAULTS.limit },
        options,
      );
    },
);
