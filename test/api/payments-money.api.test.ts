import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentsService } from '../../server/application/payments.service';
import { defaultPrepayment } from '../../server/domain/payment-receipt';
import { nodeSecrets } from '../../server/infrastructure/auth/node-secrets';
import { DrizzlePaymentsRepository } from '../../server/infrastructure/payments/payments.repository';
import { TEST_CARDS } from '../../server/infrastructure/payments/test-payment-gateway';
import { YooKassaPaymentGateway } from '../../server/infrastructure/payments/yookassa-payment-gateway';
import { FAKE_SECRET_KEY, FAKE_SHOP_ID, FakeYooKassa } from './support/fake-yookassa';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  GATEWAY_SECRET,
  PUBLIC_URL,
  type ShopTestApp,
  someProductIds,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Money guarantees (issue 12, items 1–3), on PGlite and PostgreSQL: one live payment per order under
 * concurrency, money an order was not waiting for goes back through the gateway, cancelling voids and
 * refunds, prepayments and their settlement receipt on delivery, replays change nothing. Once with the
 * built-in test gateway, once against a local fake YooKassa with 54-FZ receipts switched on.
 */

interface PaymentRow {
  id: string;
  status: string;
  amount: number;
  provider_payment_id: string | null;
}

const contact = { name: 'Ольга Смирнова', phone: '+7 921 555-44-33', email: 'money@mail.ru' };

interface Harness {
  shop: ShopTestApp;
  buyer: Browser;
  admin: Browser;
  products: number[];
}

async function harness(shop: ShopTestApp, email: string): Promise<Harness> {
  const buyer = new Browser(shop.app);
  await buyer.register(email);
  const admin = new Browser(shop.app);
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login');
  return { shop, buyer, admin, products: await someProductIds(shop.database, 4) };
}

async function placeOrder(h: Harness, email: string): Promise<{ id: number; total: number }> {
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
  expect(response.statusCode).toBe(201);
  const id = (response.json() as { id: number }).id;
  const [row] = await h.shop.database.rows<{ total: string | number }>(
    sql`select total from orders where id = ${id}`,
  );
  return { id, total: Number(row?.total) };
}

async function moveTo(h: Harness, id: number, ...statuses: string[]): Promise<void> {
  for (const status of statuses) {
    const response = await h.admin.moveOrder(id, status);
    expect(response.statusCode, `${status}: ${response.body}`).toBe(200);
  }
}

async function paymentsOf(h: Harness, orderId: number): Promise<PaymentRow[]> {
  const rows = await h.shop.database.rows<PaymentRow>(
    sql`select id, status, amount, provider_payment_id from payments where order_id = ${orderId} order by created_at, id`,
  );
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

async function orderMoney(h: Harness, id: number): Promise<{ status: string; paidAmount: number }> {
  const [row] = await h.shop.database.rows<{ status: string; paid_amount: string | number }>(
    sql`select status, paid_amount from orders where id = ${id}`,
  );
  return { status: String(row?.status), paidAmount: Number(row?.paid_amount) };
}

async function refundsOf(h: Harness, orderId: number) {
  const rows = await h.shop.database.rows<{ payment_id: string; status: string; amount: string | number }>(
    sql`select payment_id, status, amount from payment_refunds where order_id = ${orderId} order by created_at`,
  );
  return rows.map((row) => ({ paymentId: row.payment_id, status: row.status, amount: Number(row.amount) }));
}

async function receiptsOf(h: Harness, orderId: number) {
  const rows = await h.shop.database.rows<{
    kind: string;
    status: string;
    amount: string | number;
    body: { items: { unitAmount: number; quantity: number; paymentMode: string; vatCode: number }[] };
  }>(sql`select kind, status, amount, body from payment_receipts where order_id = ${orderId} order by id`);
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

const itemSum = (items: readonly { unitAmount: number; quantity: number }[]) =>
  items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);

async function createPayment(h: Harness, orderId: number): Promise<string> {
  const response = await h.buyer.post('/api/payments/create', { orderId });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { paymentId: string }).paymentId;
}

