import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser, openApp } from './support/browser';

/**
 * The built shop under its own Content-Security-Policy (server/http/security-headers.ts): the pages a
 * shopper and a manager open report no violation — the early-input script and the router's scroll
 * restoration, both inline, are allowed by their hashes (test/e2e/early-input.test.ts proves the first
 * still holds taps) — and an injected inline script is refused: the policy is enforced, not merely sent.
 */
describe('the Content-Security-Policy in Chromium', () => {
  const baseUrl = inject('shopBaseUrl');
  let launched: LaunchedBrowser;
  let context: BrowserContext;

  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  afterEach(async () => {
    await context?.close();
  });

  /** A page that records every CSP violation (the event, and Chromium's console line about it). */
  async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
    context = await launched.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const violations: string[] = [];
    await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
    // Init scripts come through the DevTools protocol, which the page's policy does not govern.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __reportCspViolation(text: string): void })
          .__reportCspViolation;
        report(
          `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
        );
      });
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    return { page, violations };
  }

  async function firstProductSlug(): Promise<string> {
    const answer = (await (await fetch(`${baseUrl}/api/products?limit=1`)).json()) as {
      items: { slug: string }[];
    };
    const slug = answer.items[0]?.slug;
    if (!slug) throw new Error('no product to open');
    return slug;
  }

  it('lets the server-drawn storefront pages and the app run with no violation', async () => {
    const { page, violations } = await watchedPage();
    const paths = [
      '/',
      '/category/mebel',
      `/product/${await firstProductSlug()}`,
      '/search?q=диван',
      '/cart',
      '/no-such-page',
    ];
    for (const path of paths) {
      const response = await openApp(page, `${baseUrl}${path}`);
      expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self' 'sha256-");
    }
    expect(violations).toEqual([]);
  });

  it('lets the back office sign-in page run with no violation', async () => {
    const { page, violations } = await watchedPage();
    await openApp(page, `${baseUrl}/admin/login`);
    await page.locator('input[type="password"]').first().waitFor();
    expect(violations).toEqual([]);
  });

  it('refuses an inline script that is not the template’s own', async () => {
    const { page, violations } = await watchedPage();
    await openApp(page, `${baseUrl}/`);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      // An inline script runs as it is inserted, or is refused with a violation event.
      const refused = new Promise((done) =>
        document.addEventListener('securitypolicyviolation', done, { once: true }),
      );
      document.body.append(script);
      const injected = () => (window as { __injected?: boolean }).__injected === true;
      if (!injected()) await refused;
      return injected();
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.some((line) => line.includes('script-src'))).toBe(true);
  });
});
