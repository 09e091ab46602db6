import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser, openApp } from './support/browser';

/**
 * The order flow in a real browser against the production build and the real server: a client
 * registers, puts a product in the cart from its page, checks out with a promo code, lands on
 * /thank-you and finds the order in the account; a guest cart is merged into the client's on login.
 * Screenshots (375 and 1440 px) go to SCREENSHOT_DIR when it is set, for a person to look at.
 */
const baseUrl = inject('shopBaseUrl');
const screenshotDir = process.env.SCREENSHOT_DIR;
const PASSWORD = 'Надёжный-пароль-42';

let launched: LaunchedBrowser;

beforeAll(async () => {
  launched = await launchBrowser();
  if (screenshotDir) mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  await launched?.close();
});

interface ProductRef {
  readonly slug: string;
  readonly name: string;
}

/** Products with a price, from the catalogue API (the seed decides which exist). */
async function pricedProducts(count: number): Promise<ProductRef[]> {
  const response = await fetch(`${baseUrl}/api/products?limit=24&sort=new`);
  expect(response.ok).toBe(true);
  const body = (await response.json()) as { items: { slug: string; name: string; price: number | null }[] };
  const priced = body.items.filter((item) => typeof item.price === 'number' && item.price > 0);
  expect(priced.length).toBeGreaterThanOrEqual(count);
  return priced.slice(0, count).map(({ slug, name }) => ({ slug, name }));
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!screenshotDir) return;
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${screenshotDir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ru`;
}

async function newPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await launched.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

async function register(page: Page, email: string): Promise<number> {
  await openApp(page, `${baseUrl}/register`);
  await page.getByLabel('Имя').fill('Анна Тестова');
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="repeat"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await page.waitForURL(/\/orders\/\d+$/);
  const match = /\/orders\/(\d+)$/.exec(new URL(page.url()).pathname);
  return Number(match?.[1]);
}

async function addToCartFromProductPage(page: Page, product: ProductRef): Promise<void> {
  await openApp(page, `${baseUrl}/product/${product.slug}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByRole('button', { name: 'В корзину' }).first().click();
  await page.getByRole('button', { name: 'В корзине' }).first().waitFor();
}

