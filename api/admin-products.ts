import { Schema } from 'effect';
import { AVAILABILITY_SOURCES, MAX_AVAILABILITY_DAYS } from '../shared-rules/availability-rule';
import { ITEM_CLASSES } from '../shared-rules/item-class-rule';
import { SPEC_LABELS } from '../shared-rules/product-spec-rule';
import { STOCK_MOVEMENT_REASONS } from '../shared-rules/stock-movement-rule';
import { BulkResult } from './admin-orders';
import { defineEndpoint } from './endpoint';
import { ImageSource } from './media';
import { ProductBadge } from './products';
import { amountFromString, Id, IdFromString, intParam } from './query-fields';

/**
 * Administrator product calls (spec §7 Admin "Products: /api/admin/products (query), /{id}"). Admin
 * session only: anonymous 401, a client 403. Every write is recorded in the audit log and shows on the
 * storefront at once (the catalogue caches are dropped on write).
 *
 * Conflicts: every editable record carries `version`; a write that sends `expected_version` is refused
 * with 409 `version_conflict` when someone else saved first.
 */

/** SEO limits shown by the form (the storefront cuts descriptions at 157 characters, spec §9). */
const SEO_TITLE_MAX = 70;
const SEO_DESCRIPTION_MAX = 300;

/** Whole roubles, 0 … 1 000 000 000. */
const Money = Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 1_000_000_000 })));
/**
 * A product's price: whole roubles, 1 … 1 000 000 000. A 0 ₽ price is refused (issue 25 item 7: the
 * bulk grid turned letters into 0 and the API stored it, and such a product sells for nothing).
 */
const Price = Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 1, maximum: 1_000_000_000 })));
/** Whole centimetres. */
const Centimetres = Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 100_000 })));
/** Packed weight, kg with up to one decimal (spec UPAK_VES). */
const Kilograms = Schema.Finite.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 10_000 })));
/** Boxes a product ships in (spec UPAK_KOLVO). */
const Boxes = Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 1, maximum: 100 })));
/** What the delivery tariffs price the product as (shared-rules/item-class-rule.ts; issue 23). */
const ItemClass = Schema.Literals(ITEM_CLASSES);
/** Units in stock; null = not tracked (always available). */
const StockQuantity = Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 1_000_000 })));
const AvailabilitySource = Schema.Literals(AVAILABILITY_SOURCES);
/** Working days of a supplier's or a factory's lead. */
const AvailabilityDays = Schema.Int.pipe(
  Schema.check(Schema.isBetween({ minimum: 1, maximum: MAX_AVAILABILITY_DAYS })),
);

/** A slug the back office may set: lower-case Latin letters, digits and hyphens. */
export const EditableSlug = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), Schema.isMaxLength(200)),
);
const Sku = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^[A-Za-z0-9][A-Za-z0-9._\-/]*$/), Schema.isMaxLength(64)),
);
const Text = (max: number) => Schema.String.pipe(Schema.check(Schema.isMaxLength(max)));
const Name = Schema.String.pipe(Schema.check(Schema.isNonEmpty(), Schema.isMaxLength(300)));
/** Spec lines or raw fields: upper-case Latin keys → text. */
const SpecMap = Schema.Record(
  Schema.String.pipe(Schema.check(Schema.isPattern(/^[A-Z][A-Z0-9_]*$/), Schema.isMaxLength(40))),
  Text(2000),
);

/** A picture of a product as the back office manages it. `key` identifies it in reorder/alt/delete calls. */
export const AdminImage = Schema.Struct({
  key: Schema.String,
  url: Schema.String,
  alt: Schema.String,
  position: Schema.Int,
  /** WebP files, ascending by width. */
  sources: Schema.Array(ImageSource),
  /** AVIF files of the same widths (uploaded pictures only; the demo pictures are WebP only). */
  avif_sources: Schema.Array(ImageSource),
});
export type AdminImage = typeof AdminImage.Type;

