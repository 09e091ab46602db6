/**
 * The product as the storefront uses it (spec §3 "Product (as used)").
 *
 * Field names follow the catalogue API on purpose (`tovar_pic1_url_site`, `price_old`) so adapters
 * can hand decoded rows through without renaming; hidden raw fields (PRICE_EUR, RAZDEL, …) never
 * reach this type.
 */

/** Badge shown on a product card (spec §3: trending, new, available, preorder). */
export type ProductBadge = 'trending' | 'new' | 'available' | 'preorder';

/** Every badge, in the spec's order; useful for exhaustive records and decoders. */
export const PRODUCT_BADGES: readonly ProductBadge[] = ['trending', 'new', 'available', 'preorder'];

/** Whether a value is one of the known badges (decoders use it on untrusted input). */
export const isProductBadge = (value: unknown): value is ProductBadge =>
  typeof value === 'string' && (PRODUCT_BADGES as readonly string[]).includes(value);

export interface ProductSummary {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
  /** Main image URL; `null` means the UI shows the placeholder (spec §3). */
  readonly tovar_pic1_url_site: string | null;
  /** Current price in roubles; `null` when the catalogue has no price. */
  readonly price: number | null;
  /** Price before discount; a discount is shown only when it is greater than `price`. */
  readonly price_old: number | null;
  readonly badge: ProductBadge | null;
  readonly width: number | null;
  readonly depth: number | null;
  readonly height: number | null;
  /** Visible specification lines (MATERIAL, RAZMER/SIZE, WIDTH, … and Russian equivalents). */
  readonly specs: Readonly<Record<string, string>>;
  /** False when the shop tracks stock and none is left («Нет в наличии»); absent means available. */
  readonly in_stock?: boolean;
}

/** Product data carried by a cart line or a favourite: everything but the id, each field optional. */
export type ProductFields = Partial<Omit<ProductSummary, 'id'>>;

/** Upper bound on decoded spec lines, so a hostile stored value cannot grow one item without limit. */
export const MAX_DECODED_SPEC_ENTRIES = 100;

const DIGITS = /^[0-9]+$/;
const DECIMAL = /^[0-9]+(?:\.[0-9]+)?$/;

/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A product id from untrusted data: a positive safe integer, or such an integer written in digits
 * (some APIs and old stored values carry ids as strings). Anything else is `null`.
 */
export function decodeProductId(value: unknown): number | null {
  const candidate = typeof value === 'string' && DIGITS.test(value) ? Number(value) : value;
  return typeof candidate === 'number' && Number.isSafeInteger(candidate) && candidate > 0 ? candidate : null;
}

/** Whether a value is a usable product id (a positive safe integer). */
export function isProductId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

// A non-negative finite amount; PostgreSQL `numeric` columns often arrive as strings like "12990.00".
function decodeAmount(value: unknown): number | undefined {
  const candidate = typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value;
  return typeof candidate === 'number' && Number.isFinite(candidate) && candidate >= 0
    ? candidate
    : undefined;
}

// `null` stays a deliberate "none"; a value of the wrong type is dropped (`undefined`) rather than guessed.
function nullable<T>(value: unknown, decode: (value: unknown) => T | undefined): T | null | undefined {
  return value === null ? null : decode(value);
}

function decodeString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function decodeSpecs(value: unknown): Readonly<Record<string, string>> | undefined {
  if (!isRecord(value)) return undefined;
  const entries: [string, string][] = [];
  for (const [key, raw] of Object.entries(value)) {
    if (entries.length >= MAX_DECODED_SPEC_ENTRIES) break;
    if (key === '__proto__') continue;
    if (typeof raw === 'string') entries.push([key, raw]);
    else if (typeof raw === 'number' && Number.isFinite(raw)) entries.push([key, String(raw)]);
  }
  return Object.fromEntries(entries);
}

/**
 * The product fields of an untrusted object, each checked on its own: a field of the wrong type is
 * left out instead of discarding the whole item, because a cart line or favourite stays useful with
 * its id alone (the view shows the placeholder image and "Цена не указана").
 */
export function decodeProductFields(source: object): ProductFields {
  const value = source as Readonly<Record<string, unknown>>;
  const fields: {
    -readonly [K in keyof ProductFields]: ProductFields[K];
  } = {};
  const slug = decodeString(value.slug);
  if (slug !== undefined) fields.slug = slug;
  const name = decodeString(value.name);
  if (name !== undefined) fields.name = name;
  const image = nullable(value.tovar_pic1_url_site, decodeString);
  if (image !== undefined) fields.tovar_pic1_url_site = image;
  const price = nullable(value.price, decodeAmount);
  if (price !== undefined) fields.price = price;
  const priceOld = nullable(value.price_old, decodeAmount);
  if (priceOld !== undefined) fields.price_old = priceOld;
  const badge = nullable(value.badge, (raw) => (isProductBadge(raw) ? raw : undefined));
  if (badge !== undefined) fields.badge = badge;
  const width = nullable(value.width, decodeAmount);
  if (width !== undefined) fields.width = width;
  const depth = nullable(value.depth, decodeAmount);
  if (depth !== undefined) fields.depth = depth;
  const height = nullable(value.height, decodeAmount);
  if (height !== undefined) fields.height = height;
  const specs = decodeSpecs(value.specs);
  if (specs !== undefined) fields.specs = specs;
  return fields;
}
