import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../api/admin-orders';
import type { Order } from '../../api/orders';
import { formatKopecks, kopecksToDecimal } from '../../shared-rules/money-rule';
import { FAKE_SECRET_KEY, FAKE_SHOP_ID, FakeYooKassa } from './support/fake-yookassa';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  someProductIds,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Issue 22, item 1, end to end on PGlite and PostgreSQL (docs/money.md): a 15 % code on a 163 370 ₽
 * cart takes 24 506 ₽, and the order, the account, the admin card, its timeline, the gateway's charge
 * and the payment's receipt all say 138 864 ₽ — 13 886 400 kopecks — never 138 864,5 or 138 865.
 */

const TOTAL = 13_886_400;
const SUBTOTAL = 16_337_000;
const DISCOUNT = 2_450_600;
const SHOWN = formatKopecks(TOTAL);
const contact = { name: 'Ирина Волкова', phone: '+7 921 555-66-77', email: 'kopeck@mail.ru' };

interface ReceiptItemJson {
  description: string;
  quantity: number;
  unitAmount: number;
}

const itemSum = (items: readonly ReceiptItemJson[]): number =>
  items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);

interface Shop {
  shop: ShopTestApp;
  buyer: Browser;
  buyerId: number;
  admin: Browser;
  /** 98 450 ₽ × 1 + 32 460 ₽ × 2 = 163 370 ₽. */
  cart: { id: number; quantity: number }[];
}

async function openShop(shop: ShopTestApp, email: string): Promise<Shop> {
  const [wardrobe, chest] = await someProductIds(shop.database, 2);
  if (wardrobe === undefined || chest === undefined) throw new Error('the seed has fewer than 2 products');
  await shop.database.rows(sql`update products set price = 98450, stock = null where id = ${wardrobe}`);
  await shop.database.rows(sql`update products set price = 32460, stock = null where id = ${chest}`);
  await shop.database.rows(sql`
    insert into promo_codes (code, discount_percent, kind, description)
    values ('LETO15', 15, 'percent', 'Лето: 15 %') on conflict (code) do nothing`);
  const buyer = new Browser(shop.app);
  const buyerId = await buyer.register(email);
  const admin = new Browser(shop.app);
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login');
  return {
    shop,
    buyer,
    buyerId,
    admin,
    cart: [
      { id: wardrobe, quantity: 1 },
      { id: chest, quantity: 2 },
    ],
  };
}

