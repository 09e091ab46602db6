/**
 * The documents crawlers and marketplaces read without running the shop: robots.txt, the sitemap
 * protocol (https://www.sitemaps.org/protocol.html: an index pointing at url sets of at most 50 000
 * addresses each); the Yandex Market feed is yml-feed.ts. Pure text builders over plain records; the server
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
