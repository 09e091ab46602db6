import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  productSitemapPages,
  robotsTxt,
  SITEMAP_URLS_PER_FILE,
  sitemapDate,
  sitemapUrlSet,
  xmlText,
} from '../../../server/domain/crawler-documents';
import { NOINDEX_PATH_PREFIXES } from '../../../server/domain/page-indexing';

const ORIGIN = 'https://domistil.example';

/** What an XML parser would refuse in text: markup characters and characters XML 1.0 forbids. */
function isSafeXmlText(text: string): boolean {
  if (/[<>"']/.test(text) || /&(?!(amp|lt|gt|quot|apos);)/.test(text)) return false;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit < 0x20 && unit !== 0x09 && unit !== 0x0a && unit !== 0x0d) return false;
    if (unit === 0xfffe || unit === 0xffff) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index += 1;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) return false;
  }
  return true;
}

describe('crawler documents', () => {
  test.prop([fc.string({ unit: 'binary' })])('xmlText leaves nothing an XML parser would refuse', (value) => {
    expect(isSafeXmlText(xmlText(value))).toBe(true);
  });

  test.prop([fc.string({ unit: 'grapheme' }).filter((value) => !/[<>&"']/.test(value))])(
    'xmlText keeps ordinary text as it is',
    (value) => {
      expect(xmlText(value)).toBe(value);
    },
  );

  test.prop([fc.array(fc.string({ unit: 'grapheme', minLength: 1 }), { maxLength: 4 })])(
    'absolute addresses stay under the origin whatever the path holds',
    (segments) => {
      const url = new URL(absoluteUrl(ORIGIN, `/${segments.join('/')}`));
      expect(url.origin).toBe(ORIGIN);
      expect(absoluteUrl(ORIGIN, `/${segments.join('/')}`)).not.toMatch(/\s/);
    },
  );

  it('encodes Cyrillic slugs once and keeps already encoded ones as they are', () => {
    expect(absoluteUrl(ORIGIN, '/product/диван')).toBe(`${ORIGIN}/product/%D0%B4%D0%B8%D0%B2%D0%B0%D0%BD`);
    expect(absoluteUrl(ORIGIN, '/product/%D0%B4')).toBe(`${ORIGIN}/product/%D0%B4`);
  });

  test.prop([fc.nat({ max: 10_000_000 })])(
    'product sitemaps hold every product, none over the limit',
    (count) => {
      const pages = productSitemapPages(count);
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(pages * SITEMAP_URLS_PER_FILE).toBeGreaterThanOrEqual(count);
      expect((pages - 1) * SITEMAP_URLS_PER_FILE).toBeLessThan(Math.max(count, 1));
    },
  );

  it('writes dates as W3C dates and drops unreadable ones', () => {
    expect(sitemapDate('2026-11-23 21:05:00+00')).toBe('2026-11-23');
    expect(sitemapDate('not a date')).toBeNull();
    expect(sitemapDate(null)).toBeNull();
  });

  it('disallows every private path of the spec, and search results, and names the sitemap', () => {
    const text = robotsTxt({
      origin: ORIGIN,
      disallowPrefixes: NOINDEX_PATH_PREFIXES,
      extraDisallow: ['/search'],
    });
    for (const prefix of [...NOINDEX_PATH_PREFIXES, '/search']) {
      expect(text).toContain(`Disallow: ${prefix}$`);
      expect(text).toContain(`Disallow: ${prefix}/`);
    }
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(text).not.toMatch(/Disallow: \/\n/);
  });

  it('lists addresses with lastmod only where the date is known', () => {
    const xml = sitemapUrlSet(ORIGIN, [
      { path: '/product/a&b', lastModified: '2026-01-02T03:04:05Z' },
      { path: '/pages/news' },
    ]);
    expect(xml).toContain(`<url><loc>${ORIGIN}/product/a%26b</loc><lastmod>2026-01-02</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${ORIGIN}/pages/news</loc></url>`);
  });
});