describe('checkout in the browser', () => {
  it('registers, orders with a promo code from the product page, and finds the order in the account', async () => {
    const [product] = await pricedProducts(1);
    if (!product) throw new Error('no priced product in the seed');
    const { context, page, errors } = await newPage();
    const email = uniqueEmail('buyer');
    const clientId = await register(page, email);
    expect(clientId).toBeGreaterThan(0);

    await addToCartFromProductPage(page, product);
    await openApp(page, `${baseUrl}/cart`);
    await page.getByRole('heading', { level: 1, name: 'Корзина' }).waitFor();
    await expect(page.getByRole('listitem', { name: product.name }).isVisible()).resolves.toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex,nofollow');
    await shoot(page, 'cart');

    await page.getByRole('link', { name: 'Оформить заказ' }).click();
    await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
    // The signed-in client's e-mail is filled in from the account.
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Имя').fill('Анна Тестова');
    await page.getByLabel('Телефон').fill('+7 900 123-45-67');
    await page.getByLabel('Адрес доставки').fill('Санкт-Петербург, Невский пр., 1, кв. 2');
    await page.getByLabel('Промокод').fill('home10');
    await page.getByRole('radio', { name: /Картой онлайн/ }).check();
    await page.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
    // The server's quote shows the promo discount and the total before «Подтвердить заказ» (issue 22, item 9).
    const summary = page.getByLabel('Сумма заказа');
    await summary.getByText('Скидка по промокоду').waitFor();
    await summary.getByText('Итого').waitFor();
    await shoot(page, 'checkout');
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();

    await page.waitForURL(/\/thank-you\?order=\d+$/);
    const orderId = Number(new URL(page.url()).searchParams.get('order'));
    await page.getByRole('heading', { level: 1, name: 'Спасибо за заказ!' }).waitFor();
    await expect(page.getByText(`№ ${orderId}`).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Скидка по промокоду HOME10').isVisible()).resolves.toBe(true);
    await shoot(page, 'thank-you');

    // The cart was emptied, locally and on the server.
    await openApp(page, `${baseUrl}/cart`);
    await page.getByRole('heading', { level: 1, name: 'Корзина пуста' }).waitFor();

    await openApp(page, `${baseUrl}/orders/${clientId}`);
    const card = page.getByRole('listitem', { name: `Заказ № ${orderId}` });
    await card.waitFor();
    await expect(card.getByText('Новый').isVisible()).resolves.toBe(true);
    await shoot(page, 'orders');

    // Payment waits for the manager's approval.
    await openApp(page, `${baseUrl}/pay/${orderId}`);
    await page
      .getByText('Оплата станет доступна после того, как менеджер подтвердит заказ.', { exact: false })
      .waitFor();
    await shoot(page, 'pay-waiting');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pays an approved order with the test gateway', async () => {
    const shopAdmin = inject('shopAdmin');
    const [product] = await pricedProducts(1);
    if (!product) throw new Error('no priced product in the seed');
    const { context, page } = await newPage();
    const clientId = await register(page, uniqueEmail('payer'));
    await addToCartFromProductPage(page, product);
    await openApp(page, `${baseUrl}/checkout`);
    await page.getByLabel('Имя').fill('Пётр');
    await page.getByLabel('Телефон').fill('+7 900 765-43-21');
    await page.getByRole('radio', { name: /Самовывоз/ }).check();
    await page.getByRole('radio', { name: /Картой онлайн/ }).check();
    await page.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await page.waitForURL(/\/thank-you\?order=\d+$/);
    const orderId = Number(new URL(page.url()).searchParams.get('order'));

    // The manager allows payment (admin API, in a context of its own).
    const admin = await launched.browser.newContext({ baseURL: baseUrl });
    const login = await admin.request.post('/api/admin-login', {
      data: { email: shopAdmin.email, password: shopAdmin.password },
      headers: { origin: baseUrl },
    });
    expect(login.ok()).toBe(true);
    const allow = await admin.request.post(`/api/admin/orders/${orderId}/allow-payment`, {
      data: { allowed: true },
      headers: { origin: baseUrl },
    });
    expect(allow.ok()).toBe(true);
    await admin.close();

    await openApp(page, `${baseUrl}/pay/${orderId}`);
    await shoot(page, 'pay');
    // One pay page for the signed-in owner and the signed link: the provider's methods, card chosen.
    const payButton = page.getByRole('button', { name: 'Оплатить', exact: true });
    await payButton.waitFor();
    const cardMethod = page.getByRole('radio', { name: /Картой онлайн/ });
    if ((await cardMethod.count()) > 0) await cardMethod.check();
    await payButton.click();
    await page.getByRole('heading', { name: 'Тестовая оплата' }).waitFor();
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(/\/thank-you\?orderId=\d+/);

    await openApp(page, `${baseUrl}/orders/${clientId}`);
    const card = page.getByRole('listitem', { name: `Заказ № ${orderId}` });
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain('Оплачен');
    await context.close();
  });

  it('merges a guest cart into the client cart on login', async () => {
    const [first, second] = await pricedProducts(2);
    if (!first || !second) throw new Error('the seed needs two priced products');
    const { context, page, errors } = await newPage();
    const email = uniqueEmail('merger');
    await register(page, email);
    await addToCartFromProductPage(page, first);
    // Let the 500 ms debounced server save happen before signing out.
    await expect
      .poll(async () => {
        const answer = await page.evaluate(async () => {
          const auth = (await (await fetch('/api/check-auth')).json()) as { clientId?: number };
          const cart = (await (await fetch(`/api/cart/${auth.clientId}`)).json()) as unknown[];
          return cart.length;
        });
        return answer;
      })
      .toBe(1);

    await openApp(page, `${baseUrl}/orders/0`);
    await page.getByRole('main').getByRole('button', { name: 'Выйти' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect
      .poll(() =>
        page.evaluate(
          async () =>
            ((await (await fetch('/api/check-auth')).json()) as { authenticated: boolean }).authenticated,
        ),
      )
      .toBe(false);

    // As a guest: the pre-login cart (empty) is back; add another product.
    await addToCartFromProductPage(page, second);
    await openApp(page, `${baseUrl}/login?redirect=${encodeURIComponent('/cart')}`);
    await shoot(page, 'login');
    await page.getByLabel('Email').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/cart');
    await page.getByRole('listitem', { name: first.name }).waitFor();
    await page.getByRole('listitem', { name: second.name }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
