import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { screenChecker, signInAsAdmin, suiteBrowser } from './support/admin-session';
import { openApp } from './support/browser';
import { tinyPng } from './support/tiny-png';

/**
 * The merchandising back office in a real browser against the production build and the real server
 * (issue 11): the manager changes a product's price and photo and the product page, search listing,
 * cart and a new order show the new price; moves a category in the tree and the old address answers
 * 301 to the new one; publishes a news item and it is on the home slider; sets stock to 1 and of two
 * shoppers racing for it one gets the order and the other a clear refusal. Every catalogue screen is
 * checked with axe (no serious or critical violations) at 390 and 1440 px and photographed.
 */
const baseUrl = inject('shopBaseUrl');

const { newPage } = suiteBrowser();
const checkScreen = screenChecker('admin-catalogue');

/** Page text without any kind of space, so '12 347 ₽' (with no-break spaces) reads '12347₽'. */
async function compactText(page: Page): Promise<string> {
  return ((await page.locator('body').textContent()) ?? '').replace(/[\s\u00a0\u202f]/g, '');
}

interface StoreProduct {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
  readonly price: number;
}

/** Priced products of the storefront with their back-office ids. */
/**
 * Priced products this suite may change (price, photo, stock). The suites share one server, and the
 * shopper suites (checkout, admin orders) buy the newest products, so this one takes the last ones of
 * the newest 48: a product it leaves out of stock never reaches another suite's cart.
 */
async function pricedProducts(page: Page, count: number): Promise<StoreProduct[]> {
  const response = await fetch(`${baseUrl}/api/products?limit=48&sort=new`);
  const body = (await response.json()) as { items: { slug: string; name: string; price: number | null }[] };
  const priced = body.items.filter((item) => typeof item.price === 'number' && item.price > 0).slice(-count);
  const products: StoreProduct[] = [];
  for (const item of priced) {
    const found = await page.request.get(`/api/admin/products?q=${encodeURIComponent(item.slug)}`);
    const list = (await found.json()) as { items: { id: number; slug: string }[] };
    const row = list.items.find((candidate) => candidate.slug === item.slug);
    if (row) products.push({ id: row.id, slug: item.slug, name: item.name, price: item.price ?? 0 });
  }
  expect(products.length).toBe(count);
  return products;
}

async function saveForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Сохранить|Создать)/ }).click();
  await page.getByRole('status').filter({ hasText: 'Сохранено' }).waitFor();
}

