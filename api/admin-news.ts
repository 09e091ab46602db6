import { Schema } from 'effect';
import { EditableSlug } from './admin-products';
import { IsoDateTime } from './dates';
import { defineEndpoint } from './endpoint';
import { Image } from './media';
import { NewsType } from './news';
import { IdFromString, intParam } from './query-fields';
import { MultiLineText, SingleLineText } from './text';

/**
 * News and inspiration administration (spec §7 News: /api/admin/news list and create,
 * /api/admin/news/{id} update and delete). Admin only. `body_html` is sanitised by the server on
 * every write (allow-list; docs/security.md) before it is stored.
 */
export const AdminNewsItem = Schema.Struct({
  id: Schema.Int,
  slug: Schema.String,
  type: NewsType,
  topic_slug: Schema.NullOr(Schema.String),
  title: Schema.String,
  excerpt: Schema.String,
  body_html: Schema.String,
  image: Schema.NullOr(Image),
  published: Schema.Boolean,
  published_at: Schema.String,
  version: Schema.Int,
});
export type AdminNewsItem = typeof AdminNewsItem.Type;

const Title = SingleLineText(300, 1);
const Html = MultiLineText(200_000);

const NewsPatch = Schema.Struct({
  slug: Schema.optionalKey(EditableSlug),
  type: Schema.optionalKey(NewsType),
  topic_slug: Schema.optionalKey(Schema.NullOr(EditableSlug)),
  title: Schema.optionalKey(Title),
  excerpt: Schema.optionalKey(Schema.String.pipe(Schema.check(Schema.isMaxLength(1000)))),
  body_html: Schema.optionalKey(Html),
  published: Schema.optionalKey(Schema.Boolean),
  published_at: Schema.optionalKey(IsoDateTime),
  expected_version: Schema.optionalKey(Schema.Int),
});

const NewsCreate = Schema.Struct({
  ...NewsPatch.fields,
  type: NewsType,
  title: Title,
});

const NewsIdParams = Schema.Struct({ id: IdFromString });

export const listAdminNews = defineEndpoint({
  area: 'content',
  method: 'GET',
  path: '/api/admin/news',
  tag: 'admin-news',
  summary: 'News and inspiration, drafts included, newest first',
  query: Schema.Struct({
    q: Schema.optionalKey(Schema.String.pipe(Schema.check(Schema.isMaxLength(100)))),
    type: Schema.optionalKey(NewsType),
    published: Schema.optionalKey(Schema.Literals(['true', 'false'])),
    page: intParam(1, 100_000, 1),
    limit: intParam(1, 200, 50),
  }),
  response: Schema.Struct({
    items: Schema.Array(AdminNewsItem),
    total: Schema.Int,
    page: Schema.Int,
    limit: Schema.Int,
  }),
  errorStatuses: [401, 403],
});

export const getAdminNews = defineEndpoint({
  area: 'content',
  method: 'GET',
  path: '/api/admin/news/:id',
  tag: 'admin-news',
  summary: 'One news item or article (drafts too)',
  params: NewsIdParams,
  response: AdminNewsItem,
  errorStatuses: [401, 403, 404],
});

export const createAdminNews = defineEndpoint({
  area: 'content',
  method: 'POST',
  path: '/api/admin/news',
  tag: 'admin-news',
  summary: 'Creates a news item or inspiration article (slug made from the title when absent)',
  body: NewsCreate,
  response: AdminNewsItem,
  successStatus: 201,
  errorStatuses: [401, 403, 409, 415],
});

export const updateAdminNews = defineEndpoint({
  area: 'content',
  method: 'PATCH',
  path: '/api/admin/news/:id',
  tag: 'admin-news',
  summary: 'Changes the named fields',
  params: NewsIdParams,
  body: NewsPatch,
  response: AdminNewsItem,
  errorStatuses: [401, 403, 404, 409, 415],
});

export const deleteAdminNews = defineEndpoint({
  area: 'content',
  method: 'DELETE',
  path: '/api/admin/news/:id',
  tag: 'admin-news',
  summary: 'Deletes a news item or article',
  params: NewsIdParams,
  response: Schema.Struct({ deleted: Schema.Int }),
  errorStatuses: [401, 403, 404],
});

/** Multipart with one `file` part (JPEG/PNG/WEBP by content). */
export const uploadAdminNewsImage = defineEndpoint({
  area: 'content',
  method: 'POST',
  path: '/api/admin/news/:id/image',
  tag: 'admin-news',
  summary: "Sets the item's picture (multipart file)",
  params: NewsIdParams,
  response: AdminNewsItem,
  errorStatuses: [401, 403, 404, 413, 415],
});

export const deleteAdminNewsImage = defineEndpoint({
  area: 'content',
  method: 'DELETE',
  path: '/api/admin/news/:id/image',
  tag: 'admin-news',
  summary: "Removes the item's picture",
  params: NewsIdParams,
  response: AdminNewsItem,
  errorStatuses: [401, 403, 404],
});
