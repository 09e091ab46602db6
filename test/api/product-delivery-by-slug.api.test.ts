import { sql } from 'drizzle-orm';
import { Schema } from 'effect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { Browser, type ShopTestApp, startShopApp } from './support/session-client';
import { type TestDriver, testDrivers } from './support/test-database';

/**
 * Issue 27, item 4 (docs/delivery.md «One product's facts by its slug»): the product page asks for its
 * delivery facts by the slug it already has — `GET /api/delivery/products/slug/:slug` — together with
 * the product, instead of by the id the product's answer brings. The answer is the id form's item for
 * the same product; a product the shop does not show is 404 in Russian, a malformed slug 400.
 */

const isApiError = Schema.is(ApiError);

/** Friday 27 November 2026, 10:00 Moscow: before the 14:00 cutoff. */
const NOW = Date.parse('2026-11-27T10:00:00+03:00');

describe.each(testDrivers())('a product’s delivery facts by its slug (%s)', (driver: TestDriver) => {
  let shop: ShopTestApp;
  let products: readonly { id: number; slug: string }[];
  beforeAll(async () => {
    shop = await startShopApp(driver);
    products = await shop.database.rows<{ id: number; slug: string }>(
      sql`select id, slug from products where deleted_at is null and not hidden order by id limit 3`,
    );
  });
  afterAll(async () => {
    await shop?.close();
  });

  const nth = (index: number) => {
    const found = products[index];
    if (found === undefined) throw new Error('the seed has too few products');
    return found;
  };

  it('answers the same date, class and packed box as the id form, uncached', async () => {
    shop.clock.now = NOW;
    const sofa = nth(0);
    await shop.database.rows(
      sql`update products set availability_source = 'supplier', availability_min_days = 3, item_class = 'sofa',
        packed_width = 230, packed_depth = 95, packed_height = 90 where id = ${sofa.id}`,
    );
    const browser = new Browser(shop.app);
    const bySlug = await browser.get(`/api/delivery/products/slug/${sofa.slug}`);
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    expect(bySlug.json()).toEqual({
      productId: sofa.id,
      promise: { from: '2026-12-03', to: '2026-12-07', text: 'Привезём 3–7 декабря' },
      itemClass: 'sofa',
      packed: { widthCm: 230, depthCm: 95, heightCm: 90 },
    });
    // «Привезём …» counts from today: never kept by a cache.
    expect(bySlug.headers['cache-control']).toBe('private, no-store');
    // The id form (the cart's) still answers, and says the same of this product.
    const byIds = await browser.get(`/api/delivery/products?ids=${sofa.id}`);
    expect(byIds.statusCode, byIds.body).toBe(200);
    expect((byIds.json() as { items: unknown[] }).items).toEqual([bySlug.json()]);
  });

  it('is 404 in Russian for a slug the shop shows no product at: unknown, removed or hidden', async () => {
    const removed = nth(1);
    const hidden = nth(2);
    await shop.database.rows(sql`update products set deleted_at = now() where id = ${removed.id}`);
    await shop.database.rows(sql`update products set hidden = true where id = ${hidden.id}`);
    const browser = new Browser(shop.app);
    for (const slug of ['net-takogo-tovara', removed.slug, hidden.slug]) {
      const answer = await browser.get(`/api/delivery/products/slug/${slug}`);
      expect(answer.statusCode, slug).toBe(404);
      expect(answer.json(), slug).toEqual({ error: 'not_found', message: 'Товар не найден.' });
    }
  });

  it('is 400 in Russian for a malformed slug, never a 5xx', async () => {
    const browser = new Browser(shop.app);
    for (const slug of [
      'Divan-Verona',
      'divan--verona',
      '-divan',
      'divan_verona',
      '%D0%B4%D0%B8%D0%B2%D0%B0%D0%BD',
      'a%27%20or%201%3D1',
      '%00',
      'D'.repeat(200),
    ]) {
      const answer = await browser.get(`/api/delivery/products/slug/${slug}`);
      expect(answer.statusCode, slug).toBe(400);
      expect(isApiError(answer.json()), slug).toBe(true);
      expect((answer.json() as { message: string }).message, slug).toMatch(/^Некорректный адрес/);
    }
    // Longer than any slug: the router's bound on a path parameter (server/http/app.ts) refuses it first.
    const tooLong = await browser.get(`/api/delivery/products/slug/${'a'.repeat(201)}`);
    expect(tooLong.statusCode).toBe(414);
    expect(isApiError(tooLong.json())).toBe(true);
  });
});
