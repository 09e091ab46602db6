import { Schema } from 'effect';
import { SEO_META_LIMITS } from '../shared-rules/seo-meta-rule';
import { EditableSlug } from './admin-products';
import { defineEndpoint } from './endpoint';
import { PopularTags } from './popular-tags';
import { IdFromString, Slug } from './query-fields';
import { SeoText } from './seo';
import { StyleCategory } from './style-categories';
import { SingleLineText } from './text';

/**
 * Content administration: SEO texts (spec §7 /api/seo/{key} create, update, delete), popular tags
 * (/api/popular-tags/{key} save) and style categories (/api/admin/style-categories, /{id}, /{id}/image).
 * Admin only; the public GETs stay in seo.ts, popular-tags.ts and style-categories.ts. SEO HTML is
 * sanitised on every write (allow-list; docs/security.md).
 */

// ── SEO texts ──────────────────────────────────────────────────────────────────────────────────────

const SeoTextInput = Schema.Struct({
  title: Schema.String.pipe(Schema.check(Schema.isMaxLength(300))),
  html: Schema.String.pipe(Schema.check(Schema.isMaxLength(200_000))),
  meta_title: Schema.optionalKey(SingleLineText(SEO_META_LIMITS.title)),
  meta_description: Schema.optionalKey(SingleLineText(SEO_META_LIMITS.description)),
});

/**
 * A page's SEO text as the back office lists it: every page that has one to write (the home page and
 * every category, issue 25 item 13), written or still empty, with the page's name.
 */
export const AdminSeoText = Schema.Struct({
  ...SeoText.fields,
  /** «Главная» or the category's name and path, for the picker. */
  label: Schema.String,
});
export type AdminSeoText = typeof AdminSeoText.Type;

const SeoKeyParams = Schema.Struct({ key: Slug });

export const listSeoTexts = defineEndpoint({
  area: 'content',
  method: 'GET',
  path: '/api/admin/seo',
  tag: 'admin-content',
  summary: 'The SEO text of the home page and of every category (empty where none is written)',
  response: Schema.Array(AdminSeoText),
  errorStatuses: [401, 403],
});

export const createSeoText = defineEndpoint({
  area: 'content',
  method: 'POST',
  path: '/api/seo/:key',
  tag: 'admin-content',
  summary: 'Creates the SEO text of a key (409 when it exists)',
  params: SeoKeyParams,
  body: SeoTextInput,
  response: SeoText,
  successStatus: 201,
  errorStatuses: [401, 403, 409, 415],
});

export const updateSeoText = defineEndpoint({
  area: 'content',
  method: 'PUT',
  path: '/api/seo/:key',
  tag: 'admin-content',
  summary: 'Creates or replaces the SEO text of a key',
  params: SeoKeyParams,
  body: SeoTextInput,
  response: SeoText,
  errorStatuses: [401, 403, 415],
});

export const deleteSeoText = defineEndpoint({
  area: 'content',
  method: 'DELETE',
  path: '/api/seo/:key',
  tag: 'admin-content',
  summary: 'Deletes the SEO text of a key',
  params: SeoKeyParams,
  response: Schema.Struct({ deleted: Schema.String }),
  errorStatuses: [401, 403, 404],
});

// ── Popular tags ───────────────────────────────────────────────────────────────────────────────────

