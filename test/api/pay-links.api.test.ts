import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkResult } from '../../api/admin-orders';
import type { Order } from '../../api/orders';
import type { PayLinkView } from '../../api/pay-links';
import { RATE_LIMITS } from '../../server/domain/rate-limit';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  PUBLIC_URL,
  type ShopTestApp,
  someProductIds,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Issue 22, item 5: the signed pay link. A guest pays from the mailed link without signing in; the
 * link shows only what paying needs, and every way of being wrong — guessed, altered, truncated,
 * another order's, expired, re-issued, or the order paid or cancelled — opens nothing, with one and
 * the same answer. Item 8: bulk «Разрешить оплату» skips cash-on-delivery (and closed) orders.
 */
const NOT_FOUND = {
  error: 'not_found',
  message:
    'Ссылка на оплату недействительна или устарела. Если заказ ещё не оплачен, войдите в личный кабинет или позвоните нам — менеджер пришлёт новую ссылку.',
};
const LINK = /\/pay\/(\d+)\?t=([0-9a-z]+\.[A-Za-z0-9_-]{43})/;

describe.each(testDrivers())('signed pay links (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let products: number[] = [];
  let guests = 0;

  /** A guest (a fresh browser and e-mail) places an order; returns it with the answer's pay link. */
  const guestOrder = async (paymentMethod: 'online' | 'on_delivery' = 'online') => {
    guests += 1;
    const email = `guest-${driver}-${guests}@mail.ru`;
    const guest = new Browser(shop.app);
    const response = await guest.post('/api/orders', {
      cart: [
        { id: products[0], quantity: 2 },
        { id: products[1], quantity: 1 },
      ],
      contact: { name: 'Гость Покупателев', phone: '+7 921 555 12 34', email },
      delivery: { method: 'courier', address: 'Санкт-Петербург, Лиговский пр., 10, кв. 5' },
      paymentMethod,
      consent: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { guest, email, order: response.json() as Order };
  };
  const tokenIn = (text: string | undefined) => {
    const match = LINK.exec(text ?? '');
    if (!match?.[2]) throw new Error(`no signed pay link in: ${text}`);
    return { orderId: Number(match[1]), token: match[2] };
  };
  const open = (who: Browser, orderId: number, token: string) =>
    who.post(`/api/pay-links/${orderId}/open`, { token });
  const allow = async (orderId: number) =>
    expect(
      (await admin.post(`/api/admin/orders/${orderId}/allow-payment`, { allowed: true })).statusCode,
    ).toBe(200);
  const totalOf = async (orderId: number) =>
    Number(
      (await shop.database.rows<{ total: number }>(sql`select total from orders where id = ${orderId}`))[0]
        ?.total,
    );

  beforeAll(async () => {
    shop = await startShopApp(driver);
    products = await someProductIds(shop.database, 2);
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('a guest pays from the mailed link without signing in, and the link then opens nothing', async () => {
    const { email, order } = await guestOrder();
    // The order-success screen gets the signed link at once; the order-placed mail carries it too.
    expect(order.payLink).toMatch(LINK);
    const placedMail = shop.mailer.to(email).find((mail) => mail.template === 'order-placed');
    expect(tokenIn(placedMail?.text).orderId).toBe(order.id);

    const stranger = new Browser(shop.app);
    const before = await open(stranger, order.id, tokenIn(order.payLink).token);
    expect(before.statusCode).toBe(200);
    expect((before.json() as PayLinkView).state).toBe('awaiting_approval');

    await allow(order.id);
    const mailed = shop.mailer.to(email).filter((mail) => mail.template === 'payment-allowed');
    const { token } = tokenIn(mailed.at(-1)?.text);
    expect(mailed.at(-1)?.text).toContain(`${PUBLIC_URL}/pay/${order.id}?t=`);

    const viewer = new Browser(shop.app);
    const opened = await open(viewer, order.id, token);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    expect(opened.headers['set-cookie']).toBeUndefined();
    const view = opened.json() as PayLinkView;
    const total = await totalOf(order.id);
    expect(view).toMatchObject({
      orderId: order.id,
      state: 'payable',
      amountDue: total,
      total,
      prepayment: false,
      methods: ['card'],
      chosen: 'card',
    });
    expect(view.lines.map((line) => line.quantity)).toEqual([2, 1]);
    expect(view.lines.reduce((sum, line) => sum + line.lineTotal, 0)).toBe(total);
    // Only what paying needs: no address, phone, e-mail, name or other orders.
    for (const personal of [email, 'Лиговский', '9215551234', 'Гость'])
      expect(opened.body).not.toContain(personal);

    // The token grants nothing else: no session, no account, no order list.
    expect((await viewer.get(`/api/orders/${order.clientId}`)).statusCode).toBe(401);
    expect((await viewer.post('/api/payments/create', { orderId: order.id })).statusCode).toBe(401);

    const started = await viewer.post(`/api/pay-links/${order.id}/pay`, { token, method: 'card' });
    expect(started.statusCode, started.body).toBe(201);
    const { paymentId } = started.json() as { paymentId: string };
    expect(started.headers['set-cookie']).toBeUndefined();
    const paid = await viewer.post(`/api/payments/test-gateway/${paymentId}/pay`, {
      cardNumber: '4111 1111 1111 1111',
    });
    expect(paid.statusCode).toBe(200);
    const [row] = await shop.database.rows<{ status: string; paid_amount: number }>(
      sql`select status, paid_amount from orders where id = ${order.id}`,
    );
    expect({ status: row?.status, paid: Number(row?.paid_amount) }).toEqual({ status: 'paid', paid: total });

    const afterPaid = await open(viewer, order.id, token);
    expect(afterPaid.statusCode).toBe(404);
    expect(afterPaid.json()).toEqual(NOT_FOUND);
    expect((await viewer.post(`/api/pay-links/${order.id}/pay`, { token, method: 'card' })).json()).toEqual(
      NOT_FOUND,
    );
  });

  it('a guessed, altered, truncated, other-order, expired, re-issued or cancelled-order token opens nothing, alike', async () => {
    const first = await guestOrder();
    const second = await guestOrder();
    const cancelled = await guestOrder();
    for (const each of [first, second, cancelled]) await allow(each.order.id);
    const tokenOf = async (orderId: number) =>
      tokenIn(((await admin.get(`/api/admin/orders/${orderId}/pay-link`)).json() as { url: string }).url)
        .token;
    const good = await tokenOf(first.order.id);
    const attacker = new Browser(shop.app);
    expect((await open(attacker, first.order.id, good)).statusCode).toBe(200);

    const [expiry = '', mac = ''] = good.split('.');
    const flipped = `${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`;
    const later = (Number.parseInt(expiry, 36) + 86_400 * 365).toString(36);
    const wrong: Record<string, [number, unknown]> = {
      guessed: [first.order.id, `${expiry}.${'x'.repeat(43)}`],
      altered: [first.order.id, `${expiry}.${flipped}`],
      'longer life': [first.order.id, `${later}.${mac}`],
      truncated: [first.order.id, good.slice(0, -1)],
      empty: [first.order.id, ''],
      'other order': [second.order.id, good],
      'unknown order': [999_999, good],
    };
    for (const [name, [orderId, token]] of Object.entries(wrong)) {
      const response = await attacker.post(`/api/pay-links/${orderId}/open`, { token });
      expect({ name, status: response.statusCode, body: response.json() }).toEqual({
        name,
        status: 404,
        body: NOT_FOUND,
      });
      const pay = await attacker.post(`/api/pay-links/${orderId}/pay`, { token, method: 'card' });
      expect({ name, status: pay.statusCode }).toEqual({ name, status: 404 });
    }

    // Cancelled: the link dies with the order.
    const cancelledToken = await tokenOf(cancelled.order.id);
    expect(
      (
        await admin.patch(`/api/admin/orders/${cancelled.order.id}`, {
          status: 'cancelled',
          expectedStatus: (await admin.get(`/api/admin/orders/${cancelled.order.id}`)).json().status,
        })
      ).statusCode,
    ).toBe(200);
    expect((await open(attacker, cancelled.order.id, cancelledToken)).json()).toEqual(NOT_FOUND);

    // Re-issued: «Отправить ссылку на оплату заново» kills every earlier link and mails the new one.
    const reissued = await admin.post(`/api/admin/orders/${first.order.id}/pay-link/reissue`, {});
    expect(reissued.statusCode).toBe(200);
    expect(reissued.json()).toMatchObject({ mailed: true });
    const fresh = tokenIn((reissued.json() as { url: string }).url).token;
    expect((await open(attacker, first.order.id, good)).json()).toEqual(NOT_FOUND);
    expect((await open(attacker, first.order.id, fresh)).statusCode).toBe(200);
    const newMail = shop.mailer.to(first.email).find((mail) => mail.template === 'pay-link-reissued');
    expect(tokenIn(newMail?.text).token).toBe(fresh);

    // Expired: seven days (PAY_LINK_TTL_DAYS) later the same link opens nothing.
    const now = shop.clock.now;
    try {
      shop.clock.now = now + 7 * 86_400_000 + 1_000;
      expect((await open(new Browser(shop.app), first.order.id, fresh)).json()).toEqual(NOT_FOUND);
    } finally {
      shop.clock.now = now;
    }
    expect((await open(new Browser(shop.app), first.order.id, fresh)).statusCode).toBe(200);
  });

  it('only administrators read or re-issue a link; a cash-on-delivery order gets none', async () => {
    const { guest, order } = await guestOrder('on_delivery');
    expect(order.payLink).toBeUndefined();
    expect((await new Browser(shop.app).get(`/api/admin/orders/${order.id}/pay-link`)).statusCode).toBe(401);
    expect((await guest.post(`/api/admin/orders/${order.id}/pay-link/reissue`, {})).statusCode).toBe(401);
    expect((await admin.get('/api/admin/orders/999999/pay-link')).statusCode).toBe(404);
  });

  it('keeps the token out of the log, sends no Referer from the pay page, and limits guessing per address', async () => {
    const { order } = await guestOrder();
    const { token } = tokenIn(order.payLink);
    const page = await new Browser(shop.app).get(`/pay/${order.id}?t=${token}`);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    const mac = token.split('.')[1] ?? '';
    expect(shop.logLines.some((line) => line.includes(`/pay/${order.id}?t=[скрыто]`))).toBe(true);
    expect(shop.logLines.some((line) => line.includes(mac))).toBe(false);

    const guesser = new Browser(shop.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= RATE_LIMITS.payLinkIp.capacity; attempt += 1) {
      statuses.push((await open(guesser, order.id, `${attempt}.${'y'.repeat(43)}`)).statusCode);
    }
    expect(statuses.slice(0, RATE_LIMITS.payLinkIp.capacity).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected.
    expect((await open(new Browser(shop.app), order.id, token)).statusCode).toBe(200);
  });

  it('bulk «Разрешить оплату» skips cash-on-delivery, cancelled and binned orders, names why and mails none of them', async () => {
    const cash = await guestOrder('on_delivery');
    const online = await guestOrder();
    const cancelled = await guestOrder();
    // A status change carries the status the manager saw (a stale one is a 409).
    expect(
      (
        await admin.patch(`/api/admin/orders/${cancelled.order.id}`, {
          status: 'cancelled',
          expectedStatus: 'new',
        })
      ).statusCode,
    ).toBe(200);
    const binned = await guestOrder();
    expect((await admin.delete(`/api/admin/orders/${binned.order.id}`)).statusCode).toBe(200);
    const ids = [cash, online, cancelled, binned].map((each) => each.order.id);
    const response = await admin.post('/api/admin/orders/allow-payment', { ids });
    expect(response.statusCode).toBe(200);
    expect((response.json() as BulkResult).results).toEqual([
      { id: cash.order.id, ok: false, code: 'skipped', error: 'Пропущен: оплата при получении' },
      { id: online.order.id, ok: true },
      { id: cancelled.order.id, ok: false, code: 'skipped', error: 'Пропущен: заказ отменён' },
      { id: binned.order.id, ok: false, code: 'skipped', error: 'Пропущен: заказ в корзине' },
    ]);
    const templates = (email: string) => shop.mailer.to(email).map((mail) => mail.template);
    expect(templates(online.email)).toContain('payment-allowed');
    for (const skipped of [cash, cancelled, binned])
      expect(templates(skipped.email)).not.toContain('payment-allowed');
    const statuses = await shop.database.rows<{ id: number; status: string; payment_allowed: boolean }>(
      sql`select id, status, payment_allowed from orders where id in ${ids} order by id`,
    );
    expect(statuses.map((row) => [row.status, row.payment_allowed])).toEqual([
      ['new', false],
      ['awaiting_payment', true],
      ['cancelled', false],
      ['new', false],
    ]);
  });
});
