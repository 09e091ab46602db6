import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser, openApp } from './support/browser';

declare global {
  interface Window {
    /** The server's <h1>, taken before the app's scripts run (see openWatched). */
    __serverHeading?: Element | null;
    /** The sum of the page's layout shifts so far (see openWatched); CLS counts the same entries. */
    __layoutShift?: number;
  }
}

/**
 * The browser app hydrates the page the server drew (issue 15, src/main.tsx): it adopts the server's
 * DOM instead of drawing it again, answers the page's first calls from the document's record (so the
 * HTTP adapters' chunk — effect and the contract — is not loaded to start), and fills in what only the
 * browser knows (the visitor's cart) right after, without a mismatch.
 */
describe('hydration of server-drawn pages, in Chromium', () => {
  const baseUrl = inject('shopBaseUrl');
  let launched: LaunchedBrowser;
  let productSlug: string;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    launched = await launchBrowser();
    const response = await fetch(`${baseUrl}/api/products?limit=24&sort=popular`);
    const list = (await response.json()) as { items: { slug: string }[] };
    // Not the last one (the early-input suite buys that) nor the newest (the checkout suites).
    const product = list.items.at(-2);
    if (!product) throw new Error('the demo catalogue has no products');
    productSlug = product.slug;
  });
  afterAll(async () => {
    await context?.close();
    await launched?.close();
  });

  /** A page that keeps the server's <h1> node and records console errors and script requests. */
  async function openWatched(browserContext: BrowserContext) {
    const page = await browserContext.newPage();
    await page.addInitScript(() => {
      window.__layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          // A shift right after the visitor's own input is theirs, not the page's (CLS leaves it out).
          const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
          if (!shift.hadRecentInput) window.__layoutShift = (window.__layoutShift ?? 0) + shift.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('readystatechange', () => {
        // 'interactive': the document is parsed, module scripts have not run yet.
        if (document.readyState === 'interactive') window.__serverHeading = document.querySelector('h1');
      });
    });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    return { page, problems, scripts };
  }

  /**
   * How far the page has moved once it is ready and settled: the web fonts in, and two frames painted
   * after that. Counting shifts, not timing anything.
   */
  async function shiftAfterReady(page: Page): Promise<number> {
    return page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
      return window.__layoutShift ?? 0;
    });
  }

  async function sameHeadingAsServer(page: Page): Promise<boolean> {
    return page.evaluate(() => {
      const heading = window.__serverHeading;
      return heading?.isConnected === true && heading === document.querySelector('h1');
    });
  }

  it('serves the start-up chunks with the compile hint, and the lazy HTTP adapters without it', async () => {
    const documentHtml = await (await fetch(`${baseUrl}/product/${productSlug}`)).text();
    const startUp = [
      ...documentHtml.matchAll(
        /<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="([^"]+\.js)"/g,
      ),
    ]
      .map((match) => match[1] ?? '')
      .filter((path) => !path.includes('rolldown-runtime'));
    expect(startUp.some((path) => /\/app-[^/]+\.js$/.test(path))).toBe(true);
    const codes = new Map<string, string>();
    for (const path of startUp) {
      const code = await (await fetch(`${baseUrl}${path}`)).text();
      codes.set(path, code);
      expect(code.startsWith('//# allFunctionsCalledOnLoad\n'), path).toBe(true);
    }
    // The app chunk names its lazy chunks (vite's preload list); effect's is not compiled eagerly.
    const adaptersChunk = /assets\/http-adapters-[\w-]+\.js/.exec([...codes.values()].join('\n'))?.[0];
    expect(adaptersChunk).toBeDefined();
    const adaptersCode = await (await fetch(`${baseUrl}/${adaptersChunk}`)).text();
    expect(adaptersCode.length).toBeGreaterThan(0);
    expect(adaptersCode.startsWith('//#')).toBe(false);
  });

  it('adopts the server-drawn product page without loading the HTTP adapters, then shows the visitor cart', async () => {
    context = await launched.browser.newContext({ viewport: { width: 390, height: 844 } });
    const cold = await openWatched(context);
    await openApp(cold.page, `${baseUrl}/product/${productSlug}`);
    expect(await sameHeadingAsServer(cold.page)).toBe(true);
    // Ready without effect's chunk: every call of the first render was answered from the document.
    expect(cold.scripts.filter((script) => script.includes('http-adapters'))).toEqual([]);
    expect(cold.problems).toEqual([]);

    // A guest's cart lives in their storage (no server call).
    await cold.page.getByRole('button', { name: 'В корзину' }).first().click();
    await cold.page.getByRole('link', { name: 'Корзина: 1 товар' }).waitFor();
    await cold.page.close();

    // Again, with the cart in storage: the server drew a guest's empty header, hydration finds the same
    // markup, and the visitor's count appears right after.
    const warm = await openWatched(context);
    await openApp(warm.page, `${baseUrl}/product/${productSlug}`);
    await warm.page.getByRole('link', { name: 'Корзина: 1 товар' }).waitFor();
    expect(await sameHeadingAsServer(warm.page)).toBe(true);
    expect(warm.problems).toEqual([]);
  });

  it('hydrates the catalogue index, a filtered category page and a news list without a mismatch', async () => {
    context ??= await launched.browser.newContext({ viewport: { width: 1440, height: 1000 } });
    for (const path of ['/categories', '/category/mebel?sort=price_asc', '/pages/news']) {
      const { page, problems } = await openWatched(context);
      await openApp(page, `${baseUrl}${path}`);
      expect(await sameHeadingAsServer(page), path).toBe(true);
      expect(problems, path).toEqual([]);
      await page.close();
    }
  });

  it('draws the search page styled from the document: hydrated at 412 px without a mismatch or a shift', async () => {
    // bench:web found the server's search page painted without its route's stylesheets, so it jumped
    // (CLS 0.67) when the app's code brought them (issue 27, session 13; server/http/page-plan.ts).
    const phone = await launched.browser.newContext({ viewport: { width: 412, height: 915 } });
    try {
      const { page, problems } = await openWatched(phone);
      const path = `/search?q=${encodeURIComponent('диван')}`;
      const documentHtml = await (await fetch(`${baseUrl}${path}`)).text();
      expect(documentHtml).toContain('<!--app:drawn-->');
      await openApp(page, `${baseUrl}${path}`);
      expect(await sameHeadingAsServer(page)).toBe(true);
      // Every stylesheet the ready page uses was linked by the document itself.
      const inDocument = [...documentHtml.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
        (match) => match[1],
      );
      const used = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
          (link) => new URL(link.href).pathname,
        ),
      );
      // Sheets fetched after ready by design style nothing the page draws yet: smooth scrolling's
      // (main.tsx) and the header's hover panels', prefetched before a hover opens one (hover-panels.tsx).
      const loadedLater = /\/(lenis|mini-panel)-/;
      expect(used.filter((href) => !inDocument.includes(href) && !loadedLater.test(href))).toEqual([]);
      // The document carries its sheets (page-document.ts inlineStylesheets): their disabled links are
      // never fetched, neither by the browser nor by the route chunk's loader.
      const inlined = [...documentHtml.matchAll(/<style data-href="([^"]+)">/g)].map((match) => match[1]);
      expect(inlined.length).toBeGreaterThan(1);
      const fetchedSheets = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.endsWith('.css')),
      );
      expect(fetchedSheets.filter((path) => inlined.includes(path))).toEqual([]);
      expect(await shiftAfterReady(page)).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('draws the cart’s frame on the server, never indexable, and fills it with the stored lines without a shift', async () => {
    const documentHtml = await (await fetch(`${baseUrl}/cart`)).text();
    expect(documentHtml).toContain('<!--app:drawn-->');
    expect(documentHtml).not.toContain('Подготавливаем магазин');
    expect(documentHtml).toMatch(/<h1[^>]*>Корзина<\/h1>/u);
    expect(documentHtml).toContain('<meta name="robots" content="noindex,nofollow"');

    const phone = await launched.browser.newContext({ viewport: { width: 412, height: 915 } });
    try {
      // An empty cart: the frame gives way to the spec's empty state.
      const empty = await openWatched(phone);
      await openApp(empty.page, `${baseUrl}/cart`);
      await empty.page.getByRole('heading', { level: 1, name: 'Корзина пуста' }).waitFor();
      expect(await shiftAfterReady(empty.page)).toBe(0);
      expect(empty.problems).toEqual([]);
      await empty.page.close();

      // A stored cart: its cookie came with it, so the server draws its lines (test/e2e/cart-page.test.ts);
      // the server's heading is kept and nothing is left busy.
      const seeding = await openWatched(phone);
      await openApp(seeding.page, `${baseUrl}/product/${productSlug}`);
      await seeding.page.getByRole('button', { name: 'В корзину' }).first().click();
      await seeding.page.getByRole('link', { name: 'Корзина: 1 товар' }).waitFor();
      await seeding.page.close();
      const full = await openWatched(phone);
      await openApp(full.page, `${baseUrl}/cart`);
      await full.page.getByRole('complementary', { name: 'Сумма заказа' }).waitFor();
      expect(await sameHeadingAsServer(full.page)).toBe(true);
      expect(await full.page.locator('[aria-busy="true"]').count()).toBe(0);
      // The lines take the frame's place without moving anything; what remains is the summary's own
      // late line (drawn after its read, well after ready), which nudges «Оформить заказ» at the
      // fold's edge by a few pixels (0.0003 measured) — not the frame's doing, and far below CLS 0.1.
      expect(await shiftAfterReady(full.page)).toBeLessThan(0.001);
      expect(full.problems).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
