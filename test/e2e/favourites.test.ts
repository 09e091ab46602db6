import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser, openApp } from './support/browser';

/**
 * Favourites in a real browser: a list collected on product pages is shared from /favorites, and the
 * link opens in another browser context (another person) as the read-only 'Подборка товаров'.
 */
const baseUrl = inject('shopBaseUrl');
const screenshotDir = process.env.SCREENSHOT_DIR;

let launched: LaunchedBrowser;

beforeAll(async () => {
  launched = await launchBrowser();
});
afterAll(async () => {
  await launched?.close();
});

describe('favourites in the browser', () => {
  it('shares a list and opens the link in a new browser context', async () => {
    const response = await fetch(`${baseUrl}/api/products?limit=12&sort=new`);
    const { items } = (await response.json()) as { items: { slug: string; name: string }[] };
    const products = items.slice(0, 2);
    expect(products).toHaveLength(2);

    const owner = await launched.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await owner.newPage();
    for (const product of products) {
      await openApp(page, `${baseUrl}/product/${product.slug}`);
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      const favourite = page.locator('main button[aria-pressed]').first();
      await favourite.click();
      await expect.poll(() => favourite.getAttribute('aria-pressed')).toBe('true');
    }

    await openApp(page, `${baseUrl}/favorites`);
    await page.getByRole('heading', { level: 1, name: 'Подборка товаров' }).waitFor();
    for (const product of products) await page.getByRole('heading', { name: product.name }).waitFor();
    await page.getByRole('button', { name: 'Поделиться' }).click();
    const link = page.getByRole('textbox', { name: 'Ссылка на подборку' });
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/\/favorites\/share\/[A-Za-z0-9_-]{16,64}$/);
    if (screenshotDir) {
      for (const width of [375, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${screenshotDir}/favorites-${width}.png`, fullPage: true });
      }
    }

    const other = await launched.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const shared = await other.newPage();
    await openApp(shared, url.replace(/^https?:\/\/[^/]+/, baseUrl));
    await shared.getByRole('heading', { level: 1, name: 'Подборка товаров' }).waitFor();
    for (const product of products) await shared.getByRole('heading', { name: product.name }).waitFor();
    await expect(shared.getByRole('button', { name: 'Поделиться' }).isDisabled()).resolves.toBe(true);
    // A guest is invited to sign in.
    await expect(shared.getByRole('link', { name: 'Войдите' }).isVisible()).resolves.toBe(true);
    expect(await shared.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex,nofollow');
    if (screenshotDir) {
      for (const width of [375, 1440]) {
        await shared.setViewportSize({ width, height: 900 });
        await shared.screenshot({ path: `${screenshotDir}/favorites-shared-${width}.png`, fullPage: true });
      }
    }

    await openApp(shared, `${baseUrl}/favorites/share/AAAAAAAAAAAAAAAAAAAAAA`);
    await shared.getByText('Список не найден или пуст.').waitFor();
    await openApp(shared, `${baseUrl}/favorites/share`);
    await shared.getByText('Некорректная ссылка.').waitFor();
    await owner.close();
    await other.close();
  });
});
