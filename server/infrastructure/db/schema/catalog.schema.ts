import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Full-text vector; only ever written by PostgreSQL itself (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The catalogue: categories (a tree with cross-links), products and their pictures. Money is whole
 * roubles and sizes whole centimetres (demo-content.types.ts), so plain integers keep both drivers
 * returning numbers.
 */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    path: text('path').notNull(),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
    level: integer('level').notNull().default(0),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    imageKey: text('image_key'),
    description: text('description').notNull().default(''),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex('categories_slug_key').on(table.slug),
    index('categories_parent_idx').on(table.parentId),
    // Category suggestions while typing (migration 0009).
    index('categories_name_search_idx').using(
      'gin',
      sql`to_tsvector('russian', replace(lower(${table.name}), 'ё', 'е'))`,
    ),
  ],
);

/** Cross-links between categories (spec §3 refs / category_refs); stored in both directions. */
export const categoryRefs = pgTable(
  'category_refs',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    refCategoryId: integer('ref_category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.refCategoryId] })],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    sku: text('sku').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: integer('price').notNull(),
    priceOld: integer('price_old'),
    badge: text('badge'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** Name of the home category, copied so the search vector can be a generated column. */
    categoryName: text('category_name').notNull().default(''),
    width: integer('width'),
    depth: integer('depth'),
    height: integer('height'),
    collection: text('collection').notNull().default(''),
    style: text('style').notNull().default(''),
    material: text('material').notNull().default(''),
    colour: text('colour').notNull().default(''),
    brand: text('brand').notNull().default(''),
    country: text('country').notNull().default(''),
    popularity: integer('popularity').notNull().default(0),
    /** Visible spec lines (spec §3 labels) shown to shoppers. */
    specs: jsonb('specs').$type<Record<string, string>>().notNull().default({}),
    /** Hidden raw fields (spec §3): kept for the back office, never sent to the storefront. */
    rawFields: jsonb('raw_fields').$type<Record<string, string>>().notNull().default({}),
    mainImageKey: text('main_image_key'),
    /** Uniform in [0, 1): sort=random reads an index range instead of ORDER BY random() over a category. */
    randomKey: real('random_key').notNull().default(sql`random()`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** Units in stock; null = not tracked (always available). Orders take it in their transaction. */
    stock: integer('stock'),
    /**
     * Sold «под заказ» beyond the stock: an order line takes what is there and the rest waits for
     * the factory (the line records `backorder: true`); the stock never goes below zero (docs/stock.md).
     */
    backorderAllowed: boolean('backorder_allowed').notNull().default(false),
    /**
     * Where the goods come from (issue 23, docs/delivery-dates.md): showroom, warehouse, supplier (in
     * availability_min_days working days) or made_to_order (min–max working days).
     */
    availabilitySource: text('availability_source').notNull().default('warehouse'),
    availabilityMinDays: integer('availability_min_days'),
    availabilityMaxDays: integer('availability_max_days'),
    hidden: boolean('hidden').notNull().default(false),
    /** What the delivery tariffs price it as (shared-rules/item-class-rule.ts); null: a small item. */
    itemClass: text('item_class'),
    /** Packed size in cm, weight in kg and boxes (spec UPAK_OBEM, UPAK_VES, UPAK_KOLVO; issue 23). */
    packedWidth: integer('packed_width'),
    packedDepth: integer('packed_depth'),
    packedHeight: integer('packed_height'),
    packedWeight: real('packed_weight'),
    packedBoxes: integer('packed_boxes'),
    /** The shop assembles it (the «Сборка» service prices it by its class). */
    assemblyAvailable: boolean('assembly_available').notNull().default(false),
    /** Soft delete: the storefront leaves it out; the back office can restore it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    /** Bumped by every back-office write: a form saving an older version gets a conflict. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('russian', replace(lower("name"), 'ё', 'е')), 'A') || setweight(to_tsvector('russian', replace(lower("category_name"), 'ё', 'е')), 'B') || setweight(to_tsvector('russian', replace(lower("material" || ' ' || "colour" || ' ' || "style" || ' ' || "collection" || ' ' || "brand"), 'ё', 'е')), 'C')`,
      ),
  },
  (table) => [
    uniqueIndex('products_slug_key').on(table.slug),
    uniqueIndex('products_sku_key').on(table.sku),
    index('products_category_created_idx').on(table.categoryId, table.createdAt),
    index('products_created_idx').on(table.createdAt),
    index('products_price_idx').on(table.price),
    index('products_popularity_idx').on(table.popularity),
    index('products_random_idx').on(table.randomKey),
    index('products_collection_idx').on(table.collection),
    index('products_style_idx').on(table.style),
    index('products_search_idx').using('gin', table.searchVector),
    // Search by article (артикул): «DS-000109», «ds000109» or a part of it, letters and digits only.
    index('products_sku_search_idx').using(
      'gin',
      sql`regexp_replace(replace(lower(${table.sku}), 'ё', 'е'), '[^a-zа-я0-9]+', '', 'g') gin_trgm_ops`,
    ),
    index('products_updated_idx').on(table.updatedAt),
    // The back office at 100 000 products (issue 27, docs/performance.md «Back office at 100 000
    // products»): its search is a substring of the name, the article or the address (trigram GIN, so
    // «%диван%» reads the index), its default order and deep pages read the live products newest first
    // from one index (the page's ids alone, then their rows), the category screen counts live products
    // per category from an index, the name and stock orders read an index of the live products, and
    // the hidden and badge filters read small partial indexes.
    index('products_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
    index('products_sku_trgm_idx').using('gin', sql`lower(${table.sku}) gin_trgm_ops`),
    index('products_slug_trgm_idx').using('gin', sql`${table.slug} gin_trgm_ops`),
    index('products_live_created_idx').on(table.createdAt, table.id).where(sql`${table.deletedAt} IS NULL`),
    index('products_live_category_idx').on(table.categoryId).where(sql`${table.deletedAt} IS NULL`),
    index('products_live_name_idx').on(table.name, table.id).where(sql`${table.deletedAt} IS NULL`),
    index('products_live_stock_idx').on(table.stock, table.id).where(sql`${table.deletedAt} IS NULL`),
    index('products_hidden_idx').on(table.createdAt, table.id).where(sql`${table.hidden}`),
    index('products_badge_idx').on(table.badge, table.createdAt).where(sql`${table.badge} IS NOT NULL`),
  ],
);

/** Every category that lists a product: its home category and the extra ones (brand, room, sale). */
export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.categoryId, table.productId] }),
    index('product_categories_product_idx').on(table.productId),
  ],
);

/** The pictures of a product in display order; position 0 is the main picture. */
export const productImages = pgTable(
  'product_images',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    imageKey: text('image_key').notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.position] })],
);

/** One rendered picture (files under DATA_DIR/media), referenced by key from the tables above. */
export const mediaImages = pgTable('media_images', {
  key: text('key').primaryKey(),
  kind: text('kind').notNull(),
  shape: text('shape').notNull(),
  variant: integer('variant').notNull().default(0),
  alt: text('alt').notNull().default(''),
});
