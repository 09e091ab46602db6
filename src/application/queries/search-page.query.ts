import { CATALOGUE_PORT, SEARCH_DEFAULTS, type SearchPage } from '../ports/catalogue.port';
import type { CallOptions } from '../ports/port-failure';
import { defineUseCase } from '../use-case';
import type { SearchParams } from './page-params';

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
