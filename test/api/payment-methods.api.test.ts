import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../api/orders';
import type { PayLinkView } from '../../api/pay-links';
import type { OnlineMethodsConfig } from '../../server/application/payments.service';
import { DEFAULT_INSTALLMENT_PLAN } from '../../shared-rules/installment-rule';
import { FAKE_SECRET_KEY, FAKE_SHOP_ID, FakeYooKassa } from './support/fake-yookassa';
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
 * Issue 22, item 10: СБП and paying in parts through the provider. The request YooKassa receives
 * matches its published protocol (payment_method_data.type, amount «123.00», receipt, redirect
 * confirmation), the notification completes the order, installments are offered only within the
 * limits, and the built-in test gateway walks the same flows locally.
 */
const ALL_METHODS: OnlineMethodsConfig = {
  offered: ['card', 'sbp', 'installments'],
  installments: DEFAULT_INSTALLMENT_PLAN,
};
const PAY_LINK = /\/pay\/(\d+)\?t=([^\s]+)/;

interface Shop {
  readonly shop: ShopTestApp;
  readonly buyer: Browser;
  readonly admin: Browser;
  /** A product at 20 000 ₽ (within the installment limits) and one at 1 000 ₽ (below them). */
  readonly mid: number;
  readonly cheap: number;
}

async function openShop(shop: ShopTestApp, email: string): Promise<Shop> {
  const [mid = 0, cheap = 0] = await someProductIds(shop.database, 2);
  await shop.database.rows(sql`update products set price = 20000, price_old = null, stock = null, hidden = false
    where id = ${mid} returning id`);
  await shop.database.rows(sql`update products set price = 1000, price_old = null, stock = null, hidden = false
    where id = ${cheap} returning id`);
  const buyer = new Browser(shop.app);
  await buyer.register(email);
  const admin = new Browser(shop.app);
  expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  return { shop, buyer, admin, mid, cheap };
}

async function order(
  h: Shop,
  productId: number,
  email: string,
  onlineMethod?: 'card' | 'sbp' | 'installments',
) {
  return h.buyer.post('/api/orders', {
    cart: [{ id: productId, quantity: 1 }],
    contact: { name: 'Мария', phone: '+7 921 555 01 02', email },
    delivery: { method: 'pickup' },
    paymentMethod: 'online',
    ...(onlineMethod === undefined ? {} : { onlineMethod }),
    consent: true,
  });
}

async function placed(h: Shop, productId: number, email: string, method?: 'card' | 'sbp' | 'installments') {
  const response = await order(h, productId, email, method);
  expect(response.statusCode, response.body).toBe(201);
  const placedOrder = response.json() as Order;
  expect((await h.admin.post(`/api/admin/orders/${placedOrder.id}/allow-payment`, {})).statusCode).toBe(200);
  return placedOrder;
}

async function orderState(h: Shop, id: number) {
  const [row] = await h.shop.database.rows<{
    status: string;
    paid_amount: number;
    total: number;
    online_method: string | null;
  }>(sql`select status, paid_amount, total, online_method from orders where id = ${id}`);
  return {
    status: row?.status,
    paid: Number(row?.paid_amount),
    total: Number(row?.total),
    method: row?.online_method,
  };
}

