import { Schema } from 'effect';
import { EditableSlug } from './admin-products';
import { Category } from './categories';
import { defineEndpoint } from './endpoint';
import { Id, IdFromString, intParam } from './query-fields';

/**
 * Category administration (spec §7 Catalogue: /api/categories create, /api/categories/{id} update and
 * delete, /api/categories/{id}/image, /api/category-refs/{a}/{b}) and the redirects a slug or parent
 * change creates. Writes are admin only; GET /api/categories stays public and lists active ones.
 *
 * A slug or parent change rewrites the paths of the category and its descendants and records a
 * redirect (301) from each old /category/… path to the new one.
 */
export const AdminCategory = Schema.Struct({
  ...Category.fields,
  /** Products whose home category this is (deleted ones excluded). */
  product_count: Schema.Int,
  child_count: Schema.Int,
  version: Schema.Int,
});
export type AdminCategory = typeof AdminCategory.Type;

const Name = Schema.String.pipe(Schema.check(Schema.isNonEmpty(), Schema.isMaxLength(200)));
const Description = Schema.String.pipe(Schema.check(Schema.isMaxLength(100_000)));

const CategoryPatch = Schema.Struct({
  name: Schema.optionalKey(Name),
  slug: Schema.optionalKey(EditableSlug),
  active: Schema.optionalKey(Schema.Boolean),
  /** Plain text (the storefront shows it escaped, never as HTML). */
  description: Schema.optionalKey(Description),
  expected_version: Schema.optionalKey(Schema.Int),
});

const CategoryCreate = Schema.Struct({
  name: Name,
  /** Made from the name when absent. */
  slug: Schema.optionalKey(EditableSlug),
  parent_id: Schema.NullOr(Id),
  active: Schema.optionalKey(Schema.Boolean),
  description: Schema.optionalKey(Description),
});

const CategoryIdParams = Schema.Struct({ id: IdFromString });

export const listAdminCategories = defineEndpoint({
  area: 'catalogue',
  method: 'GET',
  path: '/api/admin/categories',
  tag: 'admin-categories',
  summary: 'Every category (inactive too) with product and child counts, in tree order',
  response: Schema.Array(AdminCategory),
  errorStatuses: [401, 403],
});

export const createCategory = defineEndpoint({
  area: 'catalogue',
  method: 'POST',
  path: '/api/categories',
  tag: 'admin-categories',
  summary: 'Creates a category (last among its siblings)',
  body: CategoryCreate,
  response: AdminCategory,
  successStatus: 201,
  errorStatuses: [401, 403, 404, 409, 415],
});

export const updateCategory = defineEndpoint({
  area: 'catalogue',
  method: 'PATCH',
  path: '/api/categories/:id',
  tag: 'admin-categories',
  summary: 'Changes the named fields; a slug change moves the subtree paths and adds 301 redirects',
  params: CategoryIdParams,
  body: CategoryPatch,
  response: AdminCategory,
  errorStatuses: [401, 403, 404, 409, 415],
});

export const deleteCategory = defineEndpoint({
  area: 'catalogue',
  method: 'DELETE',
  path: '/api/categories/:id',
  tag: 'admin-categories',
  summary: 'Deletes an empty category; refused (409) while it has products or subcategories',
  params: CategoryIdParams,
  response: Schema.Struct({ deleted: Schema.Int }),
  errorStatuses: [401, 403, 404, 409],
});

export const moveCategory = defineEndpoint({
  area: 'catalogue',
  method: 'POST',
  path: '/api/categories/:id/move',
  tag: 'admin-categories',
  summary: 'Moves a category under another parent (null: root) at a position among its siblings; 301s follow',
  params: CategoryIdParams,
  body: Schema.Struct({
    parent_id: Schema.NullOr(Id),
    /** 0-based position among the new siblings; larger values put it last. */
    position: Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 100_000 }))),
    expected_version: Schema.optionalKey(Schema.Int),
  }),
  response: Schema.Array(AdminCategory),
  errorStatuses: [401, 403, 404, 409, 415],
});