/** The full product record of the back office (hidden raw fields included). */
export const AdminProduct = Schema.Struct({
  id: Schema.Int,
  sku: Schema.String,
  slug: Schema.String,
  name: Schema.String,
  /** Plain text (the storefront shows it as a paragraph, escaped; never HTML). */
  description: Schema.String,
  price: Schema.Int,
  price_old: Schema.NullOr(Schema.Int),
  badge: Schema.NullOr(ProductBadge),
  category_id: Schema.Int,
  category_name: Schema.String,
  /** For the "why can't this be bought" checks: an inactive home category hides the product's listing. */
  category_active: Schema.Boolean,
  width: Schema.NullOr(Schema.Int),
  depth: Schema.NullOr(Schema.Int),
  height: Schema.NullOr(Schema.Int),
  collection: Schema.String,
  style: Schema.String,
  material: Schema.String,
  colour: Schema.String,
  brand: Schema.String,
  country: Schema.String,
  /** Visible spec lines keyed by SPEC_LABELS keys. */
  specs: Schema.Record(Schema.String, Schema.String),
  /** Hidden raw fields keyed by HIDDEN_RAW_FIELDS names. */
  raw_fields: Schema.Record(Schema.String, Schema.String),
  seo_title: Schema.String,
  seo_description: Schema.String,
  /** Null = not tracked (always in stock). The cached sum of the stock ledger (docs/stock.md). */
  stock: Schema.NullOr(Schema.Int),
  /** Sold «под заказ» beyond the stock (an order takes what is there, the rest waits for the factory). */
  backorder_allowed: Schema.Boolean,
  /**
   * Issue 23: the item class (null: priced as a small item), packed size in cm, kg, boxes, assembly.
   * Always sent by the server.
   */
  item_class: Schema.optionalKey(Schema.NullOr(ItemClass)),
  packed_width: Schema.optionalKey(Schema.NullOr(Schema.Int)),
  packed_depth: Schema.optionalKey(Schema.NullOr(Schema.Int)),
  packed_height: Schema.optionalKey(Schema.NullOr(Schema.Int)),
  packed_weight: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  packed_boxes: Schema.optionalKey(Schema.NullOr(Schema.Int)),
  assembly_available: Schema.optionalKey(Schema.Boolean),
  /**
   * Where the goods come from (issue 23, docs/delivery-dates.md): the storefront's delivery date is
   * computed from it. `availability_min_days`: the supplier's working days, or made to order's fewest;
   * `availability_max_days`: made to order's most.
   */
  availability_source: AvailabilitySource,
  availability_min_days: Schema.NullOr(Schema.Int),
  availability_max_days: Schema.NullOr(Schema.Int),
  hidden: Schema.Boolean,
  /** ISO time of the soft delete, or null. */
  deleted_at: Schema.NullOr(Schema.String),
  images: Schema.Array(AdminImage),
  created_at: Schema.String,
  updated_at: Schema.String,
  version: Schema.Int,
});
export type AdminProduct = typeof AdminProduct.Type;

/** A row of the product list. */
export const AdminProductRow = Schema.Struct({
  id: Schema.Int,
  sku: Schema.String,
  slug: Schema.String,
  name: Schema.String,
  price: Schema.Int,
  price_old: Schema.NullOr(Schema.Int),
  badge: Schema.NullOr(ProductBadge),
  category_id: Schema.Int,
  category_name: Schema.String,
  category_active: Schema.Boolean,
  image_url: Schema.NullOr(Schema.String),
  stock: Schema.NullOr(Schema.Int),
  backorder_allowed: Schema.Boolean,
  hidden: Schema.Boolean,
  deleted_at: Schema.NullOr(Schema.String),
  updated_at: Schema.String,
  version: Schema.Int,
});
export type AdminProductRow = typeof AdminProductRow.Type;

const AdminProductSort = Schema.Literals([
  'new',
  'updated',
  'name',
  'price_asc',
  'price_desc',
  'stock_asc',
  'stock_desc',
]);

const BooleanFlag = Schema.Literals(['true', 'false']);

