import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportReport } from '../../../api/admin-products';
import {
  type AvailabilitySourceKind,
  availabilityText,
  parseAvailabilityText,
} from '../../../shared-rules/availability-rule';
import {
  ITEM_CLASS_LABELS,
  ITEM_CLASSES,
  isItemClass,
  itemClassOf,
} from '../../../shared-rules/item-class-rule';

import { pluralRu } from '../../../shared-rules/plural-rule';
import { type AdminRefusal, type ImportProgress, refuse } from '../../application/admin-catalogue.port';
import { HIDDEN_RAW_FIELDS, splitSpecs } from '../../domain/product-specs';
import { setStockBalance } from '../catalogue/stock-ledger';
import type { Database } from '../db/database';
import { addRedirect, type Executor, isUniqueViolation, rowsOf, slugOf } from './catalogue-sql';
import { parseImportTable } from './import-table-runner';

/**
 * Product import (CSV or XLSX) with a dry run, and the row layout export writes. The dry run parses
 * and validates every row, matches products by SKU (Артикул) and stores the normalised rows under a
 * token; nothing touches the catalogue until `confirm` with that token. An empty cell leaves the field
 * as it is (or at its default for a new product).
 */
type Field = keyof typeof IMPORT_COLUMNS;
const FIELDS = Object.keys(IMPORT_COLUMNS) as Field[];
const SPEC_KEYS = [
  'COLOR',
  'MATERIAL',
  'UPAK_VES',
  'UPAK_OBEM',
  'UPAK_KOLVO',
  'SIZE',
  'COUNTRY',
  'FABRIKA',
  'SERIA',
  'STYLE',
];
const EXTRA_KEYS = new Set([...SPEC_KEYS, 'WIDTH', 'DEPTH', 'HEIGHT', ...HIDDEN_RAW_FIELDS]);
const BADGES = new Set(['trending', 'new', 'available', 'preorder']);
const TOKEN_TTL_MS = 30 * 60 * 1000;
const REPORT_ROWS_MAX = 1000;

interface PlannedRow {
  readonly row: number;
  readonly sku: string;
  readonly action: 'create' | 'update' | 'unchanged' | 'error';
  readonly errors: string[];
  readonly productId: number | null;
  readonly patch: Record<string, unknown>;
  readonly categorySlug: string | null;
}

/** Russian plural: 1 ошибка, 2 ошибки, 5 ошибок (the shop's one plural rule). */
const plural = pluralRu;

function importSummary(created: number, updated: number, errors: number): string {
  return `${created} ${plural(created, ['создан', 'создано', 'создано'])}, ${updated} ${plural(updated, [
    'обновлён',
    'обновлено',
    'обновлено',
  ])}, ${errors} ${plural(errors, ['ошибка', 'ошибки', 'ошибок'])}`;
}

function headerField(header: string): Field | `spec:${string}` | null {
  const clean = header.replace(/^\uFEFF/, '').trim();
  for (const field of FIELDS) {
    if (IMPORT_COLUMNS[field].toLowerCase() === clean.toLowerCase() || field === clean.toLowerCase())
      return field;
  }
  const upper = clean.toUpperCase();
  return EXTRA_KEYS.has(upper) ? `spec:${upper}` : null;
}

function parseInteger(value: string, min: number, max: number): number | null {
  const normalised = value.replace(/\s/g, '').replace(',', '.');
  if (!/^-?\d+(\.0+)?$/.test(normalised)) return null;
  const number = Number(normalised);
  return Number.isSafeInteger(number) && number >= min && number <= max ? number : null;
}

function parseFlag(value: string): boolean | null {
  const v = value.trim().toLowerCase();
  if (['да', '1', 'true', 'yes', 'скрыт'].includes(v)) return true;
  if (['нет', '0', 'false', 'no'].includes(v)) return false;
  return null;
}

