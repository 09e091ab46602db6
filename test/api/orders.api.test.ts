import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentInWholeRoubles } from '../../shared-rules/money-rule';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  GATEWAY_SECRET,
  type ShopTestApp,
  someProductIds,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

interface OrderJson {
  id: number;
  clientId: number;
  status: string;
  subtotal: number;
  discount: number;
  total: number;
  paid: boolean;
  paymentAllowed: boolean;
  items: {
    productId: number;
    quantity: number;
    unitPrice: number;
    lineTotal: number;
    discount: number;
    netTotal: number;
  }[];
  history: { status: string }[];
}

const contact = { name: 'Анна Петрова', phone: '+7 812 5551234', email: 'buyer@mail.ru' };

describe.each(testDrivers())('orders and payment (%s)', (driver) => {
  let shop: ShopTestApp;
  let products: number[];
  let prices: Map<number, number>;
  let buyer: Browser;
  let admin: Browser;

  beforeAll(async () => {
    shop = await startShopApp(driver);
    products = await someProductIds(shop.database, 5);
    const rows = await shop.database.rows<{ id: number; price: number }>(
      sql`select id, price from products where id in (${sql.join(products, sql`, `)})`,
    );
    prices = new Map(rows.map((row) => [Number(row.id), Number(row.price)]));
    buyer = new Browser(shop.app);
    await buyer.register('buyer@mail.ru');
    admin = new Browser(shop.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login');
  });
  afterAll(async () => {
    await shop?.close();
  });
  const p = (i: number): number => products[i] ?? 0;
  const price = (i: number): number => prices.get(p(i)) ?? 0;
  const orderBody = (overrides: Record<string, unknown> = {}) => ({
    cart: [
      { id: p(0), quantity: 2 },
      { id: p(1), quantity: 1 },
    ],
    contact,
    delivery: { method: 'courier', address: 'Санкт-Петербург, Невский пр-т 100' },
    paymentMethod: 'online',
    consent: true,
    ...overrides,
  });

  it('prices the order from the catalogue, ignoring any client-sent price, status or owner', async () => {
    const response = await buyer.post('/api/orders', {
      ...orderBody(),
      cart: [
        { id: p(0), quantity: 2, price: 1 },
        { id: p(1), quantity: 1, price: 1 },
      ],
      total: 1,
      status: 'paid',
      clientId: 1,
    });
    expect(response.statusCode).toBe(201);
    const order = response.json() as OrderJson;
    // Money is integer kopecks (docs/money.md); the catalogue's prices are whole roubles.
    expect(order.subtotal).toBe((price(0) * 2 + price(1)) * 100);
    expect(order.total).toBe(order.subtotal);
    expect(order.items.map((line) => line.discount)).toEqual([0, 0]);
    expect(order.status).toBe('new');
    expect(order.paid).toBe(false);
    expect(order.history.map((entry) => entry.status)).toEqual(['new']);
    expect(shop.mailer.to('buyer@mail.ru').some((m) => m.template === 'order-placed')).toBe(true);
  });

  it('applies the subscription promo code and refuses unknown codes, missing consent or address', async () => {
    const withPromo = (
      await buyer.post('/api/orders', orderBody({ promoCode: ' home10 ' }))
    ).json() as OrderJson;
    expect(withPromo.discount).toBe(percentInWholeRoubles((price(0) * 2 + price(1)) * 100, 10, 'half_up'));
    expect(withPromo.total).toBe(withPromo.subtotal - withPromo.discount);
    // The discount is stored with the lines: shares in whole roubles that add up to it.
    expect(withPromo.items.reduce((sum, line) => sum + line.discount, 0)).toBe(withPromo.discount);
    expect(withPromo.items.reduce((sum, line) => sum + line.netTotal, 0)).toBe(withPromo.total);
    expect(withPromo.items.every((line) => line.discount % 100 === 0)).toBe(true);
    const unknown = await buyer.post('/api/orders', orderBody({ promoCode: 'NOPE' }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      error: 'invalid_promo_code',
      message: 'Промокод не найден или больше не действует.',
    });
    expect((await buyer.post('/api/orders', orderBody({ consent: false }))).statusCode).toBe(422);
    expect((await buyer.post('/api/orders', orderBody({ delivery: { method: 'courier' } }))).statusCode).toBe(
      422,
    );
    const gone = await buyer.post('/api/orders', orderBody({ cart: [{ id: 999_999, quantity: 1 }] }));
    expect(gone.json().error).toBe('unavailable_products');
  });

  it('creates exactly one order from 100 concurrent submissions with one Idempotency-Key', async () => {
    const key = 'checkout-7f3c9a2e-concurrent';
    const before = await shop.database.rows<{ n: number }>(sql`select count(*)::int as n from orders`);
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => buyer.post('/api/orders', orderBody(), { 'idempotency-key': key })),
    );
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    const ids = new Set(responses.map((response) => (response.json() as OrderJson).id));
    expect(ids.size).toBe(1);
    const after = await shop.database.rows<{ n: number }>(sql`select count(*)::int as n from orders`);
    expect(Number(after[0]?.n) - Number(before[0]?.n)).toBe(1);
    expect(responses.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(
      99,
    );
    const reused = await buyer.post('/api/orders', orderBody({ comment: 'другое' }), {
      'idempotency-key': key,
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toBe('idempotency_key_reused');
  });

  it('lets a guest order: the order joins the account of the contact e-mail, created with an e-mailed password', async () => {
    const guest = new Browser(shop.app);
    const response = await guest.post(
      '/api/orders',
      orderBody({ contact: { ...contact, email: 'guest@mail.ru' } }),
    );
    expect(response.statusCode).toBe(201);
    const temp = shop.mailer.tempPasswordOf('guest@mail.ru');
    const signedIn = new Browser(shop.app);
    const state = (await signedIn.login('guest@mail.ru', temp)).json() as {
      clientId: number;
      tempPasswordActive: boolean;
    };
    expect(state.tempPasswordActive).toBe(true);
    const orders = (await signedIn.get(`/api/orders/${state.clientId}`)).json() as OrderJson[];
    expect(orders.map((order) => order.id)).toEqual([(response.json() as OrderJson).id]);
  });

  it('records every status change, allows only legal ones, and lets the client edit details until payment', async () => {
    const order = (await buyer.post('/api/orders', orderBody())).json() as OrderJson;
    const comment = await buyer.post(`/api/orders/${order.id}/comment`, { comment: 'Позвоните за час' });
    expect(comment.json().comment).toBe('Позвоните за час');
    const address = await buyer.post(`/api/orders/${order.id}/update-address`, {
      delivery: { method: 'pickup' },
    });
    expect(address.json().delivery).toEqual({ method: 'pickup', address: null });
    expect((await admin.moveOrder(order.id, 'delivered')).statusCode).toBe(409);
    const confirmed = await admin.moveOrder(order.id, 'confirmed');
    expect(confirmed.json().history.map((entry: { status: string }) => entry.status)).toEqual([
      'new',
      'confirmed',
    ]);
    expect(shop.mailer.to('buyer@mail.ru').some((m) => m.template === 'order-status-changed')).toBe(true);
    const list = (await admin.get('/api/admin/orders?status=confirmed&limit=5')).json();
    expect(list.items.some((item: OrderJson) => item.id === order.id)).toBe(true);
    expect(list.limit).toBe(5);
    const bulk = await admin.bulkMoveOrders([order.id, 999_999], 'cancelled');
    expect(bulk.json().results).toEqual([
      { id: order.id, ok: true },
      { id: 999_999, ok: false, code: 'not_found', error: 'Заказ не найден.' },
    ]);
    const locked = await buyer.post(`/api/orders/${order.id}/comment`, { comment: 'ещё' });
    expect(locked.statusCode).toBe(409);
  });

  it('pays an allowed order through the signed notification path; forged and replayed ones change nothing', async () => {
    const order = (await buyer.post('/api/orders', orderBody())).json() as OrderJson;
    expect((await buyer.post('/api/payments/create', { orderId: order.id })).statusCode).toBe(409);
    expect(
      (await admin.post(`/api/admin/orders/${order.id}/allow-payment`, { allowed: true })).statusCode,
    ).toBe(200);
    const created = await buyer.post('/api/payments/create', { orderId: order.id });
    expect(created.statusCode).toBe(201);
    const { paymentId, confirmationUrl } = created.json() as { paymentId: string; confirmationUrl: string };
    expect(confirmationUrl).toBe(`http://shop.test/api/payments/test-gateway/${paymentId}`);
    const page = await new Browser(shop.app).get(`/api/payments/test-gateway/${paymentId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`Заказ № ${order.id}`);

    // Forged: right shape, wrong key.
    const forgedBody = JSON.stringify({
      eventId: 'forged-1',
      paymentId,
      outcome: 'succeeded',
      amount: order.total,
    });
    const forged = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/notify/test',
      headers: {
        'content-type': 'application/json',
        'x-test-gateway-signature': createHmac('sha256', 'wrong-secret').update(forgedBody).digest('hex'),
      },
      payload: forgedBody,
    });
    expect(forged.statusCode).toBe(400);
    // Genuine signature but a different amount.
    const cheapBody = JSON.stringify({ eventId: 'cheap-1', paymentId, outcome: 'succeeded', amount: 100 });
    const cheap = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/notify/test',
      headers: {
        'content-type': 'application/json',
        'x-test-gateway-signature': createHmac('sha256', GATEWAY_SECRET).update(cheapBody).digest('hex'),
      },
      payload: cheapBody,
    });
    expect(cheap.statusCode).toBe(400);
    expect(
      ((await buyer.get(`/api/orders/${order.clientId}`)).json() as OrderJson[]).find(
        (o) => o.id === order.id,
      )?.paid,
    ).toBe(false);

    const paid = await new Browser(shop.app).post(`/api/payments/test-gateway/${paymentId}/pay`, {
      cardNumber: '4111 1111 1111 1111',
    });
    expect(paid.json()).toEqual({ redirectUrl: `http://shop.test/thank-you?orderId=${order.id}` });
    const after = (await admin.get(`/api/admin/orders/${order.id}`)).json() as OrderJson;
    expect(after).toMatchObject({ status: 'paid', paid: true });
    expect(shop.mailer.to('buyer@mail.ru').some((m) => m.template === 'payment-received')).toBe(true);

    // Replay the genuine notification: recorded once, nothing else changes.
    const replayBody = JSON.stringify({
      eventId: 'genuine-1',
      paymentId,
      outcome: 'succeeded',
      amount: order.total,
    });
    const signature = createHmac('sha256', GATEWAY_SECRET).update(replayBody).digest('hex');
    for (let i = 0; i < 3; i += 1) {
      const replay = await shop.app.inject({
        method: 'POST',
        url: '/api/payments/notify/test',
        headers: { 'content-type': 'application/json', 'x-test-gateway-signature': signature },
        payload: replayBody,
      });
      expect(replay.statusCode).toBe(200);
    }
    const events = await shop.database.rows<{ n: number }>(
      sql`select count(*)::int as n from order_events where order_id = ${order.id} and to_status = 'paid'`,
    );
    expect(Number(events[0]?.n)).toBe(1);
    expect(
      (
        await new Browser(shop.app).post(`/api/payments/test-gateway/${paymentId}/pay`, {
          cardNumber: '4111111111111111',
        })
      ).statusCode,
    ).toBe(409);
    expect((await buyer.post('/api/payments/create', { orderId: order.id })).statusCode).toBe(409);
  });

  it('counts status changes for the client and new orders for the administrator', async () => {
    const since = Date.now() - 1;
    const order = (await buyer.post('/api/orders', orderBody())).json() as OrderJson;
    await admin.moveOrder(order.id, 'confirmed');
    const client = (await buyer.get(`/api/client/unread-summary?since=${since}`)).json();
    expect(client.orderStatusChanges).toBeGreaterThanOrEqual(1);
    const adminSummary = (await admin.get(`/api/admin/unread-summary?since=${since}`)).json();
    expect(adminSummary.newOrders).toBeGreaterThanOrEqual(1);
    // Events carry the database's time; the reset must come after them.
    shop.clock.now = Date.now() + 1000;
    expect((await buyer.patch('/api/client/unread-summary/reset', { type: 'orders' })).statusCode).toBe(200);
    expect((await buyer.get(`/api/client/unread-summary?since=${since}`)).json().orderStatusChanges).toBe(0);
  });
});
