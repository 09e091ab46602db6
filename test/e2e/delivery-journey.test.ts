import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatKopecks } from '../../shared-rules/money-rule';
import { signInAsAdmin, suiteBrowser } from './support/admin-session';
import { openApp } from './support/browser';

/**
 * Issue 23's journey in a real browser against the production build and the real server: a shopper on a
 * phone (390 px) puts a seeded corner sofa in the cart and, in the cart's «Доставка и услуги», asks for
 * delivery beyond the ring road, the 7th floor without a lift and assembly — every line and «Итого с
 * доставкой и услугами» are the server's quote; checkout starts with the same details, a day and a paid
 * window add «Доставка ко времени: …» and the same total; the guest orders online. The manager's card
 * shows the same lines and total in «Доставка и услуги» and moves the slot with «Перенести» to another
 * day and window; the guest pays the whole total with the test gateway, which (like a shop with 54-FZ
 * receipts on) refuses a payment whose receipt items do not add up to it — so the payment receipt carries
 * the services. Every amount is the server's quote in kopecks, shown through `formatKopecks`. Axe (no
 * serious or critical violation) runs on the cart's block and on the card's section.
 */
const baseUrl = inject('shopBaseUrl');
const outbox = join(inject('shopDataDir'), 'outbox');

const suite = suiteBrowser();

interface ServiceLine {
  readonly kind: string;
  readonly label: string;
  readonly amount: number;
}
interface Quote {
  readonly subtotal: number;
  readonly discount: number;
  readonly services: readonly ServiceLine[];
  readonly total: number;
}
interface DeliveryOffer {
  readonly days: readonly { day: string; label: string; full: boolean }[];
  readonly windows: readonly { id: number; label: string; price: number }[];
}
interface AdminOrderJson {
  readonly total: number;
  readonly subtotal: number;
  readonly discount: number;
  readonly services?: readonly ServiceLine[];
  readonly delivery: { slot?: { day: string; windowId: number; label: string; price: number } };
  readonly payment?: { paid: number; remaining: number };
}

/** The journey's delivery details as the quote takes them. */
const KM_BEYOND_KAD = 12;
const DETAILS = {
  method: 'courier',
  zone: 'outside_kad',
  kmBeyondKad: KM_BEYOND_KAD,
  floor: 7,
  lift: 'none',
  services: ['assembly'],
} as const;

