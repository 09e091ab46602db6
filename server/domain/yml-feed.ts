/**
 * The Yandex Market YML feed (yandex.ru/support/partnermarket/export/yml.html, the shops.dtd of the
 * YML format): yml_catalog → shop → name, company, url, currencies, categories, delivery-options,
 * offers. Pure text builders over plain records, written in pieces (head, one offer, tail) so the
 * server streams a catalogue of any size; `ymlCatalog` joins them for a small one.
 */
import { kopecksOfRoubles } from '../../shared-rules/money-rule';
import { SPEC_LABELS } from '../../shared-rules/product-spec-rule';
import { absoluteUrl, xmlText } from './crawler-documents';
import {
  type FeedDeliveryOption,
  type FeedDeliveryTerms,
  feedDeliveryOptions,
  SEEDED_FEED_TERMS,
} from './feed-delivery';
import { HIDDEN_RAW_FIELDS } from './product-specs';

export interface FeedShop {
  readonly name: string;
  readonly company: string;
  readonly origin: string;
}

export interface FeedCategory {
  readonly id: number;
  readonly parentId: number | null;
  readonly name: string;
}

/** Length / width / height in centimetres. */
interface FeedDimensions {
  readonly length: number;
  readonly width: number;
  readonly height: number;
}

export interface FeedOffer {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
  /** Whole roubles. */
  readonly price: number;
  readonly oldPrice: number | null;
  readonly categoryId: number;
  /** Units on hand; null when not tracked (always available). */
  readonly stock: number | null;
  readonly backorderAllowed: boolean;
  readonly pictureUrls: readonly string[];
  readonly vendor: string;
  readonly vendorCode: string;
  readonly description: string;
  readonly country: string;
  /** The product's visible spec lines (keys as stored: COLOR, 'Механизм', …). */
  readonly specs: Readonly<Record<string, string>>;
  /** The kind of goods («Диван»), from the catalogue's short name; '' when unknown. */
  readonly typePrefix: string;
  /** The packed sizes when known, else the product's own; null when neither is. */
  readonly dimensions: FeedDimensions | null;
}

/** Yandex Market allows at most 10 pictures per offer. */
const FEED_PICTURES_PER_OFFER = 10;
/** Yandex Market reads at most 3 000 characters of a description. */
const FEED_DESCRIPTION_LENGTH = 3000;
/** sales_notes holds at most 50 characters (checked by the YML structure test). */
const SALES_NOTES_IN_STOCK = 'Подъём на этаж и сборка — за отдельную плату';
const SALES_NOTES_ON_ORDER = 'Под заказ, менеджер может попросить предоплату';

export type FeedAvailability = 'in_stock' | 'on_order' | 'absent';

/**
 * In stock (untracked, or at least one unit), «под заказ» (none left, backorders allowed: Yandex's
 * available="false"), or absent (none left and none can be ordered: not offered at all).
 */
export function feedAvailability(stock: number | null, backorderAllowed: boolean): FeedAvailability {
  if (stock === null || stock > 0) return 'in_stock';
  return backorderAllowed ? 'on_order' : 'absent';
}

export interface FeedParam {
  readonly name: string;
  readonly value: string;
  readonly unit: string | null;
}

/** Spec lines the offer already carries as elements of their own (vendor, country, size, weight). */
const NOT_PARAMS = new Set(['FABRIKA', 'COUNTRY', 'SIZE', 'RAZMER', 'UPAK_VES']);
const LABELS: Readonly<Record<string, string>> = SPEC_LABELS;
const HIDDEN = new Set(HIDDEN_RAW_FIELDS);
const CYRILLIC = /[а-яё]/i;
/** «85 кг», «1,2 м³», «200 см»: a number and a unit of measure. */
const VALUE_WITH_UNIT = /^(-?\d+(?:[.,]\d+)?)\s*(мм|см|м|м²|м³|кг|г|л|шт\.?|Вт|кВт|В|%)$/;

/**
 * The offer's <param> lines: the spec's labelled lines by their Russian label, then lines already
 * named in Russian; a value «number unit» is split into the value and its unit attribute. Latin raw
 * field names and hidden fields are never sent; blank values are dropped; each name appears once.
 */
