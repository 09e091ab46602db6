import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAdminApi } from './support/admin-session';
import { type LaunchedBrowser, launchBrowser, openApp } from './support/browser';

/**
 * Issue 25, item 6 in a real browser against the production build and server: a product the manager
 * makes in the back office (through the admin API, as the editor saves it) is found at once in the
 * storefront search by a word the catalogue never had — shown as typed, not «corrected» into another
 * word — and by its article, typed in full, without its dash and in part in the header suggestions.
 */
const baseUrl = inject('shopBaseUrl');
const NAME = 'Тестовый пуф Зимородок';
const SKU = 'E2E-7741';

describe('a product made in the back office is found in the storefront search', () => {
  let launched: LaunchedBrowser;
  let adminContext: BrowserContext;
  let admin: APIRequestContext;
  let productId = 0;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    launched = await launchBrowser();
    adminContext = await launched.browser.newContext({ baseURL: baseUrl });
    admin = adminContext.request;
    await signInAdminApi(admin);
  });
  afterAll(async () => {
    // The suites share one server: the product leaves the storefront again (the newest products are
    // what the shopper suites buy).
    if (productId > 0) {
      await admin.delete(`/api/admin/products/${productId}`, { headers: { origin: baseUrl } });
    }
    for (const context of contexts) await context.close().catch(() => undefined);
    await adminContext?.close();
    await launched?.close();
  });

  async function openPage(): Promise<{ page: Page; errors: string[] }> {
    const context = await launched.browser.newContext({
      viewport: { width: 1440, height: 900 },
      serviceWorkers: 'block',
    });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { page, errors };
  }

  it('by a new word and by its article', async () => {
    const { page, errors } = await openPage();
    // The shopper searched before the product existed: the answer may sit in the server's read cache.
    await openApp(page, `${baseUrl}/search?q=${encodeURIComponent('тестовый зимородок')}`);
    await page
      .getByText(/Найдено:|Ничего не найдено/)
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: NAME }).count()).toBe(0);

    const products = (await (await admin.get('/api/products?limit=1')).json()) as {
      items: { id: number }[];
    };
    const sample = (await (await admin.get(`/api/admin/products/${products.items[0]?.id}`)).json()) as {
      category_id: number;
    };
    const created = await admin.post('/api/admin/products', {
      data: { name: NAME, sku: SKU, price: 4_990, category_id: sample.category_id },
      headers: { origin: baseUrl },
    });
    expect(created.status(), await created.text()).toBe(201);
    productId = ((await created.json()) as { id: number }).id;

    // The new word, typed in the header search and submitted.
    await openApp(page, `${baseUrl}/`);
    const field = page.getByRole('combobox', { name: 'Поиск по каталогу' }).locator('visible=true').first();
    await field.click();
    await field.pressSequentially('тестовый зимородок', { delay: 20 });
    await field.press('Enter');
    await page.waitForURL(/\/search\?q=/);
    await page.getByRole('link', { name: NAME }).first().waitFor();
    expect(await page.getByText('Показаны результаты по запросу').count()).toBe(0);

    // The article in full and without its dash: the search page lists the product first.
    for (const typed of [SKU, 'e2e7741']) {
      await openApp(page, `${baseUrl}/search?q=${encodeURIComponent(typed)}`);
      await page.getByRole('link', { name: NAME }).first().waitFor();
      expect(await page.getByText('Показаны результаты по запросу').count()).toBe(0);
    }

    // A part of the article in the header suggestions; Enter on it opens the product.
    const header = page.getByRole('combobox', { name: 'Поиск по каталогу' }).locator('visible=true').first();
    await header.click();
    await header.fill('');
    await header.pressSequentially('7741', { delay: 40 });
    await expect.poll(() => header.getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('true');
    const listbox = page.locator(`[id="${(await header.getAttribute('aria-controls')) ?? ''}"]`);
    const first = listbox.getByRole('option').first();
    await expect.poll(async () => (await first.textContent()) ?? '', { timeout: 10_000 }).toContain(NAME);
    await header.press('ArrowDown');
    await header.press('Enter');
    await page.waitForURL(/\/product\//);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    expect(errors).toEqual([]);
  });
});