export const AdminProductListQuery = Schema.Struct({
  /** Name, SKU or slug (substring, case-insensitive); a number also matches the id. */
  q: Schema.optionalKey(Text(100)),
  /** Category id; its descendants are included. */
  category: Schema.optionalKey(IdFromString),
  price_min: Schema.optionalKey(amountFromString),
  price_max: Schema.optionalKey(amountFromString),
  /** A badge, or 'none' for products without one. */
  badge: Schema.optionalKey(Schema.Literals(['trending', 'new', 'available', 'preorder', 'none'])),
  hidden: Schema.optionalKey(BooleanFlag),
  /** in: tracked with stock > 0 or untracked; out: tracked with 0; untracked: stock is null. */
  stock: Schema.optionalKey(Schema.Literals(['in', 'out', 'untracked'])),
  /** true: only products sold «под заказ» beyond the stock; false: only the others. */
  backorder: Schema.optionalKey(BooleanFlag),
  /** Deleted products are left out unless deleted=true (only deleted) or deleted=all. */
  deleted: Schema.optionalKey(Schema.Literals(['true', 'false', 'all'])),
  sort: Schema.optionalKey(AdminProductSort),
  page: intParam(1, 100_000, 1),
  limit: intParam(1, 200, 50),
});
export type AdminProductListQuery = typeof AdminProductListQuery.Type;

export const AdminProductList = Schema.Struct({
  items: Schema.Array(AdminProductRow),
  /**
   * The matching products, counted only up to 10 000 past the page's start: with `total_capped` true
   * more match than `total` («больше N»), and the pager offers the pages up to it.
   */
  total: Schema.Int,
  total_capped: Schema.Boolean,
  page: Schema.Int,
  limit: Schema.Int,
});
export type AdminProductList = typeof AdminProductList.Type;

/** Editable fields; a PATCH changes exactly the fields it names. */
const productFields = {
  sku: Sku,
  slug: EditableSlug,
  name: Name,
  description: Text(100_000),
  price: Price,
  price_old: Schema.NullOr(Money),
  badge: Schema.NullOr(ProductBadge),
  category_id: Id,
  width: Schema.NullOr(Centimetres),
  depth: Schema.NullOr(Centimetres),
  height: Schema.NullOr(Centimetres),
  collection: Text(200),
  style: Text(200),
  material: Text(200),
  colour: Text(200),
  brand: Text(200),
  country: Text(200),
  specs: SpecMap,
  raw_fields: SpecMap,
  seo_title: Text(SEO_TITLE_MAX),
  seo_description: Text(SEO_DESCRIPTION_MAX),
  stock: Schema.NullOr(StockQuantity),
  backorder_allowed: Schema.Boolean,
  item_class: Schema.NullOr(ItemClass),
  packed_width: Schema.NullOr(Centimetres),
  packed_depth: Schema.NullOr(Centimetres),
  packed_height: Schema.NullOr(Centimetres),
  packed_weight: Schema.NullOr(Kilograms),
  packed_boxes: Schema.NullOr(Boxes),
  assembly_available: Schema.Boolean,
  availability_source: AvailabilitySource,
  availability_min_days: Schema.NullOr(AvailabilityDays),
  availability_max_days: Schema.NullOr(AvailabilityDays),
  hidden: Schema.Boolean,
} as const;

/** Why a manager corrected the stock, shown in the product's «Движение остатков». */
const StockNote = Text(500);

