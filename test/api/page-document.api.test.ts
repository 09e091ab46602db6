import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_BOOTSTRAP_ELEMENT_ID } from '../../api/page-bootstrap';
import { CRAWLER_RETRY_AFTER_SECONDS } from '../../server/domain/undrawn-page';
import type { Database } from '../../server/infrastructure/db/database';
import { BROWSER_AGENT as BROWSER, buildDrawingClient, callsOf } from './support/drawn-documents';
import { getJson, startTestApp, type TestApp } from './support/test-app';

/**
 * The page document (server/http/page-document.ts): the built index.html with the page's first API
 * answers, the route's chunks and the largest picture, against the real app on a seeded database and
 * the real server renderer (src/entry-server.tsx, built beside the test's client folder exactly as
 * `npm run build:server` builds it): the reads the document carries are the ones the app's page
 * queries made.
 */
const TEMPLATE = `<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><title>Дом и Стиль</title>
<meta name="description" content="Мебель, декор и техника." />
<script type="module" crossorigin src="/assets/index-AbCdEf12.js"></script>
<link rel="modulepreload" crossorigin href="/assets/app-AbCdEf12.js"></head>
<body><div id="root"><!--app--><!--/app--></div></body></html>`;

const MANIFEST = {
  'index.html': { file: 'assets/index-AbCdEf12.js', imports: ['_app-AbCdEf12.js'] },
  '_app-AbCdEf12.js': { file: 'assets/app-AbCdEf12.js' },
  'node_modules/@fontsource-variable/manrope/files/manrope-cyrillic-wght-normal.woff2': {
    file: 'assets/manrope-cyrillic-AbCdEf12.woff2',
  },
  'src/infrastructure/http/http-adapters.ts': {
    file: 'assets/http-adapters-AbCdEf12.js',
    imports: ['_app-AbCdEf12.js'],
  },
  'src/ui/routes/product/$slug.tsx?tsr-split=component---loader': {
    file: 'assets/slug-AbCdEf12.js',
    imports: ['_app-AbCdEf12.js'],
    css: ['assets/slug-AbCdEf12.css'],
  },
};

const YANDEX_BOT = 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)';
const GOOGLEBOT =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DRAWN = /<!--app:drawn-->[\s\S]*<h1[\s\S]*<!--\/app-->/;

/**
 * Runs `work` while the database is busy: a transaction holds PGlite's one connection until `work`
 * settles, so every read the page needs waits (as behind a queue of slow queries under load).
 */
async function whileDatabaseIsBusy<T>(database: Database, work: () => Promise<T>): Promise<T> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = () => {};
  const held = new Promise<void>((resolve) => {
    holding = resolve;
  });
  const transaction = database.db.transaction(async () => {
    holding();
    await released;
  });
  await held;
  try {
    return await work();
  } finally {
    release();
    await transaction;
  }
}

