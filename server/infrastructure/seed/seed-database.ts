import { type SQL, sql } from 'drizzle-orm';
import { splitSpecs } from '../../domain/product-specs';
import type { Database } from '../db/database';
import type { DemoContent, DemoStaticPage } from './demo-content.types';
import { demoDeliveryFacts } from './demo-delivery-facts';

/**
 * Inserts generated demo content into an empty catalogue (first start) or replaces the catalogue
 * (`npm run db:seed`). Rows travel as one JSON parameter per batch (`json_to_recordset`), so a
 * 100 000-product catalogue is a few hundred statements rather than millions of bind parameters, and
 * the same SQL runs on PGlite and PostgreSQL 15.
 */

/** The tables seeding owns, children first; a re-seed truncates them (and what references them). */
const SEEDED_TABLES = [
  'search_lexicon',
  'search_lexicon_changes',
  'product_images',
  'product_categories',
  'products',
  'category_refs',
  'categories',
  'media_images',
  'style_categories',
  'inspiration_topics',
  'news',
  'static_pages',
  'seo_texts',
  'popular_tags',
  'promo_codes',
  'home_blocks',
] as const;

const BATCH_ROWS = 2000;

type Column = readonly [name: string, type: string];
/** What the writing needs of a database: raw SQL, here inside the seeding's one transaction. */
type SqlRows = Pick<Database, 'rows'>;

async function insertJson(
  database: SqlRows,
  table: string,
  columns: readonly Column[],
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const definition = columns.map(([name, type]) => `"${name}" ${type}`).join(', ');
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = JSON.stringify(rows.slice(start, start + BATCH_ROWS));
    await database.rows(
      sql`INSERT INTO ${sql.raw(`"${table}"`)} (${sql.raw(names)})
          SELECT ${sql.raw(names)} FROM json_to_recordset(${batch}::json) AS x(${sql.raw(definition)})`,
    );
  }
}