export const ProductPatch = Schema.Struct({
  sku: Schema.optionalKey(productFields.sku),
  slug: Schema.optionalKey(productFields.slug),
  name: Schema.optionalKey(productFields.name),
  description: Schema.optionalKey(productFields.description),
  price: Schema.optionalKey(productFields.price),
  price_old: Schema.optionalKey(productFields.price_old),
  badge: Schema.optionalKey(productFields.badge),
  category_id: Schema.optionalKey(productFields.category_id),
  width: Schema.optionalKey(productFields.width),
  depth: Schema.optionalKey(productFields.depth),
  height: Schema.optionalKey(productFields.height),
  collection: Schema.optionalKey(productFields.collection),
  style: Schema.optionalKey(productFields.style),
  material: Schema.optionalKey(productFields.material),
  colour: Schema.optionalKey(productFields.colour),
  brand: Schema.optionalKey(productFields.brand),
  country: Schema.optionalKey(productFields.country),
  specs: Schema.optionalKey(productFields.specs),
  raw_fields: Schema.optionalKey(productFields.raw_fields),
  seo_title: Schema.optionalKey(productFields.seo_title),
  seo_description: Schema.optionalKey(productFields.seo_description),
  /**
   * The balance now: a change is recorded in the stock ledger as a «Ручная корректировка» by the
   * difference (with `stock_note`), never written over the ledger.
   */
  stock: Schema.optionalKey(productFields.stock),
  stock_note: Schema.optionalKey(StockNote),
  backorder_allowed: Schema.optionalKey(productFields.backorder_allowed),
  item_class: Schema.optionalKey(productFields.item_class),
  packed_width: Schema.optionalKey(productFields.packed_width),
  packed_depth: Schema.optionalKey(productFields.packed_depth),
  packed_height: Schema.optionalKey(productFields.packed_height),
  packed_weight: Schema.optionalKey(productFields.packed_weight),
  packed_boxes: Schema.optionalKey(productFields.packed_boxes),
  assembly_available: Schema.optionalKey(productFields.assembly_available),
  /** Checked together (422 invalid_availability): a supplier needs its days, made to order «от» ≤ «до». */
  availability_source: Schema.optionalKey(productFields.availability_source),
  availability_min_days: Schema.optionalKey(productFields.availability_min_days),
  availability_max_days: Schema.optionalKey(productFields.availability_max_days),
  hidden: Schema.optionalKey(productFields.hidden),
  /** Refuse with 409 when the stored version differs (someone else saved first). */
  expected_version: Schema.optionalKey(Schema.Int),
});
export type ProductPatch = typeof ProductPatch.Type;

/** Create: name, price and category are required; the slug is made from the name when absent, the SKU generated. */
export const ProductCreate = Schema.Struct({
  ...ProductPatch.fields,
  name: productFields.name,
  price: productFields.price,
  category_id: productFields.category_id,
});
export type ProductCreate = typeof ProductCreate.Type;

const ProductIdParams = Schema.Struct({ id: IdFromString });

export const listAdminProducts = defineEndpoint({
  area: 'catalogue',
  method: 'GET',
  path: '/api/admin/products',
  tag: 'admin-products',
  summary:
    'Products for the back office: text, category, price, badge, visibility, stock and deleted filters',
  query: AdminProductListQuery,
  response: AdminProductList,
  errorStatuses: [401, 403],
});

export const getAdminProduct = defineEndpoint({
  area: 'catalogue',
  method: 'GET',
  path: '/api/admin/products/:id',
  tag: 'admin-products',
  summary: 'One product with every field (hidden raw fields, SEO, stock, pictures), deleted ones too',
  params: ProductIdParams,
  response: AdminProduct,
  errorStatuses: [401, 403, 404],
});

export const createAdminProduct = defineEndpoint({
  area: 'catalogue',
  method: 'POST',
  path: '/api/admin/products',
  tag: 'admin-products',
  summary: 'Creates a product',
  body: ProductCreate,
  response: AdminProduct,
  successStatus: 201,
  errorStatuses: [401, 403, 409, 415],
});

export const updateAdminProduct = defineEndpoint({
  area: 'catalogue',
  method: 'PATCH',
  path: '/api/admin/products/:id',
  tag: 'admin-products',
  summary: 'Changes only the named fields (e.g. { "price": 12990 }); a slug change adds a 301 redirect',
  params: ProductIdParams,
  body: ProductPatch,
  response: AdminProduct,
  errorStatuses: [401, 403, 404, 409, 415],
});

export const deleteAdminProduct = defineEndpoint({
  area: 'catalogue',
  method: 'DELETE',
  path: '/api/admin/products/:id',
  tag: 'admin-products',
  summary: 'Soft delete: the product leaves the storefront and can be restored',
  params: ProductIdParams,
  response: AdminProduct,
  errorStatuses: [401, 403, 404],
});

