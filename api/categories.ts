import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';
import { Image } from './media';
import { IdFromString } from './query-fields';

/**
 * A category as the storefront reads it (spec §3/§7: id, name, slug, active, parent_id, refs). The
 * list is flat; the browser builds the tree (active only, fixed root order) from `parent_id`.
 */
export const Category = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  slug: Schema.String,
  active: Schema.Boolean,
  parent_id: Schema.NullOr(Schema.Int),
  /** Ids of cross-linked categories (category_refs). */
  refs: Schema.Array(Schema.Int),
  /** Slug path after /category/ (parent slugs joined with '/'). */
  path: Schema.String,
  level: Schema.Int,
  sort_order: Schema.Int,
  image: Schema.NullOr(Image),
  description: Schema.String,
});
export type Category = typeof Category.Type;

export const listCategories = defineEndpoint({
  method: 'GET',
  path: '/api/categories',
  tag: 'categories',
  summary: 'Every active category (flat, with parent_id and refs)',
  response: Schema.Array(Category),
});

export const categoryById = defineEndpoint({
  method: 'GET',
  path: '/api/categories/:id',
  tag: 'categories',
  summary: 'One active category by id',
  params: Schema.Struct({ id: IdFromString }),
  response: Category,
  errorStatuses: [404],
});
