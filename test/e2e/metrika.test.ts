import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { type LaunchedBrowser, launchBrowser, openApp } from './support/browser';

/**
 * Issue 26, items 3–4 (docs/privacy.md «Яндекс Метрика», «Cookie notice») in Chromium, against the
 * production build served with METRIKA_COUNTER_ID set (a server of this suite's own; the shared one
 * runs without a counter). Yandex is never reached: every request to its hosts is answered here, the
 * tag by a local fake that records what the shop asks of `ym`, and counted.
 *
 * - Without an answer in the cookie notice (and after «Только необходимые») nothing of Yandex's loads
 *   and nothing is pushed, while the bar leaves the page usable.
 * - After «Принять» the tag loads, `ym(id, 'init', { ecommerce: 'dataLayer' … })` runs, and the
 *   e-commerce events arrive in `window.dataLayer` in order: detail → add → remove → purchase (with the
 *   order's number), each shaped as Yandex documents.
 */
const COUNTER_ID = 24680135;
const projectRoot = resolve(import.meta.dirname, '../..');

/** The fake tag: takes over `ym`, keeps the calls queued before it and every later one. */
const FAKE_TAG = `(function () {
  var queued = (window.ym && window.ym.a) || [];
  window.__ymCalls = queued.map(function (args) { return Array.prototype.slice.call(args); });
  window.ym = function () { window.__ymCalls.push(Array.prototype.slice.call(arguments)); };
})();`;

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let baseUrl = '';
let launched: LaunchedBrowser;

async function waitUntilServing(url: string, child: ChildProcess, log: () => string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The shop server exited early:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

beforeAll(async () => {
  // The build is the one the e2e global setup made (test/e2e/support/global-setup.ts).
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-metrika-'));
  baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  server = spawn(process.execPath, ['dist/api/main.js'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      SEED_PRODUCTS: '24',
      METRIKA_COUNTER_ID: String(COUNTER_ID),
    },
    detached: true,
  });
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await waitUntilServing(`${baseUrl}/healthz`, server, () => output.slice(-4000));
  launched = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await launched?.close();
  if (server?.pid) {
    const exited = new Promise((done) => server?.once('exit', done));
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Watched {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every request that went to a Yandex host, in order. */
  readonly yandexRequests: string[];
  readonly violations: string[];
}

async function watchedPage(): Promise<Watched> {
  const context = await launched.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const yandexRequests: string[] = [];
  const answer = async (route: Route) => {
    const url = route.request().url();
    yandexRequests.push(url);
    if (url.startsWith('https://mc.yandex.ru/metrika/tag.js'))
      await route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_TAG });
    else await route.fulfill({ status: 204, body: '' });
  };
  await context.route(/^https:\/\/(mc\.yandex\.(ru|com)|yastatic\.net)\//, answer);
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(error.message));
  return { context, page, yandexRequests, violations };
}

async function firstPricedProduct(): Promise<{ id: number; slug: string; name: string; price: number }> {
  const body = (await (await fetch(`${baseUrl}/api/products?limit=24`)).json()) as {
    items: { id: number; slug: string; name: string; price: number | null }[];
  };
  const product = body.items.find((item) => typeof item.price === 'number' && item.price > 0);
  if (!product || product.price === null) throw new Error('no priced product');
  return { ...product, price: product.price };
}

const dataLayerOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? null);