export const restoreAdminProduct = defineEndpoint({
  area: 'catalogue',
  method: 'POST',
  path: '/api/admin/products/:id/restore',
  tag: 'admin-products',
  summary: 'Restores a soft-deleted product',
  params: ProductIdParams,
  response: AdminProduct,
  errorStatuses: [401, 403, 404, 415],
});

// ── Stock ledger (issue 22, docs/stock.md) ─────────────────────────────────────────────────────────

const StockMovementReason = Schema.Literals(STOCK_MOVEMENT_REASONS);

/** One row of a product's stock ledger. */
const StockMovement = Schema.Struct({
  id: Schema.Int,
  /** Units added (+) or taken (−). */
  delta: Schema.Int,
  reason: StockMovementReason,
  /** The reason in Russian («Заказ оформлен», «Ручная корректировка»…). */
  reason_label: Schema.String,
  balance_after: Schema.Int,
  order_id: Schema.NullOr(Schema.Int),
  actor_id: Schema.NullOr(Schema.Int),
  /** The administrator's name (or e-mail); null for the shopper's checkout and the system. */
  actor_name: Schema.NullOr(Schema.String),
  note: Schema.NullOr(Schema.String),
  created_at: Schema.String,
});

export const StockMovementList = Schema.Struct({
  items: Schema.Array(StockMovement),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int,
});
export type StockMovementList = typeof StockMovementList.Type;

export const listProductStockMovements = defineEndpoint({
  area: 'catalogue',
  method: 'GET',
  path: '/api/admin/products/:id/stock-movements',
  tag: 'admin-products',
  summary: "The product's stock ledger, newest first, paged",
  params: ProductIdParams,
  query: Schema.Struct({ page: intParam(1, 100_000, 1), limit: intParam(1, 200, 20) }),
  response: StockMovementList,
  errorStatuses: [401, 403, 404],
});

const StockDelta = Schema.Int.pipe(
  Schema.check(
    Schema.isBetween({ minimum: -1_000_000, maximum: 1_000_000 }),
    Schema.makeFilter((value: number) => value !== 0, { title: 'not zero' }),
  ),
);

/**
 * A manual correction: by `delta` (units found or written off) or to a new `balance` (a count), with
 * an optional note; recorded as «Ручная корректировка» with the manager. 422 when the product does not
 * track its stock or the correction would go below zero. Answers the product (its new stock).
 */
export const correctProductStock = defineEndpoint({
  area: 'catalogue',
  method: 'POST',
  path: '/api/admin/products/:id/stock-movements',
  tag: 'admin-products',
  summary: 'Corrects the stock by a difference or to a new balance (a «Ручная корректировка» ledger row)',
  params: ProductIdParams,
  body: Schema.Struct({
    delta: Schema.optionalKey(StockDelta),
    balance: Schema.optionalKey(StockQuantity),
    note: Schema.optionalKey(StockNote),
  }),
  response: AdminProduct,
  successStatus: 201,
  errorStatuses: [401, 403, 404, 415, 422],
});

export const setAdminProductVisibility = defineEndpoint({
  area: 'catalogue',
  method: 'POST',
  path: '/api/admin/products/:id/visibility',
  tag: 'admin-products',
  summary: 'Hides the product from the storefront or shows it again',
  params: ProductIdParams,
  body: Schema.Struct({ hidden: Schema.Boolean }),
  response: AdminProduct,
  errorStatuses: [401, 403, 404, 415],
});

// ── Pictures ───────────────────────────────────────────────────────────────────────────────────────

export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Upload: `multipart/form-data` with one `file` part (JPEG, PNG or WEBP, checked by content, at most
 * PRODUCT_IMAGE_MAX_BYTES) and an optional `alt` text field. WebP and AVIF files in IMAGE widths are
 * made on upload. Errors: 415 `invalid_image_type`, 413 `file_too_large`. Answers the pictures.
 */
