import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { screenChecker, signInAsAdmin, suiteBrowser } from './support/admin-session';
import { openApp } from './support/browser';
import { tinyPng } from './support/tiny-png';

/**
 * Issue 25, the product screens in a real browser against the production build: the list's search
 * applies on Enter and every filter and the order live in the address (item 8); the bulk grid refuses
 * letters and 0 ₽ with a Russian message, changes the selected prices by a percent or to one price,
 * asks about ×3 jumps in a dialog that lists them, and the list shows the saved prices from the answer
 * (item 7); photos chosen for a new product are uploaded once «Создать товар» stores it (item 13).
 * Every screen and dialog on the way is checked with axe: no serious or critical violations (item 14).
 */
const baseUrl = inject('shopBaseUrl');

const { newPage } = suiteBrowser();
const checkScreen = screenChecker('admin-products');

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
