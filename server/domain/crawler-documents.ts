/**
 * The documents crawlers and marketplaces read without running the shop: robots.txt, the sitemap
 * protocol (https://www.sitemaps.org/protocol.html: an index pointing at url sets of at most 50 000
 * addresses each) and the Yandex Market YML feed. Pure text builders over plain records; the server
 * fills them from the database and serves them (server/http/routes/crawler-files.routes.ts).
 */

/** The sitemap protocol's limit of addresses in one url set. */
export const SITEMAP_URLS_PER_FILE = 50_000;

/**
 * The text without the characters XML 1.0 forbids even escaped: C0 controls other than tab, line feed
 * and carriage return, U+FFFE/U+FFFF and lone surrogates. A loop over code units, as in api/text.ts,
 * rather than a regular expression full of control characters.
 */
function withoutXmlForbidden(value: string): string {
  let kept = '';
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    if (unit < 0x20 && unit !== 0x09 && unit !== 0x0a && unit !== 0x0d) continue;
    if (unit === 0xfffe || unit === 0xffff) continue;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        kept += value[index] ?? '';
        kept += value[index + 1] ?? '';
        index += 1;
      }
      continue;
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) continue;
    kept += value[index] ?? '';
  }
  return kept;
}

/** Text for an XML element or attribute: forbidden characters dropped, markup characters escaped. */
export function xmlText(value: string): string {
  return withoutXmlForbidden(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** An absolute address under the shop's origin; each path segment percent-encoded once. */
export function absoluteUrl(origin: string, path: string): string {
  const encoded = path
    .split('/')
    .map((segment) => encodeURIComponent(safeDecode(segment)))
    .join('/');
  return `${origin.replace(/\/+$/, '')}${encoded.startsWith('/') ? '' : '/'}${encoded}`;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A date-time as the W3C date the sitemap protocol wants (YYYY-MM-DD); null when unreadable. */
export function sitemapDate(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

export interface RobotsRules {
  readonly origin: string;
  /** Paths crawlers must not visit (spec §2 "Page indexing"). */
  readonly disallowPrefixes: readonly string[];
  /** Paths that are crawlable but should not be crawled for their endless variants (search results). */
  readonly extraDisallow: readonly string[];
}

/**
 * robots.txt: the private and transactional paths of spec §2 are disallowed (each as a directory and as
 * the bare path), search results too (they are noindex and their query space is endless), and the
 * sitemap index is announced with its absolute address.
 */
export function robotsTxt(rules: RobotsRules): string {
  const lines = ['User-agent: *'];
  for (const prefix of [...rules.disallowPrefixes, ...rules.extraDisallow]) {
    lines.push(`Disallow: ${prefix}$`, `Disallow: ${prefix}/`);
  }
  lines.push('Allow: /', '', `Sitemap: ${absoluteUrl(rules.origin, '/sitemap.xml')}`, '');
  return lines.join('\n');
}

export interface SitemapEntry {
  readonly path: string;
  readonly lastModified?: string | null;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function sitemapIndex(origin: string, files: readonly SitemapEntry[]): string {
  const items = files.map((file) => `<sitemap>${locAndDate(origin, file)}</sitemap>`);
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

export function sitemapUrlSet(origin: string, entries: readonly SitemapEntry[]): string {
  const items = entries.map((entry) => `<url>${locAndDate(origin, entry)}</url>`);
  return `${XML_DECLARATION}\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n${items.join('\n')}\n</urlset>\n`;
}

function locAndDate(origin: string, entry: SitemapEntry): string {
  const date = sitemapDate(entry.lastModified);
  const loc = `<loc>${xmlText(absoluteUrl(origin, entry.path))}</loc>`;
  return date === null ? loc : `${loc}<lastmod>${date}</lastmod>`;
}

/** How many product url sets a catalogue of `count` products needs (at least one, even when empty). */
export function productSitemapPages(count: number): number {
  return Math.max(1, Math.ceil(Math.max(0, count) / SITEMAP_URLS_PER_FILE));
}

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

export interface FeedOffer {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
  /** Whole roubles. */
  readonly price: number;
  readonly oldPrice: number | null;
  readonly categoryId: number;
  readonly available: boolean;
  readonly pictureUrls: readonly string[];
  readonly vendor: string;
  readonly vendorCode: string;
  readonly description: string;
  readonly country: string;
}

/** Yandex Market allows at most 10 pictures per offer. */
const FEED_PICTURES_PER_OFFER = 10;
/** Yandex Market reads at most 3 000 characters of a description. */
const FEED_DESCRIPTION_LENGTH = 3000;

/**
 * The Yandex Market YML feed (yml_catalog → shop → currencies, categories, offers) of the visible
 * catalogue: prices in roubles, the old price only when it is higher (a real discount), availability
 * from stock, absolute product and picture addresses.
 */
export function ymlCatalog(
  shop: FeedShop,
  categories: readonly FeedCategory[],
  offers: readonly FeedOffer[],
  generatedAt: Date,
): string {
  const date = generatedAt.toISOString().slice(0, 16).replace('T', ' ');
  const categoryIds = new Set(categories.map((category) => category.id));
  const categoryLines = categories.map((category) => {
    const parent =
      category.parentId !== null && categoryIds.has(category.parentId)
        ? ` parentId="${category.parentId}"`
        : '';
    return `<category id="${category.id}"${parent}>${xmlText(category.name)}</category>`;
  });
  const offerLines = offers
    .filter((offer) => categoryIds.has(offer.categoryId) && offer.price > 0)
    .map((offer) => ymlOffer(shop.origin, offer));
  return [
    XML_DECLARATION,
    `<yml_catalog date="${date}">`,
    '<shop>',
    `<name>${xmlText(shop.name)}</name>`,
    `<company>${xmlText(shop.company)}</company>`,
    `<url>${xmlText(absoluteUrl(shop.origin, '/'))}</url>`,
    '<currencies><currency id="RUR" rate="1"/></currencies>',
    `<categories>\n${categoryLines.join('\n')}\n</categories>`,
    `<offers>\n${offerLines.join('\n')}\n</offers>`,
    '</shop>',
    '</yml_catalog>',
    '',
  ].join('\n');
}

function ymlOffer(origin: string, offer: FeedOffer): string {
  const parts = [
    `<offer id="${offer.id}" available="${offer.available ? 'true' : 'false'}">`,
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
  parts.push(`<name>${xmlText(offer.name)}</name>`);
  if (offer.vendor.trim() !== '') parts.push(`<vendor>${xmlText(offer.vendor)}</vendor>`);
  if (offer.vendorCode.trim() !== '') parts.push(`<vendorCode>${xmlText(offer.vendorCode)}</vendorCode>`);
  const description = offer.description.trim().slice(0, FEED_DESCRIPTION_LENGTH);
  if (description !== '') parts.push(`<description>${xmlText(description)}</description>`);
  if (offer.country.trim() !== '')
    parts.push(`<country_of_origin>${xmlText(offer.country)}</country_of_origin>`);
  parts.push('</offer>');
  return parts.join('');
}
