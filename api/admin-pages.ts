import { Schema } from 'effect';
import { EditableSlug } from './admin-products';
import { defineEndpoint } from './endpoint';
import { StaticPage } from './pages';
import { IdFromString } from './query-fields';
import { SingleLineText } from './text';

/**
 * Static pages administration (the content of /pages/{slug}). Admin only; `body_html` is sanitised
 * on every write (allow-list; docs/security.md).
 */
export const AdminStaticPage = Schema.Struct({
  ...StaticPage.fields,
  version: Schema.Int,
});
export type AdminStaticPage = typeof AdminStaticPage.Type;

const Title = SingleLineText(300, 1);

const StaticPagePatch = Schema.Struct({
  slug: Schema.optionalKey(EditableSlug),
  title: Schema.optionalKey(Title),
  meta_description: Schema.optionalKey(Schema.String.pipe(Schema.check(Schema.isMaxLength(300)))),
  body_html: Schema.optionalKey(Schema.String.pipe(Schema.check(Schema.isMaxLength(200_000)))),
  expected_version: Schema.optionalKey(Schema.Int),
});

const StaticPageCreate = Schema.Struct({
  ...StaticPagePatch.fields,
  slug: EditableSlug,
  title: Title,
});

const PageIdParams = Schema.Struct({ id: IdFromString });

export const listAdminPages = defineEndpoint({
  area: 'content',
  method: 'GET',
  path: '/api/admin/pages',
  tag: 'admin-pages',
  summary: 'Every static page, by slug',
  response: Schema.Array(AdminStaticPage),
  errorStatuses: [401, 403],
});

export const getAdminPage = defineEndpoint({
  area: 'content',
  method: 'GET',
  path: '/api/admin/pages/:id',
  tag: 'admin-pages',
  summary: 'One static page',
  params: PageIdParams,
  response: AdminStaticPage,
  errorStatuses: [401, 403, 404],
});

export const createAdminPage = defineEndpoint({
  area: 'content',
  method: 'POST',
  path: '/api/admin/pages',
  tag: 'admin-pages',
  summary: 'Creates a static page (409 when the slug exists)',
  body: StaticPageCreate,
  response: AdminStaticPage,
  successStatus: 201,
  errorStatuses: [401, 403, 409, 415],
});

export const updateAdminPage = defineEndpoint({
  area: 'content',
  method: 'PATCH',
  path: '/api/admin/pages/:id',
  tag: 'admin-pages',
  summary: 'Changes the named fields of a static page',
  params: PageIdParams,
  body: StaticPagePatch,
  response: AdminStaticPage,
  errorStatuses: [401, 403, 404, 409, 415],
});

export const deleteAdminPage = defineEndpoint({
  area: 'content',
  method: 'DELETE',
  path: '/api/admin/pages/:id',
  tag: 'admin-pages',
  summary: 'Deletes a static page',
  params: PageIdParams,
  response: Schema.Struct({ deleted: Schema.Int }),
  errorStatuses: [401, 403, 404],
});