describe('the page document', () => {
  let test: TestApp;
  /** The same build with no time to load a page: every public page misses its content. */
  let hurried: TestApp;

  beforeAll(async () => {
    const clientDir = await buildDrawingClient('page-doc', { template: TEMPLATE, manifest: MANIFEST });
    test = await startTestApp('pglite', { clientDir });
    hurried = await startTestApp('pglite', {
      clientDir,
      pageDocument: { renderDeadlineMs: { person: 0, crawler: 0 } },
    });
    // A page request first reads the redirect table (cached from then on): read it now, not while a
    // test holds the database.
    await hurried.app.inject({ method: 'GET', url: '/' });
  });
  afterAll(async () => {
    await test?.close();
    await hurried?.close();
  });

  it('keeps a drawn public page indexable, for a person and for a crawler', async () => {
    for (const agent of [BROWSER, YANDEX_BOT, GOOGLEBOT]) {
      // The first visit warms the database's caches (a slow read would leave the page to the browser).
      await test.app.inject({ method: 'GET', url: '/category/mebel', headers: { 'user-agent': agent } });
      const response = await test.app.inject({
        method: 'GET',
        url: '/category/mebel',
        headers: { 'user-agent': agent },
      });
      expect(response.statusCode, agent).toBe(200);
      expect(response.body, agent).toMatch(DRAWN);
      expect(response.body, agent).toContain('<meta name="robots" content="index,follow">');
      expect(response.headers['x-robots-tag'], agent).toBeUndefined();
      expect(response.headers['retry-after'], agent).toBeUndefined();
      expect(response.headers['server-timing'], agent).toMatch(/^render;dur=\d+;desc="drawn"$/);
    }
  });

  it('never offers a public page drawn without its content for indexing: noindex for people, 503 for crawlers', async () => {
    // A person gets the loading screen the app fills in, marked noindex in the head and the headers.
    const person = await whileDatabaseIsBusy(hurried.database, () =>
      hurried.app.inject({ method: 'GET', url: '/category/mebel', headers: { 'user-agent': BROWSER } }),
    );
    expect(person.statusCode).toBe(200);
    expect(person.body).not.toContain('<!--app:drawn-->');
    expect(person.body).toContain('<!--app--><!--/app-->');
    expect(person.body).toContain('<meta name="robots" content="noindex,nofollow">');
    expect(person.body).not.toContain('index,follow');
    expect(person.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(person.headers['retry-after']).toBeUndefined();
    expect(person.headers['server-timing']).toMatch(/desc="missed-deadline"/);
    expect(person.headers.vary).toContain('user-agent');
    // A search crawler is asked to come back: it keeps what it has indexed instead of an empty page.
    for (const [agent, url] of [
      [YANDEX_BOT, '/category/mebel'],
      [GOOGLEBOT, '/'],
      [GOOGLEBOT, '/pages/contacts'],
    ] as const) {
      const crawler = await whileDatabaseIsBusy(hurried.database, () =>
        hurried.app.inject({ method: 'GET', url, headers: { 'user-agent': agent } }),
      );
      expect(crawler.statusCode, url).toBe(503);
      expect(crawler.headers['retry-after'], url).toBe(String(CRAWLER_RETRY_AFTER_SECONDS));
      expect(crawler.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(crawler.body, url).toContain('<meta name="robots" content="noindex,nofollow">');
      expect(crawler.body, url).not.toMatch(DRAWN);
    }
  });

  it("leaves the visitor's own pages, drawn by the browser by design, as they were", async () => {
    // The checkout is the visitor's own (the cart's frame is drawn since session 13: see the next tests).
    for (const agent of [BROWSER, YANDEX_BOT]) {
      const checkout = await hurried.app.inject({
        method: 'GET',
        url: '/checkout',
        headers: { 'user-agent': agent },
      });
      expect(checkout.statusCode, agent).toBe(200);
      expect(checkout.body, agent).toContain('<meta name="robots" content="noindex,nofollow">');
      expect(checkout.headers['x-robots-tag'], agent).toBeUndefined();
      expect(checkout.headers['server-timing'], agent).toMatch(/desc="shell"/);
    }
  });

  it("carries the shell's port calls with their answers, private to the visitor, and no HTTP adapters", async () => {
    const response = await test.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary).toContain('cookie');
    const calls = callsOf(response.body);
    // The session as the auth port answered it (decoded on the server), answered once in the browser.
    expect(calls.get('auth.checkAuth[]')).toMatchObject({ times: 1, value: { authenticated: false } });
    const categories = calls.get('catalogue.listCategories[]');
    expect(categories !== undefined && 'value' in categories && Array.isArray(categories.value)).toBe(true);
    // The raw answers are not sent twice: the record replaces them.
    expect(response.body).not.toContain(`id="${PAGE_BOOTSTRAP_ELEMENT_ID}"`);
    expect(response.body).toContain('<link rel="preload" as="image" href="/images/home/banner-living.svg"');
    // Already in the template: not linked twice.
    expect(response.body.match(/app-AbCdEf12\.js/g)).toHaveLength(1);
    // The page hydrates from the record: effect and the contract load with the first call it lacks.
    expect(response.body).not.toContain('http-adapters-AbCdEf12.js');
    // The Organization structured data names the shop by its public address, as the browser will.
    expect(response.body).toMatch(/"@type":"Organization"[^<]*"url":"https?:\/\/[^"/]+\/"/);
  });

  it('carries the product, its chunk and styles, and preloads its first photo', async () => {
    const list = (await getJson(test.app, '/api/products?limit=1')).body as { items: { slug: string }[] };
    const slug = list.items[0]?.slug ?? '';
    const response = await test.app.inject({ method: 'GET', url: `/product/${slug}` });
    const calls = callsOf(response.body);
    const product = await getJson(test.app, `/api/products/slug/${slug}`);
    expect(calls.get(`catalogue.productBySlug[${JSON.stringify(slug)}]`)).toMatchObject({
      times: 1,
      value: { slug, name: (product.body as { name: string }).name },
    });
    // The delivery facts were asked for by slug, with the product (issue 27, item 4): the record holds
    // the very call the browser's loader makes, so hydration answers it without a request.
    const productId = (product.body as { id: number }).id;
    expect(calls.get(`delivery.productBySlug[${JSON.stringify(slug)}]`)).toMatchObject({
      times: 1,
      value: { productId, promise: { text: expect.stringMatching(/^Привезём /) } },
    });
    expect([...calls.keys()].some((key) => key.startsWith('delivery.products'))).toBe(false);
    // The deferred recommendations were waited for and drawn, so they are in the record too.
    expect([...calls.keys()].some((key) => key.startsWith('catalogue.recommendationsByStyle'))).toBe(true);
    expect(response.body).toContain('<link rel="modulepreload" crossorigin href="/assets/slug-AbCdEf12.js">');
    expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/slug-AbCdEf12.css">');
    const detail = product.body as { name: string; images: { url: string }[] };
    expect(response.body).toContain(`<title>${detail.name.replace(/"/g, '&quot;')} — Дом и Стиль</title>`);
    expect(response.body.match(/<meta name="description"/g)).toHaveLength(1);
    expect(response.body).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+/product/${slug}">`));
    expect(response.body).toContain('<meta property="og:type" content="product">');
    const photo = detail.images[0]?.url ?? '';
    expect(response.body).toContain(`<link rel="preload" as="image" href="${photo}"`);
  });

  it("carries an unknown product's 404 answer, so the browser shows the not-found page at once", async () => {
    const response = await test.app.inject({ method: 'GET', url: '/product/no-such-product' });
    // A real 404 for search engines (no "soft 404"); the app shows its not-found page all the same.
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Страница не найдена — Дом и Стиль</title>');
    expect(response.body).toContain('<meta name="robots" content="noindex,nofollow">');
    // The refusal is recorded: the browser shows the not-found page without asking again.
    expect(callsOf(response.body).get('catalogue.productBySlug["no-such-product"]')).toMatchObject({
      times: 1,
      refusal: { status: 404 },
    });
    // Its delivery facts, asked for at the same time, were refused too; the browser does not ask again.
    expect(callsOf(response.body).get('delivery.productBySlug["no-such-product"]')).toMatchObject({
      times: 1,
      refusal: { status: 404 },
    });
    expect(response.body).not.toContain('rel="preload" as="image"');
  });

  it("carries the reads the category page's own query made, filters included, and draws the page", async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/category/mebel?sort=price_asc&page=2',
    });
    expect(response.statusCode).toBe(200);
    const calls = callsOf(response.body);
    const keys = [...calls.keys()];
    // The shell's session and city, the menu, and the page query's listing, SEO text and tags.
    expect(keys).toEqual(
      expect.arrayContaining([
        'auth.checkAuth[]',
        'geo.detectCity[]',
        'catalogue.listCategories[]',
        'catalogue.seoText["mebel"]',
        'catalogue.popularTags["mebel"]',
      ]),
    );
    const listing = keys.filter((key) => key.startsWith('catalogue.listProducts'));
    expect(listing).toHaveLength(1);
    expect(listing[0]).toContain('"sort":"price_asc"');
    expect(listing[0]).toContain('"offset":24');
    // Drawn on the server: the markup replaced the loading screen.
    expect(response.body).toMatch(/<!--app:drawn-->[\s\S]*<h1[^>]*>[^<]+<\/h1>[\s\S]*<!--\/app-->/);
    // The categories list is read once, by the menu: the page query takes the root's (issue 27, item 4).
    expect(calls.get('catalogue.listCategories[]')?.times).toBe(1);
  });

  it("draws public pages on the server and leaves the visitor's own pages to the browser", async () => {
    for (const url of [
      '/search?q=%D0%B4%D0%B8%D0%B2%D0%B0%D0%BD',
      '/pages/contacts',
      '/pages/news',
      '/categories',
    ]) {
      // The first visit warms the database's caches: a page whose reads take longer than the
      // document's deadline is sent with the loading screen (correct, but not what is tested here).
      await test.app.inject({ method: 'GET', url });
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toMatch(/<!--app:drawn-->[\s\S]*<h1[\s\S]*<!--\/app-->/);
    }
    for (const url of ['/checkout', '/favorites']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toMatch(/<!--app:drawn-->[\s\S]*<h1[\s\S]*<!--\/app-->/);
    }
    // The cart's frame is drawn (its heading and neutral placeholder rows; the rows are the browser's),
    // never indexed (docs/architecture.md «The search and cart pages drawn by the server»).
    await test.app.inject({ method: 'GET', url: '/cart' });
    const cart = await test.app.inject({ method: 'GET', url: '/cart' });
    expect(cart.statusCode).toBe(200);
    expect(cart.body).toMatch(/<!--app:drawn-->[\s\S]*<h1[^>]*>Корзина<\/h1>[\s\S]*<!--\/app-->/);
    expect(cart.body).toContain('<meta name="robots" content="noindex,nofollow">');
  });

  it('crawls every public page without JavaScript: its content, its own title and canonical, and 200', async () => {
    const firstSlug = async (path: string) =>
      ((await getJson(test.app, path)).body as { items: { slug: string }[] }).items[0]?.slug ?? '';
    const product = await firstSlug('/api/products?limit=1');
    const news = await firstSlug('/api/news?type=news&limit=1');
    const article = await firstSlug('/api/news?type=inspiration&limit=1');
    const pages = [
      '/categories',
      '/category/mebel',
      '/category/mebel/divany?sort=price_asc',
      '/category/mebel?page=2',
      `/product/${product}`,
      '/search?q=%D0%B4%D0%B8%D0%B2%D0%B0%D0%BD',
      '/pages/news',
      `/news/${news}`,
      `/articles/${article}`,
      '/category/vdohnovenie',
      '/pages/contacts',
      '/pages/delivery',
      '/privacy',
      '/terms',
      '/consent',
    ];
    for (const url of pages) {
      // The first visit warms the database's caches (a slow read leaves the page to the browser).
      await test.app.inject({ method: 'GET', url });
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toMatch(/<!--app:drawn-->[\s\S]*<h1[^>]*>[^<]+<\/h1>[\s\S]*<!--\/app-->/);
      // Its own title (not the shop's default) and description, and a canonical address.
      expect(response.body, url).toMatch(/<title>[^<]+ — Дом и Стиль<\/title>/);
      expect(response.body, url).not.toContain('content="Мебель, декор и техника."');
      expect(response.body, url).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+">/);
    }
  });

  it('gives a category page BreadcrumbList and ItemList structured data with absolute URLs', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/category/mebel/divany' });
    const blocks = [...response.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
    );
    const list = blocks.find((block) => block['@type'] === 'ItemList') as
      | { itemListElement: { position: number; url: string; name: string }[] }
      | undefined;
    const crumbs = blocks.find((block) => block['@type'] === 'BreadcrumbList') as
      | { itemListElement: { name: string; item: string }[] }
      | undefined;
    expect(list?.itemListElement.length).toBeGreaterThan(0);
    expect(list?.itemListElement[0]).toMatchObject({ position: 1 });
    expect(list?.itemListElement.every((item) => /^https?:\/\/[^/]+\/product\//.test(item.url))).toBe(true);
    expect(crumbs?.itemListElement.map((crumb) => crumb.name)).toEqual([
      'Главная',
      'Каталог',
      'Мебель',
      'Диваны',
    ]);
    expect(crumbs?.itemListElement.every((crumb) => /^https?:\/\//.test(crumb.item))).toBe(true);
  });

  it('does not preload the web fonts: they load once the app has taken over (ui/shell/web-fonts.ts)', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/pages/contacts' });
    expect(response.body).not.toContain('manrope-cyrillic-AbCdEf12.woff2');
    expect(response.body).not.toMatch(/<link rel="preload" as="font"/);
  });

  it('titles a category page and answers 404 for an unknown one', async () => {
    const category = await test.app.inject({ method: 'GET', url: '/category/mebel' });
    expect(category.statusCode).toBe(200);
    expect(category.body).toMatch(/<title>[^<]+ — Дом и Стиль<\/title>/);
    expect(category.body).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/category\/mebel">/);
    const unknown = await test.app.inject({ method: 'GET', url: '/category/mebel/no-such-category' });
    expect(unknown.statusCode).toBe(404);
    // The app's own queries decide the rest: an unknown static page or article is a 404 too.
    for (const url of ['/pages/no-such-page', '/news/no-such-news', '/articles/no-such-article']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<meta name="robots" content="noindex,nofollow">');
    }
    const checkout = await test.app.inject({ method: 'GET', url: '/checkout' });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.body).toContain('<meta name="robots" content="noindex,nofollow">');
  });

  it('compresses the document for clients that accept it', async () => {
    const plain = await test.app.inject({ method: 'GET', url: '/categories' });
    const br = await test.app.inject({
      method: 'GET',
      url: '/categories',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    // Each document is written anew (its servedAt differs): compare the rest.
    const comparable = (html: string) => html.replace(/"servedAt":\d+/, '"servedAt":0');
    expect(comparable(brotliDecompressSync(br.rawPayload).toString('utf8'))).toBe(comparable(plain.body));
    const gz = await test.app.inject({
      method: 'GET',
      url: '/categories',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(comparable(gunzipSync(gz.rawPayload).toString('utf8'))).toBe(comparable(plain.body));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('survives hostile paths and never echoes them into the document', async () => {
    for (const url of [
      '/product/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/category/%E0%A4%A',
      `/category/${'a/'.repeat(300)}`,
      '/"><img src=x onerror=alert(1)>',
    ]) {
      const response = await test.app.inject({ method: 'GET', url });
      // A malformed escape is refused by the router itself (400); the rest get the page.
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain('<script>alert');
      expect(response.body, url).not.toContain('<img src=x');
      expect(response.body, url).not.toMatch(/"><(img|script)/);
    }
  });
});