/** A tag link: a storefront path ('/category/…', '/search?q=…'), never another site or a script. */
const PopularTagInput = Schema.Struct({
  label: Schema.String.pipe(Schema.check(Schema.isNonEmpty(), Schema.isMaxLength(100))),
  href: Schema.String.pipe(Schema.check(Schema.isPattern(/^\/(?!\/)[^\s<>"'\\]*$/), Schema.isMaxLength(500))),
});

export const listPopularTags = defineEndpoint({
  area: 'content',
  method: 'GET',
  path: '/api/admin/popular-tags',
  tag: 'admin-content',
  summary: 'Every popular-tags list',
  response: Schema.Array(PopularTags),
  errorStatuses: [401, 403],
});

export const savePopularTags = defineEndpoint({
  area: 'content',
  method: 'PUT',
  path: '/api/popular-tags/:key',
  tag: 'admin-content',
  summary: "Saves the popular tags of 'home' or a root category (an empty list removes them)",
  params: Schema.Struct({ key: Slug }),
  body: Schema.Struct({ tags: Schema.Array(PopularTagInput).pipe(Schema.check(Schema.isMaxLength(50))) }),
  response: PopularTags,
  errorStatuses: [401, 403, 415],
});

// ── Style categories ───────────────────────────────────────────────────────────────────────────────

export const AdminStyleCategory = Schema.Struct({
  ...StyleCategory.fields,
  active: Schema.Boolean,
  version: Schema.Int,
});
export type AdminStyleCategory = typeof AdminStyleCategory.Type;

const StyleCategoryPatch = Schema.Struct({
  slug: Schema.optionalKey(EditableSlug),
  /** Products whose style equals the name belong to the style category. */
  name: Schema.optionalKey(Schema.String.pipe(Schema.check(Schema.isNonEmpty(), Schema.isMaxLength(200)))),
  description: Schema.optionalKey(Schema.String.pipe(Schema.check(Schema.isMaxLength(100_000)))),
  sort_order: Schema.optionalKey(
    Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 100_000 }))),
  ),
  active: Schema.optionalKey(Schema.Boolean),
  expected_version: Schema.optionalKey(Schema.Int),
});

const StyleCategoryCreate = Schema.Struct({
  ...StyleCategoryPatch.fields,
  name: Schema.String.pipe(Schema.check(Schema.isNonEmpty(), Schema.isMaxLength(200))),
});

const StyleIdParams = Schema.Struct({ id: IdFromString });

export const listAdminStyleCategories = defineEndpoint({
  area: 'content',
  method: 'GET',
  path: '/api/admin/style-categories',
  tag: 'admin-content',
  summary: 'Every style category (inactive too) in display order',
  response: Schema.Array(AdminStyleCategory),
  errorStatuses: [401, 403],
});

export const createAdminStyleCategory = defineEndpoint({
  area: 'content',
  method: 'POST',
  path: '/api/admin/style-categories',
  tag: 'admin-content',
  summary: 'Creates a style category',
  body: StyleCategoryCreate,
  response: AdminStyleCategory,
  successStatus: 201,
  errorStatuses: [401, 403, 409, 415],
});

export const getAdminStyleCategory = defineEndpoint({
  area: 'content',
  method: 'GET',
  path: '/api/admin/style-categories/:id',
  tag: 'admin-content',
  summary: 'One style category',
  params: StyleIdParams,
  response: AdminStyleCategory,
  errorStatuses: [401, 403, 404],
});

export const updateAdminStyleCategory = defineEndpoint({
  area: 'content',
  method: 'PATCH',
  path: '/api/admin/style-categories/:id',
  tag: 'admin-content',
  summary: 'Changes the named fields of a style category',
  params: StyleIdParams,
  body: StyleCategoryPatch,
  response: AdminStyleCategory,
  errorStatuses: [401, 403, 404, 409, 415],
});

export const deleteAdminStyleCategory = defineEndpoint({
  area: 'content',
  method: 'DELETE',
  path: '/api/admin/style-categories/:id',
  tag: 'admin-content',
  summary: 'Deletes a style category (products keep their style)',
  params: StyleIdParams,
  response: Schema.Struct({ deleted: Schema.Int }),
  errorStatuses: [401, 403, 404],
});

/** Multipart with one `file` part (JPEG/PNG/WEBP by content). */
export const uploadAdminStyleCategoryImage = defineEndpoint({
  area: 'content',
  method: 'POST',
  path: '/api/admin/style-categories/:id/image',
  tag: 'admin-content',
  summary: "Sets the style category's picture (multipart file)",
  params: StyleIdParams,
  response: AdminStyleCategory,
  errorStatuses: [401, 403, 404, 413, 415],
});

export const deleteAdminStyleCategoryImage = defineEndpoint({
  area: 'content',
  method: 'DELETE',
  path: '/api/admin/style-categories/:id/image',
  tag: 'admin-content',
  summary: "Removes the style category's picture",
  params: StyleIdParams,
  response: AdminStyleCategory,
  errorStatuses: [401, 403, 404],
});
