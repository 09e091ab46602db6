import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../api/admin-orders';
import type { Order } from '../../api/orders';
import { unitsShare } from '../../server/domain/order-money';
import { allocate, formatKopecks, percentInWholeRoubles } from '../../shared-rules/money-rule';
import { FAKE_SECRET_KEY, FAKE_SHOP_ID, FakeYooKassa } from './support/fake-yookassa';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  GATEWAY_SECRET,
  type ShopTestApp,
  someProductIds,
  startShopApp,
} from './support/session-client';
import { type TestDriver, testDrivers } from './support/test-database';

/**
 * Issue 22, items 6 and 7 (docs/money.md «Prepayment and refunds»), on PGlite and PostgreSQL: a
 * manager asks for a prepayment as a percent or a sum, the pay page charges exactly it with a
 * «предоплата» receipt, the card and the account show paid / remaining; partial refunds by line (the
 * lines' net paid share) or by amount accumulate, never above what was paid — also when two managers
 * refund at once (PostgreSQL) — each with a receipt for exactly what went back.
 */

const contact = { name: 'Ольга Смирнова', phone: '+7 921 555-44-33', email: 'prepay@mail.ru' };

interface Harness {
  shop: ShopTestApp;
  buyer: Browser;
  buyerId: number;
  admin: Browser;
  products: number[];
}

async function harness(shop: ShopTestApp, email: string): Promise<Harness> {
  const buyer = new Browser(shop.app);
  const buyerId = await buyer.register(email);
  const admin = new Browser(shop.app);
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login');
  return { shop, buyer, buyerId, admin, products: await someProductIds(shop.database, 3) };
}

async function placeOrder(h: Harness, email: string): Promise<AdminOrderDetail> {
  const response = await h.buyer.post('/api/orders', {
    cart: [
      { id: h.products[0], quantity: 3 },
      { id: h.products[1], quantity: 1 },
    ],
    contact: { ...contact, email },
    delivery: { method: 'courier', address: 'Санкт-Петербург, Литейный пр-т 10' },
    paymentMethod: 'online',
    consent: true,
  });
  expect(response.statusCode, response.body).toBe(201);
  return adminOrder(h, (response.json() as { id: number }).id);
}

async function adminOrder(h: Harness, id: number): Promise<AdminOrderDetail> {
  const response = await h.admin.get(`/api/admin/orders/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json() as AdminOrderDetail;
}

/** Kopecks from the database (the order's own figures, whatever unit the JSON uses). */
async function money(h: Harness, id: number) {
  const [row] = await h.shop.database.rows<Record<string, string | number>>(
    sql`select status, total, paid_amount, refunded_amount, prepayment_amount, items from orders where id = ${id}`,
  );
  return {
    status: String(row?.status),
    total: Number(row?.total),
    paid: Number(row?.paid_amount),
    refunded: Number(row?.refunded_amount),
    prepayment: row?.prepayment_amount === null ? null : Number(row?.prepayment_amount),
    lineTotals: ((row?.items ?? []) as unknown as { lineTotal: number }[]).map((line) => line.lineTotal),
  };
}

async function moveTo(h: Harness, id: number, ...statuses: string[]): Promise<void> {
  for (const status of statuses) {
    const response = await h.admin.moveOrder(id, status);
    expect(response.statusCode, `${status}: ${response.body}`).toBe(200);
  }
}

async function receipts(h: Harness, orderId: number) {
  const rows = await h.shop.database.rows<{
    kind: string;
    amount: string | number;
    body: { items: { unitAmount: number; quantity: number; paymentMode: string; description: string }[] };
  }>(sql`select kind, amount, body from payment_receipts where order_id = ${orderId} order by id`);
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

const itemSum = (items: readonly { unitAmount: number; quantity: number }[]) =>
  items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);

async function accountOrder(h: Harness, id: number): Promise<Order | undefined> {
  const response = await h.buyer.get(`/api/orders/${h.buyerId}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as Order[]).find((order) => order.id === id);
}

