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