describe.each(testDrivers())('СБП and installments through a fake YooKassa (%s)', (driver) => {
  const fake = new FakeYooKassa();
  let h: Shop;
  const email = `methods-${driver}@mail.ru`;
  const notify = (providerPaymentId: string) =>
    h.shop.app.inject({
      method: 'POST',
      url: '/api/payments/notify/yookassa',
      headers: { 'content-type': 'application/json' },
      payload: fake.notification(providerPaymentId),
    });
  const lastCreate = () =>
    fake.seen.filter((each) => each.url === '/v3/payments' && each.status === 200).at(-1);

  beforeAll(async () => {
    await fake.start();
    h = await openShop(
      await startShopApp(driver, {
        payment: { kind: 'yookassa', shopId: FAKE_SHOP_ID, secretKey: FAKE_SECRET_KEY, apiBase: fake.base },
        onlineMethods: ALL_METHODS,
      }),
      email,
    );
  });
  afterAll(async () => {
    await h?.shop.close();
    await fake.stop();
  });

  it('offers card, СБП and installments with the provider’s limits', async () => {
    const options = await h.buyer.get('/api/payment-options');
    expect(options.json()).toEqual({
      methods: ['card', 'sbp', 'installments'],
      installments: { minAmount: 300_000, maxAmount: 15_000_000, months: 6 },
    });
  });

  it('СБП: YooKassa gets payment_method_data.type «sbp», «20000.00», the receipt and a redirect; the notification pays the order', async () => {
    const placedOrder = await placed(h, h.mid, email, 'sbp');
    expect((await orderState(h, placedOrder.id)).method).toBe('sbp');
    const started = await h.buyer.post('/api/payments/create', { orderId: placedOrder.id, method: 'sbp' });
    expect(started.statusCode, started.body).toBe(201);
    const request = lastCreate()?.body as Record<string, unknown>;
    expect(request).toMatchObject({
      amount: { value: '20000.00', currency: 'RUB' },
      capture: true,
      payment_method_data: { type: 'sbp' },
      confirmation: { type: 'redirect', return_url: `${PUBLIC_URL}/thank-you?orderId=${placedOrder.id}` },
      receipt: {
        customer: { email },
        items: [
          {
            quantity: 1,
            amount: { value: '20000.00', currency: 'RUB' },
            vat_code: 1,
            payment_subject: 'commodity',
            payment_mode: 'full_prepayment',
          },
        ],
      },
    });
    const providerId = [...fake.payments.values()].find(
      (each) => each.metadata.orderId === String(placedOrder.id),
    )?.id;
    if (providerId === undefined) throw new Error('no YooKassa payment');
    fake.succeed(providerId);
    expect((await notify(providerId)).statusCode).toBe(200);
    expect(await orderState(h, placedOrder.id)).toMatchObject({ status: 'paid', paid: 2_000_000 });
  });

  it('installments from the mailed link: type «installments», «от 3 334 ₽/мес», and the order paid', async () => {
    const placedOrder = await placed(h, h.mid, email, 'installments');
    const mail = h.shop.mailer
      .to(email)
      .filter((each) => each.template === 'payment-allowed')
      .at(-1);
    const token = PAY_LINK.exec(mail?.text ?? '')?.[2] ?? '';
    const guest = new Browser(h.shop.app);
    const opened = (
      await guest.post(`/api/pay-links/${placedOrder.id}/open`, { token })
    ).json() as PayLinkView;
    expect(opened).toMatchObject({
      methods: ['card', 'sbp', 'installments'],
      chosen: 'installments',
      installment: { months: 6, monthly: 333_400 },
    });
    const started = await guest.post(`/api/pay-links/${placedOrder.id}/pay`, {
      token,
      method: 'installments',
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(lastCreate()?.body).toMatchObject({
      amount: { value: '20000.00', currency: 'RUB' },
      payment_method_data: { type: 'installments' },
      confirmation: { type: 'redirect' },
    });
    // Changing one's mind replaces the pending payment with one of the new method.
    const card = await guest.post(`/api/pay-links/${placedOrder.id}/pay`, { token, method: 'card' });
    expect(card.statusCode).toBe(201);
    expect(lastCreate()?.body).toMatchObject({ payment_method_data: { type: 'bank_card' } });
    const rows = await h.shop.database.rows<{ method: string; status: string; provider_payment_id: string }>(
      sql`select method, status, provider_payment_id from payments where order_id = ${placedOrder.id} order by created_at, id`,
    );
    expect(rows.map((row) => [row.method, row.status])).toEqual([
      ['installments', 'cancelled'],
      ['card', 'pending'],
    ]);
    const live = rows[1]?.provider_payment_id ?? '';
    fake.succeed(live);
    expect((await notify(live)).statusCode).toBe(200);
    expect(await orderState(h, placedOrder.id)).toMatchObject({ status: 'paid', paid: 2_000_000 });
  });

  it('installments only within the limits: 1 000 ₽ is refused at checkout and at the pay page', async () => {
    const refused = await order(h, h.cheap, email, 'installments');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: 'method_not_offered',
      message: 'Этот способ оплаты недоступен для суммы заказа. Выберите другой.',
    });
    const placedOrder = await placed(h, h.cheap, email, 'sbp');
    const viaSession = await h.buyer.post('/api/payments/create', {
      orderId: placedOrder.id,
      method: 'installments',
    });
    expect(viaSession.statusCode).toBe(422);
    const link = (await h.admin.get(`/api/admin/orders/${placedOrder.id}/pay-link`)).json() as {
      url: string;
    };
    const token = PAY_LINK.exec(link.url)?.[2] ?? '';
    const opened = (
      await new Browser(h.shop.app).post(`/api/pay-links/${placedOrder.id}/open`, { token })
    ).json();
    expect(opened).toMatchObject({ methods: ['card', 'sbp'], chosen: 'sbp', installment: null });
  });
});

