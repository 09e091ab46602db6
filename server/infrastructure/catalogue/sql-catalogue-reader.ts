import { type SQL, sql } from 'drizzle-orm';
import type { Category } from '../../../api/categories';
import type { Image } from '../../../api/media';
import type { ProductBadge, ProductDetail, ProductFacets, ProductSummary } from '../../../api/products';
import type { CatalogueReader, ProductListCriteria } from '../../application/catalogue.port';
import type { Database } from '../db/database';
import type { MediaUrls } from '../media/media-urls';

interface SummaryRow {
  id: number;
  slug: string;
  name: string;
  main_image_key: string | null;
  price: number;
  price_old: number | null;
  badge: string | null;
  width: number | null;
  depth: number | null;
  height: number | null;
  specs: Record<string, string>;
  stock: number | null;
}

interface DetailRow extends SummaryRow {
  sku: string;
  description: string;
  collection: string;
  style: string;
  material: string;
  colour: string;
  brand: string;
  country: string;
  created_at: string | Date;
  category_id: number;
  category_slug: string;
  category_name: string;
  category_path: string;
}

const BADGES = new Set<string>(['trending', 'new', 'available', 'preorder']);

/** Columns of a product card; `p` is the products alias used by every query here. */
export const SUMMARY_COLUMNS = sql.raw(
  'p.id, p.slug, p.name, p.main_image_key, p.price, p.price_old, p.badge, p.width, p.depth, p.height, p.specs, p.stock',
);

/** Products shoppers may see: not hidden and not soft-deleted in the back office (issue 11). */
export const SHOPPER_VISIBLE = sql.raw('(p.deleted_at IS NULL AND NOT p.hidden)');

const toIso = (value: string | Date): string =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();

export function summaryFromRow(row: SummaryRow, media: MediaUrls): ProductSummary {
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    tovar_pic1_url_site: row.main_image_key ? media.url(row.main_image_key) : null,
    price: row.price === null ? null : Number(row.price),
    price_old: row.price_old === null ? null : Number(row.price_old),
    badge: row.badge !== null && BADGES.has(row.badge) ? (row.badge as ProductBadge) : null,
    width: row.width === null ? null : Number(row.width),
    depth: row.depth === null ? null : Number(row.depth),
    height: row.height === null ? null : Number(row.height),
    specs: row.specs ?? {},
    // Untracked stock (null) is always available; a tracked count of 0 is «Нет в наличии».
    in_stock: row.stock === null || row.stock === undefined || Number(row.stock) > 0,
  };
}

type FacetDimension = 'material' | 'colour' | 'style' | 'badge';

/**
 * Catalogue reads in SQL kept within PostgreSQL 15, the same text for PGlite and node-postgres.
 * Counts are cast to int because the drivers disagree on count(*) (stack.md gotcha 5).
 */
export class SqlCatalogueReader implements CatalogueReader {
  constructor(
    private readonly database: Database,
    private readonly media: MediaUrls,
  ) {}