export function feedParams(specs: Readonly<Record<string, string>>): readonly FeedParam[] {
  const params: FeedParam[] = [];
  const seen = new Set<string>();
  for (const [key, raw] of Object.entries(specs)) {
    const code = key.trim().toUpperCase();
    if (HIDDEN.has(code) || NOT_PARAMS.has(code)) continue;
    const name = LABELS[code] ?? (CYRILLIC.test(key) ? key.replace(/\s+/g, ' ').trim() : null);
    const value = String(raw).replace(/\s+/g, ' ').trim();
    if (name === null || value === '' || /^[-–—.]*$/.test(value) || seen.has(name.toUpperCase())) continue;
    seen.add(name.toUpperCase());
    const measured = VALUE_WITH_UNIT.exec(value);
    params.push(
      measured?.[1] !== undefined && measured[2] !== undefined
        ? { name, value: measured[1].replace(',', '.'), unit: measured[2] }
        : { name, value, unit: null },
    );
  }
  return params;
}

/** The packed weight in kilograms from the «Вес (в упаковке)» line («85 кг», «1,5»); null when absent. */
export function feedWeightKg(specs: Readonly<Record<string, string>>): number | null {
  const line = Object.entries(specs).find(([key]) => key.trim().toUpperCase() === 'UPAK_VES')?.[1];
  const match = line === undefined ? null : /^\s*(\d+(?:[.,]\d+)?)\s*(кг|kg)?\s*$/i.exec(line);
  if (match?.[1] === undefined) return null;
  const weight = Number(match[1].replace(',', '.'));
  return Number.isFinite(weight) && weight > 0 ? weight : null;
}

/** Whether every measure is a positive finite number of centimetres. */
function knownDimensions(dimensions: FeedDimensions | null): dimensions is FeedDimensions {
  return (
    dimensions !== null &&
    [dimensions.length, dimensions.width, dimensions.height].every(
      (size) => Number.isFinite(size) && size > 0,
    )
  );
}

/** The feed's date: RFC 3339 in Moscow time (UTC+3, no daylight saving), as Yandex documents it. */
function ymlDate(moment: Date): string {
  const moscow = new Date(moment.getTime() + 3 * 3_600_000);
  return `${moscow.toISOString().slice(0, 19)}+03:00`;
}

function deliveryOptionsXml(options: readonly FeedDeliveryOption[]): string {
  const lines = options.map((option) => `<option cost="${option.cost}" days="${xmlText(option.days)}"/>`);
  return `<delivery-options>${lines.join('')}</delivery-options>`;
}

/**
 * Everything before the first offer: the shop, its currency, categories and default delivery (from
 * the delivery tariffs in force, `delivery`).
 */