export const uploadAdminProductImage = defineEndpoint({
  area: 'catalogue',
  method: 'POST',
  path: '/api/admin/products/:id/images',
  tag: 'admin-products',
  summary: 'Uploads a picture (multipart: file, alt); responsive WebP/AVIF made on upload',
  params: ProductIdParams,
  response: Schema.Array(AdminImage),
  successStatus: 201,
  errorStatuses: [401, 403, 404, 409, 413, 415],
});

export const reorderAdminProductImages = defineEndpoint({
  area: 'catalogue',
  method: 'PUT',
  path: '/api/admin/products/:id/images/order',
  tag: 'admin-products',
  summary: 'Sets the picture order (every key of the product, once); the first is the main picture',
  params: ProductIdParams,
  body: Schema.Struct({ keys: Schema.Array(Schema.String).pipe(Schema.check(Schema.isMaxLength(100))) }),
  response: Schema.Array(AdminImage),
  errorStatuses: [401, 403, 404, 415],
});

const ImageKeyParams = Schema.Struct({
  id: IdFromString,
  /** The picture key with '/' written as '~' (keys contain slashes: 'upload/p12-ab12cd'). */
  key: Schema.String.pipe(Schema.check(Schema.isMaxLength(200))),
});

export const updateAdminProductImage = defineEndpoint({
  area: 'catalogue',
  method: 'PATCH',
  path: '/api/admin/products/:id/images/:key',
  tag: 'admin-products',
  summary: "Changes a picture's alternative text",
  params: ImageKeyParams,
  body: Schema.Struct({ alt: Text(300) }),
  response: Schema.Array(AdminImage),
  errorStatuses: [401, 403, 404, 415],
});

export const deleteAdminProductImage = defineEndpoint({
  area: 'catalogue',
  method: 'DELETE',
  path: '/api/admin/products/:id/images/:key',
  tag: 'admin-products',
  summary: 'Removes a picture from the product (uploaded files are deleted)',
  params: ImageKeyParams,
  response: Schema.Array(AdminImage),
  errorStatuses: [401, 403, 404],
});

/** Image keys travel in a path segment with '/' replaced by '~'. */
export const imageKeyToParam = (key: string): string => key.replaceAll('/', '~');
export const imageKeyFromParam = (param: string): string => param.replaceAll('~', '/');

// ── Bulk edit with undo ────────────────────────────────────────────────────────────────────────────

const BULK_MAX_IDS = 1000;

export const BulkProductChange = Schema.Struct({
  ids: Schema.Array(Id).pipe(Schema.check(Schema.isMinLength(1), Schema.isMaxLength(BULK_MAX_IDS))),
  /** Set the price, or change it by a percentage (−90 … +500, rounded to whole roubles, never below 1 ₽). */
  price: Schema.optionalKey(Price),
  price_percent: Schema.optionalKey(
    Schema.Number.pipe(Schema.check(Schema.isBetween({ minimum: -90, maximum: 500 }))),
  ),
  price_old: Schema.optionalKey(Schema.NullOr(Money)),
  badge: Schema.optionalKey(Schema.NullOr(ProductBadge)),
  hidden: Schema.optionalKey(Schema.Boolean),
});
export type BulkProductChange = typeof BulkProductChange.Type;

const BulkOperation = Schema.Struct({
  /** Pass to the undo call. */
  operation: Schema.String,
  ...BulkResult.fields,
});

export const bulkEditAdminProducts = defineEndpoint({
  area: 'catalogue',
  method: 'POST',
  path: '/api/admin/products/bulk',
  tag: 'admin-products',
  summary: 'Changes price, old price, badge or visibility of many products; answers an undoable operation',
  body: BulkProductChange,
  response: BulkOperation,
  errorStatuses: [401, 403, 415],
});

export const undoBulkEdit = defineEndpoint({
  area: 'catalogue',
  method: 'POST',
  path: '/api/admin/products/bulk/:operation/undo',
  tag: 'admin-products',
  summary:
    'Restores the values before a bulk operation; a product changed since then is left alone (per-row result)',
  params: Schema.Struct({ operation: Schema.String.pipe(Schema.check(Schema.isMaxLength(64))) }),
  response: BulkResult,
  errorStatuses: [401, 403, 404, 409, 415],
});