describe('Yandex Metrica behind the cookie notice', () => {
  it('loads nothing and pushes nothing without consent; the bar blocks nothing and passes axe', async () => {
    const product = await firstPricedProduct();
    const { context, page, yandexRequests, violations } = await watchedPage();
    await openApp(page, `${baseUrl}/product/${product.slug}`);
    const notice = page.getByRole('region', { name: 'Файлы cookie' });
    await notice.waitFor();
    const axe = await new AxeBuilder({ page }).include('section[aria-label="Файлы cookie"]').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    // The page works behind the bar: the product goes into the cart.
    await page.getByRole('button', { name: 'В корзину' }).first().click();
    await page.getByRole('button', { name: 'В корзине' }).first().waitFor();
    expect(await dataLayerOf(page)).toBeNull();

    await notice.getByRole('button', { name: 'Только необходимые' }).click();
    await notice.waitFor({ state: 'detached' });
    await openApp(page, `${baseUrl}/cart`);
    await page.getByRole('heading', { level: 1, name: 'Корзина' }).waitFor();
    // Answered: no bar on the next page, and still nothing of Yandex's.
    await expect(page.getByRole('region', { name: 'Файлы cookie' }).count()).resolves.toBe(0);
    expect(await dataLayerOf(page)).toBeNull();
    expect(await page.locator('script[src*="mc.yandex.ru"]').count()).toBe(0);
    expect(yandexRequests).toEqual([]);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('after «Принять» loads the tag and pushes detail → add → remove → purchase as Yandex documents', async () => {
    const product = await firstPricedProduct();
    const { context, page, yandexRequests, violations } = await watchedPage();
    await openApp(page, `${baseUrl}/`);
    const notice = page.getByRole('region', { name: 'Файлы cookie' });
    await notice.getByRole('button', { name: 'Принять' }).click();
    await notice.waitFor({ state: 'detached' });
    await expect
      .poll(() => yandexRequests.some((url) => url.startsWith('https://mc.yandex.ru/metrika/tag.js')))
      .toBe(true);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __ymCalls?: unknown[][] }).__ymCalls ?? []))
      .toContainEqual([COUNTER_ID, 'init', expect.objectContaining({ ecommerce: 'dataLayer' })]);

    // View the product, add it twice, take one away, order the other.
    await openApp(page, `${baseUrl}/product/${product.slug}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('button', { name: 'В корзину' }).first().click();
    await page.getByRole('button', { name: 'В корзине' }).first().waitFor();
    // From here the app navigates itself: one document, one dataLayer, as a shopper's visit.
    await page
      .getByRole('link', { name: /^Корзина: 1/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Корзина' }).waitFor();
    const line = page.getByRole('listitem', { name: product.name });
    await line.getByRole('button', { name: 'Увеличить количество' }).click();
    await line.getByRole('button', { name: 'Уменьшить количество' }).click();
    await expect.poll(async () => ((await dataLayerOf(page)) ?? []).length).toBe(4);
    // The summary's link: the header's mini-cart (also «Оформить заказ») may be open under the pointer.
    await page
      .getByRole('complementary', { name: 'Сумма заказа' })
      .getByRole('link', { name: 'Оформить заказ' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
    await page.getByLabel('Имя').fill('Марина Метрикова');
    await page.getByLabel('Email').fill(`metrika-${Date.now()}@example.ru`);
    await page.getByLabel('Телефон').fill('+7 900 222-33-44');
    await page.getByRole('radio', { name: /Самовывоз/ }).check();
    await page.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await page.waitForURL(/\/thank-you\?order=\d+$/);
    const orderId = new URL(page.url()).searchParams.get('order');

    await expect.poll(async () => ((await dataLayerOf(page)) ?? []).length).toBe(5);
    const item = { id: String(product.id), name: product.name, price: product.price };
    expect(await dataLayerOf(page)).toEqual([
      { ecommerce: { currencyCode: 'RUB', detail: { products: [expect.objectContaining(item)] } } },
      { ecommerce: { currencyCode: 'RUB', add: { products: [{ ...item, quantity: 1 }] } } },
      { ecommerce: { currencyCode: 'RUB', add: { products: [{ ...item, quantity: 1 }] } } },
      { ecommerce: { currencyCode: 'RUB', remove: { products: [{ ...item, quantity: 1 }] } } },
      {
        ecommerce: {
          currencyCode: 'RUB',
          purchase: { actionField: { id: orderId }, products: [{ ...item, quantity: 1 }] },
        },
      },
    ]);
    // Only the tag was fetched (the fake sends no hits); no policy violation on the way.
    expect(yandexRequests.every((url) => url.startsWith('https://mc.yandex.ru/metrika/tag.js'))).toBe(true);
    expect(violations).toEqual([]);
    await context.close();
  });
});
