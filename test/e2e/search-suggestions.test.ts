import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser, openApp } from './support/browser';

/**
 * Suggestions while typing in the header search (tracker issue 13) against the real server and
 * database: typing «дива» shows sofas and categories in an ARIA combobox, ArrowDown + Enter opens the
 * highlighted product, and the open list passes axe.
 */
const baseUrl = inject('shopBaseUrl');

describe('search suggestions in the header', () => {
  let launched: LaunchedBrowser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await launched?.close();
  });

  async function openPage(width: number): Promise<{ page: Page; errors: string[] }> {
    const context = await launched.browser.newContext({
      viewport: { width, height: 900 },
      serviceWorkers: 'block',
    });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await openApp(page, `${baseUrl}/`);
    return { page, errors };
  }

  it.each([1440, 375])(
    'at %i px: «дива» shows sofas, ArrowDown + Enter opens the first one, and the list passes axe',
    async (width) => {
      const { page, errors } = await openPage(width);
      const field = page.getByRole('combobox', { name: 'Поиск по каталогу' }).locator('visible=true').first();
      await field.click();
      await field.pressSequentially('дива', { delay: 40 });
      await expect.poll(() => field.getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('true');
      const listId = (await field.getAttribute('aria-controls')) ?? '';
      const listbox = page.locator(`[id="${listId}"]`);
      expect(await listbox.getAttribute('role')).toBe('listbox');
      const options = listbox.getByRole('option');
      const texts = await options.allTextContents();
      expect(texts.length).toBeGreaterThan(1);
      expect(texts[0]).toMatch(/диван/i);
      expect(texts.some((text) => text.includes('Категория'))).toBe(true);

      const results = await new AxeBuilder({ page }).include('search').analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
      expect(serious).toEqual([]);

      await field.press('ArrowDown');
      const first = options.first();
      expect(await field.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
      expect(await first.getAttribute('aria-selected')).toBe('true');
      const name = ((await first.textContent()) ?? '').replace(/\d[\d\s ]*₽.*$/, '').trim();
      await field.press('Enter');
      await page.waitForURL(/\/product\//);
      await page
        .getByRole('heading', { level: 1 })
        .filter({ hasText: name.slice(0, 10) })
        .waitFor();
      expect(errors).toEqual([]);
    },
  );
});
