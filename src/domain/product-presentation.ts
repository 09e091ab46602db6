import { HIDDEN_SPEC_FIELDS, SPEC_LABELS } from '../../shared-rules/product-spec-rule';
import { roundedDecimal } from './decimal-text';
/**
 * How a product is shown (spec §3 "Product", "Spec labels", "Hidden raw fields"): the labelled
 * specification lines, dimensions, the main image and the card badge.
 */
import { discountPercent } from './money';
import type { ProductBadge, ProductSummary } from './product';
import { isProductBadge } from './product';
import { encodeUriComponentSafe } from './query-params';

// Spec §3 labels (in the order the product page lists them) and the raw fields never shown: one
// vocabulary with the server (issue 25, item 4).
export { HIDDEN_SPEC_FIELDS, SPEC_LABELS };

type LabelledSpecKey = keyof typeof SPEC_LABELS;

/** Spec §3 "Specs include … RAZMER/SIZE": RAZMER is the same line as SIZE, shown when SIZE is absent. */
const SPEC_ALIASES: Readonly<Record<string, LabelledSpecKey>> = { RAZMER: 'SIZE' };

export interface SpecLine {
  /** The key as it came in the product's specs. */
  readonly key: string;
  readonly label: string;
  readonly value: string;
}

type SpecsInput = Readonly<Record<string, unknown>> | null | undefined;

const HIDDEN = new Set<string>(HIDDEN_SPEC_FIELDS);
const CYRILLIC = /[а-яё]/i;
// Values the catalogue uses for "nothing here".
const PLACEHOLDER_VALUE = /^[-–—.]*$/;

function normaliseKey(key: string): string {
  return key.trim().toUpperCase();
}

/** A displayable value: trimmed text or a finite number; blank and dash placeholders are dropped. */
function specText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', ',') : null;
  if (typeof value !== 'string') return null;
  const clean = value.replace(/\s+/g, ' ').trim();
  return PLACEHOLDER_VALUE.test(clean) ? null : clean;
}

function specEntries(specs: SpecsInput): [string, unknown][] {
  return typeof specs === 'object' && specs !== null ? Object.entries(specs) : [];
}

/**
 * The specification lines a customer sees: first the spec §3 labelled keys in label order (matched
 * without regard to case; RAZMER stands in for SIZE), then keys that are already written in Russian
 * ('Механизм', 'Ширина, см') in their own order with the key as label. Any other key is a raw Latin
 * field name (WIDTH, RAZDEL2, …) and is not shown — hidden fields in particular never are, whatever
 * their case. Blank values and dash placeholders are dropped; each line appears once.
 */
export function visibleSpecs(specs: SpecsInput): readonly SpecLine[] {
  const entries = specEntries(specs);
  const byKey = new Map<string, { key: string; value: string }>();
  for (const [key, value] of entries) {
    const text = specText(value);
    const normalised = normaliseKey(key);
    if (text !== null && !byKey.has(normalised)) byKey.set(normalised, { key, value: text });
  }
  const lines: SpecLine[] = [];
  for (const [labelKey, label] of Object.entries(SPEC_LABELS)) {
    const direct = byKey.get(labelKey);
    const alias = Object.entries(SPEC_ALIASES).find(([, target]) => target === labelKey)?.[0];
    const found = direct ?? (alias === undefined ? undefined : byKey.get(alias));
    if (found !== undefined) lines.push({ key: found.key, label, value: found.value });
  }
  const seenLabels = new Set(lines.map((line) => line.label.toUpperCase()));
  for (const [normalised, { key, value }] of byKey) {
    if (HIDDEN.has(normalised) || !CYRILLIC.test(key)) continue;
    const label = key.replace(/\s+/g, ' ').trim();
    if (seenLabels.has(label.toUpperCase())) continue;
    seenLabels.add(label.toUpperCase());
    lines.push({ key, label, value });
  }
  return lines;
}

export interface Dimensions {
  /** Centimetres; null when unknown. */
  readonly width: number | null;
  readonly depth: number | null;
  readonly height: number | null;
}

