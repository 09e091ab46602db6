import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';
import { Slug } from './query-fields';

/** A static page of spec §2 (/pages/{slug}): contacts, delivery, payment, privacy, … */
export const StaticPage = Schema.Struct({
  id: Schema.Int,
  slug: Schema.String,
  title: Schema.String,
  meta_description: Schema.String,
  /** Simple generated HTML (<h2>, <p>, <ul>, <a>). */
  body_html: Schema.String,
  updated_at: Schema.String,
});
export type StaticPage = typeof StaticPage.Type;

export const staticPageBySlug = defineEndpoint({
  method: 'GET',
  path: '/api/pages/:slug',
  tag: 'pages',
  summary: 'One static page by slug',
  params: Schema.Struct({ slug: Slug }),
  response: StaticPage,
  errorStatuses: [404],
});
