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
      await page.waitForSelector('html[data-fonts]', { state: 'attached' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
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

  it('loads Manrope after the app is ready on a first visit, and from the first paint on the next', async () => {
    const context = await launched.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/product/razdelochnaya-doska-komfort-bolshaya-damasskaya-stal-serebristyy`, {
        waitUntil: 'domcontentloaded',
      });
      // Before the app: the system font scaled to Manrope (theme/font-stack.css.ts), no font file asked for.
      const before = await page.evaluate(() => ({
        attribute: document.documentElement.hasAttribute('data-fonts'),
        family: getComputedStyle(document.body).fontFamily,
      }));
      expect(before.attribute).toBe(false);
      expect(before.family).toMatch(/^"Manrope Variable Fallback: Arial"/);
      await page.waitForSelector('html[data-app="ready"]', { state: 'attached' });
      await page.waitForSelector('html[data-fonts]', { state: 'attached' });
      const first = await page.evaluate(() => {
        const ready = performance.getEntriesByName('shop:ready')[0]?.startTime ?? Number.NaN;
        const fonts = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.woff2'))
          .map((entry) => entry.startTime);
        return {
          ready,
          fonts,
          family: getComputedStyle(document.body).fontFamily,
          loaded: document.fonts.check('16px "Manrope Variable"', 'Аа Zz'),
          remembered: localStorage.getItem('webFontsLoaded'),
        };
      });
      expect(first.fonts.length).toBeGreaterThanOrEqual(2);
      for (const start of first.fonts) expect(start).toBeGreaterThan(first.ready);
      expect(first.family).toMatch(/^"Manrope Variable", "Manrope Variable Fallback: Arial"/);
      expect(first.loaded).toBe(true);
      expect(first.remembered).toBe('1');

      // The next page view: the early script lets Manrope in before the stylesheet applies.
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
