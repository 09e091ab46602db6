import { Schema, SchemaTransformation } from 'effect';
import { defineEndpoint } from './endpoint';
import { Image } from './media';
import { intParam, Slug } from './query-fields';

/** Spec §9: news defaults limit 10, offset 0. */
const NEWS_DEFAULT_LIMIT = 10;

export const NewsType = Schema.Literals(['news', 'inspiration']);
export type NewsType = typeof NewsType.Type;

export const NewsSummary = Schema.Struct({
  id: Schema.Int,
  slug: Schema.String,
  type: NewsType,
  topic_slug: Schema.NullOr(Schema.String),
  title: Schema.String,
  excerpt: Schema.String,
  image: Schema.NullOr(Image),
  published_at: Schema.String,
});
export type NewsSummary = typeof NewsSummary.Type;

export const NewsItem = Schema.Struct({
  ...NewsSummary.fields,
  /** Simple generated HTML (<p>, <h2>, <ul>). */
  body_html: Schema.String,
});
export type NewsItem = typeof NewsItem.Type;

export const NewsList = Schema.Struct({
  items: Schema.Array(NewsSummary),
  total: Schema.Int,
  limit: Schema.Int,
  offset: Schema.Int,
});
export type NewsList = typeof NewsList.Type;

/** The spec lower-cases `type` on the way out; the server accepts any case too. */
const LowerCased = Schema.String.pipe(
  Schema.decodeTo(
    Schema.String,
    SchemaTransformation.transform({
      decode: (value: string) => value.trim().toLowerCase(),
      encode: (value: string) => value,
    }),
  ),
);

const NewsListQuery = Schema.Struct({
  limit: intParam(1, 50, NEWS_DEFAULT_LIMIT),
  offset: intParam(0, 10_000, 0),
  type: Schema.optionalKey(LowerCased.pipe(Schema.decodeTo(NewsType))),
  topic: Schema.optionalKey(Slug),
});

export const listNews = defineEndpoint({
  method: 'GET',
  path: '/api/news',
  tag: 'news',
  summary: 'News and inspiration articles, newest first',
  query: NewsListQuery,
  response: NewsList,
});

export const newsBySlug = defineEndpoint({
  method: 'GET',
  path: '/api/news/:slug',
  tag: 'news',
  summary: 'One news item or inspiration article by slug',
  params: Schema.Struct({ slug: Slug }),
  response: NewsItem,
  errorStatuses: [404],
});

export const InspirationTopic = Schema.Struct({
  slug: Schema.String,
  name: Schema.String,
  description: Schema.String,
});
export type InspirationTopic = typeof InspirationTopic.Type;

export const listInspirationTopics = defineEndpoint({
  method: 'GET',
  path: '/api/inspiration-topics',
  tag: 'news',
  summary: 'Inspiration topics (for /category/vdohnovenie/{topicSlug})',
  response: Schema.Array(InspirationTopic),
});
