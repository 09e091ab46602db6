import { type Browser, chromium, type Page, type Response } from 'playwright-core';

/**
 * Debian's Chromium (never a downloaded browser), with the flags a closed network and root need (stack.md #10).
 * playwright-core gives every launch a fresh temporary profile of its own.
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<LaunchedBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/**
 * Opens a page and waits until the app has taken it over (main.tsx marks `<html data-app="ready">`
 * after its first commit). Home, category and product pages arrive drawn by the server, and a click on
 * that markup before the app has replaced it does nothing, exactly as for a shopper tapping early on a
 * slow phone; tests interact with the app, so they wait for it.
 */
export async function openApp(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector('html[data-app="ready"]', { state: 'attached' });
  return response;
}
