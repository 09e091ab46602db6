import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser, openApp } from './support/browser';

/** The shop's typeface on a page full of prices: two subset files and the inlined «₽», nothing late. */
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
});