  async allCategories(): Promise<readonly Category[]> {
    const rows = await this.database.rows<{
      id: number;
      name: string;
      slug: string;
      active: boolean;
      parent_id: number | null;
      path: string;
      level: number;
      sort_order: number;
      image_key: string | null;
      description: string;
      refs: number[] | null;
    }>(sql`
      SELECT c.id, c.name, c.slug, c.active, c.parent_id, c.path, c.level, c.sort_order, c.image_key, c.description,
        coalesce((SELECT array_agg(r.ref_category_id ORDER BY r.ref_category_id) FROM category_refs r
                  WHERE r.category_id = c.id), '{}') AS refs
      FROM categories c
      ORDER BY c.level, c.sort_order, c.id`);
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      slug: row.slug,
      active: row.active,
      parent_id: row.parent_id === null ? null : Number(row.parent_id),
      refs: (row.refs ?? []).map(Number),
      path: row.path,
      level: Number(row.level),
      sort_order: Number(row.sort_order),
      image: row.image_key ? this.media.image(row.image_key, row.name) : null,
      description: row.description,
    }));
  }

  private conditions(criteria: Partial<ProductListCriteria>): SQL[] {
    const where: SQL[] = [SHOPPER_VISIBLE];
    if (criteria.categoryIds) {
      where.push(
        sql`p.id IN (SELECT pc.product_id FROM product_categories pc WHERE pc.category_id IN (${sql.join(
          criteria.categoryIds.map((id) => sql`${id}`),
          sql`, `,
        )}))`,
      );
    }
    // The bounds are decimals (a price of 1.5, even 6.4e-323); compared as numeric, since a text
    // parameter next to an integer column is read as an integer and a fraction would fail the query.
    const range = (column: string, min: number | undefined, max: number | undefined) => {
      if (min !== undefined) where.push(sql`${sql.raw(column)} >= CAST(${min} AS numeric)`);
      if (max !== undefined) where.push(sql`${sql.raw(column)} <= CAST(${max} AS numeric)`);
    };
    range('p.price', criteria.price_min, criteria.price_max);
    range('p.width', criteria.width_min, criteria.width_max);
    range('p.depth', criteria.depth_min, criteria.depth_max);
    range('p.height', criteria.height_min, criteria.height_max);
    const oneOf = (column: FacetDimension, values: readonly string[] | undefined) => {
      if (!values || values.length === 0) return;
      where.push(
        sql`${sql.raw(`p.${column}`)} IN (${sql.join(
          values.map((value) => sql`${value}`),
          sql`, `,
        )})`,
      );
    };
    oneOf('material', criteria.material);
    oneOf('colour', criteria.color);
    oneOf('style', criteria.style);
    oneOf('badge', criteria.badge);
    return where;
  }

  private static whereClause(conditions: readonly SQL[]): SQL {
    return conditions.length === 0 ? sql`` : sql`WHERE ${sql.join([...conditions], sql` AND `)}`;
  }

  async listProducts(
    criteria: ProductListCriteria,
    withTotal: boolean,
  ): Promise<{ readonly items: readonly ProductSummary[]; readonly total: number | null }> {
    const where = SqlCatalogueReader.whereClause(this.conditions(criteria));
    const items = await this.pageOfProducts(criteria, where);
    if (!withTotal) return { items, total: null };
    const [countRow] = await this.database.rows<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM products p ${where}`,
    );
    return { items, total: Number(countRow?.total ?? 0) };
  }

  private async pageOfProducts(criteria: ProductListCriteria, where: SQL): Promise<ProductSummary[]> {
    const select = (extra: SQL, order: SQL, limit: number, offset: number) =>
      this.database.rows<SummaryRow>(
        sql`SELECT ${SUMMARY_COLUMNS} FROM products p ${where} ${extra} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
      );
    if (criteria.sort === 'random') {
      // Walk the random_key circle from a random start: an index range instead of sorting by random().
      const start = criteria.randomStart ?? 0;
      const joiner = where.queryChunks.length === 0 ? sql`WHERE` : sql`AND`;
      const first = await select(
        sql`${joiner} p.random_key >= ${start}`,
        sql`p.random_key`,
        criteria.limit,
        0,
      );
      const rows =
        first.length < criteria.limit
          ? [
              ...first,
              ...(await select(
                sql`${joiner} p.random_key < ${start}`,
                sql`p.random_key`,
                criteria.limit - first.length,
                0,
              )),
            ]
          : first;
      return rows.map((row) => summaryFromRow(row, this.media));
    }
    const order = {
      new: sql`p.created_at DESC, p.id DESC`,
      popular: sql`p.popularity DESC, p.id`,
      price_asc: sql`p.price ASC, p.id`,
      price_desc: sql`p.price DESC, p.id`,
    }[criteria.sort];
    const rows = await select(sql``, order, criteria.limit, criteria.offset);
    return rows.map((row) => summaryFromRow(row, this.media));
  }

  async categoryFacets(
    categoryIds: readonly number[] | undefined,
  ): Promise<{ readonly facets: ProductFacets; readonly total: number }> {
    const where = SqlCatalogueReader.whereClause(this.conditions(categoryIds ? { categoryIds } : {}));
    // One scan: GROUPING SETS yields the value counts of every dimension plus the overall row (g = 15)
    // with the total and the ranges. GROUPING() sets a bit for each column *not* grouped.
    const rows = await this.database.rows<{
      g: number;
      material: string | null;
      colour: string | null;
      style: string | null;
      badge: string | null;
      count: number;
      price_min: number | null;
      price_max: number | null;
      width_min: number | null;
      width_max: number | null;
      depth_min: number | null;
      depth_max: number | null;
      height_min: number | null;
      height_max: number | null;
    }>(sql`
      SELECT GROUPING(p.material, p.colour, p.style, p.badge)::int AS g,
        p.material, p.colour, p.style, p.badge, count(*)::int AS count,
        min(p.price) AS price_min, max(p.price) AS price_max, min(p.width) AS width_min, max(p.width) AS width_max,
        min(p.depth) AS depth_min, max(p.depth) AS depth_max, min(p.height) AS height_min, max(p.height) AS height_max
      FROM products p ${where}
      GROUP BY GROUPING SETS ((p.material), (p.colour), (p.style), (p.badge), ())`);
    const values = (mask: number, pick: (row: (typeof rows)[number]) => string | null) =>
      rows
        .filter((row) => Number(row.g) === mask)
        .map((row) => ({ value: pick(row), count: Number(row.count) }))
        .filter(
          (facet): facet is { value: string; count: number } => facet.value !== null && facet.value !== '',
        )
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'ru'))
        .slice(0, 50);
    const overall = rows.find((row) => Number(row.g) === 15);
    const num = (value: number | null | undefined) =>
      value === null || value === undefined ? null : Number(value);
    const range = (min: number | null | undefined, max: number | null | undefined) => ({
      min: num(min),
      max: num(max),
    });
    return {
      total: Number(overall?.count ?? 0),
      facets: {
        material: values(0b0111, (row) => row.material),
        color: values(0b1011, (row) => row.colour),
        style: values(0b1101, (row) => row.style),
        badge: values(0b1110, (row) => row.badge),
        price: range(overall?.price_min, overall?.price_max),
        width: range(overall?.width_min, overall?.width_max),
        depth: range(overall?.depth_min, overall?.depth_max),
        height: range(overall?.height_min, overall?.height_max),
      },
    };
  }

  private async detail(condition: SQL): Promise<ProductDetail | null> {
    // One round trip: the pictures come along as a JSON array (PGlite serves one query at a time).
    const [row] = await this.database.rows<
      DetailRow & { images: { key: string; alt: string | null }[] | null }
    >(sql`
      SELECT ${SUMMARY_COLUMNS}, p.sku, p.description, p.collection, p.style, p.material, p.colour, p.brand, p.country,
        p.created_at, c.id AS category_id, c.slug AS category_slug, c.name AS category_name, c.path AS category_path,
        (SELECT json_agg(json_build_object('key', i.image_key, 'alt', m.alt) ORDER BY i.position)
           FROM product_images i LEFT JOIN media_images m ON m.key = i.image_key
          WHERE i.product_id = p.id) AS images
      FROM products p JOIN categories c ON c.id = p.category_id
      WHERE ${condition} AND ${SHOPPER_VISIBLE}
      LIMIT 1`);
    if (!row) return null;
    const images = (row.images ?? []).map((image) => this.media.image(image.key, image.alt || row.name));
    return {
      ...summaryFromRow(row, this.media),
      sku: row.sku,
      description: row.description,
      category: {
        id: Number(row.category_id),
        slug: row.category_slug,
        name: row.category_name,
        path: row.category_path,
      },
      collection: row.collection,
      style: row.style,
      material: row.material,
      colour: row.colour,
      brand: row.brand,
      country: row.country,
      created_at: toIso(row.created_at),
      images,
    };
  }

  productById(id: number): Promise<ProductDetail | null> {
    return this.detail(sql`p.id = ${id}`);
  }

  productBySlug(slug: string): Promise<ProductDetail | null> {
    return this.detail(sql`p.slug = ${slug}`);
  }

  async productImages(id: number): Promise<readonly Image[] | null> {
    const rows = await this.database.rows<{ image_key: string | null; alt: string | null; name: string }>(sql`
      SELECT i.image_key, m.alt, p.name
      FROM products p
      LEFT JOIN product_images i ON i.product_id = p.id
      LEFT JOIN media_images m ON m.key = i.image_key
      WHERE p.id = ${id} AND ${SHOPPER_VISIBLE}
      ORDER BY i.position`);
    if (rows.length === 0) return null;
    return rows
      .filter((row): row is typeof row & { image_key: string } => row.image_key !== null)
      .map((row) => this.media.image(row.image_key, row.alt || row.name));
  }

  async productsByIds(ids: readonly number[]): Promise<readonly ProductSummary[]> {
    if (ids.length === 0) return [];
    const rows = await this.database.rows<SummaryRow>(
      sql`SELECT ${SUMMARY_COLUMNS} FROM products p WHERE ${SHOPPER_VISIBLE} AND p.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    return rows.map((row) => summaryFromRow(row, this.media));
  }

  async productsAlike(
    field: 'collection' | 'style',
    value: string,
    excludeSlug: string | undefined,
    limit: number,
  ): Promise<readonly ProductSummary[]> {
    const exclude = excludeSlug === undefined ? sql`` : sql`AND p.slug <> ${excludeSlug}`;
    const rows = await this.database.rows<SummaryRow>(sql`
      SELECT ${SUMMARY_COLUMNS} FROM products p
      WHERE ${sql.raw(`p.${field}`)} = ${value} AND ${SHOPPER_VISIBLE} ${exclude}
      ORDER BY p.popularity DESC, p.id
      LIMIT ${limit}`);
    return rows.map((row) => summaryFromRow(row, this.media));
  }
}