async function addToCart(page: Page, product: StoreProduct): Promise<void> {
  await openApp(page, `${baseUrl}/product/${product.slug}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByRole('button', { name: 'В корзину' }).first().click();
  await page.getByRole('button', { name: 'В корзине' }).first().waitFor();
}

/** A guest's checkout form filled in (pick-up, pay on receipt), up to the confirm button. */
async function fillCheckout(page: Page): Promise<void> {
  await openApp(page, `${baseUrl}/checkout`);
  await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
  await page.getByLabel('Имя').fill('Ольга Покупателева');
  await page.getByLabel('Телефон').fill('+7 900 111-22-33');
  await page.getByLabel('Email').fill(`shopper-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ru`);
  await page.getByRole('radio', { name: /Самовывоз/ }).check();
  await page.getByRole('radio', { name: /При получении/ }).check();
  await page.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
}

describe('the catalogue back office in the browser', () => {
  it('a new price and photo reach the product page, the listing, the cart and a new order', async () => {
    const { page, errors } = await newPage();
    await signInAsAdmin(page, '/admin/products');
    const [product] = await pricedProducts(page, 1);
    if (!product) throw new Error('no priced product');
    const newPrice = 10_007 + Math.floor(Math.random() * 80_000) * 10;

    // The list's search finds the product; its form opens from the row.
    await openApp(page, `${baseUrl}/admin/products?q=${encodeURIComponent(product.slug)}`);
    await checkScreen(page, 'products');
    await page.getByRole('link', { name: product.name }).click();
    await page.waitForURL(new RegExp(`/admin/products/${product.id}$`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

    // A new photo goes first: upload it, then remove the old ones.
    const photos = page.getByRole('list', { name: 'Фото товара, по порядку' });
    const before = await photos.getByRole('listitem').count();
    await page.getByLabel('Загрузить фото').setInputFiles({
      name: 'новое-фото.png',
      mimeType: 'image/png',
      buffer: tinyPng(0x3c),
    });
    await expect.poll(() => photos.getByRole('listitem').count(), { timeout: 20_000 }).toBe(before + 1);
    for (let left = before; left > 0; left -= 1) {
      await page.getByRole('button', { name: 'Удалить фото 1' }).click();
      await expect.poll(() => photos.getByRole('listitem').count(), { timeout: 20_000 }).toBe(left);
    }

    await page.getByLabel('Цена, ₽ *').fill(String(newPrice));
    await expect(page.getByText('Есть несохранённые изменения').isVisible()).resolves.toBe(true);
    await saveForm(page);
    await checkScreen(page, 'product-form');

    // The storefront answers the new price and picture at once.
    const stored = (await (await fetch(`${baseUrl}/api/products/slug/${product.slug}`)).json()) as {
      price: number;
      tovar_pic1_url_site: string | null;
    };
    expect(stored.price).toBe(newPrice);
    expect(stored.tovar_pic1_url_site ?? '').toContain('upload');

    const shopper = await newPage();
    await openApp(shopper.page, `${baseUrl}/product/${product.slug}`);
    await shopper.page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(await compactText(shopper.page)).toContain(`${newPrice}₽`);
    const mainPicture = await shopper.page.locator('main img').first().getAttribute('src');
    expect(mainPicture ?? '').toContain('upload');

    await openApp(shopper.page, `${baseUrl}/search?q=${encodeURIComponent(product.name)}`);
    await shopper.page.getByRole('link', { name: product.name }).first().waitFor();
    expect(await compactText(shopper.page)).toContain(`${newPrice}₽`);

    await addToCart(shopper.page, product);
    await openApp(shopper.page, `${baseUrl}/cart`);
    await shopper.page.getByRole('heading', { level: 1, name: 'Корзина' }).waitFor();
    expect(await compactText(shopper.page)).toContain(`${newPrice}₽`);
    await fillCheckout(shopper.page);
    await shopper.page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await shopper.page.waitForURL(/\/thank-you\?order=\d+$/);
    const orderId = Number(new URL(shopper.page.url()).searchParams.get('order'));
    const order = (await (await page.request.get(`/api/admin/orders/${orderId}`)).json()) as {
      items: { productId: number; unitPrice: number }[];
    };
    // The order's money is kopecks (docs/money.md); the catalogue price is whole roubles.
    expect(order.items.find((line) => line.productId === product.id)?.unitPrice).toBe(newPrice * 100);
    expect([...errors, ...shopper.errors]).toEqual([]);
  });

  it('moving a category in the tree answers its old address with a 301 to the new one', async () => {
    const { page, errors } = await newPage();
    await signInAsAdmin(page, '/admin/content');
    const categories = (await (await page.request.get('/api/admin/categories')).json()) as {
      id: number;
      name: string;
      parent_id: number | null;
      path: string;
      child_count: number;
      active: boolean;
    }[];
    const leaf = categories.find(
      (category) => category.parent_id !== null && category.child_count === 0 && category.active,
    );
    const root = categories.find(
      (category) => category.parent_id === null && leaf && !leaf.path.startsWith(`${category.path}/`),
    );
    if (!leaf || !root) throw new Error('the seed has no leaf category and another root');

    await openApp(page, `${baseUrl}/admin/content`);
    await page.getByRole('heading', { level: 2, name: 'Дерево категорий' }).waitFor();
    await checkScreen(page, 'content');
    await page.getByRole('button', { name: `Переместить «${leaf.name}» в…` }).click();
    await page.getByLabel('Новая родительская категория').selectOption(String(root.id));
    await page.getByRole('dialog').getByRole('button', { name: 'Переместить' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'переадресует (301)' });
    await notice.waitFor({ timeout: 20_000 });
    const newPath = `${root.path}/${leaf.path.split('/').pop() ?? ''}`;
    expect(await notice.textContent()).toContain(`/category/${newPath}`);

    const answer = await fetch(`${baseUrl}/category/${leaf.path}`, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(new URL(answer.headers.get('location') ?? '', baseUrl).pathname).toBe(`/category/${newPath}`);

    await openApp(page, `${baseUrl}/admin/content?tab=redirects`);
    await page
      .getByRole('cell', { name: `/category/${leaf.path}` })
      .first()
      .waitFor();
    await checkScreen(page, 'redirects');
    expect(errors).toEqual([]);
  });

  it('a published news item is on the home slider', async () => {
    const { page, errors } = await newPage();
    await signInAsAdmin(page, '/admin/news');
    const title = `Новая коллекция «Белые ночи» ${Date.now() % 100_000}`;
    await openApp(page, `${baseUrl}/admin/news`);
    await checkScreen(page, 'news');
    await openApp(page, `${baseUrl}/admin/news/new`);
    await page.getByLabel('Заголовок *').fill(title);
    await page.getByLabel('Анонс').fill('Светлые диваны и кресла для петербургских квартир.');
    await page.getByRole('textbox', { name: 'Текст публикации' }).click();
    await page.keyboard.type('Коллекция уже в шоуруме на Невском.');
    await page.getByRole('checkbox', { name: /Опубликовано/ }).check();
    await page.getByRole('button', { name: 'Создать' }).click();
    await page.waitForURL(/\/admin\/news\/\d+$/);
    await page.getByRole('heading', { level: 2, name: 'Как на сайте (сохранённая версия)' }).waitFor();
    await checkScreen(page, 'news-editor');

    const shopper = await newPage();
    await openApp(shopper.page, `${baseUrl}/`);
    // The news slider loads when it comes near the viewport: scroll down the page to it.
    const card = shopper.page.getByText(title).first();
    await expect
      .poll(
        async () => {
          await shopper.page.mouse.wheel(0, 700);
          return card.count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await card.scrollIntoViewIfNeeded();
    await expect(card.isVisible()).resolves.toBe(true);
    expect([...errors, ...shopper.errors]).toEqual([]);
  });

  it('with one left in stock, two racing shoppers get one order and one clear refusal', async () => {
    const { page, errors } = await newPage();
    await signInAsAdmin(page, '/admin/products');
    const products = await pricedProducts(page, 2);
    const product = products[1];
    if (!product) throw new Error('no second priced product');
    await openApp(page, `${baseUrl}/admin/products/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('checkbox', { name: 'Вести учёт остатка' }).check();
    await page.getByLabel('Остаток, шт.').fill('1');
    await saveForm(page);

    const first = await newPage();
    const second = await newPage();
    for (const shopper of [first.page, second.page]) {
      await addToCart(shopper, product);
      await fillCheckout(shopper);
    }
    await Promise.all([
      first.page.getByRole('button', { name: 'Подтвердить заказ' }).click(),
      second.page.getByRole('button', { name: 'Подтвердить заказ' }).click(),
    ]);
    const outcome = async (shopper: Page): Promise<'ordered' | 'refused'> => {
      const ordered = shopper
        .waitForURL(/\/thank-you\?order=\d+$/, { timeout: 20_000 })
        .then(() => 'ordered' as const);
      const refused = shopper
        .getByText('Недостаточно товара на складе', { exact: false })
        .first()
        .waitFor({ timeout: 20_000 })
        .then(() => 'refused' as const);
      return Promise.race([ordered, refused]);
    };
    const results = await Promise.all([outcome(first.page), outcome(second.page)]);
    expect([...results].sort()).toEqual(['ordered', 'refused']);

    const stock = (await (await page.request.get(`/api/admin/products/${product.id}`)).json()) as {
      stock: number | null;
    };
    expect(stock.stock).toBe(0);
    expect([...errors, ...first.errors, ...second.errors]).toEqual([]);
  });

  it('promo codes, dictionaries, static pages, content tabs and the bulk grid pass axe', async () => {
    const { page, errors } = await newPage();
    await signInAsAdmin(page, '/admin/promocodes');
    await openApp(page, `${baseUrl}/admin/promocodes`);
    await page.getByRole('heading', { level: 1, name: 'Промокоды' }).waitFor();
    await checkScreen(page, 'promocodes');
    await openApp(page, `${baseUrl}/admin/promocodes/new`);
    await checkScreen(page, 'promocode-new');

    await openApp(page, `${baseUrl}/admin/dicts`);
    await page.getByRole('heading', { level: 1, name: 'Справочники' }).waitFor();
    await checkScreen(page, 'dicts');
    await openApp(page, `${baseUrl}/admin/static-pages`);
    await page.getByRole('heading', { level: 1, name: 'Страницы' }).waitFor();
    await checkScreen(page, 'static-pages');
    await page.getByRole('table').getByRole('link').first().click();
    await page.getByRole('heading', { level: 2, name: 'Текст страницы' }).waitFor();
    await checkScreen(page, 'page-editor');

    for (const tab of ['seo', 'tags', 'styles']) {
      await openApp(page, `${baseUrl}/admin/content?tab=${tab}`);
      await page.getByRole('heading', { level: 1, name: 'Контент' }).waitFor();
      await checkScreen(page, `content-${tab}`);
    }

    await openApp(page, `${baseUrl}/admin/products`);
    const boxes = page.getByRole('checkbox', { name: /^Выбрать: / });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByRole('button', { name: 'Изменить цены и видимость' }).click();
    await page.getByRole('region', { name: 'Массовое редактирование' }).waitFor();
    await checkScreen(page, 'bulk-grid');
    expect(errors).toEqual([]);
  });
});
