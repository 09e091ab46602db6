import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type {
  AdminImage,
  AdminProduct,
  AdminProductList,
  AdminProductListQuery,
  AdminProductRow,
  BulkProductChange,
  ImportReport,
  ProductCreate,
  ProductPatch,
  StockMovementList,
} from '../../../api/admin-products';
import type { ProductBadge } from '../../../api/products';
import {
  AVAILABILITY_SOURCES,
  type AvailabilitySourceKind,
  availabilityProblem,
  normalisedAvailability,
} from '../../../shared-rules/availability-rule';
import { isItemClass } from '../../../shared-rules/item-class-rule';
import {
  type AdminRefusal,
  type AdminWrite,
  type BulkRowResult,
  type ImportProgress,
  type ProductAdminStore,
  refuse,
  type StockCorrection,
  type StockLedgerContext,
} from '../../application/admin-catalogue.port';
import { splitSpecs } from '../../domain/product-specs';
import { articleSearchForms } from '../../domain/search-text';
import {
  STOCK_MOVEMENT_REASON_LABELS,
  STOCK_MOVEMENT_REASONS,
  type StockMovementReason,
} from '../../domain/stock-ledger';
import { articleMatches } from '../catalogue/sql-search-index';
import { recordStockMovement, setStockBalance } from '../catalogue/stock-ledger';
import type { Database } from '../db/database';
import type { BulkChangeRow } from '../db/schema/admin-catalogue.schema';
import type { MediaUrls } from '../media/media-urls';
import { addRedirect, isUniqueViolation, rowsOf, slugOf } from './catalogue-sql';
import { confirmImport, dryRunImport, exportRow } from './product-import';
import { avifSources } from './uploaded-pictures';

const BADGES = new Set<string>(['trending', 'new', 'available', 'preorder']);
const toBadge = (value: string | null): ProductBadge | null =>
  value !== null && BADGES.has(value) ? (value as ProductBadge) : null;
const iso = (value: string | Date): string =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();
const isoOrNull = (value: string | Date | null): string | null => (value === null ? null : iso(value));
const num = (value: number | string | null): number | null => (value === null ? null : Number(value));
const availabilitySourceOf = (value: string): AvailabilitySourceKind =>
  AVAILABILITY_SOURCES.find((source) => source === value) ?? 'warehouse';

/** How far past a page's start the list counts its matches (api/admin-products.ts `total_capped`). */
const COUNT_CAP = 10_000;
/** How far a search of one or two letters is counted (no trigram index helps it). */
const SHORT_SEARCH_COUNT_CAP = 1_000;
/** The shortest search a trigram index narrows down (pg_trgm: three characters make a trigram). */
const TRIGRAM_LENGTH = 3;
/** Rows per export batch. */
const EXPORT_BATCH = 1_000;

const PRODUCT_NOT_FOUND = 'Товар не найден.';
const VERSION_CONFLICT = 'Товар уже изменил кто-то другой. Обновите страницу и повторите.';

interface ProductRow {
  id: number;
  sku: string;
  slug: string;
  name: string;
  description: string;
  price: number;
  price_old: number | null;
  badge: string | null;
  category_id: number;
  category_name: string;
  category_active: boolean;
  width: number | null;
  depth: number | null;
  height: number | null;
  collection: string;
  style: string;
  material: string;
  colour: string;
  brand: string;
  country: string;
  specs: Record<string, string>;
  raw_fields: Record<string, string>;
  seo_title: string;
  seo_description: string;
  stock: number | null;
  backorder_allowed: boolean;
  item_class: string | null;
  packed_width: number | null;
  packed_depth: number | null;
  packed_height: number | null;
  packed_weight: number | string | null;
  packed_boxes: number | null;
  assembly_available: boolean;
  availability_source: string;
  availability_min_days: number | null;
  availability_max_days: number | null;
  hidden: boolean;
  deleted_at: string | Date | null;
  main_image_key: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  version: number;
}

const ROW_COLUMNS = sql.raw(`p.id, p.sku, p.slug, p.name, p.description, p.price, p.price_old, p.badge,
  p.category_id, c.name AS category_name, c.active AS category_active, p.width, p.depth, p.height,
  p.collection, p.style, p.material, p.colour, p.brand, p.country, p.specs, p.raw_fields, p.seo_title,
  p.seo_description, p.stock, p.backorder_allowed, p.item_class, p.packed_width, p.packed_depth, p.packed_height,
  p.packed_weight, p.packed_boxes, p.assembly_available, p.availability_source, p.availability_min_days,
  p.availability_max_days, p.hidden, p.deleted_at, p.main_image_key, p.created_at, p.updated_at, p.version`);

