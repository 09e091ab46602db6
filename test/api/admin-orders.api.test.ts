import { createHmac } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderDetail, BulkResult } from '../../api/admin-orders';
import { ORDER_EXPORT_COLUMNS } from '../../api/admin-orders';
import type { Order } from '../../api/orders';
import { DELIVERY_DATE_REQUIRED } from '../../shared-rules/delivery-agreement-rule';
import { kopecksToDecimal, percentInWholeRoubles } from '../../shared-rules/money-rule';
import {
  LIFT_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATE_LABELS,
} from '../../shared-rules/order-options-rule';
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
 * The back office's order calls on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL):
 * the list's filters and phone search, the chart deciding every status change, the bin, edits with
 * server-side totals, notes, phone orders, the timeline and the export files.
 */
describe.each(testDrivers())('admin orders (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let buyer: Browser;
  let buyerId = 0;
  let products: number[] = [];

  const place = async (
    overrides: Partial<{
      phone: string;
      name: string;
      email: string;
      method: 'courier' | 'pickup';
      promo: string;
    }> = {},
    who: Browser = buyer,
  ): Promise<Order> => {
    const response = await who.post('/api/orders', {
      cart: [
        { id: products[0], quantity: 2 },
        { id: products[1], quantity: 1 },
      ],
      contact: {
        name: overrides.name ?? 'Анна Петрова',
        phone: overrides.phone ?? '+7 812 555 12 34',
        email: overrides.email ?? 'anna@mail.ru',
      },
      delivery:
        overrides.method === 'courier'
          ? { method: 'courier', address: 'Невский пр-т 1' }
          : { method: 'pickup' },
      paymentMethod: 'online',
      consent: true,
      ...(overrides.promo ? { promoCode: overrides.promo } : {}),
    });
    expect(response.statusCode).toBe(201);
    return response.json() as Order;
  };
  const detail = async (id: number) => {
    const response = await admin.get(`/api/admin/orders/${id}`);
    expect(response.statusCode).toBe(200);
    return response.json() as AdminOrderDetail;
  };
  const list = async (query: string) => {
    const response = await admin.get(`/api/admin/orders?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: AdminOrder[]; total: number; page: number; limit: number };
  };
  const statusEvents = async (id: number) =>
    shop.database.rows<{ to_status: string; actor: string }>(
      sql`select to_status, actor from order_events where order_id = ${id} and kind = 'status' order by id`,
    );

  beforeAll(async () => {
    shop = await startShopApp(driver);
    products = await someProductIds(shop.database, 3);
    admin = new Browser(shop.app);
    buyer = new Browser(shop.app);
    buyerId = await buyer.register('anna@mail.ru');
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('describes an order for the back office: label, the chart’s actions, payment state, time in status', async () => {
    const order = await place();
    const got = await detail(order.id);
    expect(got.status).toBe('new');
    expect(got.statusLabel).toBe('Новый');
    expect(got.actions.map((action) => action.to)).toEqual([
      'confirmed',
      'awaiting_payment',
      'awaiting_prepayment',
      'cancelled',
    ]);
    expect(got.actions[0]?.label).toBe('Подтвердить');
    expect(got.paymentState).toBe('unpaid');
    expect(got.paidAmount).toBe(0);
    expect(got.overdue).toBe(false);
    expect(got.deletedAt).toBeNull();
    expect(Date.parse(got.statusSince)).toBeGreaterThan(0);
    expect(got.timeline.map((entry) => entry.kind)).toContain('created');
    expect((await admin.get('/api/admin/orders/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/orders/abc')).statusCode).toBe(400);
  });

  it('moves through the chart only, keeps the payment gate in step, and mails the client', async () => {
    const order = await place();
    const refused = await admin.moveOrder(order.id, 'delivered');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'status_not_allowed',
      message: 'Из статуса «Новый» нельзя перейти в «Доставлен».',
    });
    const confirmed = await admin.moveOrder(order.id, 'confirmed');
    expect(confirmed.statusCode).toBe(200);
    expect((confirmed.json() as AdminOrderDetail).paymentAllowed).toBe(false);
    expect(shop.mailer.to('anna@mail.ru').some((mail) => mail.template === 'order-status-changed')).toBe(
      true,
    );

    expect((await buyer.post('/api/payments/create', { orderId: order.id })).statusCode).toBe(409);
    const allowed = await admin.post(`/api/admin/orders/${order.id}/allow-payment`, { allowed: true });
    expect(allowed.statusCode).toBe(200);
    const awaiting = allowed.json() as AdminOrderDetail;
    expect(awaiting.status).toBe('awaiting_payment');
    expect(awaiting.paymentAllowed).toBe(true);
    expect(awaiting.paymentState).toBe('awaiting');
    // The chart's move back to «Подтверждён» closes the pay link, and the server calls it so.
    expect(awaiting.actions).toEqual([
      { to: 'confirmed', label: 'Закрыть оплату' },
      { to: 'paid', label: 'Отметить оплату' },
      { to: 'cancelled', label: 'Отменить заказ' },
    ]);
    const payLink = shop.mailer.to('anna@mail.ru').filter((mail) => mail.template === 'payment-allowed');
    expect(payLink.at(-1)?.text).toContain(`/pay/${order.id}?t=`);
    // Allowing again is idempotent; the client can pay now.
    expect((await admin.post(`/api/admin/orders/${order.id}/allow-payment`, {})).statusCode).toBe(200);
    expect((await buyer.post('/api/payments/create', { orderId: order.id })).statusCode).toBe(201);

    const withdrawn = await admin.post(`/api/admin/orders/${order.id}/allow-payment`, { allowed: false });
    expect((withdrawn.json() as AdminOrderDetail).status).toBe('confirmed');
    expect((withdrawn.json() as AdminOrderDetail).paymentAllowed).toBe(false);
    expect((await buyer.post('/api/payments/create', { orderId: order.id })).statusCode).toBe(409);

    expect((await statusEvents(order.id)).map((event) => event.to_status)).toEqual([
      'confirmed',
      'awaiting_payment',
      'confirmed',
    ]);
    const audit = await shop.database.rows<{ action: string; actor_id: number; ip: string | null }>(
      sql`select action, actor_id, ip from audit_log where entity_type = 'order' and entity_id = ${String(order.id)} order by id`,
    );
    expect(audit.map((entry) => entry.action)).toEqual([
      'order.statusChanged',
      'order.statusChanged',
      'order.statusChanged',
    ]);
    expect(audit.every((entry) => entry.actor_id > 0 && entry.ip === admin.ip)).toBe(true);
  });

  it('refuses «Доставка согласована» without a delivery date, single and bulk, with the rule’s text (422, never a 500)', async () => {
    const undated = await place({ method: 'courier' });
    const dated = await place({ method: 'courier' });
    for (const order of [undated, dated])
      expect((await admin.moveOrder(order.id, 'confirmed')).statusCode).toBe(200);
    const withDate = await admin.patch(`/api/admin/orders/${dated.id}/delivery`, {
      method: 'courier',
      address: 'Невский пр-т 1',
      date: '2026-12-03',
    });
    expect(withDate.statusCode).toBe(200);

    const refused = await admin.moveOrder(undated.id, 'delivery_agreed');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: 'delivery_date_required', message: DELIVERY_DATE_REQUIRED });
    const bulk = await admin.bulkMoveOrders([undated.id, dated.id], 'delivery_agreed');
    expect(bulk.statusCode).toBe(200);
    expect((bulk.json() as BulkResult).results).toEqual([
      { id: undated.id, ok: false, code: 'delivery_date_required', error: DELIVERY_DATE_REQUIRED },
      { id: dated.id, ok: true },
    ]);
    expect((await detail(undated.id)).status).toBe('confirmed');
    expect((await detail(dated.id)).status).toBe('delivery_agreed');
    expect((await statusEvents(undated.id)).map((event) => event.to_status)).toEqual(['confirmed']);
  });

  it('bins and restores orders; the bin is hidden from lists and from the client', async () => {
    const order = await place();
    const deleted = await admin.delete(`/api/admin/orders/${order.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((deleted.json() as AdminOrderDetail).deletedAt).not.toBeNull();
    expect((deleted.json() as AdminOrderDetail).actions).toEqual([]);
    expect((await admin.delete(`/api/admin/orders/${order.id}`)).statusCode).toBe(409);
    expect((await admin.moveOrder(order.id, 'confirmed')).json().error).toBe('deleted');
    expect((await list('limit=200')).items.some((item) => item.id === order.id)).toBe(false);
    expect((await list('deleted=true&limit=200')).items.some((item) => item.id === order.id)).toBe(true);
    const own = (await buyer.get(`/api/orders/${buyerId}`)).json() as Order[];
    expect(own.some((item) => item.id === order.id)).toBe(false);

    const restored = await admin.post(`/api/admin/orders/${order.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect((restored.json() as AdminOrderDetail).deletedAt).toBeNull();
    expect((await admin.post(`/api/admin/orders/${order.id}/restore`)).statusCode).toBe(409);
    expect(
      ((await buyer.get(`/api/orders/${buyerId}`)).json() as Order[]).some((item) => item.id === order.id),
    ).toBe(true);

    const other = await place();
    const bulk = await admin.post('/api/admin/orders/delete', { ids: [order.id, other.id, 999_999] });
    expect((bulk.json() as BulkResult).results).toEqual([
      { id: order.id, ok: true },
      { id: other.id, ok: true },
      { id: 999_999, ok: false, code: 'not_found', error: 'Заказ не найден.' },
    ]);
    const back = await admin.post('/api/admin/orders/restore', { ids: [order.id, other.id] });
    expect((back.json() as BulkResult).results.every((result) => result.ok)).toBe(true);
  });

  it('edits contact, payment method and furniture delivery, recording before → after', async () => {
    const order = await place();
    const contact = await admin.patch(`/api/admin/orders/${order.id}/user-info`, {
      contact: { name: 'Анна Сергеевна', phone: '8 (921) 000-11-22', email: 'Anna.New@Mail.ru' },
    });
    expect(contact.statusCode).toBe(200);
    expect((contact.json() as AdminOrderDetail).contact).toEqual({
      name: 'Анна Сергеевна',
      phone: '+79210001122',
      email: 'anna.new@mail.ru',
    });
    const payment = await admin.patch(`/api/admin/orders/${order.id}/payment`, {
      paymentMethod: 'on_delivery',
    });
    expect((payment.json() as AdminOrderDetail).paymentMethod).toBe('on_delivery');
    expect(
      (await admin.patch(`/api/admin/orders/${order.id}/delivery`, { method: 'courier' })).json().error,
    ).toBe('address_required');
    const delivery = await admin.patch(`/api/admin/orders/${order.id}/delivery`, {
      method: 'courier',
      address: 'Лиговский пр-т 10, кв. 5',
      date: '2026-12-01',
      timeSlot: '10:00–14:00',
      floor: 7,
      lift: 'freight',
      assembly: true,
    });
    expect(delivery.statusCode).toBe(200);
    const updated = delivery.json() as AdminOrderDetail;
    expect(updated.delivery).toEqual({ method: 'courier', address: 'Лиговский пр-т 10, кв. 5' });
    expect(updated.deliveryDetails).toEqual({
      date: '2026-12-01',
      timeSlot: '10:00–14:00',
      floor: 7,
      lift: 'freight',
      assembly: true,
    });
    // Leaving fields out keeps them.
    const partial = await admin.patch(`/api/admin/orders/${order.id}/delivery`, {
      method: 'courier',
      floor: 2,
    });
    expect((partial.json() as AdminOrderDetail).deliveryDetails).toMatchObject({ floor: 2, lift: 'freight' });
    expect(
      (await admin.patch(`/api/admin/orders/${order.id}/delivery`, { method: 'courier', floor: 'high' }))
        .statusCode,
    ).toBe(400);

    const edits = (await detail(order.id)).timeline.filter((entry) => entry.kind === 'admin_edit');
    expect(edits.map((entry) => entry.title)).toEqual([
      'Изменены контакты',
      'Изменён способ оплаты',
      'Изменена доставка',
      'Изменена доставка',
    ]);
    expect(edits[0]?.actorName).toBe(ADMIN_EMAIL);
    expect(edits[0]?.changes).toContainEqual({
      field: 'contact.phone',
      label: 'Телефон',
      before: '+78125551234',
      after: '+79210001122',
    });
    expect(edits[1]?.changes).toEqual([
      { field: 'paymentMethod', label: 'Способ оплаты', before: 'Онлайн', after: 'При получении' },
    ]);
    // The history names the lift as the card does (it said «Нет»: one vocabulary, issue 25 item 4).
    expect(
      (await admin.patch(`/api/admin/orders/${order.id}/delivery`, { method: 'courier', lift: 'none' }))
        .statusCode,
    ).toBe(200);
    const liftEdit = (await detail(order.id)).timeline.filter((entry) => entry.kind === 'admin_edit').at(-1);
    expect(liftEdit?.changes.find((change) => change.field === 'delivery.lift')).toMatchObject({
      before: LIFT_LABELS.freight,
      after: 'Нет лифта',
    });
  });

  it('re-prices cart and promo edits on the server and locks them once paid', async () => {
    const order = await place();
    const catalogue = await shop.database.rows<{ id: number; price: string }>(
      sql`select id, price from products where id in (${products[0]}, ${products[2]}) order by id`,
    );
    const priceOf = (id: number | undefined) => Number(catalogue.find((row) => Number(row.id) === id)?.price);
    const cart = await admin.patch(`/api/admin/orders/${order.id}/cart`, {
      lines: [
        { productId: products[0], quantity: 3 },
        { productId: products[2], quantity: 1 },
      ],
    });
    expect(cart.statusCode, cart.body).toBe(200);
    const repriced = cart.json() as AdminOrderDetail;
    // Kopecks (docs/money.md): the catalogue's whole roubles × 100.
    const expected = (priceOf(products[0]) * 3 + priceOf(products[2])) * 100;
    expect(repriced.subtotal).toBe(expected);
    expect(repriced.total).toBe(expected);
    expect(repriced.items.map((line) => [line.productId, line.quantity])).toEqual([
      [products[0], 3],
      [products[2], 1],
    ]);

    const promo = await admin.patch(`/api/admin/orders/${order.id}/promo`, { promoCode: 'home10' });
    expect(promo.statusCode, promo.body).toBe(200);
    const discounted = promo.json() as AdminOrderDetail;
    expect(discounted.promoCode).toBe('HOME10');
    expect(discounted.discount).toBe(percentInWholeRoubles(expected, 10, 'half_up'));
    expect(discounted.total).toBe(discounted.subtotal - discounted.discount);
    // Re-priced through the one pricing function: the shares are stored with the lines and add up.
    expect(discounted.items.reduce((sum, line) => sum + line.discount, 0)).toBe(discounted.discount);
    expect(discounted.items.reduce((sum, line) => sum + line.netTotal, 0)).toBe(discounted.total);
    const bad = await admin.patch(`/api/admin/orders/${order.id}/promo`, { promoCode: 'NOPE-NOPE' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toBe('invalid_promo_code');
    const removed = (await admin.patch(`/api/admin/orders/${order.id}/promo`, { promoCode: null })).json();
    expect(removed.promoCode).toBeNull();
    expect(removed.total).toBe(expected);
    expect(removed.items.every((line: { discount: number }) => line.discount === 0)).toBe(true);
    expect(
      (
        await admin.patch(`/api/admin/orders/${order.id}/cart`, {
          lines: [{ productId: 999_999, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(422);
    expect((await admin.patch(`/api/admin/orders/${order.id}/cart`, { lines: [] })).statusCode).toBe(400);

    await admin.moveOrder(order.id, 'confirmed');
    await admin.moveOrder(order.id, 'awaiting_payment');
    await admin.moveOrder(order.id, 'paid');
    const locked = await admin.patch(`/api/admin/orders/${order.id}/cart`, {
      lines: [{ productId: products[0], quantity: 1 }],
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe('order_locked');
    const paid = await detail(order.id);
    expect(paid.paymentState).toBe('paid');
    expect(paid.paid).toBe(true);
  });

  it('keeps notes: internal ones for managers, client ones shown on the client’s order too', async () => {
    const order = await place();
    const internal = await admin.post(`/api/admin/orders/${order.id}/notes`, {
      text: 'Клиент просил не звонить до 11',
      visibility: 'internal',
    });
    expect(internal.statusCode).toBe(201);
    await admin.post(`/api/admin/orders/${order.id}/notes`, {
      text: 'Диван приедет в понедельник',
      visibility: 'client',
    });
    expect(
      (await admin.post(`/api/admin/orders/${order.id}/notes`, { text: '   ', visibility: 'client' }))
        .statusCode,
    ).toBe(400);
    const notes = (await detail(order.id)).timeline.filter((entry) => entry.kind === 'note');
    expect(notes.map((note) => [note.text, note.visibility, note.actorName])).toEqual([
      ['Клиент просил не звонить до 11', 'internal', ADMIN_EMAIL],
      ['Диван приедет в понедельник', 'client', ADMIN_EMAIL],
    ]);
    const own = ((await buyer.get(`/api/orders/${buyerId}`)).json() as Order[]).find(
      (item) => item.id === order.id,
    );
    expect(own?.notes?.map((note) => note.text)).toEqual(['Диван приедет в понедельник']);
  });

  it('merges the timeline: creation, client edits, status changes with who made them, mails, payments, notes', async () => {
    const order = await place();
    await buyer.post(`/api/orders/${order.id}/comment`, { comment: 'Позвоните за час' });
    await admin.post(`/api/admin/orders/${order.id}/allow-payment`, { allowed: true });
    expect((await buyer.post('/api/payments/create', { orderId: order.id })).statusCode).toBe(201);
    await admin.post(`/api/admin/orders/${order.id}/notes`, { text: 'Ждём оплату', visibility: 'internal' });
    const timeline = (await admin.get(`/api/admin/orders/${order.id}/timeline`)).json() as {
      items: AdminOrderDetail['timeline'];
    };
    const kinds = timeline.items.map((entry) => entry.kind);
    for (const kind of ['created', 'client_edit', 'status', 'mail', 'payment', 'note'] as const) {
      expect(kinds).toContain(kind);
    }
    const status = timeline.items.find((entry) => entry.kind === 'status');
    expect(status?.title).toBe('Статус: Новый → Ожидает оплаты');
    expect(status?.actorKind).toBe('admin');
    expect(status?.actorName).toBe(ADMIN_EMAIL);
    expect(
      timeline.items.find((entry) => entry.kind === 'mail' && entry.title === 'Письмо: ссылка на оплату'),
    ).toBeDefined();
    const times = timeline.items.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect((await admin.get('/api/admin/orders/999999/timeline')).statusCode).toBe(404);
  });

  it('cancelling voids a pending payment and refunds a paid one through the payments service', async () => {
    const pay = async (orderId: number, total: number, eventId: string) => {
      const created = await buyer.post('/api/payments/create', { orderId });
      expect(created.statusCode).toBe(201);
      const { paymentId } = created.json() as { paymentId: string };
      const body = JSON.stringify({
        eventId,
        paymentId,
        outcome: 'succeeded',
        amount: total,
      });
      return { paymentId, body };
    };
    const pending = await place();
    await admin.post(`/api/admin/orders/${pending.id}/allow-payment`, {});
    const { paymentId: pendingPayment } = await pay(pending.id, pending.total, 'unused');
    expect((await admin.moveOrder(pending.id, 'cancelled')).statusCode).toBe(200);
    const [voided] = await shop.database.rows<{ status: string }>(
      sql`select status from payments where id = ${pendingPayment}`,
    );
    expect(voided?.status).toBe('cancelled');

    const paid = await place();
    await admin.post(`/api/admin/orders/${paid.id}/allow-payment`, {});
    const { body } = await pay(paid.id, paid.total, `paid-${paid.id}`);
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
    const settled = await detail(paid.id);
    expect(settled.status).toBe('paid');
    expect(settled.paidAmount).toBe(paid.total);
    expect(settled.paymentState).toBe('paid');
    expect(settled.actions.map((action) => action.to)).toContain('cancelled');
    expect((await admin.moveOrder(paid.id, 'cancelled')).statusCode).toBe(200);
    const refunds = await shop.database.rows<{ amount: number }>(
      sql`select amount from payment_refunds where order_id = ${paid.id}`,
    );
    expect(refunds.map((refund) => Number(refund.amount))).toEqual([paid.total]);
    const titles = (await detail(paid.id)).timeline.map((entry) => entry.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Статус: Ожидает оплаты → Оплачен', 'Статус: Оплачен → Отменён']),
    );
    expect(titles.some((title) => title.startsWith('Оплата прошла'))).toBe(true);
    expect(titles.some((title) => title.startsWith('Возврат запрошен'))).toBe(true);

    // Paid online before handover: delivering it issues the settlement receipt (54-FZ №2).
    const delivered = await place();
    await admin.post(`/api/admin/orders/${delivered.id}/allow-payment`, {});
    const second = await pay(delivered.id, delivered.total, `paid-${delivered.id}`);
    await shop.app.inject({
      method: 'POST',
      url: '/api/payments/notify/test',
      headers: {
        'content-type': 'application/json',
        'x-test-gateway-signature': createHmac('sha256', GATEWAY_SECRET).update(second.body).digest('hex'),
      },
      payload: second.body,
    });
    for (const status of ['in_stock', 'shipped', 'delivered'] as const) {
      const moved = await admin.moveOrder(delivered.id, status);
      expect({ status, code: moved.statusCode }).toEqual({ status, code: 200 });
    }
    const receipts = await shop.database.rows<{ kind: string }>(
      sql`select kind from payment_receipts where order_id = ${delivered.id} and kind = 'settlement'`,
    );
    expect(receipts).toHaveLength(1);
  });

  it('takes a phone order for an existing or a new client, and can send the pay link', async () => {
    const forExisting = await admin.post('/api/admin/orders/new', {
      clientId: buyerId,
      contact: { name: 'Анна Петрова', phone: '+7 812 555 12 34', email: 'anna@mail.ru' },
      lines: [{ productId: products[0], quantity: 1 }],
      delivery: { method: 'pickup' },
      paymentMethod: 'on_delivery',
    });
    expect(forExisting.statusCode, forExisting.body).toBe(201);
    const existing = forExisting.json() as AdminOrderDetail;
    expect(existing.clientId).toBe(buyerId);
    expect(existing.status).toBe('new');
    expect(existing.timeline[0]?.title).toBe('Заказ оформлен менеджером');

    const forNew = await admin.post('/api/admin/orders/new', {
      newClient: { name: 'Борис Иванов', phone: '8 916 123 45 67', email: 'boris@mail.ru' },
      lines: [{ productId: products[1], quantity: 2 }],
      delivery: { method: 'courier', address: 'Тверская 1', floor: 3, lift: 'none', assembly: true },
      promoCode: 'HOME10',
      paymentMethod: 'online',
      sendPayLink: true,
    });
    expect(forNew.statusCode, forNew.body).toBe(201);
    const created = forNew.json() as AdminOrderDetail;
    expect(created.status).toBe('awaiting_payment');
    expect(created.paymentAllowed).toBe(true);
    expect(created.discount).toBeGreaterThan(0);
    expect(created.contact.phone).toBe('+79161234567');
    expect(created.deliveryDetails).toMatchObject({ floor: 3, lift: 'none', assembly: true });
    const mails = shop.mailer.to('boris@mail.ru').map((mail) => mail.template);
    expect(mails).toEqual(expect.arrayContaining(['account-created', 'order-placed', 'payment-allowed']));
    const boris = new Browser(shop.app);
    await boris.login('boris@mail.ru', shop.mailer.tempPasswordOf('boris@mail.ru'));
    expect((await boris.post('/api/payments/create', { orderId: created.id })).statusCode).toBe(201);

    const refusals = await Promise.all([
      admin.post('/api/admin/orders/new', {
        lines: [{ productId: products[0], quantity: 1 }],
        delivery: { method: 'pickup' },
        paymentMethod: 'online',
      }),
      admin.post('/api/admin/orders/new', {
        clientId: 999_999,
        lines: [{ productId: products[0], quantity: 1 }],
        delivery: { method: 'pickup' },
        paymentMethod: 'online',
      }),
      admin.post('/api/admin/orders/new', {
        clientId: buyerId,
        lines: [{ productId: products[0], quantity: 1 }],
        delivery: { method: 'pickup' },
        paymentMethod: 'on_delivery',
        sendPayLink: true,
      }),
    ]);
    expect(refusals.map((response) => [response.statusCode, response.json().error])).toEqual([
      [422, 'client_required'],
      [404, 'client_not_found'],
      [422, 'pay_link_needs_online'],
    ]);
  });

  it('filters by status, dates, payment state, delivery, promo and text; sorts and pages with a total', async () => {
    const searcher = new Browser(shop.app);
    await searcher.register('filters@mail.ru');
    const a = await place(
      {
        phone: '+7 (921) 555-44-33',
        name: 'Фильтр Первый',
        email: 'filters@mail.ru',
        method: 'courier',
        promo: 'HOME10',
      },
      searcher,
    );
    const b = await place(
      { phone: '+7 921 777 00 11', name: 'Фильтр Второй', email: 'filters@mail.ru' },
      searcher,
    );
    await admin.moveOrder(b.id, 'confirmed');

    for (const spelling of ['8 921 555 44 33', '+7 (921) 555-44-33', '9215554433', '555-44-33']) {
      const found = await list(`q=${encodeURIComponent(spelling)}`);
      expect({ spelling, ids: found.items.map((item) => item.id) }).toEqual({ spelling, ids: [a.id] });
    }
    expect((await list(`q=${a.id}`)).items.map((item) => item.id)).toContain(a.id);
    expect((await list('q=%D0%A4%D0%B8%D0%BB%D1%8C%D1%82%D1%80')).total).toBe(2);
    expect((await list('q=FILTERS%40mail')).total).toBe(2);
    const mine = `clientId=${a.clientId}`;
    expect((await list(`${mine}&status=new`)).items.map((item) => item.id)).toEqual([a.id]);
    expect((await list(`${mine}&status=new&status=confirmed`)).total).toBe(2);
    expect((await list(`${mine}&delivery=courier`)).items.map((item) => item.id)).toEqual([a.id]);
    expect((await list(`${mine}&promo=home10`)).items.map((item) => item.id)).toEqual([a.id]);
    expect((await list(`${mine}&payment=unpaid`)).total).toBe(2);
    expect((await list(`${mine}&payment=paid`)).total).toBe(0);
    const today = new Date(shop.clock.now + 3 * 3_600_000).toISOString().slice(0, 10);
    expect((await list(`${mine}&from=${today}&to=${today}`)).total).toBe(2);
    expect((await list(`${mine}&to=2020-01-01`)).total).toBe(0);
    expect((await list(`${mine}&sort=createdAt&dir=asc`)).items.map((item) => item.id)).toEqual([a.id, b.id]);
    expect((await list(`${mine}&sort=status&dir=desc`)).items.map((item) => item.id)).toEqual([b.id, a.id]);
    const paged = await list(`${mine}&limit=1&page=2`);
    expect(paged).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(paged.items.map((item) => item.id)).toEqual([a.id]);

    // Overdue: a new order untouched for three hours.
    await shop.database.rows(
      sql`update orders set status_changed_at = now() - interval '3 hours' where id = ${a.id} returning id`,
    );
    expect((await list(`${mine}&overdue=true`)).items.map((item) => item.id)).toEqual([a.id]);
    expect((await detail(a.id)).overdue).toBe(true);

    for (const bad of ['status=bogus', 'from=yesterday', 'sort=name', 'limit=500', 'payment=maybe']) {
      const response = await admin.get(`/api/admin/orders?${bad}`);
      expect({ bad, status: response.statusCode }).toEqual({ bad, status: 400 });
    }
  });

  it('applies a bulk of 200 where some moves are not allowed, and explains the rest', async () => {
    const rows = await shop.database.rows<{ id: number }>(sql`
      insert into orders (client_id, status, items, subtotal, discount, total, contact_name, contact_phone,
        contact_email, delivery_method, payment_method)
      select ${buyerId}, case when n % 4 = 0 then 'delivered' else 'new' end, '[]'::jsonb, 100000, 0, 100000,
        'Массовый ' || n, '+7921000' || lpad(n::text, 4, '0'), 'bulk@mail.ru', 'pickup', 'on_delivery'
      from generate_series(1, 200) as n
      returning id`);
    const ids = rows.map((row) => Number(row.id));
    expect(ids).toHaveLength(200);
    const response = await admin.bulkMoveOrders(ids, 'confirmed');
    expect(response.statusCode).toBe(200);
    const results = (response.json() as BulkResult).results;
    expect(results.map((result) => result.id)).toEqual(ids);
    const refused = results.filter((result) => !result.ok);
    expect(refused).toHaveLength(50);
    for (const result of refused) {
      expect(result).toEqual({
        id: result.id,
        ok: false,
        code: 'status_not_allowed',
        error: 'Из статуса «Доставлен» нельзя перейти в «Подтверждён».',
      });
    }
    const [counts] = await shop.database.rows<{ confirmed: number; events: number }>(sql`
      select (select count(*)::int from orders where id in ${ids} and status = 'confirmed') as confirmed,
             (select count(*)::int from order_events where order_id in ${ids} and kind = 'status') as events`);
    expect(counts).toEqual({ confirmed: 150, events: 150 });
    // A second run changes nothing and says why for each order.
    const again = (await admin.bulkMoveOrders(ids, 'confirmed')).json() as BulkResult;
    expect(again.results.every((result) => !result.ok)).toBe(true);
    expect(new Set(again.results.map((result) => result.code))).toEqual(
      new Set(['same_status', 'status_not_allowed']),
    );
    // Cash on delivery, all of them: bulk «Разрешить оплату» skips each and says why (issue 22, item 8).
    const payment = (
      await admin.post('/api/admin/orders/allow-payment', { ids: ids.slice(0, 8) })
    ).json() as BulkResult;
    expect(payment.results.map((result) => [result.ok, result.error])).toEqual(
      ids.slice(0, 8).map(() => [false, 'Пропущен: оплата при получении']),
    );
  });

  it('a bulk change gives the same outcome as the single changes one by one', async () => {
    const statuses = ['new', 'confirmed', 'paid', 'shipped', 'delivered', 'cancelled', 'claim', 'in_stock'];
    const twin = async () => {
      const rows = await shop.database.rows<{ id: number }>(sql`
        insert into orders (client_id, status, items, subtotal, discount, total, contact_name, contact_phone,
          contact_email, delivery_method, payment_method)
        select ${buyerId}, s, '[]'::jsonb, 5000, 0, 5000, 'Близнец', '+79210000000', 'twin@mail.ru', 'pickup',
          'on_delivery'
        from unnest(${sql.raw(`ARRAY['${statuses.join("','")}']`)}::text[]) with ordinality as t(s, n)
        order by n
        returning id`);
      return rows.map((row) => Number(row.id));
    };
    const [bulkIds, singleIds] = [await twin(), await twin()];
    for (const target of ['cancelled', 'in_stock', 'completed'] as const) {
      const bulk = (await admin.bulkMoveOrders(bulkIds, target)).json() as BulkResult;
      const singles = [];
      for (const id of singleIds) {
        const response = await admin.moveOrder(id, target);
        singles.push(response.statusCode === 200 ? { ok: true } : { ok: false, code: response.json().error });
      }
      expect(
        bulk.results.map((result) => (result.ok ? { ok: true } : { ok: false, code: result.code })),
      ).toEqual(singles);
    }
    const statusesOf = (ids: number[]) =>
      shop.database.rows<{ status: string }>(sql`select status from orders where id in ${ids} order by id`);
    expect(await statusesOf(bulkIds)).toEqual(await statusesOf(singleIds));
  });

  it('a bulk change racing single changes on the same orders applies each change once, never a 500', async () => {
    const orders = await Promise.all(Array.from({ length: 12 }, () => place()));
    const ids = orders.map((order) => order.id);
    const [bulk, ...singles] = await Promise.all([
      admin.post('/api/admin/orders/update-status', {
        orders: ids.map((id) => ({ id, expectedStatus: 'new' })),
        status: 'confirmed',
      }),
      ...ids.map((id) => admin.moveOrder(id, 'confirmed')),
    ]);
    if (bulk === undefined) throw new Error('no bulk answer');
    expect(bulk.statusCode).toBe(200);
    const bulkResults = (bulk.json() as BulkResult).results;
    const singleStatuses = singles.map((response) => response.statusCode);
    expect(singleStatuses.every((status) => status === 200 || status === 409)).toBe(true);
    ids.forEach((id, index) => {
      const bulkWon = bulkResults.find((result) => result.id === id)?.ok === true;
      const singleWon = singleStatuses[index] === 200;
      expect({ id, winners: Number(bulkWon) + Number(singleWon) }).toEqual({ id, winners: 1 });
      if (!singleWon) expect(['status_changed', 'same_status']).toContain(singles[index]?.json().error);
    });
    for (const id of ids) {
      expect(await statusEvents(id)).toEqual([{ to_status: 'confirmed', actor: 'admin' }]);
    }
  });

  it('exports the filtered list as CSV and XLSX with Russian column names', async () => {
    const exporter = new Browser(shop.app);
    await exporter.register('export@mail.ru');
    const a = await place({ name: 'Экспорт Один', email: 'export@mail.ru', method: 'courier' }, exporter);
    const b = await place({ name: 'Экспорт Два', email: 'export@mail.ru' }, exporter);
    await admin.moveOrder(b.id, 'confirmed');
    const filter = `clientId=${a.clientId}&status=new`;

    const csv = await admin.get(`/api/admin/orders/export?format=csv&${filter}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="orders-.*\.csv"/);
    const records = parse(csv.body, { bom: true, delimiter: ';' }) as string[][];
    expect(records[0]).toEqual([...ORDER_EXPORT_COLUMNS]);
    expect(records.slice(1).map((row) => [row[0], row[2], row[3], row[6]])).toEqual([
      [String(a.id), 'Новый', 'Экспорт Один', 'Курьер'],
    ]);
    // The export speaks the card's vocabulary (issue 25, item 4; it said «Ожидает оплаты» / «Предоплата»).
    const card = (await admin.get(`/api/admin/orders/${a.id}`)).json() as AdminOrderDetail;
    expect(records[1]?.[9]).toBe(PAYMENT_STATE_LABELS[card.paymentState]);
    expect(records[1]?.[8]).toBe(PAYMENT_METHOD_LABELS[card.paymentMethod]);
    // Amounts from kopecks exactly (docs/money.md), with Russian Excel's decimal comma: «12345,00».
    expect(records[1]?.[13]).toBe(kopecksToDecimal(a.total).replace('.', ','));

    const xlsx = await admin.get(
      `/api/admin/orders/export?format=xlsx&clientId=${a.clientId}&sort=createdAt&dir=asc`,
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(xlsx.rawPayload).buffer);
    const sheet = workbook.getWorksheet('Заказы');
    if (sheet === undefined) throw new Error('no sheet «Заказы»');
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual([...ORDER_EXPORT_COLUMNS]);
    expect(sheet.rowCount).toBe(3);
    // The order's time is a real date cell (issue 25, item 10: admin-order-exports.api.test.ts).
    expect(values(2).slice(0, 4)).toEqual([a.id, expect.any(Date), 'Новый', 'Экспорт Один']);
    expect(values(3).slice(0, 3)).toEqual([b.id, expect.any(Date), 'Подтверждён']);
    expect(values(2)[13]).toBe(a.total / 100);
    expect(sheet.getRow(2).getCell(14).numFmt).toBe('#,##0.00');

    // An order allowed to pay reads «Ждёт оплаты» in the export, as on its card (the export said
    // «Ожидает оплаты»: one vocabulary now, issue 25 item 4).
    const allow = await admin.post(`/api/admin/orders/${b.id}/allow-payment`, { allowed: true });
    expect(allow.statusCode, allow.body).toBe(200);
    const waiting = (await admin.get(`/api/admin/orders/${b.id}`)).json() as AdminOrderDetail;
    expect(waiting.paymentState).toBe('awaiting');
    const awaitingCsv = await admin.get(
      `/api/admin/orders/export?format=csv&clientId=${b.clientId}&status=awaiting_payment`,
    );
    const awaitingRows = parse(awaitingCsv.body, { bom: true, delimiter: ';' }) as string[][];
    expect(awaitingRows.slice(1).map((row) => [row[0], row[9]])).toEqual([[String(b.id), 'Ждёт оплаты']]);

    expect((await admin.get('/api/admin/orders/export?format=pdf')).statusCode).toBe(400);
    expect((await buyer.get('/api/admin/orders/export?format=csv')).statusCode).toBe(403);
    expect((await new Browser(shop.app).get('/api/admin/orders/export')).statusCode).toBe(401);
  });

  it('counts new orders and client changes for the admin, and admin moves for the client', async () => {
    const since = shop.clock.now - 1000;
    const before = (await admin.get(`/api/admin/unread-summary?since=${since}`)).json() as {
      newOrders: number;
      orderUpdates: number;
    };
    const clientBefore = (await buyer.get(`/api/client/unread-summary?since=${since}`)).json() as {
      orderStatusChanges: number;
    };
    const order = await place();
    await buyer.post(`/api/orders/${order.id}/comment`, { comment: 'Можно после шести' });
    await admin.moveOrder(order.id, 'confirmed');
    await admin.post(`/api/admin/orders/${order.id}/notes`, { text: 'Заметка', visibility: 'client' });
    await admin.patch(`/api/admin/orders/${order.id}/payment`, { paymentMethod: 'on_delivery' });
    const after = (await admin.get(`/api/admin/unread-summary?since=${since}`)).json() as typeof before;
    expect(after.newOrders - before.newOrders).toBe(1);
    // The client's comment is an update; the manager's own moves, notes, edits and mails are not.
    expect(after.orderUpdates - before.orderUpdates).toBe(1);
    const clientAfter = (
      await buyer.get(`/api/client/unread-summary?since=${since}`)
    ).json() as typeof clientBefore;
    expect(clientAfter.orderStatusChanges - clientBefore.orderStatusChanges).toBe(1);
  });
});
