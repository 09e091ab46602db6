import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';
import { ProductSummary } from './products';
import { FilterText, intParam, Slug } from './query-fields';

/** Spec §9: 4 per collection, 12 per style. */
const RECOMMENDATIONS_COLLECTION_LIMIT = 4;
const RECOMMENDATIONS_STYLE_LIMIT = 12;

const CollectionRecommendationsQuery = Schema.Struct({
  collection: FilterText,
  exclude_slug: Schema.optionalKey(Slug),
  limit: intParam(1, 50, RECOMMENDATIONS_COLLECTION_LIMIT),
});

const StyleRecommendationsQuery = Schema.Struct({
  style: FilterText,
  exclude_slug: Schema.optionalKey(Slug),
  limit: intParam(1, 50, RECOMMENDATIONS_STYLE_LIMIT),
});

export const recommendationsByCollection = defineEndpoint({
  method: 'GET',
  path: '/api/recommendations/collection',
  tag: 'recommendations',
  summary: 'Other products of the same collection (most popular first)',
  query: CollectionRecommendationsQuery,
  response: Schema.Array(ProductSummary),
});

export const recommendationsByStyle = defineEndpoint({
  method: 'GET',
  path: '/api/recommendations/style',
  tag: 'recommendations',
  summary: 'Other products of the same style (most popular first)',
  query: StyleRecommendationsQuery,
  response: Schema.Array(ProductSummary),
});
