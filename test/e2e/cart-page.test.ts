import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser, openApp } from './support/browser';

/**
 * The cart page drawn by the server with the visitor's own lines (issue 27; docs/architecture.md «The
 * cart page drawn by the server»): the browser mirrors the cart into the cart cookie, the cart page's
 * document arrives with the lines drawn, the app hydrates it without a mismatch, and every change of
 * the cart on the page changes the cookie.
 */
describe('the cart page drawn with the visitor’s lines, in Chromium', () => {
  const baseUrl = inject('shopBaseUrl');
  let launched: LaunchedBrowser;
  let context: BrowserContext | undefined;
  let product: { id: number; slug: string; name: string };

  beforeAll(async () => {
    launched = await launchBrowser();
    const response = await fetch(`${baseUrl}/api/products?limit=24&sort=popular`);
    const list = (await response.json()) as { items: { id: number; slug: string; name: string }[] };
    // One no other suite buys (the early-input suite buys the last, the checkout suites the newest).
    const found = list.items.at(-4);
    if (!found) throw new Error('the demo catalogue has no products');
    product = found;
  });
  afterAll(async () => {
    await context?.close();
    await launched?.close();
  });

  async function cartCookie(browserContext: BrowserContext) {
    const cookies = await browserContext.cookies(`${baseUrl}/cart`);
    return cookies.find((cookie) => cookie.name === 'cart');
  }

  it('draws the added product into the cart page’s document, hydrates it cleanly and follows each change in the cookie', async () => {
    context = await launched.browser.newContext({ viewport: { width: 412, height: 915 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });

    await openApp(page, `${baseUrl}/product/${product.slug}`);
    await page.getByRole('button', { name: 'В корзину' }).first().click();
    await page.getByRole('link', { name: 'Корзина: 1 товар' }).waitFor();
    const written = await cartCookie(context);
    expect(written).toMatchObject({
      value: `${product.id}.1`,
      path: '/cart',
      sameSite: 'Lax',
      httpOnly: false,
      secure: false,
    });
    // Renewed for 30 days with the change (the clock is the browser's: a day's margin either way).
    const days = ((written?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThan(31);
    // It travels with the cart page's document only.
    expect((await context.cookies(`${baseUrl}/`)).some((cookie) => cookie.name === 'cart')).toBe(false);

    // The cart page as a fresh document: its lines are in the server's HTML.
    const response = await openApp(page, `${baseUrl}/cart`);
    expect(response?.headers()['x-page-cache']).toBe('bypass');
    const served = (await response?.text()) ?? '';
    expect(served).toContain('<!--app:drawn-->');
    expect(served).toMatch(/<li[^>]*aria-label="[^"]+"[^>]*>/);
    expect(served).toContain(`href="/product/${product.slug}"`);
    expect(served).not.toContain('aria-busy="true"');
    expect(served).toMatch(/<dt>Итого<\/dt>/u);
    // Hydrated as drawn: the line is the app's now, without an error or a mismatch on the console.
    const line = page.getByRole('listitem', { name: product.name });
    await line.waitFor();
    expect(problems).toEqual([]);

    // A change on the cart page changes the cookie.
    await line.getByRole('button', { name: 'Увеличить количество' }).click();
    await line.locator('output', { hasText: '2' }).waitFor();
    await expect
      .poll(async () => (await cartCookie(context as BrowserContext))?.value)
      .toBe(`${product.id}.2`);
    await line.getByRole('button', { name: 'Удалить', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Корзина пуста' }).waitFor();
    await expect.poll(async () => cartCookie(context as BrowserContext)).toBeUndefined();
    // With no cookie, the next document is the neutral frame again.
    const emptied = await openApp(page, `${baseUrl}/cart`);
    expect((await emptied?.text()) ?? '').toContain('aria-busy="true"');
    await page.getByRole('heading', { level: 1, name: 'Корзина пуста' }).waitFor();
    expect(problems).toEqual([]);
  });
});