describe.each(testDrivers())('money with the test gateway (%s)', (driver) => {
  let h: Harness;

  /** A genuine, signed test-gateway notification (the "bank side" of the test gateway). */
  const notify = (paymentId: string, amount: number, eventId: string, outcome = 'succeeded') => {
    const body = JSON.stringify({ eventId, paymentId, outcome, amount });
    return h.shop.app.inject({
      method: 'POST',
      url: '/api/payments/notify/test',
      headers: {
        'content-type': 'application/json',
        'x-test-gateway-signature': createHmac('sha256', GATEWAY_SECRET).update(body).digest('hex'),
      },
      payload: body,
    });
  };
  const payByCard = (paymentId: string, card: string = TEST_CARDS.success) =>
    new Browser(h.shop.app).post(`/api/payments/test-gateway/${paymentId}/pay`, { cardNumber: card });

  beforeAll(async () => {
    h = await harness(await startShopApp(driver), 'money@mail.ru');
  });
  afterAll(async () => {
    await h?.shop.close();
  });

  it('two and twenty concurrent payment starts for one order give one live payment', async () => {
    for (const concurrent of [2, 20]) {
      const order = await placeOrder(h, 'money@mail.ru');
      await moveTo(h, order.id, 'awaiting_payment');
      const responses = await Promise.all(
        Array.from({ length: concurrent }, () => h.buyer.post('/api/payments/create', { orderId: order.id })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(concurrent).fill(201));
      const ids = new Set(responses.map((response) => (response.json() as { paymentId: string }).paymentId));
      expect(ids.size).toBe(1);
      const rows = await paymentsOf(h, order.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'pending', amount: order.total });
      // The database itself refuses a second live payment, whatever the code does.
      await expect(
        h.shop.database.rows(
          sql`insert into payments (id, order_id, provider, amount, status, confirmation_url)
              values (${`sneaky-${order.id}`}, ${order.id}, 'yookassa', ${order.total}, 'pending', '')`,
        ),
      ).rejects.toThrow();
    }
  });

  it('a second payment that succeeds after the order was paid is refunded; one charge kept', async () => {
    const order = await placeOrder(h, 'money@mail.ru');
    await moveTo(h, order.id, 'awaiting_payment');
    const first = await createPayment(h, order.id);
    // The card is declined: that payment is over, a new one is started and paid.
    expect((await payByCard(first, TEST_CARDS.declined)).statusCode).toBe(200);
    const second = await createPayment(h, order.id);
    expect(second).not.toBe(first);
    expect((await payByCard(second)).statusCode).toBe(200);
    expect(await orderMoney(h, order.id)).toEqual({ status: 'paid', paidAmount: order.total });
    // The bank later confirms the first one after all (a late success): the money goes back.
    expect((await notify(first, order.total, `late-${first}`)).statusCode).toBe(200);
    expect(await orderMoney(h, order.id)).toEqual({ status: 'paid', paidAmount: order.total });
    expect((await paymentsOf(h, order.id)).map((row) => row.status)).toEqual(['refunded', 'succeeded']);
    expect(await refundsOf(h, order.id)).toEqual([
      { paymentId: first, status: 'succeeded', amount: order.total },
    ]);
    // Replays of either success, and a second success event for the kept payment, change nothing.
    for (const [paymentId, eventId] of [
      [first, `late-${first}`],
      [second, `again-${second}`],
      [second, `again-${second}`],
    ] as const) {
      expect((await notify(paymentId, order.total, eventId)).statusCode).toBe(200);
    }
    expect(await orderMoney(h, order.id)).toEqual({ status: 'paid', paidAmount: order.total });
    expect(await refundsOf(h, order.id)).toHaveLength(1);
    const events = await h.shop.database.rows<{ n: number }>(
      sql`select count(*)::int as n from order_events where order_id = ${order.id} and to_status = 'paid'`,
    );
    expect(Number(events[0]?.n)).toBe(1);
    const receipts = await receiptsOf(h, order.id);
    expect(receipts.map((receipt) => receipt.kind)).toEqual(['payment', 'payment', 'refund']);
    for (const receipt of receipts) expect(itemSum(receipt.body.items)).toBe(receipt.amount);
  });

  it('cancelling voids the pending payment; paying it afterwards is refunded and the order stays cancelled', async () => {
    const order = await placeOrder(h, 'money@mail.ru');
    await moveTo(h, order.id, 'awaiting_payment');
    const paymentId = await createPayment(h, order.id);
    await moveTo(h, order.id, 'cancelled');
    expect((await paymentsOf(h, order.id)).map((row) => row.status)).toEqual(['cancelled']);
    // The card page no longer takes it, and no new payment can be started.
    expect((await payByCard(paymentId)).statusCode).toBe(409);
    const page = await new Browser(h.shop.app).get(`/api/payments/test-gateway/${paymentId}`);
    expect(page.body).toContain('Этот платёж отменён');
    expect((await h.buyer.post('/api/payments/create', { orderId: order.id })).statusCode).toBe(409);
    // The bank took the money anyway (a race with the cancel): it is refunded, the order stays cancelled.
    expect((await notify(paymentId, order.total, `race-${paymentId}`)).statusCode).toBe(200);
    expect(await orderMoney(h, order.id)).toEqual({ status: 'cancelled', paidAmount: 0 });
    expect((await paymentsOf(h, order.id)).map((row) => row.status)).toEqual(['refunded']);
    expect(await refundsOf(h, order.id)).toEqual([{ paymentId, status: 'succeeded', amount: order.total }]);
  });

  it('paid on the card page in the instant between the cancel and the void: refunded, the shopper told it failed', async () => {
    const order = await placeOrder(h, 'money@mail.ru');
    await moveTo(h, order.id, 'awaiting_payment');
    const paymentId = await createPayment(h, order.id);
    // The cancel is stored, its voiding effect has not run yet.
    await h.shop.database.rows(sql`update orders set status = 'cancelled' where id = ${order.id}`);
    const paid = await payByCard(paymentId);
    expect(paid.json()).toEqual({
      redirectUrl: `${PUBLIC_URL}/thank-you?orderId=${order.id}&payment=failed`,
    });
    expect(await orderMoney(h, order.id)).toEqual({ status: 'cancelled', paidAmount: 0 });
    expect(await refundsOf(h, order.id)).toEqual([{ paymentId, status: 'succeeded', amount: order.total }]);
  });

  it('ten concurrent success notifications (distinct events) for one payment count it once', async () => {
    const order = await placeOrder(h, 'money@mail.ru');
    await moveTo(h, order.id, 'awaiting_payment');
    const paymentId = await createPayment(h, order.id);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => notify(paymentId, order.total, `burst-${paymentId}-${index}`)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(await orderMoney(h, order.id)).toEqual({ status: 'paid', paidAmount: order.total });
    expect(await refundsOf(h, order.id)).toEqual([]);
  });

  it('a cancel racing the payment notification never keeps the money of a cancelled order', async () => {
    const order = await placeOrder(h, 'money@mail.ru');
    await moveTo(h, order.id, 'awaiting_payment');
    const paymentId = await createPayment(h, order.id);
    const [cancel, paid] = await Promise.all([
      h.admin.moveOrder(order.id, 'cancelled'),
      notify(paymentId, order.total, `race2-${paymentId}`),
    ]);
    expect(paid.statusCode).toBe(200);
    // Either the cancel came first (the payment is refunded on arrival) or the payment did (then the
    // cancel of a paid order refunds it, or the cancel found the status changed and answered 409).
    const money = await orderMoney(h, order.id);
    if (cancel.statusCode === 200) {
      expect(money).toEqual({ status: 'cancelled', paidAmount: 0 });
      expect(await refundsOf(h, order.id)).toEqual([{ paymentId, status: 'succeeded', amount: order.total }]);
    } else {
      expect(cancel.statusCode).toBe(409);
      expect(money).toEqual({ status: 'paid', paidAmount: order.total });
      expect(await refundsOf(h, order.id)).toEqual([]);
    }
  });

  it('a paid order that is cancelled is refunded through the gateway, once', async () => {
    const order = await placeOrder(h, 'money@mail.ru');
    await moveTo(h, order.id, 'awaiting_payment');
    const paymentId = await createPayment(h, order.id);
    expect((await payByCard(paymentId)).statusCode).toBe(200);
    expect(await orderMoney(h, order.id)).toEqual({ status: 'paid', paidAmount: order.total });
    await moveTo(h, order.id, 'cancelled');
    expect(await orderMoney(h, order.id)).toEqual({ status: 'cancelled', paidAmount: 0 });
    expect((await paymentsOf(h, order.id)).map((row) => row.status)).toEqual(['refunded']);
    expect(await refundsOf(h, order.id)).toEqual([{ paymentId, status: 'succeeded', amount: order.total }]);
    const refundReceipt = (await receiptsOf(h, order.id)).find((receipt) => receipt.kind === 'refund');
    expect(refundReceipt?.amount).toBe(order.total);
    const refundMails = h.shop.mailer
      .to('money@mail.ru')
      .filter((mail) => mail.template === 'payment-refunded' && mail.subject.includes(`№ ${order.id}`));
    expect(refundMails).toHaveLength(1);
    // A replayed success after the refund changes nothing.
    expect((await notify(paymentId, order.total, `replay-${paymentId}`)).statusCode).toBe(200);
    expect(await refundsOf(h, order.id)).toHaveLength(1);
    expect(await orderMoney(h, order.id)).toEqual({ status: 'cancelled', paidAmount: 0 });
  });

  it('a prepayment charges 10 % (whole roubles); delivery of the prepaid order records the settlement receipt', async () => {
    const order = await placeOrder(h, 'money@mail.ru');
    await moveTo(h, order.id, 'awaiting_prepayment');
    const paymentId = await createPayment(h, order.id);
    const prepayment = defaultPrepayment(order.total);
    expect((await paymentsOf(h, order.id))[0]?.amount).toBe(prepayment);
    const [paymentReceipt] = await receiptsOf(h, order.id);
    expect(paymentReceipt?.body.items.every((item) => item.paymentMode === 'partial_prepayment')).toBe(true);
    expect(itemSum(paymentReceipt?.body.items ?? [])).toBe(prepayment);
    expect((await payByCard(paymentId)).statusCode).toBe(200);
    expect(await orderMoney(h, order.id)).toEqual({ status: 'prepaid', paidAmount: prepayment });
    await moveTo(h, order.id, 'in_stock', 'shipped', 'delivered');
    const settlement = (await receiptsOf(h, order.id)).find((receipt) => receipt.kind === 'settlement');
    expect(settlement).toMatchObject({ status: 'sent', amount: order.total });
    expect(settlement?.body.items.every((item) => item.paymentMode === 'full_payment')).toBe(true);
    expect(itemSum(settlement?.body.items ?? [])).toBe(order.total);
    expect(settlement?.body).toMatchObject({
      settlements: [
        { type: 'prepayment', amount: prepayment },
        { type: 'postpayment', amount: order.total - prepayment },
      ],
    });
  });

  it('a manager-set prepayment is what the pay page charges', async () => {
    const order = await placeOrder(h, 'money@mail.ru');
    await h.shop.database.rows(sql`update orders set prepayment_amount = 12300 where id = ${order.id}`);
    await moveTo(h, order.id, 'awaiting_prepayment');
    await createPayment(h, order.id);
    expect((await paymentsOf(h, order.id))[0]?.amount).toBe(Math.min(12_300, order.total));
  });
});

