import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';
import { Slug } from './query-fields';

const PopularTag = Schema.Struct({
  label: Schema.String,
  /** Storefront path, e.g. '/category/mebel/divany' or '/search?q=…'. */
  href: Schema.String,
});

export const PopularTags = Schema.Struct({
  key: Schema.String,
  tags: Schema.Array(PopularTag),
});
export type PopularTags = typeof PopularTags.Type;

export const popularTags = defineEndpoint({
  method: 'GET',
  path: '/api/popular-tags/:key',
  tag: 'popular-tags',
  summary: "Popular tags for 'home' or a root category; an unknown key answers an empty list",
  params: Schema.Struct({ key: Slug }),
  response: PopularTags,
});
