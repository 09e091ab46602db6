import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { type LaunchedBrowser, launchBrowser, openApp } from './browser';

/**
 * What every back-office e2e suite needs, once: one Chromium per suite with a fresh context per page,
 * the administrator's sign-in (through the form, or through the API for a suite that only calls it),
 * and the axe check of a screen at 390 and 1440 px.
 */

const baseUrl = inject('shopBaseUrl');
const shopAdmin = inject('shopAdmin');
const SCREENSHOTS = join(tmpdir(), 'shop-e2e-screenshots');

interface OpenedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Uncaught page errors (and console errors, when the suite asked for them), in order. */
  readonly errors: string[];
}

export interface SuiteBrowser {
  /** A page in a context of its own (its own cookies), at the given width. */
  newPage(width?: number): Promise<OpenedPage>;
}

/**
 * Launches the suite's Chromium before its tests and closes it, with every context it opened, after
 * them. `consoleErrors`: React's warnings (a nested form, a key) and failed calls count as errors too.
 */
export function suiteBrowser(options: { readonly consoleErrors?: boolean } = {}): SuiteBrowser {
  let launched: LaunchedBrowser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    launched = await launchBrowser();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await launched?.close();
  });
  return {
    async newPage(width = 1440) {
      if (launched === undefined) throw new Error('the suite browser is not launched yet (beforeAll)');
      const context = await launched.browser.newContext({
        viewport: { width, height: 900 },
        serviceWorkers: 'block',
        baseURL: baseUrl,
      });
      contexts.push(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      if (options.consoleErrors === true) {
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
      }
      return { context, page, errors };
    },
  };
}

/**
 * Signs the page in as the shop's administrator through the admin sign-in form: a guest opening `path`
 * is sent to /admin/login, and the sign-in lands on the dashboard, which names the administrator.
 */
export async function signInAsAdmin(page: Page, path = '/admin/orders'): Promise<void> {
  await openApp(page, `${baseUrl}${path}`);
  await page.waitForURL(/\/admin\/login$/);
  await page.getByLabel('Email').fill(shopAdmin.email);
  await page.locator('input[type="password"]').fill(shopAdmin.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(/\/admin$/);
  await page.getByRole('heading', { level: 1, name: 'Главная' }).waitFor();
  expect(await page.getByTestId('admin-identity').first().textContent()).toBe(shopAdmin.email);
}

/** Signs in as the administrator and opens `path` (once the page has settled). */
export async function openAsAdmin(page: Page, path: string): Promise<void> {
  await signInAsAdmin(page, path);
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
}

/** Signs a request context in as the administrator through the API (for suites that only call it). */
export async function signInAdminApi(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/admin-login', {
    data: { email: shopAdmin.email, password: shopAdmin.password },
    headers: { origin: baseUrl },
  });
  expect(login.ok()).toBe(true);
}

/**
 * Axe at 390 and 1440 px and a screenshot at each width (`<prefix>-<name>-<width>.png` in the temp
 * directory): no serious or critical violation, with axe's `label-content-name-mismatch` on (issue 25,
 * item 14: the text a button or link shows is part of its accessible name), which axe leaves off by
 * default — over the whole page, the sidebar, its badges and the pager included.
 */
export function screenChecker(prefix: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      // Wait until the page has drawn two frames at the new width, rather than for a fixed time.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      await page.screenshot({ path: join(SCREENSHOTS, `${prefix}-${name}-${width}.png`), fullPage: true });
      const results = await new AxeBuilder({ page })
        .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
        .analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${name}@${width} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
      expect(serious).toEqual([]);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  };
}
