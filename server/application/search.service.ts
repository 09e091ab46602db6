import type { SearchResult } from '../../api/search';
import { parseQuery, toTsQueryText } from '../domain/search-text';
import type { LexiconMatch, SearchIndex } from './catalogue.port';
import type { ReadCache } from './read-cache';

/** Below this trigram similarity a lexicon word is not taken as what the shopper meant. */
const MIN_WORD_SIMILARITY = 0.3;
/** Ranking stops after this many matches (a very common word would otherwise rank the whole table). */
const SEARCH_CANDIDATE_CAP = 2000;

/**
 * Russian search (spec §7 GET /api/search): each typed word is matched to the catalogue's own words —
 * as typed, re-typed in the other keyboard layout, or transliterated — exactly when possible and by
 * trigram similarity over the small lexicon otherwise; the chosen words then go to full-text search
 * with the `russian` configuration (morphology). All words must match; when that finds nothing, any
 * word may.
 */
export class SearchService {
  constructor(
    private readonly index: SearchIndex,
    private readonly cache: ReadCache,
  ) {}

  search(query: string, page: number, limit: number): Promise<SearchResult> {
    return this.cache.get(`search:${page}:${limit}:${query.trim()}`, () => this.run(query, page, limit));
  }

  private async run(query: string, page: number, limit: number): Promise<SearchResult> {
    const trimmed = query.trim();
    const words = parseQuery(trimmed);
    const empty: SearchResult = { query: trimmed, corrected_query: null, items: [], total: 0, page, limit };
    if (words.length === 0) return empty;

    const allVariants = [...new Set(words.flatMap((word) => word.variants))];
    const matches = await this.index.closestWords(allVariants);
    const byVariant = new Map<string, LexiconMatch>(matches.map((match) => [match.variant, match]));

    const chosen = words.map((word) => {
      // Numbers and exact catalogue words are kept; otherwise the best-scoring variant wins, and the
      // earlier variant (as typed) wins ties.
      let best: LexiconMatch | undefined;
      for (const variant of word.variants) {
        const match = byVariant.get(variant);
        if (!match) continue;
        if (match.word === variant) return variant;
        if (match.similarity >= MIN_WORD_SIMILARITY && (!best || match.similarity > best.similarity))
          best = match;
      }
      return best?.word ?? word.original;
    });

    const offset = (page - 1) * limit;
    let result = await this.index.search(toTsQueryText(chosen, '&'), limit, offset, SEARCH_CANDIDATE_CAP);
    if (result.total === 0 && chosen.length > 1) {
      result = await this.index.search(toTsQueryText(chosen, '|'), limit, offset, SEARCH_CANDIDATE_CAP);
    }
    const corrected = chosen.join(' ');
    const original = words.map((word) => word.original).join(' ');
    return {
      query: trimmed,
      corrected_query: corrected === original ? null : corrected,
      items: result.items,
      total: result.total,
      page,
      limit,
    };
  }
}