async function placeWithCode(s: Shop, email: string): Promise<Order> {
  const response = await s.buyer.post('/api/orders', {
    cart: s.cart,
    contact: { ...contact, email },
    delivery: { method: 'courier', address: 'Санкт-Петербург, ул. Савушкина, 12' },
    paymentMethod: 'online',
    promoCode: 'leto15',
    consent: true,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Order;
}

async function adminCard(s: Shop, id: number): Promise<AdminOrderDetail> {
  const response = await s.admin.get(`/api/admin/orders/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminOrderDetail;
}

/** The figures every reader must agree on, and the lines' shares adding up to them. */
function expectIssueFigures(order: Order): void {
  expect({ subtotal: order.subtotal, discount: order.discount, total: order.total }).toEqual({
    subtotal: SUBTOTAL,
    discount: DISCOUNT,
    total: TOTAL,
  });
  expect(order.items.reduce((sum, line) => sum + line.lineTotal, 0)).toBe(SUBTOTAL);
  expect(order.items.reduce((sum, line) => sum + line.discount, 0)).toBe(DISCOUNT);
  expect(order.items.reduce((sum, line) => sum + line.netTotal, 0)).toBe(TOTAL);
  // 24 506 ₽ by the largest remainder in whole roubles: 14 768 ₽ and 9 738 ₽.
  expect(order.items.map((line) => line.discount)).toEqual([1_476_800, 973_800]);
}

describe.each(testDrivers())('money to the kopeck (issue 22, %s)', (driver) => {
  describe('with the built-in test gateway', () => {
    let s: Shop;
    beforeAll(async () => {
      s = await openShop(await startShopApp(driver), 'kopeck@mail.ru');
    });
    afterAll(async () => {
      await s?.shop.close();
    });

    it('prices, re-prices, charges and receipts 138 864 ₽ the same everywhere', async () => {
      const placed = await placeWithCode(s, 'kopeck@mail.ru');
      expectIssueFigures(placed);
      expect(SHOWN).toBe('138\u00a0864\u00a0₽');
      const mail = s.shop.mailer.to('kopeck@mail.ru').find((message) => message.template === 'order-placed');
      expect(mail?.text).toContain(`Итого: ${SHOWN}`);

      // A manager removes the code and applies it again: one pricing function, the same figures.
      const removed = await s.admin.patch(`/api/admin/orders/${placed.id}/promo`, { promoCode: null });
      expect(removed.statusCode, removed.body).toBe(200);
      expect((removed.json() as AdminOrderDetail).total).toBe(SUBTOTAL);
      const again = await s.admin.patch(`/api/admin/orders/${placed.id}/promo`, { promoCode: 'LETO15' });
      expect(again.statusCode, again.body).toBe(200);
      expectIssueFigures(again.json() as AdminOrderDetail);

      // The gateway is asked for the total; its page and the payment say the same.
      const allowed = await s.admin.post(`/api/admin/orders/${placed.id}/allow-payment`, {});
      expect(allowed.statusCode, allowed.body).toBe(200);
      const created = await s.buyer.post('/api/payments/create', { orderId: placed.id });
      expect(created.statusCode, created.body).toBe(201);
      const { paymentId } = created.json() as { paymentId: string };
      const [payment] = await s.shop.database.rows<{ amount: string | number }>(
        sql`select amount from payments where id = ${paymentId}`,
      );
      expect(Number(payment?.amount)).toBe(TOTAL);
      expect(kopecksToDecimal(Number(payment?.amount))).toBe('138864.00');
      const page = await new Browser(s.shop.app).get(`/api/payments/test-gateway/${paymentId}`);
      expect(page.body).toContain(`сумма ${SHOWN}.`);

      // The payment's receipt: exactly the order's lines after discount, summing to the payment.
      const [receipt] = await s.shop.database.rows<{
        amount: string | number;
        body: { items: ReceiptItemJson[] };
      }>(sql`select amount, body from payment_receipts where payment_id = ${paymentId} and kind = 'payment'`);
      expect(Number(receipt?.amount)).toBe(TOTAL);
      expect(itemSum(receipt?.body.items ?? [])).toBe(TOTAL);
      // 83 682 ₽ × 1 and 27 591 ₽ × 2: each order line once, at its net amount.
      expect(receipt?.body.items.map((item) => [item.quantity, item.unitAmount])).toEqual([
        [1, 8_368_200],
        [2, 2_759_100],
      ]);
      expect(placed.items.map((line) => line.netTotal)).toEqual([8_368_200, 5_518_200]);

      const paid = await new Browser(s.shop.app).post(`/api/payments/test-gateway/${paymentId}/pay`, {
        cardNumber: '4111 1111 1111 1111',
      });
      expect(paid.statusCode, paid.body).toBe(200);

      // The admin card: total and money received are the same kopecks; the timeline prints them alike.
      const card = await adminCard(s, placed.id);
      expectIssueFigures(card);
      expect(card).toMatchObject({ status: 'paid', paidAmount: TOTAL, paymentState: 'paid' });
      const texts = card.timeline.flatMap((entry) => [
        entry.title,
        ...entry.changes.flatMap((change) => [change.before ?? '', change.after ?? '']),
      ]);
      expect(texts).toContain(`Создан платёж на ${SHOWN}`);
      expect(texts).toContain(`Оплата прошла: ${SHOWN}`);
      expect(texts).toContain(SHOWN);
      expect(texts).toContain(formatKopecks(SUBTOTAL));
      expect(texts.join('\n')).not.toMatch(/138\s864,5|138\s865/);
      const received = s.shop.mailer
        .to('kopeck@mail.ru')
        .find((message) => message.template === 'payment-received');
      expect(received?.text).toContain(SHOWN);

      // The shopper's account shows the same order.
      const account = await s.buyer.get(`/api/orders/${s.buyerId}`);
      const mine = (account.json() as Order[]).find((order) => order.id === placed.id);
      expect(mine).toBeDefined();
      expectIssueFigures(mine as Order);
      expect(mine?.paid).toBe(true);
    });

    it('an order a manager creates with the code is priced the same', async () => {
      const response = await s.admin.post('/api/admin/orders/new', {
        clientId: s.buyerId,
        contact,
        lines: s.cart.map((line) => ({ productId: line.id, quantity: line.quantity })),
        delivery: { method: 'pickup' },
        promoCode: 'leto15',
        paymentMethod: 'online',
      });
      expect(response.statusCode, response.body).toBe(201);
      expectIssueFigures(response.json() as AdminOrderDetail);
    });

    it('an order stored before issue 22 (lines without shares) reads with shares that add up', async () => {
      const placed = await placeWithCode(s, 'kopeck@mail.ru');
      await s.shop.database.rows(sql`
        update orders set items = (
          select jsonb_agg(line - 'discount' - 'netTotal' order by ordinality)
          from jsonb_array_elements(items) with ordinality as lines(line, ordinality)
        ) where id = ${placed.id}`);
      const [stored] = await s.shop.database.rows<{ items: Record<string, unknown>[] }>(
        sql`select items from orders where id = ${placed.id}`,
      );
      expect(stored?.items.every((line) => !('discount' in line) && !('netTotal' in line))).toBe(true);
      expectIssueFigures(await adminCard(s, placed.id));
    });

    it('refuses an order above 1 000 000 000 ₽ with a Russian message, not a 500', async () => {
      // 999 × 2 000 000 ₽ is more than the contract's largest amount (MAX_KOPECKS).
      await s.shop.database.rows(sql`update products set price = 2000000 where id = ${s.cart[0]?.id ?? 0}`);
      const refusal = {
        error: 'order_too_large',
        message: 'Сумма заказа больше 1 000 000 000 ₽. Разделите его на несколько заказов.',
      };
      try {
        const response = await s.buyer.post('/api/orders', {
          cart: [{ id: s.cart[0]?.id, quantity: 999 }],
          contact,
          delivery: { method: 'pickup' },
          paymentMethod: 'online',
          consent: true,
        });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual(refusal);
        const byManager = await s.admin.post('/api/admin/orders/new', {
          clientId: s.buyerId,
          contact,
          lines: [{ productId: s.cart[0]?.id, quantity: 999 }],
          delivery: { method: 'pickup' },
          paymentMethod: 'online',
        });
        expect(byManager.statusCode, byManager.body).toBe(422);
        expect(byManager.json()).toEqual(refusal);
      } finally {
        await s.shop.database.rows(sql`update products set price = 98450 where id = ${s.cart[0]?.id ?? 0}`);
      }
    });
  });

  describe('with YooKassa (a local fake)', () => {
    const fake = new FakeYooKassa();
    let s: Shop;
    beforeAll(async () => {
      await fake.start();
      const shop = await startShopApp(driver, {
        payment: { kind: 'yookassa', shopId: FAKE_SHOP_ID, secretKey: FAKE_SECRET_KEY, apiBase: fake.base },
      });
      s = await openShop(shop, 'kopeck-yk@mail.ru');
    });
    afterAll(async () => {
      await s?.shop.close();
      await fake.stop();
    });

    it('asks YooKassa for «138864.00» with a receipt of the net lines summing to it', async () => {
      const placed = await placeWithCode(s, 'kopeck-yk@mail.ru');
      expectIssueFigures(placed);
      expect((await s.admin.post(`/api/admin/orders/${placed.id}/allow-payment`, {})).statusCode).toBe(200);
      const created = await s.buyer.post('/api/payments/create', { orderId: placed.id });
      expect(created.statusCode, created.body).toBe(201);
      const sent = [...fake.payments.values()].find((each) => each.metadata.orderId === String(placed.id));
      expect(sent?.amount).toEqual({ value: '138864.00', currency: 'RUB' });
      // The receipt's items: the net lines, «83682.00» × 1 and «27591.00» × 2.
      expect(sent?.receipt.items?.map((item) => [item.quantity, item.amount?.value])).toEqual([
        [1, '83682.00'],
        [2, '27591.00'],
      ]);
    });
  });
});