/** Spec keys (upper-cased, first word) for each measure, Latin and Russian. */
const DIMENSION_KEYS: Readonly<Record<keyof Dimensions, readonly string[]>> = {
  width: ['WIDTH', 'SHIRINA', 'ШИРИНА'],
  depth: ['DEPTH', 'GLUBINA', 'ГЛУБИНА'],
  height: ['HEIGHT', 'VYSOTA', 'ВЫСОТА'],
};

const SIZE_KEYS = ['SIZE', 'RAZMER', 'РАЗМЕР', 'ГАБАРИТЫ'];

const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
const UNIT = '(мм|mm|см|cm|м|m)(?![a-zа-яё])';

/** Centimetres per unit; a value without a unit is taken as centimetres, the catalogue's unit. */
function unitFactor(unit: string | undefined): number {
  switch (unit?.toLowerCase()) {
    case 'мм':
    case 'mm':
      return 0.1;
    case 'м':
    case 'm':
      return 100;
    default:
      return 1;
  }
}

/** Rounds to a tenth of a centimetre so unit conversion does not print 20.000000000000004. */
function centimetres(value: number, factor: number): number | null {
  const cm = Math.round(value * factor * 10) / 10;
  return Number.isFinite(cm) && cm > 0 ? cm : null;
}

/** '200', '200 см', '2 м', '1800 мм', '200,5' → centimetres; null when no positive number is found. */
export function parseMeasure(value: unknown, keyUnit?: string): number | null {
  if (typeof value === 'number') return centimetres(value, unitFactor(keyUnit));
  if (typeof value !== 'string') return null;
  const match = new RegExp(`${NUMBER}\\s*(?:${UNIT})?`, 'i').exec(value);
  if (match === null || match[1] === undefined) return null;
  return centimetres(Number(match[1].replace(',', '.')), unitFactor(match[2] ?? keyUnit));
}

/**
 * '200x90x75', '200×90×75 см', '200 х 90 х 75' (Cyrillic х), '2000*900*750 мм' → width, depth,
 * height in that order; two numbers give width and depth. The unit written after the last number
 * applies to all of them.
 */
export function parseSizeText(value: unknown): Dimensions | null {
  if (typeof value !== 'string') return null;
  const match = new RegExp(
    `${NUMBER}\\s*[xх×*]\\s*${NUMBER}(?:\\s*[xх×*]\\s*${NUMBER})?\\s*(?:${UNIT})?`,
    'i',
  ).exec(value);
  if (match === null) return null;
  const factor = unitFactor(match[4]);
  const read = (text: string | undefined): number | null =>
    text === undefined ? null : centimetres(Number(text.replace(',', '.')), factor);
  const dimensions = { width: read(match[1]), depth: read(match[2]), height: read(match[3]) };
  return hasAny(dimensions) ? dimensions : null;
}

function hasAny(dimensions: Dimensions): boolean {
  return dimensions.width !== null || dimensions.depth !== null || dimensions.height !== null;
}

/**
 * A spec key split into its first word and a unit it names, if any: 'Ширина, см' → ШИРИНА + СМ,
 * 'WIDTH_MM' → WIDTH + MM.
 */
function keyParts(key: string): { word: string; unit: string | undefined } {
  const upper = normaliseKey(key);
  const word = /^[A-ZА-ЯЁ]+/.exec(upper)?.[0] ?? '';
  const unit = /(?:^|[^A-ZА-ЯЁ])(ММ|MM|СМ|CM|М|M)(?![A-ZА-ЯЁ])/.exec(upper.slice(word.length))?.[1];
  return { word, unit };
}

type DimensionSource = Partial<Pick<ProductSummary, 'width' | 'depth' | 'height'>> & {
  readonly specs?: Readonly<Record<string, unknown>> | null;
};

/**
 * The product's size in centimetres, each measure from the first source that has it: the product's
 * own width/depth/height; then the specs WIDTH/DEPTH/HEIGHT or their Russian names (ШИРИНА, Глубина,
 * …); then a SIZE/RAZMER text such as '200×90×75 см'. null when no measure is known at all.
 */
