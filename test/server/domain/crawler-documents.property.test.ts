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
  ymlCatalog,
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

  it('builds a YML feed with real discounts only, absolute pictures and known categories', () => {
    const xml = ymlCatalog(
      { name: 'Дом и Стиль', company: 'Дом и Стиль', origin: ORIGIN },
      [
        { id: 1, parentId: null, name: 'Мебель' },
        { id: 2, parentId: 1, name: 'Диваны & кресла' },
        { id: 3, parentId: 99, name: 'Сирота' },
      ],
      [
        offer({ id: 10, categoryId: 2, price: 50_000, oldPrice: 60_000 }),
        offer({ id: 11, categoryId: 2, price: 50_000, oldPrice: 40_000, available: false }),
        offer({ id: 12, categoryId: 42, price: 1000, oldPrice: null }),
      ],
      new Date('2026-11-23T10:20:00Z'),
    );
    expect(xml).toContain('<yml_catalog date="2026-11-23 10:20">');
    expect(xml).toContain('<category id="2" parentId="1">Диваны &amp; кресла</category>');
    expect(xml).toContain('<category id="3">Сирота</category>');
    expect(xml).toContain('<offer id="10" available="true">');
    expect(xml).toContain('<oldprice>60000</oldprice>');
    expect(xml).toContain('<offer id="11" available="false">');
    expect(xml.match(/<oldprice>/g)).toHaveLength(1);
    expect(xml).not.toContain('<offer id="12"');
    expect(xml).toContain(`<picture>${ORIGIN}/media/product/sofa-640.webp</picture>`);
  });
});

function offer(
  overrides: Partial<Parameters<typeof ymlCatalog>[2][number]>,
): Parameters<typeof ymlCatalog>[2][number] {
  return {
    id: 1,
    slug: 'divan',
    name: 'Диван',
    price: 1000,
    oldPrice: null,
    categoryId: 1,
    available: true,
    pictureUrls: ['/media/product/sofa-640.webp'],
    vendor: 'Фабрика',
    vendorCode: 'SKU-1',
    description: 'Описание',
    country: 'Россия',
    ...overrides,
  };
}
