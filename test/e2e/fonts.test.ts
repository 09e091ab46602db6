import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser, openApp } from './support/browser';

/**
 * The shop's typeface: two subset files and the inlined «₽», loaded once the app has taken over on a first
 * visit and used from the first paint on the next (src/ui/shell/web-fonts.ts).
 */
describe('fonts in Chromium', () => {
  const baseUrl = inject('shopBaseUrl');
  let launched: LaunchedBrowser;

  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });

  it('draws «₽» in Manrope without fetching the latin-ext subset', async () => {
    const context = await launched.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const fontFiles: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'font') fontFiles.push(new URL(request.url()).pathname);
      });
      await openApp(page, `${baseUrl}/category/mebel`);
      await page.locator('article').first().waitFor();
      // Fetched once the app has taken over (ui/shell/web-fonts.ts).
      await expect.poll(() => fontFiles.some((file) => file.includes('cyrillic'))).toBe(true);
      const rouble = await page.evaluate(async () => {
        const faces = await document.fonts.load('16px "Manrope Variable"', '₽');
        return faces.map((face) => face.unicodeRange);
      });
      expect(rouble).toEqual(['U+20BD']);
      expect(await page.getByText(/₽/).count()).toBeGreaterThan(0);
      expect(fontFiles.filter((file) => file.includes('latin-ext'))).toEqual([]);
      expect(fontFiles.some((file) => file.includes('cyrillic'))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('fetches Manrope after the app is ready, switches at the next page, and draws in it from the first paint next time', async () => {
    const context = await launched.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/product/razdelochnaya-doska-komfort-bolshaya-damasskaya-stal-serebristyy`, {
        waitUntil: 'domcontentloaded',
      });
      // Before the app: the system font scaled to Manrope (theme/font-stack.css.ts).
      const before = await page.evaluate(() => ({
        attribute: document.documentElement.hasAttribute('data-fonts'),
        family: getComputedStyle(document.body).fontFamily,
      }));
      expect(before.attribute).toBe(false);
      expect(before.family).toMatch(/^"Manrope Variable Fallback: Arial"/);
      await page.waitForSelector('html[data-app="ready"]', { state: 'attached' });
      await expect.poll(() => page.evaluate(() => localStorage.getItem('webFontsLoaded'))).toBe('1');
      const first = await page.evaluate(() => ({
        ready: performance.getEntriesByName('shop:ready')[0]?.startTime ?? Number.NaN,
        fonts: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.woff2'))
          .map((entry) => entry.startTime),
        attribute: document.documentElement.hasAttribute('data-fonts'),
        loaded: document.fonts.check('16px "Manrope Variable"', 'Аа Zz'),
      }));
      expect(first.fonts.length).toBeGreaterThanOrEqual(2);
      for (const start of first.fonts) expect(start).toBeGreaterThan(first.ready);
      expect(first.loaded).toBe(true);
      // The page being read keeps its layout…
      expect(first.attribute).toBe(false);

      // …and the next page is drawn in Manrope.
      await page.locator('a[href^="/category/"]').first().click();
      await page.waitForSelector('html[data-fonts]', { state: 'attached' });
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
        /^"Manrope Variable", "Manrope Variable Fallback: Arial"/,
      );

      // A new page view: the early script lets Manrope in before the stylesheet applies.
      await page.goto(`${baseUrl}/category/mebel`, { waitUntil: 'domcontentloaded' });
      const next = await page.evaluate(() => ({
        attribute: document.documentElement.hasAttribute('data-fonts'),
        family: getComputedStyle(document.body).fontFamily,
      }));
      expect(next.attribute).toBe(true);
      expect(next.family).toMatch(/^"Manrope Variable"/);
    } finally {
      await context.close();
    }
  });
});