export function productDimensions(product: DimensionSource): Dimensions | null {
  const entries = specEntries(product.specs);
  const fromSpecs = (measure: keyof Dimensions): number | null => {
    for (const [key, value] of entries) {
      const { word, unit } = keyParts(key);
      if (DIMENSION_KEYS[measure].includes(word)) {
        const parsed = parseMeasure(value, unit);
        if (parsed !== null) return parsed;
      }
    }
    return null;
  };
  let fromSize: Dimensions | null | undefined;
  const sizeDimensions = (): Dimensions | null => {
    if (fromSize === undefined) {
      fromSize = null;
      for (const [key, value] of entries) {
        if (!SIZE_KEYS.includes(keyParts(key).word)) continue;
        fromSize = parseSizeText(value);
        if (fromSize !== null) break;
      }
    }
    return fromSize;
  };
  const measure = (name: keyof Dimensions): number | null =>
    parseMeasure(product[name]) ?? fromSpecs(name) ?? sizeDimensions()?.[name] ?? null;
  const dimensions: Dimensions = {
    width: measure('width'),
    depth: measure('depth'),
    height: measure('height'),
  };
  return hasAny(dimensions) ? dimensions : null;
}

/**
 * A measure with at most one decimal and a comma, no grouping ('200', '12,5'), as Intl spells it for
 * ru-RU; written out for the reason money.ts gives (and equal to Intl by a property test).
 */
let hugeMeasure: Intl.NumberFormat | null = null;
function measure1(value: number): string {
  const rounded = roundedDecimal(value, 1);
  if (rounded === null) {
    hugeMeasure ??= new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1, useGrouping: false });
    return hugeMeasure.format(value);
  }
  return rounded.fraction === '' ? rounded.whole : `${rounded.whole},${rounded.fraction}`;
}

/**
 * 'Ш 200 × Г 90 × В 75 см' (width, depth, height); unknown measures are left out
 * ('Ш 200 × В 75 см'); null when nothing is known.
 */
export function formatDimensions(dimensions: Dimensions | null): string | null {
  if (dimensions === null) return null;
  const measures: readonly [string, number | null][] = [
    ['Ш', dimensions.width],
    ['Г', dimensions.depth],
    ['В', dimensions.height],
  ];
  const parts = measures.flatMap(([letter, value]) =>
    value !== null && Number.isFinite(value) && value > 0 ? [`${letter} ${measure1(value)}`] : [],
  );
  return parts.length === 0 ? null : `${parts.join(' × ')} см`;
}

/** Spec §3: the placeholder shown when a product has no main image. */
export const PRODUCT_IMAGE_PLACEHOLDER = '/images/placeholder-product.svg';

/** The main image URL (tovar_pic1_url_site), or the placeholder when it is missing or blank. */
export function mainImage(product: Pick<ProductSummary, 'tovar_pic1_url_site'>): string {
  const url: unknown = product.tovar_pic1_url_site;
  if (typeof url !== 'string') return PRODUCT_IMAGE_PLACEHOLDER;
  const clean = url.trim();
  return clean === '' ? PRODUCT_IMAGE_PLACEHOLDER : clean;
}

/** Card badge texts (spec §3 badge kinds). */
export const BADGE_LABELS: Readonly<Record<ProductBadge, string>> = {
  trending: 'Хит',
  new: 'Новинка',
  available: 'В наличии',
  preorder: 'Под заказ',
};

/** The product's badge when it is one of the known kinds; anything else shows no badge. */
export function badgeKind(product: Pick<ProductSummary, 'badge'>): ProductBadge | null {
  const badge: unknown = product.badge;
  return isProductBadge(badge) ? badge : null;
}

/** The badge text for the card, or null for no badge. */
export function badgeLabel(product: Pick<ProductSummary, 'badge'>): string | null {
  const kind = badgeKind(product);
  return kind === null ? null : BADGE_LABELS[kind];
}

/** The card's discount badge percent, from price_old and price (see discountPercent). */
export function productDiscountPercent(product: Pick<ProductSummary, 'price' | 'price_old'>): number | null {
  return discountPercent(product.price_old, product.price);
}

/** '/product/{slug}' (spec §2), the slug URL-encoded. */
export function productHref(product: Pick<ProductSummary, 'slug'>): string {
  const slug: unknown = product.slug;
  return `/product/${encodeUriComponentSafe(typeof slug === 'string' ? slug.trim() : '')}`;
}
