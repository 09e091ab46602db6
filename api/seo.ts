import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';
import { Slug } from './query-fields';

/** An SEO text block: 'home' for the home page welcome text, otherwise a category slug. */
export const SeoText = Schema.Struct({
  key: Schema.String,
  title: Schema.String,
  /** Simple generated HTML (<h2>, <p>, <ul>, <a>). */
  html: Schema.String,
  /** The page's <title> (the shop name is appended); '' — the page's own name. */
  meta_title: Schema.String,
  /** The page's meta description; '' — the page's own description. */
  meta_description: Schema.String,
});
export type SeoText = typeof SeoText.Type;

const SeoKeyParams = Schema.Struct({ key: Slug });

export const seoText = defineEndpoint({
  method: 'GET',
  path: '/api/seo/:key',
  tag: 'seo',
  summary: 'The SEO text for a page key (an empty one where none is written: not an error)',
  params: SeoKeyParams,
  response: SeoText,
});
