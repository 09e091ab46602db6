import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';
import { Image } from './media';
import { Slug } from './query-fields';

/** A style collection page: products whose style equals `name` belong to it. */
export const StyleCategory = Schema.Struct({
  id: Schema.Int,
  slug: Schema.String,
  name: Schema.String,
  description: Schema.String,
  image: Schema.NullOr(Image),
  sort_order: Schema.Int,
  product_count: Schema.Int,
});
export type StyleCategory = typeof StyleCategory.Type;

export const listStyleCategories = defineEndpoint({
  method: 'GET',
  path: '/api/style-categories',
  tag: 'style-categories',
  summary: 'Active style categories in display order',
  response: Schema.Array(StyleCategory),
});

export const styleCategoryBySlug = defineEndpoint({
  method: 'GET',
  path: '/api/style-categories/:slug',
  tag: 'style-categories',
  summary: 'One style category by slug',
  params: Schema.Struct({ slug: Slug }),
  response: StyleCategory,
  errorStatuses: [404],
});