/** Fields a PATCH may name, with their column; specs/raw_fields/description get special handling. */
const SIMPLE_COLUMNS = {
  sku: 'sku',
  slug: 'slug',
  name: 'name',
  price: 'price',
  price_old: 'price_old',
  badge: 'badge',
  category_id: 'category_id',
  width: 'width',
  depth: 'depth',
  height: 'height',
  collection: 'collection',
  style: 'style',
  material: 'material',
  colour: 'colour',
  brand: 'brand',
  country: 'country',
  seo_title: 'seo_title',
  seo_description: 'seo_description',
  backorder_allowed: 'backorder_allowed',
  item_class: 'item_class',
  packed_width: 'packed_width',
  packed_depth: 'packed_depth',
  packed_height: 'packed_height',
  packed_weight: 'packed_weight',
  packed_boxes: 'packed_boxes',
  assembly_available: 'assembly_available',
  availability_source: 'availability_source',
  availability_min_days: 'availability_min_days',
  availability_max_days: 'availability_max_days',
  hidden: 'hidden',
} as const satisfies Partial<Record<keyof ProductPatch, string>>;
type SimpleField = keyof typeof SIMPLE_COLUMNS;

/**
 * The back office's product storage in SQL (same text for PGlite and node-postgres). Every write
 * bumps `version` and `updated_at`; a write naming `expected_version` only applies to that version.
 */
export class SqlProductAdminStore implements ProductAdminStore {
  constructor(
    private readonly database: Database,
    private readonly media: MediaUrls,
    /** How far past a page's start the list counts (COUNT_CAP; tests choose a small one). */
    private readonly countCap = COUNT_CAP,
  ) {}

  /** The category and every category below it (the tree is small: walked from the parent index). */
  private async subtreeOf(category: number): Promise<number[]> {
    const rows = await this.database.rows<{ id: number }>(sql`
      WITH RECURSIVE subtree(id) AS (
        SELECT id FROM categories WHERE id = ${category}
        UNION SELECT k.id FROM categories k JOIN subtree s ON k.parent_id = s.id)
      SELECT id FROM subtree`);
    return rows.map((row) => Number(row.id));
  }

  /**
   * The list's WHERE. The category filter names its subtree's ids (read first, by subtreeOf): as
   * constants the planner sizes the match from product_categories' statistics and counts through its
   * primary key, where a subquery over the tree was guessed at most of the catalogue and read the
   * whole wide products table.
   */
  private async conditions(query: AdminProductListQuery): Promise<SQL[]> {
    const categoryIds = query.category === undefined ? undefined : await this.subtreeOf(query.category);
    const where: SQL[] = [];
    const deleted = query.deleted ?? 'false';
    if (deleted === 'false') where.push(sql`p.deleted_at IS NULL`);
    if (deleted === 'true') where.push(sql`p.deleted_at IS NOT NULL`);
    const q = query.q?.trim();
    if (q) {
      const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const byId = /^\d{1,9}$/.test(q) ? sql` OR p.id = ${Number(q)}` : sql``;
      // An article is also found as typed without its dashes or on the Russian layout («ds000109», «ВЫ-000109»).
      const byArticle = sql` OR ${articleMatches(articleSearchForms(q))}`;
      where.push(
        sql`(lower(p.name) LIKE ${pattern} OR lower(p.sku) LIKE ${pattern} OR p.slug LIKE ${pattern}${byId}${byArticle})`,
      );
    }
    if (categoryIds !== undefined) {
      where.push(
        categoryIds.length === 0
          ? sql`false`
          : sql`p.id IN (SELECT pc.product_id FROM product_categories pc WHERE pc.category_id IN (${sql.join(
              categoryIds.map((id) => sql`${id}`),
              sql`, `,
            )}))`,
      );
    }
    // Decimal bounds (1.5) compared as numeric: next to an integer column the parameter would be read
    // as an integer and a fraction would fail the query with a 500.
    if (query.price_min !== undefined) where.push(sql`p.price >= CAST(${query.price_min} AS numeric)`);
    if (query.price_max !== undefined) where.push(sql`p.price <= CAST(${query.price_max} AS numeric)`);
    if (query.badge === 'none') where.push(sql`p.badge IS NULL`);
    else if (query.badge !== undefined) where.push(sql`p.badge = ${query.badge}`);
    if (query.hidden !== undefined) where.push(sql`p.hidden = ${query.hidden === 'true'}`);
    if (query.stock === 'in') where.push(sql`(p.stock IS NULL OR p.stock > 0)`);
    if (query.stock === 'out') where.push(sql`p.stock = 0`);
    if (query.stock === 'untracked') where.push(sql`p.stock IS NULL`);
    if (query.backorder !== undefined) where.push(sql`p.backorder_allowed = ${query.backorder === 'true'}`);
    return where;
  }

  private static order(sort: AdminProductListQuery['sort']): SQL {
    switch (sort ?? 'new') {
      case 'updated':
        return sql`p.updated_at DESC, p.id DESC`;
      case 'name':
        return sql`p.name, p.id`;
      case 'price_asc':
        return sql`p.price ASC, p.id`;
      case 'price_desc':
        return sql`p.price DESC, p.id`;
      case 'stock_asc':
        return sql`p.stock ASC NULLS LAST, p.id`;
      case 'stock_desc':
        return sql`p.stock DESC NULLS FIRST, p.id`;
      default:
        return sql`p.created_at DESC, p.id DESC`;
    }
  }

