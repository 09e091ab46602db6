import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('the Yandex Market feed lists visible offers in roubles with absolute addresses', async () => {
    const response = await get('/yml.xml');
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<yml_catalog date="\d{4}-\d{2}-\d{2} \d{2}:\d{2}">/,
    );
    expect(response.body).toContain('<currency id="RUR" rate="1"/>');
    expect(response.body).toContain(`<offer id="${visible.id}" `);
    expect(response.body).not.toContain(`<offer id="${hidden.id}" `);
    expect(response.body).toMatch(/<url>https?:\/\/[^<]+\/product\/[^<]+<\/url><price>\d+<\/price>/);
    const offers = response.body.match(/<offer /g)?.length ?? 0;
    expect(offers).toBe(content.products.length - 1);
  });
});
