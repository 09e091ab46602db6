import { Schema } from 'effect';
import { MAX_SEARCH_QUERY_LENGTH } from '../shared-rules/cart-limits-rule';
import { defineEndpoint } from './endpoint';
import { ProductSummary } from './products';
import { intParam } from './query-fields';
import { SingleLineText } from './text';

/** Spec §9: search defaults page 1, limit 50. */
const SEARCH_DEFAULT_LIMIT = 50;
/** The kernel's limit (shared-rules/cart-limits-rule.ts), the same the browser cuts its query to. */
const SEARCH_MAX_QUERY_LENGTH = MAX_SEARCH_QUERY_LENGTH;

/** Spec §5: a trimmed non-empty query. */
const SearchQueryText = SingleLineText(SEARCH_MAX_QUERY_LENGTH).pipe(
  Schema.check(
    Schema.makeFilter((value: string) => value.trim().length > 0, { title: 'non-empty after trimming' }),
    Schema.isMaxLength(SEARCH_MAX_QUERY_LENGTH),
  ),
);

const SearchQuery = Schema.Struct({
  q: SearchQueryText,
  page: intParam(1, 1000, 1),
  limit: intParam(1, 100, SEARCH_DEFAULT_LIMIT),
});

export const SearchResult = Schema.Struct({
  query: Schema.String,
  /** The query as the server understood it after layout/transliteration/typo correction, when it differs. */
  corrected_query: Schema.NullOr(Schema.String),
  items: Schema.Array(ProductSummary),
  /** Matching products (counted up to a cap of 2 000: beyond that ranking stops). */
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int,
});
export type SearchResult = typeof SearchResult.Type;

export const searchProducts = defineEndpoint({
  method: 'GET',
  path: '/api/search',
  tag: 'search',
  summary: 'Russian product search: morphology, typos, wrong keyboard layout, transliteration',
  query: SearchQuery,
  response: SearchResult,
});

/** Suggestions while typing: products, categories and the corrected query (tracker issue 13). */
const SuggestionsQuery = Schema.Struct({ q: SearchQueryText });

const SuggestedProduct = Schema.Struct({
  id: Schema.Int,
  slug: Schema.String,
  name: Schema.String,
  /** The product page, /product/{slug}. */
  url: Schema.String,
  price: Schema.NullOr(Schema.Number),
  price_old: Schema.NullOr(Schema.Number),
  /** The smallest rendered size of the main picture, or null when the product has none. */
  thumb_url: Schema.NullOr(Schema.String),
});
export type SuggestedProduct = typeof SuggestedProduct.Type;

const SuggestedCategory = Schema.Struct({
  id: Schema.Int,
  slug: Schema.String,
  name: Schema.String,
  /** The category page, /category/{slug path}. */
  url: Schema.String,
});
export type SuggestedCategory = typeof SuggestedCategory.Type;

export const SearchSuggestions = Schema.Struct({
  query: Schema.String,
  /** What the server read the typed text as (typo, wrong layout, transliteration), when it differs. */
  corrected_query: Schema.NullOr(Schema.String),
  products: Schema.Array(SuggestedProduct),
  categories: Schema.Array(SuggestedCategory),
});
export type SearchSuggestions = typeof SearchSuggestions.Type;

export const searchSuggestions = defineEndpoint({
  method: 'GET',
  path: '/api/search/suggestions',
  tag: 'search',
  summary: 'Suggestions while typing: up to 5 products, 3 categories and the corrected query',
  query: SuggestionsQuery,
  response: SearchSuggestions,
});