/** Whether the catalogue has no categories yet (a fresh database). */
export async function isCatalogueEmpty(database: Database): Promise<boolean> {
  const [row] = await database.rows<{ present: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM categories) AS present`,
  );
  return !row?.present;
}

export interface SeedReport {
  readonly categories: number;
  readonly products: number;
  readonly news: number;
  readonly staticPages: number;
  readonly lexiconWords: number;
  readonly milliseconds: number;
}

/**
 * Writes `content` into the database. With `replace`, the seeded tables are truncated first — with
 * CASCADE, so carts, favourites and other rows that point at products go too: a re-seed is a reset.
 */
export async function seedDatabase(
  database: Database,
  content: DemoContent,
  options: { readonly replace: boolean },
): Promise<SeedReport> {
  const started = Date.now();
  // One transaction: a seeding killed or failed midway (a first start stopped, a bad row) leaves the
  // catalogue as it was — empty, so the next start seeds it again — never half a catalogue that the
  // next start, seeing categories, would keep for good (test/api/seed.api.test.ts).
  // Both drivers answer `execute` with node-postgres' result shape; AppDb's generic type leaves it unknown.
  const lexiconWords = await database.db.transaction((tx) =>
    writeContent(
      { rows: async <T>(query: SQL) => ((await tx.execute(query)) as { rows: T[] }).rows },
      content,
      options,
    ),
  );
  await database.rows(sql`ANALYZE`);
  return {
    categories: content.categories.length,
    products: content.products.length,
    news: content.news.length,
    staticPages: content.staticPages.length,
    lexiconWords,
    milliseconds: Date.now() - started,
  };
}

async function writeContent(
  database: SqlRows,
  content: DemoContent,
  options: { readonly replace: boolean },
): Promise<number> {
  if (options.replace) {
    await database.rows(
      sql.raw(`TRUNCATE ${SEEDED_TABLES.map((table) => `"${table}"`).join(', ')} RESTART IDENTITY CASCADE`),
    );
  }
  const categoryIdBySlug = new Map(content.categories.map((category) => [category.slug, category.id]));
  const categoryNameBySlug = new Map(content.categories.map((category) => [category.slug, category.name]));

  await insertJson(
    database,
    'media_images',
    [
      ['key', 'text'],
      ['kind', 'text'],
      ['shape', 'text'],
      ['variant', 'int'],
      ['alt', 'text'],
    ],
    content.images.map((image) => ({ ...image })),
  );

  await insertJson(
    database,
    'categories',
    [
      ['id', 'int'],
      ['slug', 'text'],
      ['path', 'text'],
      ['name', 'text'],
      ['parent_id', 'int'],
      ['level', 'int'],
      ['active', 'boolean'],
      ['sort_order', 'int'],
      ['image_key', 'text'],
      ['description', 'text'],
    ],
    content.categories.map((category) => ({
      id: category.id,
      slug: category.slug,
      path: category.path,
      name: category.name,
      parent_id: category.parentSlug === null ? null : (categoryIdBySlug.get(category.parentSlug) ?? null),
      level: category.level,
      active: category.active,
      sort_order: category.sortOrder,
      image_key: category.imageKey,
      description: category.description,
    })),
  );

  const refs = new Set<string>();
  for (const category of content.categories) {
    for (const refSlug of category.refs) {
      const refId = categoryIdBySlug.get(refSlug);
      if (refId === undefined || refId === category.id) continue;
      // Cross-links are symmetric (demo-content.types.ts); store both directions once.
      refs.add(`${category.id}:${refId}`);
      refs.add(`${refId}:${category.id}`);
    }
  }
  await insertJson(
    database,
    'category_refs',
    [
      ['category_id', 'int'],
      ['ref_category_id', 'int'],
    ],
    [...refs].map((pair) => {
      const [categoryId, refCategoryId] = pair.split(':').map(Number);
      return { category_id: categoryId, ref_category_id: refCategoryId };
    }),
  );

  const productColumns: readonly Column[] = [
    ['id', 'int'],
    ['sku', 'text'],
    ['slug', 'text'],
    ['name', 'text'],
    ['description', 'text'],
    ['price', 'int'],
    ['price_old', 'int'],
    ['badge', 'text'],
    ['category_id', 'int'],
    ['category_name', 'text'],
    ['width', 'int'],
    ['depth', 'int'],
    ['height', 'int'],
    ['collection', 'text'],
    ['style', 'text'],
    ['material', 'text'],
    ['colour', 'text'],
    ['brand', 'text'],
    ['country', 'text'],
    ['popularity', 'int'],
    ['specs', 'jsonb'],
    ['raw_fields', 'jsonb'],
    ['main_image_key', 'text'],
    ['random_key', 'real'],
    ['created_at', 'timestamptz'],
    ['item_class', 'text'],
    ['packed_width', 'int'],
    ['packed_depth', 'int'],
    ['packed_height', 'int'],
    ['packed_weight', 'real'],
    ['packed_boxes', 'int'],
    ['assembly_available', 'boolean'],
  ];
  const links: { product_id: number; category_id: number }[] = [];
  const images: { product_id: number; position: number; image_key: string }[] = [];
  const productRows = content.products.map((product, index) => {
    const homeId = categoryIdBySlug.get(product.categorySlug);
    if (homeId === undefined)
      throw new Error(`Товар ${product.slug}: неизвестная категория ${product.categorySlug}`);
    const listed = new Set([homeId]);
    for (const slug of product.extraCategorySlugs) {
      const id = categoryIdBySlug.get(slug);
      if (id !== undefined) listed.add(id);
    }
    for (const categoryId of listed) links.push({ product_id: product.id, category_id: categoryId });
    product.imageKeys.forEach((key, position) => {
      images.push({ product_id: product.id, position, image_key: key });
    });
    const { visible, raw } = splitSpecs(product.specs);
    const delivery = demoDeliveryFacts(product);
    return {
      id: product.id,
      sku: product.sku,
      slug: product.slug,
      name: product.name,
      description: product.description,
      price: product.price,
      price_old: product.priceOld,
      badge: product.badge,
      category_id: homeId,
      category_name: categoryNameBySlug.get(product.categorySlug) ?? '',
      width: product.width,
      depth: product.depth,
      height: product.height,
      collection: product.collection,
      style: product.style,
      material: product.material,
      colour: product.colour,
      brand: product.brand,
      country: product.country,
      popularity: product.popularity,
      specs: visible,
      raw_fields: raw,
      main_image_key: product.imageKeys[0] ?? null,
      // Deterministic per product (the golden ratio spreads ids evenly over [0, 1)).
      random_key: (index * 0.618_033_988_75 + content.seed / 1e9) % 1,
      created_at: product.createdAt,
      item_class: delivery.itemClass,
      packed_width: delivery.packedWidth,
      packed_depth: delivery.packedDepth,
      packed_height: delivery.packedHeight,
      packed_weight: delivery.packedWeight,
      packed_boxes: delivery.packedBoxes,
      assembly_available: delivery.assemblyAvailable,
    };
  });
  await insertJson(database, 'products', productColumns, productRows);
  await insertJson(
    database,
    'product_categories',
    [
      ['product_id', 'int'],
      ['category_id', 'int'],
    ],
    links,
  );
  await insertJson(
    database,
    'product_images',
    [
      ['product_id', 'int'],
      ['position', 'int'],
      ['image_key', 'text'],
    ],
    images,
  );

  await insertJson(
    database,
    'style_categories',
    [
      ['slug', 'text'],
      ['name', 'text'],
      ['description', 'text'],
      ['image_key', 'text'],
      ['sort_order', 'int'],
    ],
    content.styleCategories.map((style) => ({
      slug: style.slug,
      name: style.name,
      description: style.description,
      image_key: style.imageKey,
      sort_order: style.sortOrder,
    })),
  );
  await insertJson(
    database,
    'inspiration_topics',
    [
      ['slug', 'text'],
      ['name', 'text'],
      ['description', 'text'],
    ],
    content.inspirationTopics.map((topic) => ({ ...topic })),
  );
  await insertJson(
    database,
    'news',
    [
      ['slug', 'text'],
      ['type', 'text'],
      ['topic_slug', 'text'],
      ['title', 'text'],
      ['excerpt', 'text'],
      ['body_html', 'text'],
      ['image_key', 'text'],
      ['published_at', 'timestamptz'],
    ],
    content.news.map((item) => ({
      slug: item.slug,
      type: item.type.toLowerCase(),
      topic_slug: item.topicSlug,
      title: item.title,
      excerpt: item.excerpt,
      body_html: item.bodyHtml,
      image_key: item.imageKey,
      published_at: item.publishedAt,
    })),
  );
  await insertJson(
    database,
    'static_pages',
    [
      ['slug', 'text'],
      ['title', 'text'],
      ['meta_description', 'text'],
      ['body_html', 'text'],
    ],
    content.staticPages.map((page) => ({
      slug: page.slug,
      title: page.title,
      meta_description: page.metaDescription,
      body_html: page.bodyHtml,
    })),
  );
  await insertJson(
    database,
    'seo_texts',
    [
      ['key', 'text'],
      ['title', 'text'],
      ['html', 'text'],
    ],
    content.seoTexts.map((text) => ({ ...text })),
  );
  await insertJson(
    database,
    'popular_tags',
    [
      ['key', 'text'],
      ['tags', 'jsonb'],
    ],
    content.popularTags.map((entry) => ({ key: entry.key, tags: entry.tags })),
  );
  await insertJson(
    database,
    'promo_codes',
    [
      ['code', 'text'],
      ['discount_percent', 'int'],
      ['active', 'boolean'],
      ['description', 'text'],
      ['min_order_total', 'int'],
      ['valid_until', 'timestamptz'],
    ],
    content.promoCodes.map((promo) => ({
      code: promo.code,
      discount_percent: promo.discountPercent,
      active: promo.active,
      description: promo.description,
      min_order_total: promo.minOrderTotal,
      valid_until: promo.validUntil,
    })),
  );
  await insertJson(
    database,
    'home_blocks',
    [
      ['key', 'text'],
      ['items', 'jsonb'],
    ],
    [
      { key: 'banners', items: content.homeBanners },
      { key: 'category-tiles', items: content.homeCategoryTiles },
      { key: 'collage', items: content.homeCollageTiles },
    ],
  );

  // Explicit ids were inserted: move identity sequences past them so later inserts do not collide.
  for (const table of [
    'categories',
    'products',
    'style_categories',
    'inspiration_topics',
    'news',
    'static_pages',
  ]) {
    await database.rows(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce((SELECT max(id) FROM "${table}"), 0) + 1, false)`,
      ),
    );
  }

  return rebuildSearchLexicon(database);
}