export function ymlHead(
  shop: FeedShop,
  categories: readonly FeedCategory[],
  generatedAt: Date,
  delivery: FeedDeliveryTerms = SEEDED_FEED_TERMS,
): string {
  const categoryIds = new Set(categories.map((category) => category.id));
  const categoryLines = categories.map((category) => {
    const parent =
      category.parentId !== null && categoryIds.has(category.parentId)
        ? ` parentId="${category.parentId}"`
        : '';
    return `<category id="${category.id}"${parent}>${xmlText(category.name)}</category>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<yml_catalog date="${ymlDate(generatedAt)}">`,
    '<shop>',
    `<name>${xmlText(shop.name)}</name>`,
    `<company>${xmlText(shop.company)}</company>`,
    `<url>${xmlText(absoluteUrl(shop.origin, '/'))}</url>`,
    '<currencies><currency id="RUR" rate="1"/></currencies>',
    `<categories>\n${categoryLines.join('\n')}\n</categories>`,
    deliveryOptionsXml(feedDeliveryOptions(0, delivery)),
    '<offers>',
    '',
  ].join('\n');
}

/** Everything after the last offer. */
export const YML_TAIL = '</offers>\n</shop>\n</yml_catalog>\n';

/**
 * One <offer>, or '' when the offer is not sold (no price, absent) or its category is not in the
 * feed. Elements in the order of the YML structure: url, price, oldprice (only a real discount),
 * currencyId, categoryId, picture (≤ 10, absolute), delivery, delivery-options (the tariffs' city price,
 * free from their threshold),
 * then typePrefix + vendor + vendorCode + model (type="vendor.model") when the maker is known, else
 * name + vendorCode; description, sales_notes, country_of_origin, param, weight, dimensions.
 */
export function ymlOffer(
  origin: string,
  offer: FeedOffer,
  categoryIds: ReadonlySet<number>,
  delivery: FeedDeliveryTerms = SEEDED_FEED_TERMS,
): string {
  const availability = feedAvailability(offer.stock, offer.backorderAllowed);
  // Text as it will be written: a name or maker made only of characters XML forbids is no name.
  const name = xmlText(offer.name.trim());
  if (availability === 'absent' || offer.price <= 0 || name === '' || !categoryIds.has(offer.categoryId))
    return '';
  const vendor = xmlText(offer.vendor.trim());
  const parts = [
    `<offer id="${offer.id}"${vendor === '' ? '' : ' type="vendor.model"'} available="${availability === 'in_stock' ? 'true' : 'false'}">`,
    `<url>${xmlText(absoluteUrl(origin, `/product/${offer.slug}`))}</url>`,
    `<price>${offer.price}</price>`,
  ];
  if (offer.oldPrice !== null && offer.oldPrice > offer.price)
    parts.push(`<oldprice>${offer.oldPrice}</oldprice>`);
  parts.push('<currencyId>RUR</currencyId>', `<categoryId>${offer.categoryId}</categoryId>`);
  for (const picture of offer.pictureUrls.slice(0, FEED_PICTURES_PER_OFFER)) {
    parts.push(
      `<picture>${xmlText(picture.startsWith('/') ? absoluteUrl(origin, picture) : picture)}</picture>`,
    );
  }
  parts.push('<delivery>true</delivery>');
  if (availability === 'in_stock')
    parts.push(deliveryOptionsXml(feedDeliveryOptions(kopecksOfRoubles(offer.price), delivery)));
  const code = xmlText(offer.vendorCode.trim());
  const vendorCode = code === '' ? '' : `<vendorCode>${code}</vendorCode>`;
  if (vendor === '') {
    parts.push(`<name>${name}</name>`, vendorCode);
  } else {
    const prefix = offer.typePrefix.trim();
    const model = xmlText(feedModel(offer.name, prefix));
    if (xmlText(prefix) !== '' && model !== name) parts.push(`<typePrefix>${xmlText(prefix)}</typePrefix>`);
    parts.push(`<vendor>${vendor}</vendor>`, vendorCode, `<model>${model === '' ? name : model}</model>`);
  }
  const description = xmlText(offer.description.trim().slice(0, FEED_DESCRIPTION_LENGTH));
  if (description.trim() !== '') parts.push(`<description>${description}</description>`);
  parts.push(
    `<sales_notes>${availability === 'in_stock' ? SALES_NOTES_IN_STOCK : SALES_NOTES_ON_ORDER}</sales_notes>`,
  );
  const country = xmlText(offer.country.trim());
  if (country !== '') parts.push(`<country_of_origin>${country}</country_of_origin>`);
  for (const param of feedParams(offer.specs)) {
    const value = xmlText(param.value);
    if (value.trim() === '') continue;
    const unit = param.unit === null ? '' : ` unit="${xmlText(param.unit)}"`;
    parts.push(`<param name="${xmlText(param.name)}"${unit}>${value}</param>`);
  }
  const weight = feedWeightKg(offer.specs);
  if (weight !== null) parts.push(`<weight>${weight}</weight>`);
  if (knownDimensions(offer.dimensions)) {
    const { length, width, height } = offer.dimensions;
    parts.push(`<dimensions>${length}/${width}/${height}</dimensions>`);
  }
  parts.push('</offer>\n');
  return parts.join('');
}

/** The model is the name without its kind: «Диван Осло угловой» with the prefix «Диван» → «Осло угловой». */
export function feedModel(name: string, typePrefix: string): string {
  const trimmed = name.trim();
  if (typePrefix === '' || !trimmed.toLowerCase().startsWith(`${typePrefix.toLowerCase()} `)) return trimmed;
  const rest = trimmed.slice(typePrefix.length).trim();
  return rest === '' ? trimmed : rest;
}

/** The whole feed of a small catalogue in one string (the server streams the same pieces). */
export function ymlCatalog(
  shop: FeedShop,
  categories: readonly FeedCategory[],
  offers: readonly FeedOffer[],
  generatedAt: Date,
): string {
  const categoryIds = new Set(categories.map((category) => category.id));
  return (
    ymlHead(shop, categories, generatedAt) +
    offers.map((offer) => ymlOffer(shop.origin, offer, categoryIds)).join('') +
    YML_TAIL
  );
}
