import type { SearchResult, SearchSuggestions } from '../../api/search';
import {
  articleSearchForms,
  chooseWord,
  Lexicon,
  parseQuery,
  readPartialQuery,
  toPrefixTsQueryText,
  toTsQueryText,
} from '../domain/search-text';
import type { LexiconMatch, ProductQuery, SearchIndex } from './catalogue.port';
import type { ReadCache } from './read-cache';

/** Below this trigram similarity a lexicon word is not taken as what the shopper meant. */
const MIN_WORD_SIMILARITY = 0.3;
/** Ranking stops after this many matches (a very common word would otherwise rank the whole table). */
const SEARCH_CANDIDATE_CAP = 2000;
/**
 * Suggestions rank far fewer candidates: they answer every pause in typing and must stay fast. A short
 * prefix matches thousands of products, and finding each candidate reads a wide product row (100 000
 * products are ~190 MB, more than PostgreSQL's default shared buffers); 60 keeps a two-letter prefix at
 * a few milliseconds (300 took 10–100 ms on a loaded box, see docs/performance.md).
 */
const SUGGESTION_CANDIDATE_CAP = 60;
const SUGGESTED_PRODUCTS = 5;
const SUGGESTED_CATEGORIES = 3;
const LEXICON_TTL_MS = 60_000;

/**
 * Russian search (spec §7 GET /api/search): each typed word is matched to the catalogue's own words —
 * as typed, re-typed in the other keyboard layout, or transliterated — exactly when possible and by
 * trigram similarity over the small lexicon otherwise; the chosen words then go to full-text search
 * with the `russian` configuration (morphology). All words must match; when that finds nothing, any
 * word may.
 */
export class SearchService {
  private lexiconLoad: { readonly at: number; readonly value: Promise<Lexicon> } | null = null;

  constructor(
    private readonly index: SearchIndex,
    private readonly cache: ReadCache,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Drops the words held for suggestions: called with the read cache's invalidation after a catalogue
   * write here or (LISTEN/NOTIFY) in another server process, so a new product's words are known at once.
   */
  forgetLexicon(): void {
    this.lexiconLoad = null;
  }

  /**
   * The catalogue's words for suggestions, held in memory for LEXICON_TTL_MS or until a catalogue
   * write (forgetLexicon): every keystroke reads them, and they are a few hundred to a few thousand.
   * Kept apart from the read cache so that suggestions stay one database round trip with it off.
   */
  private lexicon(): Promise<Lexicon> {
    const time = this.now();
    if (!this.lexiconLoad || time - this.lexiconLoad.at >= LEXICON_TTL_MS) {
      const value = this.index.lexiconWords().then((entries) => new Lexicon(entries));
      const load = { at: time, value };
      this.lexiconLoad = load;
      // A failed load is tried again by the next request.
      value.catch(() => {
        if (this.lexiconLoad === load) this.lexiconLoad = null;
      });
    }
    return this.lexiconLoad.value;
  }

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

    const chosen = words.map((word) =>
      chooseWord(word, (variant) => byVariant.get(variant), MIN_WORD_SIMILARITY),
    );

    const offset = (page - 1) * limit;
    const articles = articleSearchForms(trimmed);
    const lookUp = (operator: '&' | '|') =>
      this.index.search(
        { tsQuery: toTsQueryText(chosen, operator), articles },
        limit,
        offset,
        SEARCH_CANDIDATE_CAP,
      );
    let result = await lookUp('&');
    if (result.total === 0 && chosen.length > 1) result = await lookUp('|');
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

  /**
   * Suggestions while typing (tracker issue 13): the query is read as a prefix (readPartialQuery),
   * then up to five products and three categories matching it are looked up together.
   */
  suggest(query: string): Promise<SearchSuggestions> {
    const trimmed = query.trim();
    return this.cache.get(`suggest:${trimmed}`, () => this.runSuggest(trimmed));
  }

  private async runSuggest(trimmed: string): Promise<SearchSuggestions> {
    const words = parseQuery(trimmed);
    if (words.length === 0) return { query: trimmed, corrected_query: null, products: [], categories: [] };
    const lexicon = await this.lexicon();
    const reading = readPartialQuery(
      words,
      (variant) => lexicon.closest(variant),
      (prefix) => lexicon.complete(prefix),
      MIN_WORD_SIMILARITY,
    );
    if (reading.words.length === 0) {
      return { query: trimmed, corrected_query: null, products: [], categories: [] };
    }
    const tsQuery = toPrefixTsQueryText(reading.words);
    const products: ProductQuery = { tsQuery, articles: articleSearchForms(trimmed) };
    const [productsFound, categories] = await Promise.all([
      this.index.suggestProducts(products, SUGGESTED_PRODUCTS, SUGGESTION_CANDIDATE_CAP),
      this.index.categoriesMatching(tsQuery, SUGGESTED_CATEGORIES),
    ]);
    return {
      query: trimmed,
      corrected_query: reading.corrected,
      products: productsFound,
      categories,
    };
  }
}