/**
 * Rebuilds the typo-correction lexicon from the shopper-visible catalogue's own words (product and
 * category names, materials, colours, styles, collections, brands), normalised like the search vectors
 * (ё → е). The SQL function lives in migration 0014 beside the triggers that keep it current after
 * each later write, so both count words the same way.
 */
async function rebuildSearchLexicon(database: SqlRows): Promise<number> {
  const [row] = await database.rows<{ words: number }>(sql`SELECT rebuild_search_lexicon() AS words`);
  return Number(row?.words ?? 0);
}

/** Whether any static page exists (a shop that started empty has its required pages). */
export async function hasStaticPages(database: Database): Promise<boolean> {
  const [row] = await database.rows<{ present: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM static_pages) AS present`,
  );
  return row?.present === true;
}

/** The empty shop's first start: only these pages, nothing else (slugs already present stay as they are). */
export async function seedPagesOnly(database: Database, pages: readonly DemoStaticPage[]): Promise<number> {
  for (const page of pages) {
    await database.rows(sql`
      INSERT INTO static_pages (slug, title, meta_description, body_html)
      VALUES (${page.slug}, ${page.title}, ${page.metaDescription}, ${page.bodyHtml})
      ON CONFLICT (slug) DO NOTHING`);
  }
  return pages.length;
}
