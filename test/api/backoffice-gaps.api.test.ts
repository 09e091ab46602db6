import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderDetail, BulkResult } from '../../api/admin-orders';
import type { AdminRequestList, AdminRequestThread, AdminUser } from '../../api/admin-requests';
import type { Order } from '../../api/orders';
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

/**
 * Back-office gaps closed after the first round (helper F1), on a real database (PGlite, and
 * PostgreSQL with TEST_DATABASE_URL): the manager's prepayment amount, `paid` after a refund, the
 * requests' compare-and-set, stock and promo given back by a cancel through the admin routes, and a
 * part of a phone typed with the trunk 8.
 */
describe.each(testDrivers())('back-office gaps (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let buyer: Browser;
  let buyerId = 0;
  let products: number[] = [];

  const place = async (
    lines: readonly { id: number; quantity: number }[],
    overrides: Partial<{ phone: string; promo: string }> = {},
  ): Promise<Order> => {
    const response = await buyer.post('/api/orders', {
      cart: lines,
      contact: {
        name: 'Вера Кузнецова',
        phone: overrides.phone ?? '+7 812 555 12 34',
        email: 'vera@mail.ru',
      },
      delivery: { method: 'pickup' },
      paymentMethod: 'online',
      consent: true,
      ...(overrides.promo ? { promoCode: overrides.promo } : {}),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Order;
  };
  const detail = async (id: number) => {
    const response = await admin.get(`/api/admin/orders/${id}`);
    expect(response.statusCode).toBe(200);
    return response.json() as AdminOrderDetail;
  };
  const clientOrder = async (id: number) => {
    const response = await buyer.get(`/api/orders/${buyerId}`);
    expect(response.statusCode).toBe(200);
    const found = (response.json() as Order[]).find((order) => order.id === id);
    expect(found).toBeDefined();
    return found as Order;
  };
  /** Starts the client's payment and has the gateway report it settled for `amount` kopecks. */
  const payFully = async (orderId: number) => {
    const created = await buyer.post('/api/payments/create', { orderId });
    expect(created.statusCode, created.body).toBe(201);
    const { paymentId } = created.json() as { paymentId: string };
    const [payment] = await shop.database.rows<{ amount: number }>(
      sql`select amount from payments where id = ${paymentId}`,
    );
    const body = JSON.stringify({
      eventId: `paid-${paymentId}`,
      paymentId,
      outcome: 'succeeded',
      amount: Number(payment?.amount),
    });
    const notified = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/notify/test',
      headers: {
        'content-type': 'application/json',
        'x-test-gateway-signature': createHmac('sha256', GATEWAY_SECRET).update(body).digest('hex'),
      },
      payload: body,
    });
    expect(notified.statusCode).toBe(200);
  };
  const stockOf = async (productId: number) => {
    const [row] = await shop.database.rows<{ stock: number | null }>(
      sql`select stock from products where id = ${productId}`,
    );
    return row?.stock === null || row?.stock === undefined ? null : Number(row.stock);
  };
  const promoUses = async (code: string) => {
    const [row] = await shop.database.rows<{ uses: number }>(
      sql`select uses from promo_codes where code = ${code}`,
    );
    return Number(row?.uses);
  };

  beforeAll(async () => {
    shop = await startShopApp(driver);
    products = await someProductIds(shop.database, 3);
    admin = new Browser(shop.app);
    buyer = new Browser(shop.app);
    buyerId = await buyer.register('vera@mail.ru');
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('lets the manager set the prepayment: the pay page charges exactly that, and clearing returns the 10 % rule', async () => {
    const [row] = await shop.database.rows<{ price: number }>(
      sql`select price from products where id = ${products[0]}`,
    );
    const price = Number(row?.price);
    // Enough items for a total above 5 000 ₽ (prices are kopecks in the database).
    const quantity = Math.min(999, Math.ceil(600_000 / price));
    const order = await place([{ id: products[0] ?? 0, quantity }]);
    // order.total and prepaymentAmount are kopecks (issue 22).
    expect(order.total).toBeGreaterThan(500_000);
    const fresh = await detail(order.id);
    expect(fresh.prepaymentAmount).toBeNull();
    expect(fresh.refundedAmount).toBe(0);

    const tooMuch = await admin.patch(`/api/admin/orders/${order.id}/payment`, {
      // Kopecks (issue 22): one kopeck more than the whole order.
      prepaymentAmount: order.total + 1,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toEqual({
      error: 'prepayment_too_large',
      message: 'Предоплата должна быть больше нуля и не больше неоплаченной части заказа.',
    });
    for (const bad of [0, -5, 10.5, '5000']) {
      const refused = await admin.patch(`/api/admin/orders/${order.id}/payment`, { prepaymentAmount: bad });
      expect({ bad, status: refused.statusCode }).toEqual({ bad, status: 400 });
    }
    expect((await admin.patch(`/api/admin/orders/${order.id}/payment`, {})).statusCode).toBe(400);

    const set = await admin.patch(`/api/admin/orders/${order.id}/payment`, { prepaymentAmount: 500_000 });
    expect(set.statusCode, set.body).toBe(200);
    const withPrepayment = set.json() as AdminOrderDetail;
    expect(withPrepayment.prepaymentAmount).toBe(500_000);
    expect(withPrepayment.paymentMethod).toBe('online');
    expect(withPrepayment.timeline.map((entry) => entry.title)).toContain('Изменены условия оплаты');
    const audit = await shop.database.rows<{ action: string; before: unknown; after: unknown }>(
      sql`select action, before, after from audit_log where entity_type = 'order' and entity_id = ${String(order.id)} and action = 'order.paymentChanged'`,
    );
    expect(audit).toEqual([
      {
        action: 'order.paymentChanged',
        before: { prepaymentAmount: null },
        after: { prepaymentAmount: 500_000 },
      },
    ]);

    const asked = await admin.moveOrder(order.id, 'awaiting_prepayment');
    expect(asked.statusCode, asked.body).toBe(200);
    const created = await buyer.post('/api/payments/create', { orderId: order.id });
    expect(created.statusCode, created.body).toBe(201);
    const { paymentId } = created.json() as { paymentId: string };
    const [payment] = await shop.database.rows<{ amount: number }>(
      sql`select amount from payments where id = ${paymentId}`,
    );
    expect(Number(payment?.amount)).toBe(500_000);

    // Cleared: the default 10 % of the total, rounded up to whole roubles; the old payment is replaced.
    const cleared = await admin.patch(`/api/admin/orders/${order.id}/payment`, { prepaymentAmount: null });
    expect((cleared.json() as AdminOrderDetail).prepaymentAmount).toBeNull();
    const again = await buyer.post('/api/payments/create', { orderId: order.id });
    expect(again.statusCode, again.body).toBe(201);
    const [second] = await shop.database.rows<{ amount: number }>(
      sql`select amount from payments where id = ${(again.json() as { paymentId: string }).paymentId}`,
    );
    expect(Number(second?.amount)).toBe(Math.ceil(order.total / 1000) * 100);
  });

  it('says paid only while the money is kept: a cancelled, refunded order is not paid', async () => {
    const order = await place([{ id: products[1] ?? 0, quantity: 1 }]);
    await admin.post(`/api/admin/orders/${order.id}/allow-payment`, {});
    await payFully(order.id);
    expect((await clientOrder(order.id)).paid).toBe(true);
    const paid = await detail(order.id);
    expect(paid.paid).toBe(true);
    expect(paid.paymentState).toBe('paid');

    const cancelled = await admin.moveOrder(order.id, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await detail(order.id);
    expect(after.status).toBe('cancelled');
    expect(after.paid).toBe(false);
    expect(after.paidAmount).toBe(0);
    expect(after.refundedAmount).toBe(order.total);
    expect(after.paymentState).toBe('unpaid');
    expect((await clientOrder(order.id)).paid).toBe(false);
    // The list filter agrees with the JSON.
    const paidList = await admin.get(`/api/admin/orders?payment=paid&clientId=${order.clientId}`);
    expect((paidList.json() as { items: AdminOrder[] }).items.map((item) => item.id)).not.toContain(order.id);
    const unpaidList = await admin.get(`/api/admin/orders?payment=unpaid&clientId=${order.clientId}`);
    expect((unpaidList.json() as { items: AdminOrder[] }).items.map((item) => item.id)).toContain(order.id);
  });

  it('gives tracked stock and the promo use back exactly once when a manager cancels, single or in bulk', async () => {
    const product = products[2] ?? 0;
    await shop.database.rows(sql`select set_stock_balance(${product}, 10, 'manual_correction', null, null)`);
    const usesBefore = await promoUses('HOME10');

    const single = await place([{ id: product, quantity: 3 }], { promo: 'HOME10' });
    expect(await stockOf(product)).toBe(7);
    expect(await promoUses('HOME10')).toBe(usesBefore + 1);
    const cancelled = await admin.moveOrder(single.id, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(product)).toBe(10);
    expect(await promoUses('HOME10')).toBe(usesBefore);
    // Cancelling again is refused and gives nothing back twice.
    expect((await admin.moveOrder(single.id, 'cancelled')).statusCode).toBe(409);
    expect(await stockOf(product)).toBe(10);

    const first = await place([{ id: product, quantity: 2 }], { promo: 'HOME10' });
    const second = await place([{ id: product, quantity: 4 }]);
    expect(await stockOf(product)).toBe(4);
    expect(await promoUses('HOME10')).toBe(usesBefore + 1);
    const bulk = await admin.bulkMoveOrders([first.id, second.id, first.id], 'cancelled');
    expect(bulk.statusCode, bulk.body).toBe(200);
    const results = (bulk.json() as BulkResult).results;
    expect(results.filter((result) => result.ok).map((result) => result.id)).toEqual([first.id, second.id]);
    expect(await stockOf(product)).toBe(10);
    expect(await promoUses('HOME10')).toBe(usesBefore);
    const repeated = await admin.bulkMoveOrders([first.id, second.id], 'cancelled');
    expect((repeated.json() as BulkResult).results.every((result) => !result.ok)).toBe(true);
    expect(await stockOf(product)).toBe(10);
    expect(await promoUses('HOME10')).toBe(usesBefore);
  });

  it('finds a part of a phone typed with the trunk 8 in orders, clients and requests', async () => {
    const order = await place([{ id: products[1] ?? 0, quantity: 1 }], { phone: '+7 (931) 246-80-13' });
    const request = await buyer.post('/api/requests', {
      subject: 'Перезвоните',
      text: 'Телефон: +7 931 246 80 13',
    });
    expect(request.statusCode, request.body).toBe(201);
    const requestId = (request.json() as { requestId: number }).requestId;
    for (const typed of ['8931246', '8 931 24', '8 (931) 246-80-1', '931246', '+7931246']) {
      const q = encodeURIComponent(typed);
      const orders = (await admin.get(`/api/admin/orders?q=${q}`)).json() as { items: AdminOrder[] };
      expect({ typed, orders: orders.items.map((item) => item.id) }).toEqual({ typed, orders: [order.id] });
      const clients = (await admin.get(`/api/admin/clients?q=${q}`)).json() as { items: { id: number }[] };
      expect({ typed, clients: clients.items.map((item) => item.id) }).toEqual({
        typed,
        clients: [order.clientId],
      });
      const requests = (await admin.get(`/api/admin/client-requests?q=${q}`)).json() as AdminRequestList;
      expect({ typed, requests: requests.items.map((item) => item.id) }).toEqual({
        typed,
        requests: [requestId],
      });
    }
    // A different number with the same tail is not found by the 8-prefixed part.
    expect(((await admin.get('/api/admin/orders?q=8932246')).json() as { total: number }).total).toBe(0);
  });

  it('refuses a request change made on a stale view: the second of two managers gets 409', async () => {
    const created = await buyer.post('/api/requests', { subject: 'Гонка', text: 'Сообщение: проверка' });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { requestId: number }).requestId;
    const admins = (await admin.get('/api/admin/admins')).json() as AdminUser[];
    const me = admins.find((user) => user.email === ADMIN_EMAIL);
    const seen = ((await admin.get(`/api/admin/client-requests/${id}`)).json() as AdminRequestThread)
      .updatedAt;
    expect(seen).toBeDefined();
    const other = new Browser(shop.app);
    expect((await other.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);

    // Both managers saw the same version and send at once: exactly one wins.
    const [a, b] = await Promise.all([
      admin.patch(`/api/admin/client-requests/${id}`, { status: 'in_work', expectedUpdatedAt: seen }),
      other.patch(`/api/admin/client-requests/${id}`, { status: 'closed', expectedUpdatedAt: seen }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toEqual({
      error: 'conflict',
      message: 'Заявку только что изменил другой менеджер. Обновите страницу и повторите.',
    });
    const winner = (a.statusCode === 200 ? a : b).json() as AdminRequestThread;
    expect(winner.updatedAt).not.toBe(seen);
    const audit = await shop.database.rows<{ action: string }>(
      sql`select action from audit_log where entity_type = 'request' and entity_id = ${String(id)}`,
    );
    expect(audit).toHaveLength(1);

    // With the fresh stamp the change goes through; without one it behaves as before.
    const fresh = await admin.patch(`/api/admin/client-requests/${id}`, {
      assigneeId: me?.id,
      expectedUpdatedAt: winner.updatedAt,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const stale = await other.patch(`/api/admin/client-requests/${id}`, {
      assigneeId: null,
      expectedUpdatedAt: winner.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    const blind = await other.patch(`/api/admin/client-requests/${id}`, { assigneeId: null });
    expect(blind.statusCode).toBe(200);
    expect((blind.json() as AdminRequestThread).assignee).toBeNull();
    expect(
      (await admin.patch(`/api/admin/client-requests/${id}`, { status: 'new', expectedUpdatedAt: 'вчера' }))
        .statusCode,
    ).toBe(400);
  });
});