function testGatewaySuite(driver: TestDriver) {
  let h: Harness;
  /** Starts the shopper's payment and has the test gateway report it paid. */
  const pay = async (orderId: number): Promise<number> => {
    const created = await h.buyer.post('/api/payments/create', { orderId });
    expect(created.statusCode, created.body).toBe(201);
    const paymentId = (created.json() as { paymentId: string }).paymentId;
    const [row] = await h.shop.database.rows<{ amount: string | number }>(
      sql`select amount from payments where id = ${paymentId}`,
    );
    const amount = Number(row?.amount);
    const body = JSON.stringify({ eventId: `ev-${paymentId}`, paymentId, outcome: 'succeeded', amount });
    const notified = await h.shop.app.inject({
      method: 'POST',
      url: '/api/payments/notify/test',
      headers: {
        'content-type': 'application/json',
        'x-test-gateway-signature': createHmac('sha256', GATEWAY_SECRET).update(body).digest('hex'),
      },
      payload: body,
    });
    expect(notified.statusCode).toBe(200);
    return amount;
  };

  beforeAll(async () => {
    h = await harness(await startShopApp(driver), 'prepay@mail.ru');
  });
  afterAll(async () => {
    await h?.shop.close();
  });

  it('a 30 % prepayment: whole roubles rounded up, charged exactly, «предоплата» receipt, paid / remaining shown', async () => {
    const order = await placeOrder(h, 'prepay@mail.ru');
    const before = await money(h, order.id);
    const asked = await h.admin.post(`/api/admin/orders/${order.id}/prepayment`, { percent: 30 });
    expect(asked.statusCode, asked.body).toBe(200);
    const expected = percentInWholeRoubles(before.total, 30, 'up');
    expect(expected % 100).toBe(0);
    const card = await adminOrder(h, order.id);
    expect(card.status).toBe('awaiting_prepayment');
    expect(card.prepaymentAmount).toBe(expected);
    expect(card.timeline.some((entry) => entry.changes.some((change) => change.label === 'Предоплата'))).toBe(
      true,
    );

    expect(await pay(order.id)).toBe(expected);
    const [paymentReceipt] = await receipts(h, order.id);
    expect(paymentReceipt?.body.items.every((item) => item.paymentMode === 'partial_prepayment')).toBe(true);
    expect(itemSum(paymentReceipt?.body.items ?? [])).toBe(expected);

    const summary = { paid: expected, refunded: 0, remaining: before.total - expected, refundState: 'none' };
    expect((await adminOrder(h, order.id)).payment).toEqual(summary);
    expect((await accountOrder(h, order.id))?.payment).toEqual(summary);
    expect((await money(h, order.id)).status).toBe('prepaid');
  });

  it('a prepayment as a sum; more than is left to pay is refused in Russian; an order already waiting takes the new amount', async () => {
    const order = await placeOrder(h, 'prepay@mail.ru');
    const { total } = await money(h, order.id);
    const tooMuch = await h.admin.post(`/api/admin/orders/${order.id}/prepayment`, { amount: total + 100 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toEqual({
      error: 'prepayment_too_large',
      message: `Предоплата не может быть больше неоплаченной части заказа: ${formatKopecks(total)}.`,
    });
    expect((await money(h, order.id)).status).toBe('new');
    const both = await h.admin.post(`/api/admin/orders/${order.id}/prepayment`, { amount: 100, percent: 10 });
    expect(both.statusCode).toBe(400);
    const neither = await h.admin.post(`/api/admin/orders/${order.id}/prepayment`, {});
    expect(neither.statusCode).toBe(400);
    expect((await h.admin.post(`/api/admin/orders/${order.id}/prepayment`, { percent: 0 })).statusCode).toBe(
      400,
    );
    expect(
      (await h.admin.post(`/api/admin/orders/${order.id}/prepayment`, { amount: 1_500_000 })).statusCode,
    ).toBe(200);
    expect((await money(h, order.id)).prepayment).toBe(1_500_000);
    expect(
      (await h.admin.post(`/api/admin/orders/${order.id}/prepayment`, { amount: 2_000_050 })).statusCode,
    ).toBe(200);
    const after = await money(h, order.id);
    expect(after).toMatchObject({ status: 'awaiting_prepayment', prepayment: 2_000_050 });
    expect(await pay(order.id)).toBe(2_000_050);
    // A client cannot ask; a cancelled order cannot be asked.
    expect((await h.buyer.post(`/api/admin/orders/${order.id}/prepayment`, { percent: 30 })).statusCode).toBe(
      403,
    );
  });

  it('refunds by line and by amount accumulate to exactly what was paid, each listed with its manager; never above', async () => {
    const order = await placeOrder(h, 'prepay@mail.ru');
    await moveTo(h, order.id, 'awaiting_payment');
    const paid = await pay(order.id);
    const { lineTotals, total } = await money(h, order.id);
    expect(paid).toBe(total);
    const shares = allocate(paid, lineTotals);

    const first = await h.admin.post(`/api/admin/orders/${order.id}/refunds`, {
      lines: [{ line: 0, quantity: 1 }],
      reason: 'Клиент вернул один стул',
    });
    expect(first.statusCode, first.body).toBe(201);
    const firstAmount = unitsShare(shares[0] ?? 0, 1, 3);
    expect(first.json()).toEqual({ amount: firstAmount, confirmed: true });
    let card = await adminOrder(h, order.id);
    expect(card.payment).toEqual({
      paid: paid - firstAmount,
      refunded: firstAmount,
      remaining: 0,
      refundState: 'partial',
    });
    expect((await accountOrder(h, order.id))?.payment?.refundState).toBe('partial');
    const refundEntry = card.timeline.find((entry) => entry.title === 'Оформлен возврат');
    expect(refundEntry?.actorKind).toBe('admin');
    expect(refundEntry?.actorName).not.toBeNull();
    // jsonb keeps its own key order: compare as a set.
    // A line refunded before the handover also names the order's new total.
    expect(refundEntry?.changes.map((change) => change.label).sort()).toEqual(
      ['Итого', 'Позиции', 'Причина', 'Сумма возврата'].sort(),
    );

    // The refund receipt lists exactly the refunded line, its share.
    const refundReceipt = (await receipts(h, order.id)).filter((each) => each.kind === 'refund');
    expect(refundReceipt).toHaveLength(1);
    expect(itemSum(refundReceipt[0]?.body.items ?? [])).toBe(firstAmount);
    expect(refundReceipt[0]?.body.items.reduce((sum, item) => sum + item.quantity, 0)).toBe(1);

    // More units than are left, a line that is not there, more money than is left: refused.
    const tooMany = await h.admin.post(`/api/admin/orders/${order.id}/refunds`, {
      lines: [{ line: 0, quantity: 3 }],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error).toBe('invalid_refund_line');
    expect(
      (await h.admin.post(`/api/admin/orders/${order.id}/refunds`, { lines: [{ line: 5, quantity: 1 }] }))
        .statusCode,
    ).toBe(422);
    const above = await h.admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: paid });
    expect(above.statusCode).toBe(422);
    expect(above.json()).toEqual({
      error: 'refund_too_large',
      message: `Вернуть можно не больше, чем оплачено за вычетом прежних возвратов: ${formatKopecks(paid - firstAmount)}.`,
    });

    // The other two units of line 0, then line 1, then what is left by amount: all of it, exactly.
    const second = await h.admin.post(`/api/admin/orders/${order.id}/refunds`, {
      lines: [{ line: 0, quantity: 2 }],
    });
    expect(second.json().amount).toBe((shares[0] ?? 0) - firstAmount);
    const third = await h.admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: 12_345 });
    expect(third.statusCode).toBe(201);
    const rest = paid - (shares[0] ?? 0) - 12_345;
    const last = await h.admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: rest });
    expect(last.statusCode).toBe(201);
    card = await adminOrder(h, order.id);
    // Line 0 was refunded before the handover, so it left the order; the amounts gave money back,
    // not goods: line 1 is still sold and is owed at handover.
    expect(card.items.map((line) => line.lineTotal)).toEqual([lineTotals[1]]);
    expect(card.total).toBe(total - (lineTotals[0] ?? 0));
    expect(card.payment).toEqual({
      paid: 0,
      refunded: paid,
      remaining: total - (lineTotals[0] ?? 0),
      refundState: 'full',
    });
    const [payment] = await h.shop.database.rows<{ status: string }>(
      sql`select status from payments where order_id = ${order.id}`,
    );
    expect(payment?.status).toBe('refunded');
    const nothing = await h.admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: 100 });
    expect(nothing.statusCode).toBe(409);
    expect(card.timeline.filter((entry) => entry.title === 'Оформлен возврат')).toHaveLength(4);
    const refundReceipts = (await receipts(h, order.id)).filter((each) => each.kind === 'refund');
    expect(refundReceipts.reduce((sum, each) => sum + itemSum(each.body.items), 0)).toBe(paid);
  });

  it('a line refunded before delivery leaves the order: the total, the stock, the card, the account and the settlement receipt follow; an amount refund is money only', async () => {
    await h.shop.database.rows(
      sql`select set_stock_balance(${h.products[1]}, 10, 'manual_correction', null, null)`,
    );
    const order = await placeOrder(h, 'prepay@mail.ru');
    const { total, lineTotals } = await money(h, order.id);
    expect((await h.admin.post(`/api/admin/orders/${order.id}/prepayment`, { percent: 30 })).statusCode).toBe(
      200,
    );
    const taken = await pay(order.id);
    expect(taken).toBe(percentInWholeRoubles(total, 30, 'up'));

    // The client no longer wants line 1: its part of the prepayment goes back, and it is no longer sold.
    const line1 = lineTotals[1] ?? 0;
    const back = allocate(taken, [line1, total - line1])[0] ?? 0;
    const refund = await h.admin.post(`/api/admin/orders/${order.id}/refunds`, {
      lines: [{ line: 1, quantity: 1 }],
      reason: 'Клиент отказался от позиции до доставки',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json()).toEqual({ amount: back, confirmed: true });
    const goods = total - line1;
    let card = await adminOrder(h, order.id);
    expect(card.items).toHaveLength(1);
    expect(card.subtotal - card.discount).toBe(card.total);
    expect(card.items.reduce((sum, line) => sum + line.lineTotal, 0)).toBe(card.subtotal);
    expect(card.total).toBe(goods);
    const afterLine = {
      paid: taken - back,
      refunded: back,
      remaining: goods - (taken - back),
      refundState: 'partial',
    };
    expect(card.payment).toEqual(afterLine);
    expect((await accountOrder(h, order.id))?.payment).toEqual(afterLine);
    expect((await accountOrder(h, order.id))?.total).toBe(goods);
    // The unit went back to the shelf through the ledger, with the manager: 10 again.
    const [stockAfter] = await h.shop.database.rows<{ stock: number }>(
      sql`select stock from products where id = ${h.products[1]}`,
    );
    expect(Number(stockAfter?.stock)).toBe(10);
    const [moved] = await h.shop.database.rows<{ delta: number; reason: string; actor_id: number | null }>(
      sql`select delta, reason, actor_id from stock_movements where order_id = ${order.id} and product_id = ${h.products[1]} order by id desc limit 1`,
    );
    expect(moved).toMatchObject({ reason: 'order_edited' });
    expect(Number(moved?.delta)).toBe(1);
    expect(moved?.actor_id).not.toBeNull();
    // The refund receipt is that line alone.
    const [lineReceipt] = (await receipts(h, order.id)).filter((each) => each.kind === 'refund');
    expect(itemSum(lineReceipt?.body.items ?? [])).toBe(back);
    expect(new Set(lineReceipt?.body.items.map((item) => item.description))).toEqual(
      new Set([order.items[1]?.name]),
    );

    // An amount refund gives money back, the goods stay: the rest due at handover grows by it.
    expect((await h.admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: 10_000 })).statusCode).toBe(
      201,
    );
    card = await adminOrder(h, order.id);
    expect(card.total).toBe(goods);
    const kept = taken - back - 10_000;
    expect(card.payment).toEqual({
      paid: kept,
      refunded: back + 10_000,
      remaining: goods - kept,
      refundState: 'partial',
    });

    // Refunding every unit left by line is a cancel, not an empty order.
    const everything = await h.admin.post(`/api/admin/orders/${order.id}/refunds`, {
      lines: [{ line: 0, quantity: 3 }],
    });
    expect(everything.statusCode).toBe(409);
    expect(everything.json()).toEqual({
      error: 'refund_all_goods',
      message: 'Это все товары заказа: чтобы вернуть их, отмените заказ — отмена вернёт оплату.',
    });

    // At handover the settlement receipt lists the goods handed over for their total: the money kept
    // is the prepayment, the rest is taken at handover; taken − refunded + at handover = the goods.
    await moveTo(h, order.id, 'in_stock', 'shipped', 'delivered');
    const [settlement] = (await receipts(h, order.id)).filter((each) => each.kind === 'settlement');
    expect(settlement?.amount).toBe(goods);
    expect(itemSum(settlement?.body.items ?? [])).toBe(goods);
    expect(settlement?.body.items.every((item) => item.description === order.items[0]?.name)).toBe(true);
    const parts = (settlement?.body as unknown as { settlements?: unknown } | undefined)?.settlements;
    expect(parts).toEqual([
      { type: 'prepayment', amount: kept },
      { type: 'postpayment', amount: goods - kept },
    ]);
    expect(taken - (back + 10_000) + (goods - kept)).toBe(goods);
    expect((await adminOrder(h, order.id)).payment).toEqual({
      paid: kept,
      refunded: back + 10_000,
      remaining: 0,
      refundState: 'partial',
    });
  });

  it('a full online payment, one unit refunded before delivery: the settlement receipt settles the smaller total, nothing at handover', async () => {
    const order = await placeOrder(h, 'prepay@mail.ru');
    await moveTo(h, order.id, 'awaiting_payment');
    const paid = await pay(order.id);
    const { total, lineTotals } = await money(h, order.id);
    const unit = (lineTotals[0] ?? 0) / 3;
    const refund = await h.admin.post(`/api/admin/orders/${order.id}/refunds`, {
      lines: [{ line: 0, quantity: 1 }],
    });
    expect(refund.json()).toEqual({ amount: unit, confirmed: true });
    const card = await adminOrder(h, order.id);
    expect(card.items[0]?.quantity).toBe(2);
    expect(card.total).toBe(total - unit);
    expect(card.payment).toEqual({ paid: paid - unit, refunded: unit, remaining: 0, refundState: 'partial' });
    await moveTo(h, order.id, 'in_stock', 'shipped', 'delivered');
    const [settlement] = (await receipts(h, order.id)).filter((each) => each.kind === 'settlement');
    expect(itemSum(settlement?.body.items ?? [])).toBe(total - unit);
    expect((settlement?.body as unknown as { settlements?: unknown } | undefined)?.settlements).toEqual([
      { type: 'prepayment', amount: total - unit },
    ]);
  });

  it('a cancel after a partial refund returns only the rest', async () => {
    const order = await placeOrder(h, 'prepay@mail.ru');
    await moveTo(h, order.id, 'awaiting_payment');
    const paid = await pay(order.id);
    expect((await h.admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: 50_000 })).statusCode).toBe(
      201,
    );
    await moveTo(h, order.id, 'cancelled');
    const rows = await h.shop.database.rows<{ amount: string | number; kind: string }>(
      sql`select amount, kind from payment_refunds where order_id = ${order.id} order by created_at`,
    );
    expect(rows.map((row) => [row.kind, Number(row.amount)])).toEqual([
      ['partial', 50_000],
      ['full', paid - 50_000],
    ]);
    expect(await money(h, order.id)).toMatchObject({ paid: 0, refunded: paid });
  });

  it('a refund without a body, with both lines and amount, or by a client is refused', async () => {
    const order = await placeOrder(h, 'prepay@mail.ru');
    expect((await h.admin.post(`/api/admin/orders/${order.id}/refunds`, {})).statusCode).toBe(400);
    expect(
      (
        await h.admin.post(`/api/admin/orders/${order.id}/refunds`, {
          amount: 100,
          lines: [{ line: 0, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(400);
    expect((await h.admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: 0 })).statusCode).toBe(400);
    expect((await h.admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: 100 })).statusCode).toBe(
      409,
    );
    expect((await h.buyer.post(`/api/admin/orders/${order.id}/refunds`, { amount: 100 })).statusCode).toBe(
      403,
    );
  });

  if (driver === 'pg') {
    it('twelve refunds racing on one order never return more than was paid (PostgreSQL)', async () => {
      const order = await placeOrder(h, 'prepay@mail.ru');
      await moveTo(h, order.id, 'awaiting_payment');
      const paid = await pay(order.id);
      const piece = Math.floor(paid / 5) + 1;
      const managers = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const admin = new Browser(h.shop.app);
          await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login');
          return admin;
        }),
      );
      const responses = await Promise.all(
        managers.map((admin) => admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: piece })),
      );
      const codes = responses.map((response) => response.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(4);
      expect(codes.filter((code) => code === 422)).toHaveLength(8);
      const [sum] = await h.shop.database.rows<{ total: string | number }>(
        sql`select coalesce(sum(amount), 0) as total from payment_refunds where order_id = ${order.id}`,
      );
      expect(Number(sum?.total)).toBe(4 * piece);
      expect(await money(h, order.id)).toMatchObject({ paid: paid - 4 * piece, refunded: 4 * piece });
    });
  }
}