  private toRow(row: ProductRow): AdminProductRow {
    return {
      id: Number(row.id),
      sku: row.sku,
      slug: row.slug,
      name: row.name,
      price: Number(row.price),
      price_old: num(row.price_old),
      badge: toBadge(row.badge),
      category_id: Number(row.category_id),
      category_name: row.category_name,
      category_active: row.category_active,
      image_url: row.main_image_key ? this.media.url(row.main_image_key) : null,
      stock: num(row.stock),
      backorder_allowed: row.backorder_allowed === true,
      hidden: row.hidden,
      deleted_at: isoOrNull(row.deleted_at),
      updated_at: iso(row.updated_at),
      version: Number(row.version),
    };
  }

  /**
   * One page: the page's ids first (an index walk in the list's order that reads no wide rows, so a
   * deep page costs index entries, not rows), then their rows. The total is counted only up to
   * `countCap` products past the page's start (`total_capped` says so): an exact count of 100 000
   * products on every page was most of the list's time, and the pager needs only the pages near it.
   */
  async list(query: AdminProductListQuery): Promise<AdminProductList> {
    const conditions = await this.conditions(query);
    const where = conditions.length === 0 ? sql`` : sql`WHERE ${sql.join(conditions, sql` AND `)}`;
    const order = SqlProductAdminStore.order(query.sort);
    const offset = (query.page - 1) * query.limit;
    // A text search is read from its trigram indexes first and then sorted (OFFSET 0 keeps it a step
    // of its own): left to itself the planner walks the whole list in order hoping the matches come
    // early, which took half a second when a category held none of them.
    const searched = query.q?.trim().length ?? 0;
    const source =
      searched >= TRIGRAM_LENGTH
        ? sql`(SELECT p.id, p.created_at, p.updated_at, p.name, p.price, p.stock FROM products p ${where} OFFSET 0) p`
        : sql`products p ${where}`;
    const rows = await this.database.rows<ProductRow>(sql`
      SELECT ${ROW_COLUMNS}
      FROM (SELECT p.id FROM ${source} ORDER BY ${order} LIMIT ${query.limit} OFFSET ${offset}) page
      JOIN products p ON p.id = page.id JOIN categories c ON c.id = p.category_id
      ORDER BY ${order}`);
    // One or two letters make no trigram: their matches are counted by reading the table, so only
    // the first thousand are (an exact count of «ди» read 90 000 rows in 240 ms).
    const cap =
      searched > 0 && searched < TRIGRAM_LENGTH
        ? Math.min(this.countCap, SHORT_SEARCH_COUNT_CAP)
        : this.countCap;
    const total = await this.cappedTotal(where, offset, rows.length, query.limit, cap);
    return {
      items: rows.map((row) => this.toRow(row)),
      total: total.count,
      total_capped: total.capped,
      page: query.page,
      limit: query.limit,
    };
  }