// ── Import and export ──────────────────────────────────────────────────────────────────────────────

/**
 * The columns import accepts and export writes (Russian headers). `Артикул` (SKU) matches existing
 * products; an unknown SKU creates a product. Spec and raw fields are columns named by their key
 * ('COLOR', 'PRICE_EUR', …).
 */
export const IMPORT_COLUMNS = {
  sku: 'Артикул',
  name: 'Название',
  slug: 'Адрес (slug)',
  category: 'Категория (slug)',
  price: 'Цена',
  price_old: 'Старая цена',
  badge: 'Метка',
  stock: 'Остаток',
  /** «На складе», «От поставщика, 5 раб. дн.», «Под заказ, 20–30 раб. дн.» (shared-rules/availability-rule.ts). */
  availability: 'Наличие',
  hidden: 'Скрыт',
  width: 'Ширина',
  depth: 'Глубина',
  height: 'Высота',
  collection: 'Коллекция',
  style: SPEC_LABELS.STYLE,
  material: SPEC_LABELS.MATERIAL,
  colour: SPEC_LABELS.COLOR,
  brand: 'Бренд',
  country: SPEC_LABELS.COUNTRY,
  seo_title: 'SEO-заголовок',
  seo_description: 'SEO-описание',
  description: 'Описание',
  item_class: 'Класс для доставки',
  packed_width: 'Ширина упаковки, см',
  packed_depth: 'Глубина упаковки, см',
  packed_height: 'Высота упаковки, см',
  packed_weight: 'Вес упаковки, кг',
  packed_boxes: SPEC_LABELS.UPAK_KOLVO,
  assembly_available: 'Сборка',
} as const;

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

const ImportRowReport = Schema.Struct({
  /** 1-based line in the file (the header is line 1). */
  row: Schema.Int,
  sku: Schema.String,
  action: Schema.Literals(['create', 'update', 'unchanged', 'error']),
  errors: Schema.Array(Schema.String),
});

export const ImportReport = Schema.Struct({
  /** Pass to the confirm call; valid for 30 minutes. */
  token: Schema.String,
  created: Schema.Int,
  updated: Schema.Int,
  unchanged: Schema.Int,
  errors: Schema.Int,
  /** "N создано, M обновлено, K ошибок". */
  summary: Schema.String,
  /** Rows with errors first, then the rest; at most 1000. */
  rows: Schema.Array(ImportRowReport),
});
export type ImportReport = typeof ImportReport.Type;

/**
 * Dry run: `multipart/form-data` with one `file` part (.csv — UTF-8, comma or semicolon — or .xlsx,
 * recognised by content). Nothing is written.
 */
export const importAdminProducts = defineEndpoint({
  area: 'catalogue',
  method: 'POST',
  path: '/api/admin/products/import',
  tag: 'admin-products',
  summary: 'Import dry run (multipart file, CSV or XLSX): per-row validation, nothing written',
  response: ImportReport,
  errorStatuses: [400, 401, 403, 413, 415, 422, 429],
});

export const confirmAdminProductImport = defineEndpoint({
  area: 'catalogue',
  method: 'POST',
  path: '/api/admin/products/import/:token/confirm',
  tag: 'admin-products',
  summary: 'Writes a dry-run import (rows with errors are skipped); answers the final counts',
  params: Schema.Struct({ token: Schema.String.pipe(Schema.check(Schema.isMaxLength(64))) }),
  response: ImportReport,
  errorStatuses: [401, 403, 404, 409, 415],
});

/** Export: the file itself (text/csv or the XLSX type) with the IMPORT_COLUMNS headers, streamed. */
export const exportAdminProducts = defineEndpoint({
  area: 'catalogue',
  method: 'GET',
  path: '/api/admin/products/export',
  tag: 'admin-products',
  summary: 'Exports products (same filters as the list) as CSV or XLSX with Russian headers',
  query: Schema.Struct({
    ...AdminProductListQuery.fields,
    format: Schema.optionalKey(Schema.Literals(['csv', 'xlsx'])),
  }),
  response: Schema.String,
  errorStatuses: [401, 403],
});