/** Upload: multipart with one `file` part (JPEG/PNG/WEBP by content). Answers the category. */
export const uploadCategoryImage = defineEndpoint({
  area: 'catalogue',
  method: 'POST',
  path: '/api/categories/:id/image',
  tag: 'admin-categories',
  summary: "Sets the category's picture (multipart file); responsive variants made on upload",
  params: CategoryIdParams,
  response: AdminCategory,
  errorStatuses: [401, 403, 404, 413, 415],
});

export const deleteCategoryImage = defineEndpoint({
  area: 'catalogue',
  method: 'DELETE',
  path: '/api/categories/:id/image',
  tag: 'admin-categories',
  summary: "Removes the category's picture",
  params: CategoryIdParams,
  response: AdminCategory,
  errorStatuses: [401, 403, 404],
});

const RefParams = Schema.Struct({ a: IdFromString, b: IdFromString });

export const createCategoryRef = defineEndpoint({
  area: 'catalogue',
  method: 'POST',
  path: '/api/category-refs/:a/:b',
  tag: 'admin-categories',
  summary: 'Cross-links two categories (both directions)',
  params: RefParams,
  response: Schema.Struct({ a: Schema.Int, b: Schema.Int }),
  successStatus: 201,
  errorStatuses: [401, 403, 404, 409, 415],
});

export const deleteCategoryRef = defineEndpoint({
  area: 'catalogue',
  method: 'DELETE',
  path: '/api/category-refs/:a/:b',
  tag: 'admin-categories',
  summary: 'Removes the cross-link of two categories (both directions)',
  params: RefParams,
  response: Schema.Struct({ a: Schema.Int, b: Schema.Int }),
  errorStatuses: [401, 403, 404],
});

// ── Redirects ──────────────────────────────────────────────────────────────────────────────────────

/** A storefront path: starts with '/', no scheme, host, query or '..'. */
const SitePath = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^\/(?!\/)[A-Za-z0-9\-._~/%]*$/), Schema.isMaxLength(500)),
);

export const Redirect = Schema.Struct({
  id: Schema.Int,
  from_path: Schema.String,
  to_path: Schema.String,
  /** 'category' / 'product' (made by a slug or parent change) or 'manual'. */
  source: Schema.String,
  created_at: Schema.String,
});
export type Redirect = typeof Redirect.Type;

export const listRedirects = defineEndpoint({
  area: 'catalogue',
  method: 'GET',
  path: '/api/admin/redirects',
  tag: 'admin-categories',
  summary: 'The 301 redirects, newest first',
  query: Schema.Struct({
    q: Schema.optionalKey(Schema.String.pipe(Schema.check(Schema.isMaxLength(200)))),
    page: intParam(1, 100_000, 1),
    limit: intParam(1, 200, 50),
  }),
  response: Schema.Struct({
    items: Schema.Array(Redirect),
    total: Schema.Int,
    page: Schema.Int,
    limit: Schema.Int,
  }),
  errorStatuses: [401, 403],
});

export const createRedirect = defineEndpoint({
  area: 'catalogue',
  method: 'POST',
  path: '/api/admin/redirects',
  tag: 'admin-categories',
  summary: 'Adds (or replaces) a 301 redirect from one storefront path to another',
  body: Schema.Struct({ from_path: SitePath, to_path: SitePath }),
  response: Redirect,
  successStatus: 201,
  errorStatuses: [401, 403, 409, 415],
});

export const deleteRedirect = defineEndpoint({
  area: 'catalogue',
  method: 'DELETE',
  path: '/api/admin/redirects/:id',
  tag: 'admin-categories',
  summary: 'Removes a redirect',
  params: Schema.Struct({ id: IdFromString }),
  response: Schema.Struct({ deleted: Schema.Int }),
  errorStatuses: [401, 403, 404],
});