describe.each(testDrivers())('money against a fake YooKassa with receipts on (%s)', (driver) => {
  let h: Harness;
  const fake = new FakeYooKassa();

  const notify = (providerPaymentId: string) =>
    h.shop.app.inject({
      method: 'POST',
      url: '/api/payments/notify/yookassa',
      headers: { 'content-type': 'application/json' },
      payload: fake.notification(providerPaymentId),
    });
  /** The payments service of another server process on the same database (its retry job's view). */
  const secondProcess = () =>
    new PaymentsService({
      payments: new DrizzlePaymentsRepository(h.shop.database.db),
      gateway: new YooKassaPaymentGateway({
        shopId: FAKE_SHOP_ID,
        secretKey: FAKE_SECRET_KEY,
        apiBase: fake.base,
      }),
      mailer: h.shop.mailer,
      secrets: nodeSecrets,
      shop: { publicUrl: PUBLIC_URL, shopName: 'Дом и Стиль' },
      log: { info: () => {}, warn: () => {} },
      vatCode: 1,
    });
  const providerIdOf = async (orderId: number, index = 0): Promise<string> =>
    (await paymentsOf(h, orderId))[index]?.provider_payment_id ?? '';

  beforeAll(async () => {
    await fake.start();
    const shop = await startShopApp(driver, {
      payment: { kind: 'yookassa', shopId: FAKE_SHOP_ID, secretKey: FAKE_SECRET_KEY, apiBase: fake.base },
    });
    h = await harness(shop, 'yk-money@mail.ru');
  });
  afterAll(async () => {
    await h?.shop.close();
    await fake.stop();
  });

  it('twenty concurrent starts give one live payment and one YooKassa payment, with a receipt that adds up', async () => {
    const order = await placeOrder(h, 'yk-money@mail.ru');
    await moveTo(h, order.id, 'awaiting_payment');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => h.buyer.post('/api/payments/create', { orderId: order.id })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(responses.map((response) => response.json().confirmationUrl)).size).toBe(1);
    expect(await paymentsOf(h, order.id)).toHaveLength(1);
    const created = [...fake.payments.values()].filter((each) => each.metadata.orderId === String(order.id));
    expect(created).toHaveLength(1);
    expect(created[0]?.receipt.customer).toEqual({ email: 'yk-money@mail.ru' });
    expect(fake.seen.filter((each) => each.url === '/v3/payments').every((each) => each.status === 200)).toBe(
      true,
    );
  });

  it('pays through a verified notification, then cancelling refunds through POST /v3/refunds with a receipt', async () => {
    const order = await placeOrder(h, 'yk-money@mail.ru');
    await moveTo(h, order.id, 'awaiting_payment');
    await createPayment(h, order.id);
    const providerId = await providerIdOf(order.id);
    fake.succeed(providerId);
    expect((await notify(providerId)).statusCode).toBe(200);
    expect((await notify(providerId)).statusCode).toBe(200);
    expect(await orderMoney(h, order.id)).toEqual({ status: 'paid', paidAmount: order.total });
    await moveTo(h, order.id, 'cancelled');
    expect(fake.refunds.filter((refund) => refund.payment_id === providerId)).toHaveLength(1);
    const request = fake.seen.find((each) => each.url === '/v3/refunds' && each.status === 200);
    expect(request?.key).toMatch(/^rf_/);
    expect(await orderMoney(h, order.id)).toEqual({ status: 'cancelled', paidAmount: 0 });
    expect((await paymentsOf(h, order.id)).map((row) => row.status)).toEqual(['refunded']);
  });

  it('a pending payment of a cancelled order cannot be cancelled at YooKassa; paid anyway, it is refunded', async () => {
    const order = await placeOrder(h, 'yk-money@mail.ru');
    await moveTo(h, order.id, 'awaiting_payment');
    await createPayment(h, order.id);
    const providerId = await providerIdOf(order.id);
    await moveTo(h, order.id, 'cancelled');
    expect(fake.seen.some((each) => each.url === `/v3/payments/${providerId}/cancel`)).toBe(true);
    expect((await paymentsOf(h, order.id)).map((row) => row.status)).toEqual(['cancelled']);
    fake.succeed(providerId);
    expect((await notify(providerId)).statusCode).toBe(200);
    expect(fake.refunds.filter((refund) => refund.payment_id === providerId)).toHaveLength(1);
    expect(await orderMoney(h, order.id)).toEqual({ status: 'cancelled', paidAmount: 0 });
  });

  it('a refund YooKassa cannot take now is retried under the same key until it goes through', async () => {
    const order = await placeOrder(h, 'yk-money@mail.ru');
    await moveTo(h, order.id, 'awaiting_payment');
    await createPayment(h, order.id);
    const providerId = await providerIdOf(order.id);
    fake.succeed(providerId);
    await notify(providerId);
    fake.unavailableFor = 1;
    await moveTo(h, order.id, 'cancelled');
    expect(await refundsOf(h, order.id)).toMatchObject([{ status: 'pending' }]);
    expect(await orderMoney(h, order.id)).toEqual({ status: 'cancelled', paidAmount: 0 });
    // The retry job (here: of a second server process on the same database) sends it again.
    const retrying = secondProcess();
    expect(await retrying.retryPendingRefunds()).toBeGreaterThanOrEqual(1);
    expect(await retrying.retryPendingRefunds()).toBe(0);
    expect(await refundsOf(h, order.id)).toMatchObject([{ status: 'succeeded' }]);
    expect(fake.refunds.filter((refund) => refund.payment_id === providerId)).toHaveLength(1);
  });

  it('a prepaid order delivered gets its settlement receipt at YooKassa (POST /v3/receipts)', async () => {
    const order = await placeOrder(h, 'yk-money@mail.ru');
    await moveTo(h, order.id, 'awaiting_prepayment');
    await createPayment(h, order.id);
    const providerId = await providerIdOf(order.id);
    expect(fake.payments.get(providerId)?.amount.value).toBe(
      (defaultPrepayment(order.total) / 100).toFixed(2),
    );
    fake.succeed(providerId);
    await notify(providerId);
    await moveTo(h, order.id, 'in_stock', 'shipped', 'delivered');
    const receipt = fake.receipts.find((each) => each.payment_id === providerId);
    expect(receipt?.settlements[0]).toEqual({
      type: 'prepayment',
      amount: { value: (defaultPrepayment(order.total) / 100).toFixed(2), currency: 'RUB' },
    });
    expect((await receiptsOf(h, order.id)).find((each) => each.kind === 'settlement')?.status).toBe('sent');
  });

  it('a settlement receipt YooKassa could not take on delivery is sent later, once', async () => {
    const order = await placeOrder(h, 'yk-money@mail.ru');
    await moveTo(h, order.id, 'awaiting_prepayment');
    await createPayment(h, order.id);
    const providerId = await providerIdOf(order.id);
    fake.succeed(providerId);
    await notify(providerId);
    await moveTo(h, order.id, 'in_stock', 'shipped');
    fake.unavailableFor = 1;
    // The delivery itself stands; the receipt waits.
    await moveTo(h, order.id, 'delivered');
    expect((await receiptsOf(h, order.id)).find((each) => each.kind === 'settlement')?.status).toBe(
      'pending',
    );
    expect(fake.receipts.filter((each) => each.payment_id === providerId)).toHaveLength(0);
    const retrying = secondProcess();
    expect(await retrying.retryPendingReceipts()).toBe(1);
    expect(await retrying.retryPendingReceipts()).toBe(0);
    expect((await receiptsOf(h, order.id)).find((each) => each.kind === 'settlement')?.status).toBe('sent');
    expect(fake.receipts.filter((each) => each.payment_id === providerId)).toHaveLength(1);
  });
});
