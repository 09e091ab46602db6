import { searchProducts, searchSuggestions } from '../../../api/search';
import type { SearchService } from '../../application/search.service';
import type { RouteModule } from '../app';

/** Spec §7 GET /api/search; an empty or blank q is a 400 from the contract (spec §5). */
export function searchRoutes(search: SearchService): RouteModule {
  return {
    name: 'search',
    register(_app, router) {
      router.route(searchProducts, async ({ query }) => search.search(query.q, query.page, query.limit));
      // Tracker issue 13: suggestions while typing; the same query rules (400 for blank or oversized).
      router.route(searchSuggestions, async ({ query }) => search.suggest(query.q));
    },
  };
}
