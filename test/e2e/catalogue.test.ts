import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser, openApp } from './support/browser';

/**
 * The catalogue in a real browser against the real server on a freshly seeded database:
 * browse → category → filter → product, and search with a typo and with the wrong keyboard layout.
 */
describe('catalogue and search in Chromium', () => {
  const baseUrl = inject('shopBaseUrl');
  let launched: LaunchedBrowser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  /**
   * A category without an SEO text answers 404 by contract (GET /api/seo/{key}), and Chromium logs
   * every non-2xx fetch as a console error; that one expected answer is not a problem.
   */
  function isExpectedMissingSeo(message: ConsoleMessage): boolean {
    return (
      message.text().startsWith('Failed to load resource') && message.location().url.includes('/api/seo/')
    );
  }

  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });

  async function openPage(): Promise<Page> {
    context = await launched.browser.newContext({ viewport: { width: 1440, height: 1000 } });
    page = await context.newPage();
    problems = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !isExpectedMissingSeo(message)) problems.push(message.text());
    });
    return page;
  }

  afterEach(async () => {
    await context?.close();
  });

  it('opens a category from the address bar with its first reads answered inside the page', async () => {
    const page = await openPage();
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiRequests.push(`${url.pathname}${url.search}`);
    });
    await openApp(page, `${baseUrl}/category/mebel`);
    await page.getByRole('heading', { level: 1, name: 'Мебель' }).waitFor();
    await page.locator('article').first().waitFor();
    // The render's port calls travel in the document (api/recorded-calls.ts): the session, the city,
    // the menu, the listing, its SEO text and tags are not asked again.
    expect(
      apiRequests.filter((request) =>
        /^\/api\/(check-auth|geo|categories|products\?|seo\/|popular-tags\/)/.test(request),
      ),
    ).toEqual([]);
    expect(await page.locator('#shop-calls').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('draws a product page on the server: the shopper sees it before (and without) JavaScript', async () => {
    const listing = (await (await fetch(`${baseUrl}/api/products?limit=1`)).json()) as {
      items: { slug: string; name: string }[];
    };
    const product = listing.items[0];
    if (product === undefined) throw new Error('the seeded catalogue has no product');
    const noScript = await launched.browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 412, height: 823 },
    });
    try {
      const page = await noScript.newPage();
      const response = await page.goto(`${baseUrl}/product/${product.slug}`);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      await page
        .getByRole('button', { name: /В корзину/ })
        .first()
        .waitFor();
      expect(await page.title()).toBe(`${product.name} — Дом и Стиль`);
      // Crumbs and the menu are plain links: a shopper (or a crawler) can move on without scripts.
      expect(
        await page.getByRole('navigation', { name: 'Хлебные крошки' }).getByRole('link').count(),
      ).toBeGreaterThan(1);
      const unknown = await page.goto(`${baseUrl}/product/no-such-product-here`);
      expect(unknown?.status()).toBe(404);
    } finally {
      await noScript.close();
    }
  });

  it('browses from the catalogue to a category, filters it through the URL and opens a product', async () => {
    const page = await openPage();
    await openApp(page, `${baseUrl}/categories`);
    await page.getByRole('heading', { level: 1, name: 'Каталог товаров' }).waitFor();
    await page.getByRole('link', { name: 'Мебель', exact: true }).first().click();
    await page.waitForURL(/\/category\/mebel$/);
    await page.getByRole('heading', { level: 1, name: 'Мебель' }).waitFor();

    await page
      .getByRole('navigation', { name: 'Подкатегории' })
      .getByRole('link', { name: 'Диваны', exact: true })
      .click();
    await page.waitForURL(/\/category\/mebel\/divany$/);
    await page.getByRole('heading', { level: 1, name: 'Диваны' }).waitFor();
    const before = await page
      .getByText(/^\d+ товар/)
      .first()
      .textContent();

    // The first material's facet count is the number of products the filter leaves.
    const option = page.getByRole('group', { name: 'Материал' }).getByRole('checkbox').first();
    const optionLabel = (await option.locator('xpath=..').textContent()) ?? '';
    const expected = Number(/(\d+)\s*шт\./.exec(optionLabel)?.[1]);
    expect(expected).toBeGreaterThan(0);
    await option.click();
    await page.waitForURL(/material=/);
    await page
      .getByText(new RegExp(`^${expected} товар`))
      .first()
      .waitFor();
    expect(
      await page
        .getByText(/^\d+ товар/)
        .first()
        .textContent(),
    ).not.toBe(before);
    await expect(page.getByRole('list', { name: 'Товары' }).getByRole('article').count()).resolves.toBe(
      Math.min(expected, 24),
    );

    // The filter survives a reload: it lives in the URL.
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForSelector('html[data-app="ready"]', { state: 'attached' });
    await expect(option.isChecked()).resolves.toBe(true);

    const firstCard = page.getByRole('list', { name: 'Товары' }).getByRole('article').first();
    const name = (await firstCard.getAttribute('aria-label')) ?? '';
    await firstCard.getByRole('link', { name }).click();
    await page.waitForURL(/\/product\//);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('heading', { name: 'Описание' }).waitFor();
    expect(await page.title()).toBe(`${name} — Дом и Стиль`);
    const jsonLd = await page.$$eval('script[type="application/ld+json"]', (scripts) =>
      scripts.map((script) => JSON.parse(script.textContent ?? 'null')['@type']),
    );
    expect(jsonLd).toEqual(expect.arrayContaining(['Product', 'BreadcrumbList']));
    expect(await page.getAttribute('meta[name="robots"]', 'content')).toBe('index,follow');
    expect(problems).toEqual([]);
  });

  it('finds sofas for a query with a typo («дивн»)', async () => {
    const page = await openPage();
    await openApp(page, `${baseUrl}/search?q=${encodeURIComponent('дивн')}`);
    await page.getByRole('heading', { level: 1, name: 'Результаты поиска: «дивн»' }).waitFor();
    const names = await page
      .getByRole('list', { name: 'Результаты поиска' })
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
    expect(names.length).toBeGreaterThan(0);
    expect(names.some((name) => /диван/i.test(name))).toBe(true);
    expect(problems).toEqual([]);
  });

  it('understands a query typed in the wrong keyboard layout («lbdfy») and says what it searched for', async () => {
    const page = await openPage();
    await openApp(page, `${baseUrl}/`);
    const field = page.getByRole('combobox', { name: 'Поиск по каталогу' }).first();
    await field.fill('lbdfy');
    await field.press('Enter');
    await page.waitForURL(/\/search\?q=lbdfy/);
    await page.getByText('Показаны результаты по запросу «диван»').waitFor();
    const names = await page
      .getByRole('list', { name: 'Результаты поиска' })
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
    expect(names.length).toBeGreaterThan(0);
    // The best match comes first.
    expect(names[0]).toMatch(/диван/i);
    expect(problems).toEqual([]);
  });

  it('shows the not-found page for an unknown product and an unknown static page', async () => {
    const page = await openPage();
    await openApp(page, `${baseUrl}/product/net-takogo-tovara`);
    await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
    await openApp(page, `${baseUrl}/pages/net-takoy-stranitsy`);
    await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
    await openApp(page, `${baseUrl}/pages/delivery`);
    await page.getByRole('heading', { level: 1, name: 'Доставка' }).waitFor();
  });

  it('remembers the products a guest opened and shows them on the home page, last seen first', async () => {
    const page = await openPage();
    const response = await fetch(`${baseUrl}/api/products?limit=3&sort=price_asc`);
    const { items } = (await response.json()) as { items: { slug: string; name: string }[] };
    expect(items).toHaveLength(3);
    for (const item of items) {
      await openApp(page, `${baseUrl}/product/${item.slug}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
    }
    await openApp(page, `${baseUrl}/`);
    // The slider loads with the one above it, when that comes near the viewport (spec §2).
    await page.getByRole('region', { name: 'Вам может понравиться' }).scrollIntoViewIfNeeded();
    const slider = page.getByRole('region', { name: 'Вы недавно смотрели' });
    await slider.getByRole('article').first().waitFor();
    const names = await slider
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
    expect(names.slice(0, 3)).toEqual(items.map((item) => item.name).reverse());
    expect(problems).toEqual([]);
  });

  it('answers a path no page has with HTTP 404 and the not-found page, and known pages with 200', async () => {
    const statusOf = async (path: string) => {
      const response = await fetch(`${baseUrl}${path}`);
      return { status: response.status, body: await response.text() };
    };
    for (const path of ['/net-takoy-stranitsy', '/category-x', '/orders', '/admin-panel/x']) {
      const page = await statusOf(path);
      expect(page.status, path).toBe(404);
      expect(page.body, path).toContain('<meta name="robots" content="noindex,nofollow"');
    }
    for (const path of [
      '/',
      '/categories',
      '/category/mebel',
      '/pages/delivery',
      '/search?q=диван',
      '/pages/news',
    ]) {
      expect((await statusOf(path)).status, path).toBe(200);
    }
    const page = await openPage();
    await openApp(page, `${baseUrl}/net-takoy-stranitsy`);
    await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
  });
});