export async function dryRunImport(
  database: Database,
  bytes: Buffer,
  actorId: number | null,
): Promise<{ ok: true; report: ImportReport } | AdminRefusal> {
  const table = await parseImportTable(bytes);
  if (!Array.isArray(table)) return table;
  const [header, ...body] = table;
  if (!header) return refuse(400, 'invalid_file', 'Файл пуст.');
  const columns = header.map(headerField);
  if (!columns.includes('sku')) return refuse(400, 'invalid_file', `Нет столбца «${IMPORT_COLUMNS.sku}».`);
  if (body.length > IMPORT_MAX_ROWS)
    return refuse(413, 'file_too_large', `Не больше ${IMPORT_MAX_ROWS} строк за раз.`);

  const categories = new Map(
    (await database.rows<{ id: number; slug: string }>(sql`SELECT id, slug FROM categories`)).map((row) => [
      row.slug,
      Number(row.id),
    ]),
  );
  const skus = body.map((cells) => (cells[columns.indexOf('sku')] ?? '').trim()).filter((sku) => sku !== '');
  const existing = new Map<string, { id: number; row: Record<string, unknown> }>();
  for (let start = 0; start < skus.length; start += 500) {
    const chunk = skus.slice(start, start + 500);
    const rows = await database.rows<Record<string, unknown> & { id: number; sku: string }>(sql`
      SELECT p.*, c.slug AS category_slug FROM products p JOIN categories c ON c.id = p.category_id
      WHERE p.sku IN (${sql.join(
        chunk.map((sku) => sql`${sku}`),
        sql`, `,
      )})`);
    for (const row of rows) existing.set(row.sku, { id: Number(row.id), row });
  }

  const seen = new Set<string>();
  const planned: PlannedRow[] = [];
  for (const [index, cells] of body.entries()) {
    const rowNumber = index + 2;
    if (cells.every((cell) => (cell ?? '').trim() === '')) continue;
    const errors: string[] = [];
    const patch: Record<string, unknown> = {};
    const specs: Record<string, string> = {};
    let sku = '';
    let categorySlug: string | null = null;
    for (const [column, field] of columns.entries()) {
      if (field === null) continue;
      const value = (cells[column] ?? '').trim();
      if (field === 'sku') {
        sku = value;
        continue;
      }
      if (value === '') continue;
      if (field.startsWith('spec:')) {
        specs[field.slice(5)] = value;
        continue;
      }
      const label = IMPORT_COLUMNS[field as Field];
      switch (field) {
        case 'price':
        case 'price_old':
        case 'stock':
        case 'width':
        case 'depth':
        case 'height': {
          const max = field === 'price' || field === 'price_old' ? 1_000_000_000 : 1_000_000;
          // A price is at least 1 ₽ (api/admin-products.ts Price); the rest may be 0.
          const min = field === 'price' ? 1 : 0;
          const parsed = parseInteger(value, min, max);
          if (parsed === null) errors.push(`«${label}»: нужно целое число от ${min}.`);
          else patch[field] = parsed;
          break;
        }
        case 'packed_width':
        case 'packed_depth':
        case 'packed_height':
        case 'packed_boxes': {
          const min = field === 'packed_boxes' ? 1 : 0;
          const max = field === 'packed_boxes' ? 100 : 100_000;
          const parsed = parseInteger(value, min, max);
          if (parsed === null) errors.push(`«${label}»: нужно целое число от ${min} до ${max}.`);
          else patch[field] = parsed;
          break;
        }
        case 'packed_weight': {
          const normalised = value.replace(/\s/g, '').replace(',', '.');
          const kg = /^\d+(\.\d)?$/.test(normalised) ? Number(normalised) : null;
          if (kg === null || kg > 10_000) errors.push(`«${label}»: число килограммов, например 45,5.`);
          else patch.packed_weight = kg;
          break;
        }
        case 'item_class': {
          const itemClass = itemClassOf(value);
          if (itemClass === null)
            errors.push(
              `«${label}»: один из классов: ${ITEM_CLASSES.map((id) => ITEM_CLASS_LABELS[id]).join(', ')}.`,
            );
          else patch.item_class = itemClass;
          break;
        }
        case 'assembly_available': {
          const flag = parseFlag(value);
          if (flag === null) errors.push(`«${label}»: «да» или «нет».`);
          else patch.assembly_available = flag;
          break;
        }
        case 'availability': {
          const availability = parseAvailabilityText(value);
          if (availability === null)
            errors.push(
              `«${label}»: «На складе», «В шоуруме», «От поставщика, 5 раб. дн.» или «Под заказ, 20–30 раб. дн.».`,
            );
          else {
            patch.availability_source = availability.source;
            patch.availability_min_days = availability.minDays;
            patch.availability_max_days = availability.maxDays;
          }
          break;
        }
        case 'badge':
          if (value === '-' || value.toLowerCase() === 'нет') patch.badge = null;
          else if (BADGES.has(value)) patch.badge = value;
          else errors.push(`«${label}»: одно из trending, new, available, preorder.`);
          break;
        case 'hidden': {
          const flag = parseFlag(value);
          if (flag === null) errors.push(`«${label}»: «да» или «нет».`);
          else patch.hidden = flag;
          break;
        }
        case 'category':
          if (!categories.has(value)) errors.push(`«${label}»: нет категории «${value.slice(0, 100)}».`);
          else {
            categorySlug = value;
            patch.category_id = categories.get(value);
          }
          break;
        case 'slug':
          if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) || value.length > 200)
            errors.push(`«${label}»: латиница в нижнем регистре, цифры и дефисы.`);
          else patch.slug = value;
          break;
        case 'name':
          if (value.length > 300) errors.push(`«${label}»: не длиннее 300 символов.`);
          else patch.name = value;
          break;
        case 'seo_title':
          if (value.length > 70) errors.push(`«${label}»: не длиннее 70 символов.`);
          else patch.seo_title = value;
          break;
        case 'seo_description':
          if (value.length > 300) errors.push(`«${label}»: не длиннее 300 символов.`);
          else patch.seo_description = value;
          break;
        default:
          if (value.length > 100_000) errors.push(`«${label}»: слишком длинное значение.`);
          else patch[field] = value;
      }
    }
    if (sku === '') errors.push(`«${IMPORT_COLUMNS.sku}» не заполнен.`);
    else if (!/^[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(sku) || sku.length > 64)
      errors.push(`«${IMPORT_COLUMNS.sku}»: латиница, цифры, точка, дефис, «/».`);
    else if (seen.has(sku)) errors.push(`Артикул ${sku} повторяется в файле.`);
    seen.add(sku);
    const match = existing.get(sku);
    if (Object.keys(specs).length > 0) {
      // A PATCH replaces the whole spec map: carry the product's other lines along.
      patch.specs = match
        ? { ...(match.row.raw_fields as object), ...(match.row.specs as object), ...specs }
        : specs;
      if (match) patch.raw_fields = {};
    }
    if (!match) {
      if (patch.name === undefined) errors.push(`Новый товар: заполните «${IMPORT_COLUMNS.name}».`);
      if (patch.price === undefined) errors.push(`Новый товар: заполните «${IMPORT_COLUMNS.price}».`);
      if (patch.category_id === undefined)
        errors.push(`Новый товар: заполните «${IMPORT_COLUMNS.category}».`);
    }
    let action: PlannedRow['action'] = errors.length > 0 ? 'error' : match ? 'update' : 'create';
    if (action === 'update' && match) {
      const changed = Object.entries(patch).some(([field, value]) => {
        if (field === 'raw_fields') return false;
        if (field === 'specs') {
          const current = { ...(match.row.specs as object), ...(match.row.raw_fields as object) } as Record<
            string,
            string
          >;
          return Object.entries(specs).some(([key, text]) => current[key] !== text);
        }
        const current = match.row[field];
        return String(current ?? '') !== String(value ?? '');
      });
      if (!changed) action = 'unchanged';
    }
    planned.push({ row: rowNumber, sku, action, errors, productId: match?.id ?? null, patch, categorySlug });
  }

  const report = reportOf(randomBytes(16).toString('hex'), planned);
  await database.rows(sql`
    INSERT INTO import_batches (token, actor_id, rows, report)
    VALUES (${report.token}, ${actorId}, ${JSON.stringify(planned)}::jsonb, ${JSON.stringify(report)}::jsonb)`);
  return { ok: true, report };
}

