import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ymlOffers, ymlStructureProblems } from '../support/yml-structure';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { startTestApp, type TestApp } from './support/test-app';
import { testContent, testDrivers } from './support/test-database';

describe.each(testDrivers())('robots.txt, sitemaps and the market feed on %s', (driver) => {
  let test: TestApp;
  const content = testContent();
  const [visible, hidden] = content.products;
  if (!visible || !hidden) throw new Error('the test catalogue needs two products');

  beforeAll(async () => {
    test = await startTestApp(driver);
    await test.database.rows(sql`UPDATE products SET hidden = true WHERE id = ${hidden.id}`);
  });
  afterAll(async () => {
    await test?.close();
  });

  const get = (url: string) => test.app.inject({ method: 'GET', url });

  it('robots.txt keeps crawlers out of private paths and search, and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    for (const path of ['/admin', '/checkout', '/cart', '/favorites/share', '/search']) {
      expect(response.body).toContain(`Disallow: ${path}/`);
    }
    expect(response.body).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
  });

  it('the sitemap index points at files that all answer, and those list visible products only', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    const files = [...index.body.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]+)<\/loc>/g)].map(
      (match) => match[1] ?? '',
    );
    expect(files).toEqual(['/sitemap-pages.xml', '/sitemap-categories.xml', '/sitemap-products-1.xml']);
    const bodies = await Promise.all(files.map((file) => get(file)));
    for (const body of bodies) expect(body.statusCode).toBe(200);
    const [pages, categories, products] = bodies.map((body) => body.body);
    expect(pages).toContain('/pages/news</loc>');
    expect(categories).toMatch(/\/category\/[a-z0-9-]+(\/[a-z0-9-]+)*<\/loc>/);
    expect(products).toContain(`/product/${encodeURIComponent(visible.slug)}</loc><lastmod>`);
    expect(products).not.toContain(`/product/${encodeURIComponent(hidden.slug)}</loc>`);
    const listed = products?.match(/<url>/g)?.length ?? 0;
    expect(listed).toBe(content.products.length - 1);
  });

  it('a product sitemap past the last answers 404', async () => {
    expect((await get('/sitemap-products-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemap-products-0.xml')).statusCode).toBe(404);
  });

  it('the Yandex Market feed lists visible offers in roubles with absolute addresses, in the YML structure', async () => {
    const response = await get('/yml.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<yml_catalog date="\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00">/,
    );
    expect(ymlStructureProblems(response.body)).toEqual([]);
    expect(response.body).toContain('<currency id="RUR" rate="1"/>');
    expect(response.body).toContain(`<offer id="${visible.id}" `);
    expect(response.body).not.toContain(`<offer id="${hidden.id}" `);
    expect(response.body).toMatch(/<url>https?:\/\/[^<]+\/product\/[^<]+<\/url><price>\d+<\/price>/);
    const offers = ymlOffers(response.body);
    expect(offers.size).toBe(content.products.length - 1);
    const names = (offers.get(String(visible.id))?.children ?? []).map((child) => child.name);
    for (const name of ['vendor', 'model', 'param', 'weight', 'dimensions', 'sales_notes', 'picture'])
      expect(names).toContain(name);
  });
});

describe.each(testDrivers())('the market feed follows the catalogue within a minute on %s', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  beforeAll(async () => {
    shop = await startShopApp(driver);
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });

  const priceInFeed = async (id: number) => {
    const body = (await shop.app.inject({ method: 'GET', url: '/yml.xml' })).body;
    return ymlOffers(body)
      .get(String(id))
      ?.children.find((child) => child.name === 'price')?.text;
  };

  it('a back-office edit shows at once; a change behind its back within 60 s', async () => {
    const [row] = await shop.database.rows<{ id: number; price: number }>(
      sql`SELECT id, price FROM products WHERE deleted_at IS NULL AND NOT hidden AND (stock IS NULL OR stock > 0) ORDER BY id LIMIT 1`,
    );
    const id = Number(row?.id);
    const price = Number(row?.price);
    expect(await priceInFeed(id)).toBe(String(price));
    expect((await admin.patch(`/api/admin/products/${id}`, { price: price + 10 })).statusCode).toBe(200);
    expect(await priceInFeed(id)).toBe(String(price + 10));
    // A write that bypasses the back office (no invalidation): served from the cache for up to a minute.
    await shop.database.rows(sql`UPDATE products SET price = ${price + 20} WHERE id = ${id}`);
    expect(await priceInFeed(id)).toBe(String(price + 10));
    shop.clock.now += 60_001;
    expect(await priceInFeed(id)).toBe(String(price + 20));
  });

  it('the delivery options are the tariffs in force; an edit of the tariffs shows within a minute', async () => {
    const feed = async () => (await shop.app.inject({ method: 'GET', url: '/yml.xml' })).body;
    const shopBlock = (body: string) =>
      /<shop>[\s\S]*?<delivery-options>(.*?)<\/delivery-options>/.exec(body)?.[1];
    shop.clock.now += 60_001;
    expect(shopBlock(await feed())).toBe('<option cost="1500" days="1-3"/>');
    const current = (await admin.get('/api/admin/tariffs')).json() as {
      version: number;
      tariffs: Record<string, unknown>;
    };
    const saved = await admin.put('/api/admin/tariffs', {
      version: current.version,
      tariffs: { ...current.tariffs, insideKad: 120_000 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    shop.clock.now += 60_001;
    expect(shopBlock(await feed())).toBe('<option cost="1200" days="1-3"/>');
  });
});
