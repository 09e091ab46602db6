import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Editorial content: style categories, news and inspiration, static pages, SEO texts, popular tags. */
export const styleCategories = pgTable('style_categories', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique('style_categories_slug_key'),
  /** Russian style name; products whose `style` equals it belong to it. */
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  imageKey: text('image_key'),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
});

export const inspirationTopics = pgTable('inspiration_topics', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique('inspiration_topics_slug_key'),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
});

export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    /** 'news' or 'inspiration'; stored lower-case (the list call lower-cases its filter). */
    type: text('type').notNull(),
    topicSlug: text('topic_slug'),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    bodyHtml: text('body_html').notNull().default(''),
    imageKey: text('image_key'),
    published: boolean('published').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex('news_slug_key').on(table.slug),
    index('news_type_published_idx').on(table.type, table.publishedAt),
  ],
);

export const staticPages = pgTable('static_pages', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique('static_pages_slug_key'),
  title: text('title').notNull(),
  metaDescription: text('meta_description').notNull().default(''),
  bodyHtml: text('body_html').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

export const seoTexts = pgTable('seo_texts', {
  key: text('key').primaryKey(),
  title: text('title').notNull().default(''),
  html: text('html').notNull().default(''),
  /** The page head's <title> and meta description for the key's page (issue 25 item 13); '' — derived. */
  metaTitle: text('meta_title').notNull().default(''),
  metaDescription: text('meta_description').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

export interface PopularTagRow {
  label: string;
  href: string;
}

export const popularTags = pgTable('popular_tags', {
  key: text('key').primaryKey(),
  tags: jsonb('tags').$type<PopularTagRow[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  discountPercent: integer('discount_percent').notNull(),
  active: boolean('active').notNull().default(true),
  description: text('description').notNull().default(''),
  minOrderTotal: integer('min_order_total').notNull().default(0),
  validUntil: timestamp('valid_until', { withTimezone: true, mode: 'string' }),
  /** 'percent' (discount_percent) or 'fixed' (fixed_discount, roubles). */
  kind: text('kind').notNull().default('percent'),
  fixedDiscount: integer('fixed_discount').notNull().default(0),
  validFrom: timestamp('valid_from', { withTimezone: true, mode: 'string' }),
  /** Null: unlimited. `uses` counts live redemptions and is moved by a conditional update. */
  usageLimit: integer('usage_limit'),
  perClientLimit: integer('per_client_limit'),
  uses: integer('uses').notNull().default(0),
  version: integer('version').notNull().default(1),
});

/** Home page blocks (banners, category tiles, collage) as the generator describes them. */
export const homeBlocks = pgTable('home_blocks', {
  key: text('key').primaryKey(),
  items: jsonb('items').$type<unknown[]>().notNull().default([]),
});