function reportOf(token: string, planned: readonly PlannedRow[]): ImportReport {
  const count = (action: PlannedRow['action']) => planned.filter((row) => row.action === action).length;
  const created = count('create');
  const updated = count('update');
  const errors = count('error');
  const ordered = [
    ...planned.filter((row) => row.action === 'error'),
    ...planned.filter((row) => row.action !== 'error'),
  ];
  return {
    token,
    created,
    updated,
    unchanged: count('unchanged'),
    errors,
    summary: importSummary(created, updated, errors),
    rows: ordered.slice(0, REPORT_ROWS_MAX).map((row) => ({
      row: row.row,
      sku: row.sku,
      action: row.action,
      errors: row.errors,
    })),
  };
}

/** How often a long import reports its progress (rows written). */
const PROGRESS_EVERY = 500;

/** The delivery facts of a product (issue 23): its item class, packed size and assembly. */
const DELIVERY_COLUMNS = [
  'item_class',
  'packed_width',
  'packed_depth',
  'packed_height',
  'packed_weight',
  'packed_boxes',
  'assembly_available',
] as const;

/** Columns an import row may set directly (stock apart: writeImportedStock). */
const IMPORTED_COLUMNS = new Set([
  'slug',
  'name',
  'price',
  'price_old',
  'badge',
  'category_id',
  'width',
  'depth',
  'height',
  'collection',
  'style',
  'material',
  'colour',
  'brand',
  'country',
  'seo_title',
  'seo_description',
  'description',
  'hidden',
  ...DELIVERY_COLUMNS,
  'availability_source',
  'availability_min_days',
  'availability_max_days',
]);