describe.each(testDrivers())('СБП and installments with the built-in test gateway (%s)', (driver) => {
  let h: Shop;
  const email = `test-gateway-methods-${driver}@mail.ru`;

  beforeAll(async () => {
    h = await openShop(await startShopApp(driver, { onlineMethods: ALL_METHODS }), email);
  });
  afterAll(async () => {
    await h?.shop.close();
  });

  it('shows a QR screen for СБП and the monthly split for installments; confirming pays the order', async () => {
    for (const method of ['sbp', 'installments'] as const) {
      const placedOrder = await placed(h, h.mid, email, method);
      const started = await h.buyer.post('/api/payments/create', { orderId: placedOrder.id, method });
      expect(started.statusCode, started.body).toBe(201);
      const { paymentId, confirmationUrl } = started.json() as { paymentId: string; confirmationUrl: string };
      const page = await h.buyer.get(new URL(confirmationUrl).pathname);
      expect(page.statusCode).toBe(200);
      if (method === 'sbp') {
        expect(page.body).toContain('Оплата через СБП');
        expect(page.body).toContain('aria-label="QR-код для оплаты через СБП"');
        expect(page.body).toContain('Перевод подтверждён в приложении банка');
      } else {
        expect(page.body).toContain('Оплата частями');
        expect(page.body).toContain('6 ежемесячных платежей примерно по 3\u00a0334\u00a0₽');
        expect(page.body).toContain('Подтвердить оформление');
      }
      // A card number is not how these are paid.
      const wrong = await h.buyer.post(`/api/payments/test-gateway/${paymentId}/pay`, {
        cardNumber: '4111 1111 1111 1111',
      });
      expect(wrong.statusCode).toBe(422);
      const paid = await h.buyer.post(`/api/payments/test-gateway/${paymentId}/pay`, { approve: true });
      expect(paid.statusCode).toBe(200);
      expect((paid.json() as { redirectUrl: string }).redirectUrl).toBe(
        `${PUBLIC_URL}/thank-you?orderId=${placedOrder.id}`,
      );
      expect(await orderState(h, placedOrder.id)).toMatchObject({ status: 'paid', paid: 2_000_000 });
    }
  });

  it("the signed-in owner's pay page is the pay link's page: the same view, methods and «от N ₽/мес»; only the owner opens it", async () => {
    for (const [productId, method] of [
      [h.mid, 'installments'],
      [h.cheap, 'sbp'],
    ] as const) {
      const placedOrder = await placed(h, productId, email, method);
      const own = await h.buyer.get(`/api/payments/page/${placedOrder.id}`);
      expect(own.statusCode, own.body).toBe(200);
      const link = (await h.admin.get(`/api/admin/orders/${placedOrder.id}/pay-link`)).json() as {
        url: string;
      };
      const token = PAY_LINK.exec(link.url)?.[2] ?? '';
      const opened = await new Browser(h.shop.app).post(`/api/pay-links/${placedOrder.id}/open`, { token });
      expect(own.json()).toEqual(opened.json());
      // 20 000 ₽ is within the installment limits, 1 000 ₽ is not.
      expect(own.json()).toMatchObject(
        productId === h.mid
          ? { state: 'payable', methods: ['card', 'sbp', 'installments'], chosen: 'installments' }
          : { state: 'payable', methods: ['card', 'sbp'], chosen: 'sbp', installment: null },
      );
      // Nobody else: a guest is asked to sign in, another client finds nothing, a manager has the back office.
      expect((await new Browser(h.shop.app).get(`/api/payments/page/${placedOrder.id}`)).statusCode).toBe(
        401,
      );
      const other = new Browser(h.shop.app);
      await other.register(`other-${driver}-${placedOrder.id}@mail.ru`);
      expect((await other.get(`/api/payments/page/${placedOrder.id}`)).statusCode).toBe(404);
      expect((await h.admin.get(`/api/payments/page/${placedOrder.id}`)).statusCode).toBe(403);
    }
    // Once paid, the owner's page says so (a link to it opens nothing).
    const paidOrder = await placed(h, h.mid, email, 'sbp');
    const started = await h.buyer.post('/api/payments/create', { orderId: paidOrder.id, method: 'sbp' });
    const { paymentId } = started.json() as { paymentId: string };
    await h.buyer.post(`/api/payments/test-gateway/${paymentId}/pay`, { approve: true });
    expect((await h.buyer.get(`/api/payments/page/${paidOrder.id}`)).json()).toMatchObject({ state: 'paid' });
  });

  it('declining in the bank app leaves the order unpaid and payable again', async () => {
    const placedOrder = await placed(h, h.mid, email, 'sbp');
    const started = await h.buyer.post('/api/payments/create', { orderId: placedOrder.id, method: 'sbp' });
    const { paymentId } = started.json() as { paymentId: string };
    const declined = await h.buyer.post(`/api/payments/test-gateway/${paymentId}/pay`, { approve: false });
    expect((declined.json() as { redirectUrl: string }).redirectUrl).toContain('payment=failed');
    expect(await orderState(h, placedOrder.id)).toMatchObject({ status: 'awaiting_payment', paid: 0 });
    expect(
      (await h.buyer.post('/api/payments/create', { orderId: placedOrder.id, method: 'sbp' })).statusCode,
    ).toBe(201);
  });
});
