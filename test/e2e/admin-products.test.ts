import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser, openApp } from './support/browser';

/**
 * Issue 25, the product screens in a real browser against the production build: the list's search
 * applies on Enter and every filter and the order live in the address (item 8); the bulk grid refuses
 * letters and 0 ₽ with a Russian message, changes the selected prices by a percent or to one price,
 * asks about ×3 jumps in a dialog that lists them, and the list shows the saved prices from the answer
 * (item 7); photos chosen for a new product are uploaded once «Создать товар» stores it (item 13).
 * Every screen and dialog on the way is checked with axe: no serious or critical violations (item 14).
 */
const baseUrl = inject('shopBaseUrl');
const shopAdmin = inject('shopAdmin');
const SCREENSHOTS = join(tmpdir(), 'shop-e2e-screenshots');

let launched: LaunchedBrowser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  launched = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await launched?.close();
});

/** A real 8×8 PNG in one colour (signature, IHDR, IDAT, IEND with CRCs). */
function tinyPng(shade: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (table[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(24, shade)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: 8 }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const context = await launched.browser.newContext({
    viewport: { width: 1440, height: 900 },
    serviceWorkers: 'block',
    baseURL: baseUrl,
  });
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

async function signInAsAdmin(page: Page, path: string): Promise<void> {
  await openApp(page, `${baseUrl}${path}`);
  await page.waitForURL(/\/admin\/login$/);
  await page.getByLabel('Email').fill(shopAdmin.email);
  await page.locator('input[type="password"]').fill(shopAdmin.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(/\/admin$/);
}

/** Axe (no serious or critical violations) and a screenshot, at 390 and 1440 px. */
async function checkScreen(page: Page, name: string): Promise<void> {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await page.screenshot({ path: join(SCREENSHOTS, `admin-products-${name}-${width}.png`), fullPage: true });
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${name}@${width} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    expect(serious).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

interface AdminProduct {
  readonly id: number;
  readonly sku: string;
  readonly name: string;
  readonly price: number;
  readonly category_id: number;
}

/** Products of this suite's own (a unique word in the name), so no other suite's product is touched. */
async function createProducts(page: Page, word: string, prices: readonly number[]): Promise<AdminProduct[]> {
  const any = (await (await page.request.get('/api/admin/products?limit=1')).json()) as {
    items: { category_id: number }[];
  };
  const categoryId = any.items[0]?.category_id;
  const products: AdminProduct[] = [];
  for (const [index, price] of prices.entries()) {
    const response = await page.request.post('/api/admin/products', {
      data: { name: `Табурет ${word} ${index + 1}`, price, category_id: categoryId },
      headers: { origin: baseUrl },
    });
    expect(response.status(), await response.text()).toBe(201);
    products.push((await response.json()) as AdminProduct);
  }
  return products;
}

const priceOf = async (page: Page, id: number): Promise<number> =>
  ((await (await page.request.get(`/api/admin/products/${id}`)).json()) as AdminProduct).price;

/** Page text without any kind of space, so «12 347 ₽» reads «12347₽». */
const compact = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]/g, '');

describe('the product screens in the browser', () => {
  it('the search applies on Enter; filters and the order live in the address and follow back/forward', async () => {
    const { page, errors } = await newPage();
    await signInAsAdmin(page, '/admin/products');
    const word = `поиск${Date.now().toString(36)}`;
    const [product] = await createProducts(page, word, [2_990]);
    if (!product) throw new Error('no product');
    await openApp(page, `${baseUrl}/admin/products`);
    await page.getByRole('heading', { level: 1, name: 'Товары' }).waitFor();
    await checkScreen(page, 'list');

    await page.getByLabel('Поиск: название, артикул, адрес').fill(product.sku);
    await page.getByLabel('Поиск: название, артикул, адрес').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q')?.includes(product.sku) === true);
    await page.getByRole('link', { name: product.name }).waitFor();
    await expect.poll(() => page.getByRole('checkbox', { name: /^Выбрать: / }).count()).toBe(1);

    await page.getByLabel('Сортировка').selectOption('price_desc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_desc');
    await page.getByLabel('Остаток').selectOption('out');
    await page.waitForURL((url) => url.searchParams.get('stock') === 'out');
    await page.getByText('Товары не найдены').waitFor();

    // Back: the stock filter goes, the search stays, and the field shows it.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('stock') === null);
    await page.getByRole('link', { name: product.name }).waitFor();
    expect(await page.getByLabel('Поиск: название, артикул, адрес').inputValue()).toBe(product.sku);
    await page.getByRole('link', { name: 'Сбросить фильтры' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === null);
    expect(await page.getByLabel('Поиск: название, артикул, адрес').inputValue()).toBe('');
    expect(errors).toEqual([]);
  }, 120_000);

  it('bulk prices: letters and 0 are refused in Russian, «на N %» and «N ₽» apply, jumps are confirmed, the list shows the saved prices', async () => {
    const { page, errors } = await newPage();
    await signInAsAdmin(page, '/admin/products');
    const word = `сетка${Date.now().toString(36)}`;
    const [first, second] = await createProducts(page, word, [1_000, 2_000]);
    if (!first || !second) throw new Error('no products');
    await openApp(page, `${baseUrl}/admin/products?q=${encodeURIComponent(word)}`);
    await page.getByRole('link', { name: first.name }).waitFor();
    await page.getByRole('checkbox', { name: 'Выбрать все на странице' }).check();
    await page.getByRole('button', { name: 'Изменить цены и видимость' }).click();
    const grid = page.getByRole('region', { name: 'Массовое редактирование' });
    await grid.waitFor();

    await grid.getByLabel(`Цена: ${first.name}`, { exact: true }).fill('abc');
    await grid.getByText('Цена — сумма в рублях, например 12 990').waitFor();
    await grid.getByLabel(`Цена: ${second.name}`, { exact: true }).fill('0');
    await grid.getByText('Цена должна быть больше 0 ₽').waitFor();
    await checkScreen(page, 'bulk-grid-errors');
    await grid.getByRole('button', { name: 'Сохранить изменения' }).click();
    await grid.getByText('Исправьте ячейки с ошибками — сохранять пока нечего').waitFor();
    expect([await priceOf(page, first.id), await priceOf(page, second.id)]).toEqual([1_000, 2_000]);

    // «+5 %» for both: the typed cells give way to the computed prices.
    await grid.getByLabel('Изменение цены выбранных, %').fill('5');
    await grid.getByRole('button', { name: 'Применить %' }).click();
    expect(await grid.getByLabel(`Цена: ${first.name}`, { exact: true }).inputValue()).toBe('1050');
    expect(await grid.getByLabel(`Цена: ${second.name}`, { exact: true }).inputValue()).toBe('2100');

    // One price for both: a ×3 jump for the first, listed before anything is saved.
    await grid.getByLabel('Цена для выбранных, ₽').fill('4 990');
    await grid.getByRole('button', { name: 'Установить цену' }).click();
    await grid.getByRole('button', { name: 'Сохранить изменения' }).click();
    const dialog = page.getByRole('dialog', { name: 'Проверьте резкие изменения цен' });
    await dialog.waitFor();
    const jumps = dialog.getByRole('list', { name: 'Резкие изменения цен' }).getByRole('listitem');
    expect(await jumps.count()).toBe(1);
    expect(await jumps.first().textContent()).toContain(first.name);
    await checkScreen(page, 'bulk-grid-jumps');
    await dialog.getByRole('button', { name: 'Сохранить всё равно' }).click();
    await grid.getByText('Сохранено товаров: 2').waitFor();
    expect([await priceOf(page, first.id), await priceOf(page, second.id)]).toEqual([4_990, 4_990]);

    // The rows behind the grid show the saved prices at once, from the save's answer.
    const table = page.getByRole('table', { name: 'Товары' });
    await expect
      .poll(async () => compact(await table.textContent()).split('4990₽').length - 1, { timeout: 10_000 })
      .toBe(2);
    expect(errors).toEqual([]);
  }, 120_000);

  it('photos chosen for a new product are uploaded once «Создать товар» stores it', async () => {
    const { page, errors } = await newPage();
    await signInAsAdmin(page, '/admin/products/new');
    await openApp(page, `${baseUrl}/admin/products/new`);
    await page.getByRole('heading', { level: 1, name: 'Новый товар' }).waitFor();
    await page.getByText('Фото загрузятся вместе с товаром').waitFor();
    await page.getByLabel('Загрузить фото').setInputFiles([
      { name: 'спереди.png', mimeType: 'image/png', buffer: tinyPng(0x30) },
      { name: 'сбоку.png', mimeType: 'image/png', buffer: tinyPng(0x90) },
    ]);
    const staged = page.getByRole('list', { name: 'Фото к загрузке после создания' });
    await expect.poll(() => staged.getByRole('listitem').count()).toBe(2);
    await checkScreen(page, 'new-product');

    await page.getByLabel('Название *').fill(`Табурет с фото ${Date.now().toString(36)}`);
    await page.getByLabel('Категория *').selectOption({ index: 1 });
    await page.getByLabel('Цена, ₽ *').fill('3 490');
    await page.getByRole('button', { name: 'Создать товар' }).click();
    await page.waitForURL(/\/admin\/products\/\d+$/);
    const photos = page.getByRole('list', { name: 'Фото товара, по порядку' });
    await expect.poll(() => photos.getByRole('listitem').count(), { timeout: 20_000 }).toBe(2);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const stored = (await (await page.request.get(`/api/admin/products/${id}`)).json()) as {
      images: unknown[];
    };
    expect(stored.images).toHaveLength(2);
    await checkScreen(page, 'product-form');
    expect(errors).toEqual([]);
  }, 120_000);

  it('the import dialog passes axe', async () => {
    const { page } = await newPage();
    await signInAsAdmin(page, '/admin/products');
    await openApp(page, `${baseUrl}/admin/products`);
    await page.getByRole('button', { name: 'Импорт' }).click();
    await page.getByRole('dialog', { name: 'Импорт товаров' }).waitFor();
    await checkScreen(page, 'import');
  }, 60_000);
});