/** A row that could not be written: the whole import is rolled back and this row is named. */
class ImportRowFailed extends Error {
  constructor(
    readonly row: PlannedRow,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const txRows = async <T>(tx: Executor, query: SQL): Promise<T[]> => rowsOf<T>(await tx.execute(query));

/** The reason a write of `row` failed, for the administrator; other failures are not the file's fault. */
function rowFailure(row: PlannedRow, error: unknown): ImportRowFailed | null {
  if (isUniqueViolation(error, 'slug'))
    return new ImportRowFailed(row, 'такой адрес (slug) уже занят другим товаром.');
  if (isUniqueViolation(error, 'sku'))
    return new ImportRowFailed(row, 'такой артикул уже есть у другого товара.');
  if (isUniqueViolation(error)) return new ImportRowFailed(row, 'значение уже занято.');
  return null;
}

/** A new product from an import row (its stock is written by writeImportedStock). */
async function createImported(tx: Executor, row: PlannedRow): Promise<number> {
  const patch = row.patch;
  const { visible, raw } = splitSpecs((patch.specs as Record<string, string> | undefined) ?? {});
  const name = String(patch.name);
  const categoryId = Number(patch.category_id);
  const text = (field: string) => (patch[field] === undefined ? '' : String(patch[field]));
  const nullable = (field: string) => (patch[field] === undefined ? null : Number(patch[field]));
  const [created] = await txRows<{ id: number }>(
    tx,
    sql`
    INSERT INTO products (sku, slug, name, description, price, price_old, badge, category_id, category_name,
      width, depth, height, collection, style, material, colour, brand, country, specs, raw_fields,
      seo_title, seo_description, stock, hidden, availability_source, availability_min_days, availability_max_days)
    VALUES (${row.sku}, ${patch.slug === undefined ? slugOf(name) : String(patch.slug)}, ${name},
      ${text('description')}, ${Number(patch.price)}, ${nullable('price_old')},
      ${patch.badge === undefined ? null : patch.badge}, ${categoryId},
      (SELECT name FROM categories WHERE id = ${categoryId}),
      ${nullable('width')}, ${nullable('depth')}, ${nullable('height')}, ${text('collection')},
      ${text('style')}, ${text('material')}, ${text('colour')}, ${text('brand')}, ${text('country')},
      ${JSON.stringify(visible)}::jsonb, ${JSON.stringify(raw)}::jsonb, ${text('seo_title')},
      ${text('seo_description')}, NULL, ${patch.hidden === true},
      ${patch.availability_source === undefined ? 'warehouse' : String(patch.availability_source)},
      ${nullable('availability_min_days')}, ${nullable('availability_max_days')})
    RETURNING id`,
  );
  const id = Number(created?.id);
  await tx.execute(
    sql`INSERT INTO product_categories (product_id, category_id) VALUES (${id}, ${categoryId}) ON CONFLICT DO NOTHING`,
  );
  const delivery = DELIVERY_COLUMNS.filter((field) => patch[field] !== undefined).map(
    (field) => sql`${sql.identifier(field)} = ${patch[field] as string | number | boolean}`,
  );
  if (delivery.length > 0)
    await tx.execute(sql`UPDATE products SET ${sql.join(delivery, sql`, `)} WHERE id = ${id}`);
  return id;
}

/** An existing product changed by an import row (stock apart), as the back office's edit changes it. */
async function updateImported(tx: Executor, row: PlannedRow, productId: number): Promise<void> {
  const [current] = await txRows<{ slug: string; category_id: number }>(
    tx,
    sql`SELECT slug, category_id FROM products WHERE id = ${productId} FOR UPDATE`,
  );
  if (!current) throw new ImportRowFailed(row, 'товар удалён после проверки файла.');
  const sets: SQL[] = [];
  for (const [field, value] of Object.entries(row.patch)) {
    if (IMPORTED_COLUMNS.has(field))
      sets.push(sql`${sql.identifier(field)} = ${value as string | number | boolean | null}`);
  }
  const categoryId = row.patch.category_id === undefined ? null : Number(row.patch.category_id);
  if (categoryId !== null && categoryId !== Number(current.category_id)) {
    sets.push(sql`category_name = (SELECT name FROM categories WHERE id = ${categoryId})`);
  }
  if (row.patch.specs !== undefined) {
    const { visible, raw } = splitSpecs(row.patch.specs as Record<string, string>);
    sets.push(
      sql`specs = ${JSON.stringify(visible)}::jsonb`,
      sql`raw_fields = ${JSON.stringify(raw)}::jsonb`,
    );
  }
  if (sets.length === 0) return;
  await tx.execute(sql`
    UPDATE products SET ${sql.join(sets, sql`, `)}, version = version + 1, updated_at = now()
    WHERE id = ${productId}`);
  if (categoryId !== null && categoryId !== Number(current.category_id)) {
    await tx.execute(
      sql`DELETE FROM product_categories WHERE product_id = ${productId} AND category_id = ${current.category_id}`,
    );
    await tx.execute(
      sql`INSERT INTO product_categories (product_id, category_id) VALUES (${productId}, ${categoryId}) ON CONFLICT DO NOTHING`,
    );
  }
  const slug = row.patch.slug;
  if (typeof slug === 'string' && slug !== current.slug) {
    await addRedirect(tx, `/product/${current.slug}`, `/product/${slug}`, 'product');
  }
}

/**
 * The one place an import changes stock: every product whose row names «Остаток» gets that count, in
 * the import's transaction. (A stock ledger records each such change with the reason 'import'.)
 */
async function writeImportedStock(
  tx: Executor,
  stock: readonly { readonly productId: number; readonly stock: number }[],
  actorId: number | null,
): Promise<void> {
  // Stock moves only through its ledger (docs/stock.md): each changed balance is one 'import' row
  // with the difference, taken under the product's row lock, so a checkout racing the import is
  // neither lost nor counted twice. The product's version moves so an open editor form sees a conflict.
  for (const { productId, stock: target } of stock) {
    const [before] = await txRows<{ stock: number | null }>(
      tx,
      sql`SELECT stock FROM products WHERE id = ${productId}`,
    );
    if (before !== undefined && before.stock !== null && Number(before.stock) === target) continue;
    await setStockBalance(tx, { productId, target, reason: 'import', actorId, note: 'Импорт файла' });
    await tx.execute(
      sql`UPDATE products SET version = version + 1, updated_at = now() WHERE id = ${productId}`,
    );
  }
}

/**
 * Writes a dry run's rows all or nothing (issue 24, item 5): the batch is claimed and every row written
 * in one transaction, so a failure, a crash or a kill midway leaves the catalogue as it was and the
 * batch unconfirmed (it can be confirmed again while its token is valid). A row that cannot be written
 * (a slug taken since the dry run, a product deleted meanwhile) rolls the whole import back and is
 * named in the refusal. Rows the dry run marked as errors or unchanged are skipped, as the report says.
 */
export async function confirmImport(
  database: Database,
  token: string,
  progress?: ImportProgress,
): Promise<{ ok: true; report: ImportReport } | AdminRefusal> {
  try {
    return await database.db.transaction(async (tx) => {
      // Row-locked: a concurrent confirm of the same token waits here, then finds it confirmed.
      const [batch] = await txRows<{
        rows: PlannedRow[];
        created_at: string | Date;
        confirmed_at: unknown;
        actor_id: number | null;
      }>(
        tx,
        sql`SELECT rows, created_at, confirmed_at, actor_id FROM import_batches WHERE token = ${token} FOR UPDATE`,
      );
      if (!batch) return refuse(404, 'not_found', 'Проверка импорта не найдена: загрузите файл ещё раз.');
      if (batch.confirmed_at !== null) return refuse(409, 'already_confirmed', 'Этот импорт уже выполнен.');
      if (Date.now() - new Date(batch.created_at).getTime() > TOKEN_TTL_MS) {
        return refuse(409, 'expired', 'Проверка импорта устарела: загрузите файл ещё раз.');
      }
      const writes = batch.rows.filter((row) => row.action === 'create' || row.action === 'update');
      const stock: { productId: number; stock: number }[] = [];
      for (const [index, row] of writes.entries()) {
        let productId: number;
        try {
          if (row.action === 'create') productId = await createImported(tx, row);
          else if (row.productId !== null) {
            productId = row.productId;
            await updateImported(tx, row, productId);
          } else throw new ImportRowFailed(row, 'товар не найден.');
        } catch (error) {
          throw rowFailure(row, error) ?? error;
        }
        if (typeof row.patch.stock === 'number') stock.push({ productId, stock: row.patch.stock });
        if ((index + 1) % PROGRESS_EVERY === 0) {
          progress?.(index + 1, writes.length);
          // PGlite answers inside microtasks, so a long transaction would never let the event loop
          // turn: no health check answered, no log line written until the commit. One turn per batch.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      await writeImportedStock(tx, stock, batch.actor_id === null ? null : Number(batch.actor_id));
      await tx.execute(sql`UPDATE import_batches SET confirmed_at = now() WHERE token = ${token}`);
      return { ok: true as const, report: reportOf(token, batch.rows) };
    });
  } catch (error) {
    if (!(error instanceof ImportRowFailed)) throw error;
    return refuse(
      409,
      'import_row_failed',
      `Импорт не выполнен, каталог не изменён: строка ${error.row.row} (${error.row.sku}) — ${error.reason} Загрузите файл ещё раз.`,
    );
  }
}

/** One product in the IMPORT_COLUMNS layout (Russian headers), spec and raw fields as extra columns. */
export function exportRow(
  row: {
    sku: string;
    name: string;
    slug: string;
    price: number;
    price_old: number | null;
    badge: string | null;
    stock: number | null;
    availability_source: AvailabilitySourceKind;
    availability_min_days: number | null;
    availability_max_days: number | null;
    hidden: boolean;
    width: number | null;
    depth: number | null;
    height: number | null;
    collection: string;
    style: string;
    material: string;
    colour: string;
    brand: string;
    country: string;
    seo_title: string;
    seo_description: string;
    description: string;
    specs: Record<string, string>;
    raw_fields: Record<string, string>;
    item_class: string | null;
    packed_width: number | null;
    packed_depth: number | null;
    packed_height: number | null;
    packed_weight: number | string | null;
    packed_boxes: number | null;
    assembly_available: boolean;
  },
  categorySlug: string,
): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {
    [IMPORT_COLUMNS.sku]: row.sku,
    [IMPORT_COLUMNS.name]: row.name,
    [IMPORT_COLUMNS.slug]: row.slug,
    [IMPORT_COLUMNS.category]: categorySlug,
    [IMPORT_COLUMNS.price]: Number(row.price),
    [IMPORT_COLUMNS.price_old]: row.price_old === null ? null : Number(row.price_old),
    [IMPORT_COLUMNS.badge]: row.badge,
    [IMPORT_COLUMNS.stock]: row.stock === null ? null : Number(row.stock),
    [IMPORT_COLUMNS.availability]: availabilityText({
      source: row.availability_source,
      minDays: row.availability_min_days,
      maxDays: row.availability_max_days,
    }),
    [IMPORT_COLUMNS.hidden]: row.hidden ? 'да' : 'нет',
    [IMPORT_COLUMNS.width]: row.width === null ? null : Number(row.width),
    [IMPORT_COLUMNS.depth]: row.depth === null ? null : Number(row.depth),
    [IMPORT_COLUMNS.height]: row.height === null ? null : Number(row.height),
    [IMPORT_COLUMNS.collection]: row.collection,
    [IMPORT_COLUMNS.style]: row.style,
    [IMPORT_COLUMNS.material]: row.material,
    [IMPORT_COLUMNS.colour]: row.colour,
    [IMPORT_COLUMNS.brand]: row.brand,
    [IMPORT_COLUMNS.country]: row.country,
    [IMPORT_COLUMNS.seo_title]: row.seo_title,
    [IMPORT_COLUMNS.seo_description]: row.seo_description,
    [IMPORT_COLUMNS.description]: row.description,
    [IMPORT_COLUMNS.item_class]: isItemClass(row.item_class) ? ITEM_CLASS_LABELS[row.item_class] : null,
    [IMPORT_COLUMNS.packed_width]: row.packed_width === null ? null : Number(row.packed_width),
    [IMPORT_COLUMNS.packed_depth]: row.packed_depth === null ? null : Number(row.packed_depth),
    [IMPORT_COLUMNS.packed_height]: row.packed_height === null ? null : Number(row.packed_height),
    // With the decimal comma Russian Excel reads («61,5»); the import takes either.
    [IMPORT_COLUMNS.packed_weight]:
      row.packed_weight === null
        ? null
        : String(Math.round(Number(row.packed_weight) * 10) / 10).replace('.', ','),
    [IMPORT_COLUMNS.packed_boxes]: row.packed_boxes === null ? null : Number(row.packed_boxes),
    [IMPORT_COLUMNS.assembly_available]: row.assembly_available ? 'да' : 'нет',
  };
  for (const key of EXPORT_EXTRA_KEYS) out[key] = row.specs?.[key] ?? row.raw_fields?.[key] ?? null;
  return out;
}

const EXPORT_EXTRA_KEYS: readonly string[] = [...SPEC_KEYS, ...HIDDEN_RAW_FIELDS];
export const EXPORT_HEADERS: readonly string[] = [
  ...FIELDS.map((field) => IMPORT_COLUMNS[field]),
  ...EXPORT_EXTRA_KEYS,
];
