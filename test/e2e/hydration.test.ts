import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser, openApp } from './support/browser';

declare global {
  interface Window {
    /** The server's <h1>, taken before the app's scripts run (see openWatched). */
    __serverHeading?: Element | null;
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
});
