import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser } from './support/browser';

/**
 * A shopper on a slow phone taps the server-drawn page before the app has taken it over (issue 15):
 * the tap is held by index.html's early-input script and replayed once the app is ready, so it is
 * never lost. The app's scripts are held back by the test until after the tap, and the CPU is slowed
 * 4×, so the tap really lands on the server's markup.
 */
describe('taps before the app is ready, in Chromium', () => {
  const baseUrl = inject('shopBaseUrl');
  let launched: LaunchedBrowser;
  let productSlug: string;

  beforeAll(async () => {
    launched = await launchBrowser();
    const response = await fetch(`${baseUrl}/api/products?limit=24&sort=popular`);
    const list = (await response.json()) as { items: { slug: string; inStock?: boolean }[] };
    // The last of the page: the checkout suites buy from the newest products, not these.
    const product = list.items.at(-1);
    if (!product) throw new Error('the demo catalogue has no products');
    productSlug = product.slug;
  });
  afterAll(async () => {
    await launched?.close();
  });

  /** Opens the page with every app script held until `release()`: what paints is the server's page. */
  async function openHeld(
    url: string,
  ): Promise<{ page: Page; context: BrowserContext; release: () => void }> {
    const context = await launched.browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    // Not 'domcontentloaded': module scripts are deferred, so that event waits for the held app.
    await page.goto(url, { waitUntil: 'commit' });
    return { page, context, release };
  }

  it('adds to the cart when «В корзину» was tapped on the server-drawn product page', async () => {
    const { page, context, release } = await openHeld(`${baseUrl}/product/${productSlug}`);
    try {
      const addButton = page.getByRole('button', { name: 'В корзину' }).first();
      await addButton.click();
      expect(await page.evaluate(() => document.documentElement.dataset.app ?? null)).toBeNull();
      expect(await page.evaluate(() => (window.__earlyInput as unknown[] | undefined)?.length)).toBe(1);
      release();
      await page.waitForSelector('html[data-app="ready"]', { state: 'attached' });
      await page.getByRole('link', { name: /^Корзина: 1 / }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'В корзине' }).first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('opens the burger menu when it was tapped before the app was ready', async () => {
    const { page, context, release } = await openHeld(`${baseUrl}/category/mebel`);
    try {
      const burger = page.getByRole('button', { name: 'Открыть меню' });
      await burger.click();
      expect(await page.evaluate(() => document.documentElement.dataset.app ?? null)).toBeNull();
      release();
      await page.waitForSelector('html[data-app="ready"]', { state: 'attached' });
      await page
        .locator('button[aria-label="Открыть меню"][aria-expanded="true"]')
        .waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  });
});
