import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser, openApp } from './support/browser';

describe('the production build served by the shop server', () => {
  const baseUrl = inject('shopBaseUrl');
  let launched: LaunchedBrowser;

  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });

  it('renders the shop shell at / in Chromium without page errors', async () => {
    const context = await launched.browser.newContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });

    const response = await openApp(page, `${baseUrl}/`);

    expect(response?.status()).toBe(200);
    await expect(page.locator('h1').first().textContent()).resolves.toBeTruthy();
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('answers an unknown path with HTTP 404 and the app showing the not-found page', async () => {
    const context = await launched.browser.newContext();
    const page = await context.newPage();
    const response = await openApp(page, `${baseUrl}/no-such-page-${Date.now()}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' }).isVisible()).resolves.toBe(true);
    await context.close();
  });
});