describe.each(testDrivers())('prepayment and partial refunds, test gateway (%s)', testGatewaySuite);

describe.each(testDrivers())('partial refunds against a fake YooKassa (%s)', (driver) => {
  let h: Harness;
  const fake = new FakeYooKassa();

  beforeAll(async () => {
    await fake.start();
    const shop = await startShopApp(driver, {
      payment: { kind: 'yookassa', shopId: FAKE_SHOP_ID, secretKey: FAKE_SECRET_KEY, apiBase: fake.base },
    });
    h = await harness(shop, 'yk-prepay@mail.ru');
  });
  afterAll(async () => {
    await h?.shop.close();
    await fake.stop();
  });

  it('a 30 % prepayment, then delivery settles the rest; a line refund carries a receipt of exactly that line', async () => {
    const order = await placeOrder(h, 'yk-prepay@mail.ru');
    const { total, lineTotals } = await money(h, order.id);
    expect((await h.admin.post(`/api/admin/orders/${order.id}/prepayment`, { percent: 30 })).statusCode).toBe(
      200,
    );
    const prepayment = percentInWholeRoubles(total, 30, 'up');
    expect((await h.buyer.post('/api/payments/create', { orderId: order.id })).statusCode).toBe(201);
    const [payment] = await h.shop.database.rows<{ provider_payment_id: string }>(
      sql`select provider_payment_id from payments where order_id = ${order.id}`,
    );
    const providerId = payment?.provider_payment_id ?? '';
    const created = fake.payments.get(providerId);
    expect(created?.amount.value).toBe((prepayment / 100).toFixed(2));
    expect((created?.receipt.items ?? []).every((item) => item.payment_mode === 'partial_prepayment')).toBe(
      true,
    );
    fake.succeed(providerId);
    const notified = await h.shop.app.inject({
      method: 'POST',
      url: '/api/payments/notify/yookassa',
      headers: { 'content-type': 'application/json' },
      payload: fake.notification(providerId),
    });
    expect(notified.statusCode).toBe(200);
    await moveTo(h, order.id, 'in_stock', 'shipped', 'delivered');
    const settlement = fake.receipts.find((each) => each.payment_id === providerId);
    expect(settlement?.items.every((item) => item.payment_mode === 'full_payment')).toBe(true);
    expect(settlement?.settlements).toEqual([
      { type: 'prepayment', amount: { value: (prepayment / 100).toFixed(2), currency: 'RUB' } },
      { type: 'postpayment', amount: { value: ((total - prepayment) / 100).toFixed(2), currency: 'RUB' } },
    ]);
    // The card says so, and nothing remains: the rest was taken at handover.
    const delivered = await adminOrder(h, order.id);
    expect(delivered.timeline.map((entry) => entry.title)).toContain(
      `Чек зачёта предоплаты отправлен: ${formatKopecks(total)} (предоплата ${formatKopecks(prepayment)}, при получении ${formatKopecks(total - prepayment)})`,
    );
    expect(delivered.payment).toEqual({ paid: prepayment, refunded: 0, remaining: 0, refundState: 'none' });

    // The client returns the single item of line 1: its share of the prepayment goes back.
    const refund = await h.admin.post(`/api/admin/orders/${order.id}/refunds`, {
      lines: [{ line: 1, quantity: 1 }],
    });
    expect(refund.statusCode, refund.body).toBe(201);
    // After the handover the goods stay sold: the line's part of the money kept, by its net amount.
    const expected = allocate(prepayment, [lineTotals[1] ?? 0, total - (lineTotals[1] ?? 0)])[0] ?? 0;
    expect(refund.json()).toEqual({ amount: expected, confirmed: true });
    const sent = fake.refunds.filter((each) => each.payment_id === providerId);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.amount.value).toBe((expected / 100).toFixed(2));
    const refundItems = sent[0]?.receipt.items ?? [];
    expect(refundItems.length).toBeGreaterThan(0);
    expect(refundItems.map((item) => item.description)).toEqual(
      Array(refundItems.length).fill(order.items[1]?.name),
    );
    // A second partial refund accumulates at the provider too.
    expect((await h.admin.post(`/api/admin/orders/${order.id}/refunds`, { amount: 10_000 })).statusCode).toBe(
      201,
    );
    expect(fake.refunds.filter((each) => each.payment_id === providerId)).toHaveLength(2);
    expect((await adminOrder(h, order.id)).payment).toEqual({
      paid: prepayment - expected - 10_000,
      refunded: expected + 10_000,
      remaining: 0,
      refundState: 'partial',
    });
  });
});