  /** The matches, exact up to the page's start + `countCap`; a short page's total needs no count. */
  private async cappedTotal(
    where: SQL,
    offset: number,
    found: number,
    limit: number,
    countCap: number,
  ): Promise<{ count: number; capped: boolean }> {
    if (found < limit && (found > 0 || offset === 0)) return { count: offset + found, capped: false };
    const cap = offset + countCap;
    const [row] = await this.database.rows<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM products p ${where} LIMIT ${cap + 1}) matches`,
    );
    const count = Number(row?.total ?? 0);
    return count > cap ? { count: cap, capped: true } : { count, capped: false };
  }

  /**
   * Every matching product for the export, in batches of EXPORT_BATCH by id (keyset: each batch starts
   * after the last id of the one before, so the 100th batch costs what the first did). The next batch
   * is read while this one's rows are written out (the database and the file's encoding overlap), so
   * the server holds at most two batches, whatever the catalogue's size.
   */
  async *exportRows(query: AdminProductListQuery): AsyncIterable<Record<string, string | number | null>> {
    const conditions = await this.conditions(query);
    const batchAfter = (lastId: number) => {
      const batch = this.database.rows<ProductRow & { category_slug: string }>(sql`
        SELECT ${ROW_COLUMNS}, c.slug AS category_slug FROM products p JOIN categories c ON c.id = p.category_id
        WHERE ${sql.join([...conditions, sql`p.id > ${lastId}`], sql` AND `)}
        ORDER BY p.id LIMIT ${EXPORT_BATCH}`);
      // A download abandoned midway leaves the batch read ahead unawaited: not an unhandled rejection.
      batch.catch(() => undefined);
      return batch;
    };
    let next = batchAfter(0);
    for (;;) {
      const rows = await next;
      const last = rows.at(-1);
      if (last === undefined) return;
      next = rows.length < EXPORT_BATCH ? Promise.resolve([]) : batchAfter(Number(last.id));
      for (const row of rows)
        yield exportRow(
          { ...row, availability_source: availabilitySourceOf(row.availability_source) },
          row.category_slug,
        );
    }
  }

  private async images(id: number): Promise<AdminImage[]> {
    const rows = await this.database.rows<{ image_key: string; alt: string | null; position: number }>(sql`
      SELECT i.image_key, m.alt, i.position FROM product_images i
      LEFT JOIN media_images m ON m.key = i.image_key
      WHERE i.product_id = ${id} ORDER BY i.position`);
    return rows.map((row) => {
      const image = this.media.image(row.image_key, row.alt ?? '');
      return {
        key: row.image_key,
        url: image.url,
        alt: row.alt ?? '',
        position: Number(row.position),
        sources: [...image.sources],
        avif_sources: avifSources(row.image_key),
      };
    });
  }

  async get(id: number): Promise<AdminProduct | null> {
    const [row] = await this.database.rows<ProductRow>(sql`
      SELECT ${ROW_COLUMNS} FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = ${id}`);
    if (!row) return null;
    return {
      id: Number(row.id),
      sku: row.sku,
      slug: row.slug,
      name: row.name,
      description: row.description,
      price: Number(row.price),
      price_old: num(row.price_old),
      badge: toBadge(row.badge),
      category_id: Number(row.category_id),
      category_name: row.category_name,
      category_active: row.category_active,
      width: num(row.width),
      depth: num(row.depth),
      height: num(row.height),
      collection: row.collection,
      style: row.style,
      material: row.material,
      colour: row.colour,
      brand: row.brand,
      country: row.country,
      specs: row.specs ?? {},
      raw_fields: row.raw_fields ?? {},
      seo_title: row.seo_title,
      seo_description: row.seo_description,
      stock: num(row.stock),
      backorder_allowed: row.backorder_allowed === true,
      item_class: isItemClass(row.item_class) ? row.item_class : null,
      packed_width: num(row.packed_width),
      packed_depth: num(row.packed_depth),
      packed_height: num(row.packed_height),
      // real → float4: read back at the one decimal the form and the import keep.
      packed_weight: row.packed_weight === null ? null : Math.round(Number(row.packed_weight) * 10) / 10,
      packed_boxes: num(row.packed_boxes),
      assembly_available: row.assembly_available === true,
      availability_source: availabilitySourceOf(row.availability_source),
      availability_min_days: num(row.availability_min_days),
      availability_max_days: num(row.availability_max_days),
      hidden: row.hidden,
      deleted_at: isoOrNull(row.deleted_at),
      images: await this.images(id),
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      version: Number(row.version),
    };
  }

  private async categoryName(id: number): Promise<string | null> {
    const [row] = await this.database.rows<{ name: string }>(
      sql`SELECT name FROM categories WHERE id = ${id}`,
    );
    return row?.name ?? null;
  }

  private static uniqueRefusal(error: unknown): AdminRefusal | null {
    if (isUniqueViolation(error, 'slug'))
      return refuse(409, 'slug_taken', 'Такой адрес (slug) уже занят другим товаром.');
    if (isUniqueViolation(error, 'sku'))
      return refuse(409, 'sku_taken', 'Такой артикул уже есть у другого товара.');
    if (isUniqueViolation(error)) return refuse(409, 'conflict', 'Значение уже занято.');
    return null;
  }

  async create(input: ProductCreate): Promise<AdminWrite<AdminProduct>> {
    const categoryName = await this.categoryName(input.category_id);
    if (categoryName === null) return refuse(404, 'category_not_found', 'Категория не найдена.');
    const availability = normalisedAvailability({
      source: input.availability_source ?? 'warehouse',
      minDays: input.availability_min_days ?? null,
      maxDays: input.availability_max_days ?? null,
    });
    const availabilityRefusal = availabilityProblem(availability);
    if (availabilityRefusal !== null) return refuse(422, 'invalid_availability', availabilityRefusal);
    const { visible, raw } = splitSpecs({ ...(input.raw_fields ?? {}), ...(input.specs ?? {}) });
    const sku = input.sku ?? `ADM-${randomBytes(4).toString('hex').toUpperCase()}`;
    const slug = input.slug ?? slugOf(input.name);
    let id: number;
    try {
      const [row] = await this.database.rows<{ id: number }>(sql`
        INSERT INTO products (sku, slug, name, description, price, price_old, badge, category_id, category_name,
          width, depth, height, collection, style, material, colour, brand, country, specs, raw_fields,
          seo_title, seo_description, stock, backorder_allowed, hidden, item_class, packed_width, packed_depth,
          packed_height, packed_weight, packed_boxes, assembly_available, availability_source, availability_min_days,
          availability_max_days)
        VALUES (${sku}, ${slug}, ${input.name}, ${input.description ?? ''}, ${input.price},
          ${input.price_old ?? null}, ${input.badge ?? null}, ${input.category_id}, ${categoryName},
          ${input.width ?? null}, ${input.depth ?? null}, ${input.height ?? null}, ${input.collection ?? ''},
          ${input.style ?? ''}, ${input.material ?? ''}, ${input.colour ?? ''}, ${input.brand ?? ''},
          ${input.country ?? ''}, ${JSON.stringify(visible)}::jsonb, ${JSON.stringify(raw)}::jsonb,
          ${input.seo_title ?? ''}, ${input.seo_description ?? ''}, ${input.stock ?? null}, ${input.backorder_allowed ?? false}, ${input.hidden ?? false},
          ${input.item_class ?? null}, ${input.packed_width ?? null}, ${input.packed_depth ?? null},
          ${input.packed_height ?? null}, ${input.packed_weight ?? null}, ${input.packed_boxes ?? null},
          ${input.assembly_available ?? false},
          ${availability.source}, ${availability.minDays}, ${availability.maxDays})
        RETURNING id`);
      id = Number(row?.id);
      await this.database.rows(
        sql`INSERT INTO product_categories (product_id, category_id) VALUES (${id}, ${input.category_id}) ON CONFLICT DO NOTHING`,
      );
    } catch (error) {
      const refusal = SqlProductAdminStore.uniqueRefusal(error);
      if (refusal) return refusal;
      throw error;
    }
    const product = await this.get(id);
    if (!product) throw new Error('created product vanished');
    return {
      ok: true,
      value: product,
      audit: { entityId: String(id), before: null, after: { ...input, sku, slug } },
    };
  }

  async update(
    id: number,
    requested: ProductPatch,
    ledger: StockLedgerContext = { reason: 'manual_correction', actorId: null },
  ): Promise<AdminWrite<AdminProduct>> {
    let patch = requested;
    const current = await this.get(id);
    if (!current) return refuse(404, 'not_found', PRODUCT_NOT_FOUND);
    if (patch.expected_version !== undefined && patch.expected_version !== current.version) {
      return refuse(409, 'version_conflict', VERSION_CONFLICT);
    }
    if (
      patch.availability_source !== undefined ||
      patch.availability_min_days !== undefined ||
      patch.availability_max_days !== undefined
    ) {
      // Checked together and stored normalised: days only where the source uses them (issue 23).
      const availability = normalisedAvailability({
        source: patch.availability_source ?? current.availability_source,
        minDays:
          patch.availability_min_days === undefined
            ? current.availability_min_days
            : patch.availability_min_days,
        maxDays:
          patch.availability_max_days === undefined
            ? current.availability_max_days
            : patch.availability_max_days,
      });
      const problem = availabilityProblem(availability);
      if (problem !== null) return refuse(422, 'invalid_availability', problem);
      patch = {
        ...patch,
        availability_source: availability.source,
        availability_min_days: availability.minDays,
        availability_max_days: availability.maxDays,
      };
    }
    const sets: SQL[] = [];
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const change = (field: string, column: string, from: unknown, to: unknown, value: SQL) => {
      if (JSON.stringify(from) === JSON.stringify(to)) return;
      before[field] = from;
      after[field] = to;
      sets.push(sql`${sql.raw(column)} = ${value}`);
    };
    for (const field of Object.keys(SIMPLE_COLUMNS) as SimpleField[]) {
      if (!(field in patch)) continue;
      const to = patch[field];
      if (to === undefined) continue;
      change(field, SIMPLE_COLUMNS[field], current[field], to, sql`${to}`);
    }
    if (patch.category_id !== undefined && patch.category_id !== current.category_id) {
      const name = await this.categoryName(patch.category_id);
      if (name === null) return refuse(404, 'category_not_found', 'Категория не найдена.');
      sets.push(sql`category_name = ${name}`);
    }
    if (patch.description !== undefined) {
      // Plain text: the storefront shows it as a paragraph (React escapes it), never as HTML.
      change('description', 'description', current.description, patch.description, sql`${patch.description}`);
    }
    if (patch.specs !== undefined || patch.raw_fields !== undefined) {
      const { visible, raw } = splitSpecs({
        ...(patch.raw_fields ?? current.raw_fields),
        ...(patch.specs ?? current.specs),
      });
      change('specs', 'specs', current.specs, visible, sql`${JSON.stringify(visible)}::jsonb`);
      change('raw_fields', 'raw_fields', current.raw_fields, raw, sql`${JSON.stringify(raw)}::jsonb`);
    }
    // The stock is never written over: a changed balance is a ledger row by the difference (issue 22).
    const stockTarget = patch.stock !== undefined && patch.stock !== current.stock ? patch.stock : undefined;
    if (stockTarget !== undefined) {
      before.stock = current.stock;
      after.stock = stockTarget;
    }
    if (sets.length === 0 && stockTarget === undefined)
      return { ok: true, value: current, audit: { entityId: String(id), before: {}, after: {} } };
    const versionGuard =
      patch.expected_version === undefined ? sql`` : sql` AND version = ${patch.expected_version}`;
    try {
      const updated = await this.database.db.transaction(async (tx) => {
        const rows = await tx.execute(sql`
          UPDATE products SET ${sql.join([...sets, sql`version = version + 1`, sql`updated_at = now()`], sql`, `)}
          WHERE id = ${id}${versionGuard} RETURNING id`);
        if (rowCount(rows) === 0) return false;
        if (stockTarget !== undefined) {
          await setStockBalance(tx, {
            productId: id,
            target: stockTarget,
            reason: ledger.reason,
            actorId: ledger.actorId,
            note: patch.stock_note?.trim() || null,
          });
        }
        if (after.category_id !== undefined) {
          await tx.execute(
            sql`DELETE FROM product_categories WHERE product_id = ${id} AND category_id = ${current.category_id}`,
          );
          await tx.execute(
            sql`INSERT INTO product_categories (product_id, category_id) VALUES (${id}, ${patch.category_id ?? current.category_id}) ON CONFLICT DO NOTHING`,
          );
        }
        if (after.slug !== undefined) {
          await addRedirect(tx, `/product/${current.slug}`, `/product/${String(after.slug)}`, 'product');
        }
        return true;
      });
      if (!updated) return refuse(409, 'version_conflict', VERSION_CONFLICT);
    } catch (error) {
      const refusal = SqlProductAdminStore.uniqueRefusal(error);
      if (refusal) return refusal;
      throw error;
    }
    const product = await this.get(id);
    if (!product) return refuse(404, 'not_found', PRODUCT_NOT_FOUND);
    return { ok: true, value: product, audit: { entityId: String(id), before, after } };
  }

  async correctStock(id: number, correction: StockCorrection): Promise<AdminWrite<AdminProduct>> {
    const refused = await this.database.db.transaction(async (tx) => {
      const [row] = await tx
        .execute(sql`SELECT stock FROM products WHERE id = ${id} FOR UPDATE`)
        .then(rowsOf<{ stock: number | null }>);
      if (row === undefined) return refuse(404, 'not_found', PRODUCT_NOT_FOUND);
      if (row.stock === null)
        return refuse(
          422,
          'stock_not_tracked',
          'Остаток этого товара не учитывается: сначала укажите его в поле «Остаток» и сохраните товар.',
        );
      const stock = Number(row.stock);
      const delta =
        'delta' in correction.change ? correction.change.delta : correction.change.balance - stock;
      if (stock + delta < 0)
        return refuse(
          422,
          'stock_below_zero',
          `Нельзя списать больше, чем есть: на складе ${stock} шт., списывается ${-delta}.`,
        );
      if (delta === 0) return refuse(422, 'stock_unchanged', `Остаток уже ${stock} шт.`);
      await recordStockMovement(tx, {
        productId: id,
        delta,
        reason: 'manual_correction',
        actorId: correction.actorId,
        note: correction.note,
      });
      await tx.execute(sql`UPDATE products SET version = version + 1, updated_at = now() WHERE id = ${id}`);
      return { before: stock, after: stock + delta };
    });
    if ('ok' in refused) return refused;
    const product = await this.get(id);
    if (!product) return refuse(404, 'not_found', PRODUCT_NOT_FOUND);
    return {
      ok: true,
      value: product,
      audit: {
        entityId: String(id),
        before: { stock: refused.before },
        after: { stock: refused.after, note: correction.note },
      },
    };
  }

  async stockMovements(id: number, page: number, limit: number): Promise<StockMovementList | null> {
    if (!(await this.exists(id))) return null;
    const rows = await this.database.rows<{
      id: number;
      delta: number;
      reason: string;
      balance_after: number;
      order_id: number | null;
      actor_id: number | null;
      actor_name: string | null;
      note: string | null;
      created_at: string | Date;
    }>(sql`
      SELECT m.id, m.delta, m.reason, m.balance_after, m.order_id, m.actor_id, m.note, m.created_at,
        coalesce(nullif(trim(u.name), ''), u.email) AS actor_name
      FROM stock_movements m LEFT JOIN users u ON u.id = m.actor_id
      WHERE m.product_id = ${id} ORDER BY m.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`);
    const [count] = await this.database.rows<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM stock_movements WHERE product_id = ${id}`,
    );
    return {
      items: rows.map((row) => {
        const reason = reasonOf(row.reason);
        return {
          id: Number(row.id),
          delta: Number(row.delta),
          reason,
          reason_label: STOCK_MOVEMENT_REASON_LABELS[reason],
          balance_after: Number(row.balance_after),
          order_id: num(row.order_id),
          actor_id: num(row.actor_id),
          actor_name: row.actor_name,
          note: row.note,
          created_at: iso(row.created_at),
        };
      }),
      total: Number(count?.total ?? 0),
      page,
      limit,
    };
  }

  async setDeleted(id: number, deleted: boolean): Promise<AdminWrite<AdminProduct>> {
    const rows = await this.database.rows<{ id: number }>(sql`
      UPDATE products SET deleted_at = ${deleted ? sql`now()` : sql`NULL`}, version = version + 1, updated_at = now()
      WHERE id = ${id} RETURNING id`);
    if (rows.length === 0) return refuse(404, 'not_found', PRODUCT_NOT_FOUND);
    const product = await this.get(id);
    if (!product) return refuse(404, 'not_found', PRODUCT_NOT_FOUND);
    return {
      ok: true,
      value: product,
      audit: { entityId: String(id), before: { deleted: !deleted }, after: { deleted } },
    };
  }

  private async touch(id: number): Promise<void> {
    await this.database.rows(sql`
      UPDATE products SET version = version + 1, updated_at = now(),
        main_image_key = (SELECT image_key FROM product_images WHERE product_id = ${id} ORDER BY position LIMIT 1)
      WHERE id = ${id}`);
  }

  private async exists(id: number): Promise<boolean> {
    const rows = await this.database.rows<{ id: number }>(sql`SELECT id FROM products WHERE id = ${id}`);
    return rows.length > 0;
  }

  async addImage(id: number, key: string, alt: string): Promise<AdminWrite<readonly AdminImage[]>> {
    if (!(await this.exists(id))) return refuse(404, 'not_found', PRODUCT_NOT_FOUND);
    const [count] = await this.database.rows<{ n: number; next: number }>(sql`
      SELECT count(*)::int AS n, coalesce(max(position) + 1, 0)::int AS next FROM product_images WHERE product_id = ${id}`);
    if (Number(count?.n ?? 0) >= 30) return refuse(409, 'too_many_images', 'У товара уже 30 изображений.');
    await this.database.rows(sql`
      INSERT INTO media_images (key, kind, shape, variant, alt) VALUES (${key}, 'upload', 'free', 0, ${alt})
      ON CONFLICT (key) DO UPDATE SET alt = excluded.alt`);
    await this.database.rows(sql`
      INSERT INTO product_images (product_id, position, image_key) VALUES (${id}, ${Number(count?.next ?? 0)}, ${key})`);
    await this.touch(id);
    return {
      ok: true,
      value: await this.images(id),
      audit: { entityId: String(id), before: null, after: { image: key, alt } },
    };
  }

  async reorderImages(id: number, keys: readonly string[]): Promise<AdminWrite<readonly AdminImage[]>> {
    if (!(await this.exists(id))) return refuse(404, 'not_found', PRODUCT_NOT_FOUND);
    const current = await this.images(id);
    const currentKeys = current.map((image) => image.key);
    if (
      keys.length !== currentKeys.length ||
      new Set(keys).size !== keys.length ||
      keys.some((key) => !currentKeys.includes(key))
    ) {
      return refuse(
        400,
        'bad_request',
        'Порядок должен перечислять каждое изображение товара ровно один раз.',
      );
    }
    await this.database.db.transaction(async (tx) => {
      // Two steps: positions are a primary key, so move everything out of the way first.
      await tx.execute(sql`UPDATE product_images SET position = position + 100000 WHERE product_id = ${id}`);
      for (const [position, key] of keys.entries()) {
        await tx.execute(
          sql`UPDATE product_images SET position = ${position} WHERE product_id = ${id} AND image_key = ${key}`,
        );
      }
    });
    await this.touch(id);
    return {
      ok: true,
      value: await this.images(id),
      audit: { entityId: String(id), before: { images: currentKeys }, after: { images: keys } },
    };
  }

  async setImageAlt(id: number, key: string, alt: string): Promise<AdminWrite<readonly AdminImage[]>> {
    const current = await this.images(id);
    const image = current.find((candidate) => candidate.key === key);
    if (!image) return refuse(404, 'not_found', 'Изображение не найдено.');
    // Demo pictures are shared by several products, so their text is shared too.
    await this.database.rows(sql`UPDATE media_images SET alt = ${alt} WHERE key = ${key}`);
    await this.touch(id);
    return {
      ok: true,
      value: await this.images(id),
      audit: { entityId: String(id), before: { image: key, alt: image.alt }, after: { image: key, alt } },
    };
  }

  async removeImage(
    id: number,
    key: string,
  ): Promise<AdminWrite<{ readonly images: readonly AdminImage[]; readonly deleteFiles: boolean }>> {
    const removed = await this.database.rows<{ image_key: string }>(
      sql`DELETE FROM product_images WHERE product_id = ${id} AND image_key = ${key} RETURNING image_key`,
    );
    if (removed.length === 0) return refuse(404, 'not_found', 'Изображение не найдено.');
    // Close the gap so positions stay 0…n-1.
    const rest = await this.database.rows<{ image_key: string }>(
      sql`SELECT image_key FROM product_images WHERE product_id = ${id} ORDER BY position`,
    );
    await this.database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE product_images SET position = position + 100000 WHERE product_id = ${id}`);
      for (const [position, row] of rest.entries()) {
        await tx.execute(
          sql`UPDATE product_images SET position = ${position} WHERE product_id = ${id} AND image_key = ${row.image_key}`,
        );
      }
    });
    await this.touch(id);
    const [use] = await this.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM product_images WHERE image_key = ${key}`,
    );
    const deleteFiles = key.startsWith('upload/') && Number(use?.n ?? 0) === 0;
    if (deleteFiles) await this.database.rows(sql`DELETE FROM media_images WHERE key = ${key}`);
    return {
      ok: true,
      value: { images: await this.images(id), deleteFiles },
      audit: { entityId: String(id), before: { image: key }, after: null },
    };
  }

  async bulkEdit(
    change: BulkProductChange,
    actorId: number | null,
  ): Promise<{ readonly operation: string; readonly results: readonly BulkRowResult[] }> {
    const operation = randomBytes(12).toString('hex');
    const ids = [...new Set(change.ids)];
    const results: BulkRowResult[] = [];
    const changes: BulkChangeRow[] = [];
    await this.database.db.transaction(async (tx) => {
      for (const id of ids) {
        const found = await tx.execute(sql`
          SELECT price, price_old, badge, hidden FROM products WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`);
        const row = rowsOf<{
          price: number;
          price_old: number | null;
          badge: string | null;
          hidden: boolean;
        }>(found)[0];
        if (!row) {
          results.push({ id, ok: false, error: PRODUCT_NOT_FOUND });
          continue;
        }
        const before = {
          price: Number(row.price),
          price_old: num(row.price_old),
          badge: row.badge,
          hidden: row.hidden,
        };
        const next = { ...before };
        if (change.price !== undefined) next.price = change.price;
        if (change.price_percent !== undefined) {
          // Never below 1 ₽: a price of 0 sells the product for nothing (api/admin-products.ts Price).
          next.price = Math.max(1, Math.round(before.price * (1 + change.price_percent / 100)));
        }
        if (change.price_old !== undefined) next.price_old = change.price_old;
        if (change.badge !== undefined) next.badge = change.badge;
        if (change.hidden !== undefined) next.hidden = change.hidden;
        const updated = rowsOf<{ version: number }>(
          await tx.execute(sql`
            UPDATE products SET price = ${next.price}, price_old = ${next.price_old}, badge = ${next.badge},
              hidden = ${next.hidden}, version = version + 1, updated_at = now()
            WHERE id = ${id} RETURNING version`),
        )[0];
        changes.push({ id, before, after: next, version: Number(updated?.version ?? 0) });
        results.push({ id, ok: true });
      }
      await tx.execute(sql`
        INSERT INTO bulk_operations (id, actor_id, changes) VALUES (${operation}, ${actorId}, ${JSON.stringify(changes)}::jsonb)`);
    });
    return { operation, results };
  }

  async undoBulk(operation: string): Promise<{ ok: true; results: readonly BulkRowResult[] } | AdminRefusal> {
    return this.database.db.transaction(async (tx) => {
      const op = rowsOf<{ changes: BulkChangeRow[]; undone_at: string | null }>(
        await tx.execute(
          sql`SELECT changes, undone_at FROM bulk_operations WHERE id = ${operation} FOR UPDATE`,
        ),
      )[0];
      if (!op) return refuse(404, 'not_found', 'Операция не найдена.');
      if (op.undone_at !== null) return refuse(409, 'already_undone', 'Эта операция уже отменена.');
      const results: BulkRowResult[] = [];
      for (const entry of op.changes) {
        const before = entry.before as {
          price: number;
          price_old: number | null;
          badge: string | null;
          hidden: boolean;
        };
        const restored = rowsOf<{ id: number }>(
          await tx.execute(sql`
            UPDATE products SET price = ${before.price}, price_old = ${before.price_old}, badge = ${before.badge},
              hidden = ${before.hidden}, version = version + 1, updated_at = now()
            WHERE id = ${entry.id} AND version = ${entry.version} RETURNING id`),
        );
        results.push(
          restored.length > 0
            ? { id: entry.id, ok: true }
            : { id: entry.id, ok: false, error: 'Товар изменён после операции: отмена не применена.' },
        );
      }
      await tx.execute(sql`UPDATE bulk_operations SET undone_at = now() WHERE id = ${operation}`);
      return { ok: true as const, results };
    });
  }

  importDryRun(
    file: Buffer,
    actorId: number | null,
  ): Promise<{ ok: true; report: ImportReport } | AdminRefusal> {
    return dryRunImport(this.database, file, actorId);
  }

  importConfirm(
    token: string,
    progress?: ImportProgress,
  ): Promise<{ ok: true; report: ImportReport } | AdminRefusal> {
    return confirmImport(this.database, token, progress);
  }
}

const reasonOf = (value: string): StockMovementReason =>
  STOCK_MOVEMENT_REASONS.find((reason) => reason === value) ?? 'manual_correction';

function rowCount(result: unknown): number {
  return rowsOf(result).length;
}
