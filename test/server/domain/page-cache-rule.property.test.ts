import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  anonymousCookies,
  changesPublicPages,
  cookieNames,
  normalisedPageUrl,
  pageCacheKey,
} from '../../../server/domain/page-cache-rule';
import { CART_COOKIE_NAME } from '../../../shared-rules/cart-cookie-rule';

/** Query parameter names the shop's routes read, and plain words. */
const pageParameter = fc.constantFrom('page', 'sort', 'q', 'price_min', 'price_max', 'material', 'color');
const trackingParameter = fc.constantFrom(
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'ysclid',
  'yclid',
  'gclid',
  'fbclid',
  '_openstat',
);
const value = fc.stringMatching(/^[a-z0-9%-]{0,12}$/);
const path = fc.stringMatching(/^\/(?:[a-z0-9-]{1,12}\/){0,3}[a-z0-9-]{0,12}$/);
const pair = (name: fc.Arbitrary<string>) => fc.tuple(name, value).map(([key, text]) => `${key}=${text}`);

describe('which page documents a cache may share (server/domain/page-cache-rule.ts)', () => {
  test.prop([
    path,
    fc.array(pair(pageParameter), { maxLength: 4 }),
    fc.array(pair(trackingParameter), { maxLength: 4 }),
  ])(
    'tracking parameters are dropped wherever they stand; the page parameters stay, in order',
    (base, kept, tracking) => {
      const mixed = [...kept];
      tracking.forEach((extra, index) => {
        mixed.splice(index % (mixed.length + 1), 0, extra);
      });
      const url = mixed.length === 0 ? base : `${base}?${mixed.join('&')}`;
      const expected = kept.length === 0 ? base : `${base}?${kept.join('&')}`;
      expect(normalisedPageUrl(url)).toBe(expected);
      expect(normalisedPageUrl(expected)).toBe(expected);
    },
  );

  test.prop([path, fc.array(pair(pageParameter), { minLength: 1, maxLength: 3 })])(
    'a page parameter is never dropped: two different pages never share a key',
    (base, kept) => {
      const url = `${base}?${kept.join('&')}`;
      const key = (target: string) =>
        pageCacheKey({ url: target, visitor: 'person', encoding: 'br', city: null });
      expect(key(url)).not.toBe(key(base));
      expect(key(`${url}&ysclid=1`)).toBe(key(url));
    },
  );

  test.prop([
    fc.record({
      url: path,
      visitor: fc.constantFrom('person' as const, 'crawler' as const),
      encoding: fc.constantFrom('br', 'gzip', 'identity'),
      city: fc.option(fc.constantFrom('Москва', 'Санкт-Петербург', 'Казань'), { nil: null }),
    }),
    fc.record({
      url: path,
      visitor: fc.constantFrom('person' as const, 'crawler' as const),
      encoding: fc.constantFrom('br', 'gzip', 'identity'),
      city: fc.option(fc.constantFrom('Москва', 'Санкт-Петербург', 'Казань'), { nil: null }),
    }),
  ])('two requests share a key exactly when page, reader, encoding and city are equal', (a, b) => {
    const same = a.url === b.url && a.visitor === b.visitor && a.encoding === b.encoding && a.city === b.city;
    expect(pageCacheKey(a) === pageCacheKey(b)).toBe(same);
  });

  test.prop([
    fc.array(fc.constantFrom('geoCity', 'geoConfirmed', 'did', '__Host-did', '_ym_uid', '_ym_d'), {
      maxLength: 5,
    }),
  ])("the shop's harmless cookies keep a request anonymous", (names) => {
    expect(anonymousCookies(names.map((name) => `${name}=x`).join('; '))).toBe(true);
  });

  test.prop([
    fc.array(fc.constantFrom('geoCity', 'did', '_ym_uid'), { maxLength: 3 }),
    fc.constantFrom('sid', '__Host-sid', 'session', 'cart', 'anything'),
  ])(
    "a session cookie, or any cookie the shop does not know, makes the document the visitor's own",
    (harmless, other) => {
      const header = [...harmless, other].map((name) => `${name}=value`).join('; ');
      expect(anonymousCookies(header)).toBe(false);
    },
  );

  test.prop([fc.array(fc.constantFrom('geoCity', 'geoConfirmed', 'did', '_ym_uid'), { maxLength: 3 })])(
    'the cart cookie makes the document the visitor’s own: the cart page is drawn with its lines',
    (harmless) => {
      const header = [...harmless.map((name) => `${name}=x`), `${CART_COOKIE_NAME}=12.1-7.3`].join('; ');
      expect(anonymousCookies(header)).toBe(false);
    },
  );

  it('reads cookie names as browsers send them', () => {
    expect(cookieNames(undefined)).toEqual([]);
    expect(cookieNames(' ')).toEqual([]);
    expect(cookieNames('sid=abc; geoCity=%D0%9C; flag')).toEqual(['sid', 'geoCity', 'flag']);
    expect(anonymousCookies(undefined)).toBe(true);
  });

  test.prop([
    fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'),
    fc.constantFrom(
      '/api/admin/products/1',
      '/api/categories/3',
      '/api/seo/home',
      '/api/pages/delivery',
      '/api/popular-tags/x',
      '/api/dicts/colors',
      '/1c_exchange.php',
    ),
    fc.integer({ min: 200, max: 399 }),
  ])(
    "a successful write of the back office, or of anything not a visitor's own, drops the documents",
    (method, url, status) => {
      expect(changesPublicPages(method, url, status)).toBe(true);
    },
  );

  test.prop([
    fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'),
    fc.constantFrom(
      '/api/cart/7',
      '/api/favorites',
      '/api/orders',
      '/api/login',
      '/api/logout',
      '/api/viewed',
      '/api/requests',
      '/api/subscribe',
      '/api/payments/create',
      '/api/client/consents/withdraw',
    ),
    fc.integer({ min: 200, max: 599 }),
  ])("a visitor's own writes keep them", (method, url, status) => {
    expect(changesPublicPages(method, url, status)).toBe(false);
  });

  test.prop([
    fc.constantFrom('GET', 'HEAD', 'OPTIONS'),
    fc.constantFrom('/api/admin/products/1', '/api/categories/3', '/'),
    fc.integer({ min: 200, max: 599 }),
  ])('reads and refused writes change nothing', (method, url, status) => {
    expect(changesPublicPages(method, url, status)).toBe(false);
    expect(changesPublicPages('POST', url, status + 400 > 599 ? 500 : 400)).toBe(false);
  });
});