async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${response.status}`).toBe(200);
  return (await response.json()) as T;
}

/** A seeded corner sofa with its packed box and a price: the catalogue is paged until one is found. */
async function cornerSofa(): Promise<{ id: number; slug: string; name: string }> {
  for (let offset = 0; offset < 5_000; offset += 100) {
    const list = (await (await fetch(`${baseUrl}/api/products?limit=100&offset=${offset}`)).json()) as {
      items: { id: number; slug: string; name: string; price: number | null }[];
    };
    if (list.items.length === 0) break;
    const candidates = list.items.filter(
      (item) => /^угловой диван/i.test(item.name) && typeof item.price === 'number' && item.price > 0,
    );
    if (candidates.length === 0) continue;
    const facts = (await (
      await fetch(`${baseUrl}/api/delivery/products?ids=${candidates.map((item) => item.id).join(',')}`)
    ).json()) as { items: { productId: number; itemClass: string | null; packed: unknown }[] };
    const found = facts.items.find((item) => item.itemClass === 'corner_sofa' && item.packed !== null);
    const product = candidates.find((item) => item.id === found?.productId);
    if (product !== undefined) return product;
  }
  throw new Error('the seed has no priced corner sofa with a packed box');
}

/** Each row of a definition list as [term, description], in order. */
function rowsOf(list: Locator): Promise<[string, string][]> {
  return list.evaluate((element) =>
    [...element.querySelectorAll('dt')].map((term): [string, string] => [
      term.textContent ?? '',
      term.nextElementSibling?.textContent ?? '',
    ]),
  );
}

/** How the storefront shows a quote's service line. */
const shopperRow = (line: ServiceLine): [string, string] => [
  line.label,
  line.amount === 0 ? 'Бесплатно' : formatKopecks(line.amount),
];

async function expectNoSeriousAxeViolations(page: Page, selector: string, name: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${name} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

/** The decoded bodies of every .eml the shop wrote to `to`. */
function mailsTo(to: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(join(outbox, file), 'utf8'))
    .filter((eml) => eml.includes(`\r\nTo: ${to}\r\n`))
    .map((eml) => {
      const body = eml.split('\r\n\r\n').slice(1).join('\r\n\r\n');
      return Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8').replace(/\r\n/g, '\n');
    });
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('issue 23: a corner sofa delivered beyond the ring road, carried up and assembled', () => {
  it('prices every service in the cart, keeps them through checkout and the order, and the manager moves the slot', async () => {
    const sofa = await cornerSofa();
    const cart = [{ id: sofa.id, quantity: 1 }];
    const guestEmail = `delivery-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ru`;

    // What the server charges for these details, without and then with a paid window.
    const cartQuote = await postJson<Quote>('/api/orders/quote', { cart, delivery: DETAILS });
    expect(cartQuote.services.map((line) => line.kind)).toEqual(['delivery', 'carrying', 'assembly']);
    const [deliveryLabel, ...serviceLabels] = cartQuote.services.map((line) => line.label);
    expect(deliveryLabel).toBe(`Доставка за КАД, ${KM_BEYOND_KAD} км`);
    expect(serviceLabels).toEqual(['Подъём на 7 этаж без лифта', 'Сборка']);
    // docs/money.md: total = goods − discount + Σ services; every service line in whole roubles.
    expect(cartQuote.total).toBe(
      cartQuote.subtotal -
        cartQuote.discount +
        cartQuote.services.reduce((sum, line) => sum + line.amount, 0),
    );
    for (const line of cartQuote.services) expect(line.amount % 100).toBe(0);
    const offer = await postJson<DeliveryOffer>('/api/delivery/days', { cart });
    const openDays = offer.days.filter((day) => !day.full);
    const paidWindows = offer.windows.filter((window) => window.price > 0);
    const [bookedDay, movedDay] = openDays;
    const [bookedWindow, movedWindow] = paidWindows;
    if (!bookedDay || !movedDay || !bookedWindow || !movedWindow)
      throw new Error('the calendar offers fewer than two open days or two paid windows');
    const slotQuote = await postJson<Quote>('/api/orders/quote', {
      cart,
      delivery: { ...DETAILS, slot: { day: bookedDay.day, windowId: bookedWindow.id } },
    });
    const windowLine: ServiceLine = {
      kind: 'delivery_window',
      label: `Доставка ко времени: ${bookedWindow.label}`,
      amount: bookedWindow.price,
    };
    expect(slotQuote.services).toContainEqual(windowLine);
    expect(slotQuote.total).toBe(cartQuote.total + bookedWindow.price);

    // A shopper on a phone puts the sofa in the cart.
    const shopper = await suite.newPage(390);
    const { page } = shopper;
    await openApp(page, `${baseUrl}/product/${sofa.slug}`);
    await page.getByRole('heading', { level: 1, name: sofa.name }).waitFor();
    await page.getByRole('button', { name: 'В корзину' }).filter({ visible: true }).first().click();
    await page.getByRole('button', { name: 'В корзине' }).filter({ visible: true }).first().waitFor();

    // «Доставка и услуги» in the cart: beyond КАД, 7th floor, no lift, assembly.
    await openApp(page, `${baseUrl}/cart`);
    const block = page.getByRole('region', { name: 'Доставка и услуги' });
    await block.waitFor();
    await block.getByRole('radio', { name: 'За КАД', exact: true }).check();
    await block.getByLabel('Километров за КАД').fill(String(KM_BEYOND_KAD));
    await block.getByLabel('Этаж').fill('7');
    await block.getByRole('radio', { name: 'Нет лифта' }).check();
    await block.getByRole('checkbox', { name: 'Сборка' }).check();
    const cartSums = block.locator('dl[aria-label="Доставка и услуги: сумма"]');
    await expect
      .poll(() => rowsOf(cartSums))
      .toEqual([
        ...cartQuote.services.map(shopperRow),
        ['Итого с доставкой и услугами', formatKopecks(cartQuote.total)],
      ]);
    await expectNoSeriousAxeViolations(page, 'section[aria-labelledby="cart-delivery-title"]', 'cart block');

    // Checkout starts with the cart's details; a day and a paid window add their line.
    await page.getByRole('link', { name: 'Оформить заказ' }).first().click();
    await page.waitForURL(/\/checkout$/);
    await page.waitForSelector('html[data-app="ready"]', { state: 'attached' });
    await page.getByRole('heading', { level: 1, name: 'Оформление заказа' }).waitFor();
    await page.getByRole('radio', { name: /Курьером/ }).check();
    expect(await page.getByRole('radio', { name: 'За КАД', exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Километров за КАД').inputValue()).toBe(String(KM_BEYOND_KAD));
    expect(await page.getByLabel('Этаж').inputValue()).toBe('7');
    expect(await page.getByRole('radio', { name: 'Нет лифта' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Сборка' }).isChecked()).toBe(true);
    const checkoutSums = page.locator('dl[aria-label="Сумма заказа"]');
    const goodsRows: [string, string][] = [
      ['Товары', formatKopecks(cartQuote.subtotal)],
      ...(cartQuote.discount > 0
        ? [['Скидка по промокоду', `−${formatKopecks(cartQuote.discount)}`] as [string, string]]
        : []),
    ];
    await expect
      .poll(() => rowsOf(checkoutSums))
      .toEqual([
        ...goodsRows,
        ...cartQuote.services.map(shopperRow),
        ['Итого', formatKopecks(cartQuote.total)],
      ]);

    await page.getByLabel('Имя').fill('Анна Угловая');
    await page.getByLabel('Телефон').fill('+7 921 777-12-34');
    await page.getByLabel('Email').fill(guestEmail);
    await page.getByLabel('Адрес доставки').fill('Всеволожск, Октябрьский проспект, д. 12, кв. 7');
    await page
      .getByRole('radiogroup', { name: 'День доставки' })
      .getByRole('radio', { name: bookedDay.label, exact: true })
      .check();
    await page
      .getByRole('radiogroup', { name: 'Время доставки' })
      .getByRole('radio', { name: new RegExp(`^${escaped(bookedWindow.label)}`) })
      .check();
    await expect
      .poll(() => rowsOf(checkoutSums))
      .toEqual([
        ...goodsRows,
        ...slotQuote.services.map(shopperRow),
        ['Итого', formatKopecks(slotQuote.total)],
      ]);

    // The guest orders, to pay by card online once the manager allows it.
    await page.getByRole('radio', { name: /Картой онлайн/ }).check();
    await page.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
    await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await page.waitForURL(/\/thank-you\?order=\d+$/);
    const orderId = Number(new URL(page.url()).searchParams.get('order'));
    expect(orderId).toBeGreaterThan(0);

    // The order mail lists every service, with its price, just before «Итого».
    let orderMail = '';
    await expect
      .poll(
        () => {
          orderMail = mailsTo(guestEmail).find((mail) => mail.includes(`заказ № ${orderId}`)) ?? '';
          return orderMail;
        },
        { timeout: 20_000 },
      )
      .not.toBe('');
    const mailedServices = slotQuote.services
      .map((line) => `${line.label}: ${line.amount === 0 ? 'бесплатно' : formatKopecks(line.amount)}\n`)
      .join('');
    expect(orderMail).toContain(`${mailedServices}Итого: ${formatKopecks(slotQuote.total)}`);

    // The manager's card: the same lines and total in «Доставка и услуги».
    const manager = await suite.newPage(1280);
    const admin = manager.page;
    await signInAsAdmin(admin);
    const orderJson = async (): Promise<AdminOrderJson> => {
      const answer = await admin.request.get(`/api/admin/orders/${orderId}`);
      expect(answer.ok()).toBe(true);
      const body = (await answer.json()) as { order?: AdminOrderJson } & AdminOrderJson;
      return body.order ?? body;
    };
    const placed = await orderJson();
    expect(placed.total).toBe(slotQuote.total);
    expect(placed.services).toEqual(slotQuote.services);
    expect(placed.delivery.slot).toEqual({
      day: bookedDay.day,
      windowId: bookedWindow.id,
      label: bookedWindow.label,
      price: bookedWindow.price,
    });

    await openApp(admin, `${baseUrl}/admin/orders/${orderId}`);
    await admin.getByRole('heading', { level: 1, name: `Заказ № ${orderId}` }).waitFor();
    const section = admin
      .locator('section', {
        has: admin.getByRole('heading', { level: 2, name: 'Доставка и услуги', exact: true }),
      })
      .last();
    await section.getByText(`Итого по заказу: ${formatKopecks(slotQuote.total)}`).waitFor();
    expect(await rowsOf(section.locator('dl').first())).toEqual(
      slotQuote.services.map((line): [string, string] => [line.label, formatKopecks(line.amount)]),
    );
    await section
      .getByText(
        new RegExp(`, ${escaped(bookedWindow.label)} · ${escaped(formatKopecks(bookedWindow.price))}$`),
      )
      .waitFor();
    // Axe takes a selector: the section is marked for it (an attribute no assistive technology reads).
    await section.evaluate((element) => element.setAttribute('data-journey-section', ''));
    await expectNoSeriousAxeViolations(admin, 'section[data-journey-section]', 'card section');

    // «Перенести» to another day and another paid window.
    await section.getByRole('button', { name: 'Перенести', exact: true }).click();
    const mover = section.getByRole('form', { name: 'Перенос доставки' });
    await mover.getByLabel('Новый день доставки').fill(movedDay.day);
    await mover
      .getByRole('status')
      .getByText(/занято \d+ из \d+/)
      .waitFor();
    await mover.getByRole('radio', { name: new RegExp(`^${escaped(movedWindow.label)}`) }).check();
    await expectNoSeriousAxeViolations(admin, 'section[data-journey-section]', 'slot picker');
    await mover.getByRole('button', { name: 'Перенести сюда' }).click();
    await mover.waitFor({ state: 'detached' });
    await section.getByText('Доставка перенесена.').waitFor();
    await section
      .getByText(
        new RegExp(`, ${escaped(movedWindow.label)} · ${escaped(formatKopecks(movedWindow.price))}$`),
      )
      .waitFor();
    const history = admin.getByRole('list', { name: 'События заказа' });
    await expect.poll(() => history.textContent()).toContain('Изменена доставка');
    const moved = await orderJson();
    expect(moved.delivery.slot).toEqual({
      day: movedDay.day,
      windowId: movedWindow.id,
      label: movedWindow.label,
      price: movedWindow.price,
    });
    // Both windows cost the same: the order's total stands.
    expect(movedWindow.price).toBe(bookedWindow.price);
    expect(moved.total).toBe(slotQuote.total);
    await section.getByText(`Итого по заказу: ${formatKopecks(slotQuote.total)}`).waitFor();

    // The manager allows payment; the guest pays the whole total from the mailed link.
    const allow = await admin.request.post(`/api/admin/orders/${orderId}/allow-payment`, {
      data: { allowed: true },
      headers: { origin: baseUrl },
    });
    expect(allow.ok()).toBe(true);
    const link = orderMail.match(new RegExp(`${escaped(baseUrl)}/pay/${orderId}\\?t=[A-Za-z0-9._~-]+`))?.[0];
    if (link === undefined) throw new Error('the order mail has no pay link');
    await openApp(page, link);
    const due = page.locator('dl');
    await due.getByText('К оплате').waitFor();
    expect(await due.textContent()).toContain(formatKopecks(slotQuote.total));
    const card = page.getByRole('radio', { name: /Картой/ });
    if ((await card.count()) > 0) await card.check();
    await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
    await page.getByRole('heading', { name: 'Тестовая оплата' }).waitFor();
    expect(await page.getByText(`сумма ${formatKopecks(slotQuote.total)}`).count()).toBe(1);
    await page.getByLabel('Номер карты').fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/api/payments/test-gateway'));
    // The gateway took it: its receipt's items (the goods and each service, «услуга») add up to the
    // whole total, services included — a receipt of the goods alone would have been refused.
    await expect.poll(async () => (await orderJson()).payment?.paid).toBe(slotQuote.total);
    await admin.reload();
    await expect
      .poll(() => history.textContent())
      .toContain(`Оплата прошла: ${formatKopecks(slotQuote.total)}`);

    expect(shopper.errors).toEqual([]);
    expect(manager.errors).toEqual([]);
  });
});
