import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderQuote } from '../../api/orders';
import { formatKopecks } from '../../shared-rules/money-rule';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { type TestDriver, testDrivers } from './support/test-database';

/**
 * Issue 23 (docs/delivery.md «One quote», docs/delivery-dates.md «Paid slot»), on PGlite and
 * PostgreSQL: a paid delivery window is charged. The quote takes the chosen slot, the server checks it
 * as the order does (offered, not full, an active window) and prices it from the delivery calendar —
 * the body cannot carry a price — so the quote's total is the order's total and the payment receipt's
 * sum, with the window as the service line «Доставка ко времени: 10:00–13:00» («услуга»).
 */

/** Friday 27 November 2026, 10:00 Moscow: before the 14:00 cutoff. */
const NOW = Date.parse('2026-11-27T10:00:00+03:00');
const DAY = '2026-12-09';
const FULL_DAY = '2026-12-10';

interface DeliveryDays {
  days: { day: string; full: boolean }[];
  windows: { id: number; label: string; price: number }[];
}

interface ReceiptItemJson {
  description: string;
  quantity: number;
  unitAmount: number;
  paymentSubject: string;
}

describe.each(testDrivers())('a paid delivery window: quote = order = receipt (%s)', (driver: TestDriver) => {
  let shop: ShopTestApp;
  let buyer: Browser;
  let admin: Browser;
  let productId = 0;
  let windows: DeliveryDays['windows'] = [];
  const email = `paid-slot-${driver}@mail.ru`;
  const contact = { name: 'Ольга Иванова', phone: '+7 921 555-77-88', email };
  const cart = () => [{ id: productId, quantity: 1 }];
  const paidWindow = () => {
    const found = windows.find((window) => window.label === '10:00–13:00');
    if (found === undefined || found.price === 0) throw new Error('no paid 10:00–13:00 slot seeded');
    return found;
  };
  const delivery = (slot: { day: string; windowId: number }) => ({
    method: 'courier',
    zone: 'inside_kad',
    floor: 1,
    lift: 'none',
    slot,
  });

  beforeAll(async () => {
    shop = await startShopApp(driver);
    shop.clock.now = NOW;
    const [row] = await shop.database.rows<{ id: number }>(
      sql`select id from products where deleted_at is null and price > 0 order by id limit 1`,
    );
    productId = Number(row?.id);
    // 9 990 ₽, below the free threshold: «Доставка» is paid too.
    await shop.database.rows(
      sql`update products set price = 9990, availability_source = 'warehouse' where id = ${productId}`,
    );
    await shop.database.rows(
      sql`select set_stock_balance(${productId}, ${null}, 'manual_correction', null, null)`,
    );
    buyer = new Browser(shop.app);
    await buyer.register(email);
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
    const offer = await buyer.post('/api/delivery/days', { cart: cart() });
    expect(offer.statusCode, offer.body).toBe(200);
    windows = (offer.json() as DeliveryDays).windows;
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('charges the window in the quote, the order, the receipt and the mail alike', async () => {
    const slot = { day: DAY, windowId: paidWindow().id };
    const quoted = await buyer.post('/api/orders/quote', { cart: cart(), delivery: delivery(slot) });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quote = quoted.json() as OrderQuote;
    // Seeded: 1 500 ₽ inside КАД below the threshold, the 3-hour slot 1 000 ₽.
    expect(quote.services).toEqual([
      { kind: 'delivery', label: 'Доставка', amount: 150_000 },
      { kind: 'delivery_window', label: 'Доставка ко времени: 10:00–13:00', amount: paidWindow().price },
    ]);
    expect(quote.total).toBe(999_000 + 150_000 + paidWindow().price);
    expect(quote.delivery).toBe(150_000 + paidWindow().price);

    const placed = await buyer.post('/api/orders', {
      cart: cart(),
      contact,
      delivery: { ...delivery(slot), address: 'Санкт-Петербург, Невский пр-т 28, кв. 5' },
      paymentMethod: 'online',
      consent: true,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    expect(order.total).toBe(quote.total);
    expect(order.services).toEqual(quote.services);
    expect(order.delivery.slot).toEqual({
      day: DAY,
      windowId: slot.windowId,
      label: '10:00–13:00',
      price: paidWindow().price,
    });
    const [stored] = await shop.database.rows<{ total: string | number }>(
      sql`select total from orders where id = ${order.id}`,
    );
    expect(Number(stored?.total)).toBe(quote.total);
    const mail = shop.mailer.to(email).find((message) => message.template === 'order-placed');
    expect(mail?.text).toContain(`Доставка ко времени: 10:00–13:00: ${formatKopecks(paidWindow().price)}`);
    expect(mail?.text).toContain(`Итого: ${formatKopecks(quote.total)}`);

    expect((await admin.post(`/api/admin/orders/${order.id}/allow-payment`, {})).statusCode).toBe(200);
    const created = await buyer.post('/api/payments/create', { orderId: order.id });
    expect(created.statusCode, created.body).toBe(201);
    const { paymentId } = created.json() as { paymentId: string };
    const [receipt] = await shop.database.rows<{
      amount: string | number;
      body: { items: ReceiptItemJson[] };
    }>(sql`select amount, body from payment_receipts where payment_id = ${paymentId} and kind = 'payment'`);
    expect(Number(receipt?.amount)).toBe(quote.total);
    const items = receipt?.body.items ?? [];
    expect(items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0)).toBe(quote.total);
    expect(
      items
        .filter((item) => item.paymentSubject === 'service')
        .map((item) => [item.description, item.quantity, item.unitAmount]),
    ).toEqual((quote.services ?? []).map((line) => [line.label, 1, line.amount]));
  });

  it('adds no line for the free window, and charges a window also when the manager prices the delivery', async () => {
    const free = windows.find((window) => window.price === 0);
    if (free === undefined) throw new Error('no free window seeded');
    const quoted = await buyer.post('/api/orders/quote', {
      cart: cart(),
      delivery: delivery({ day: DAY, windowId: free.id }),
    });
    expect((quoted.json() as OrderQuote).services).toEqual([
      { kind: 'delivery', label: 'Доставка', amount: 150_000 },
    ]);
    // No zone yet: the manager tells the delivery's price, the booked window is still charged.
    const noZone = await buyer.post('/api/orders/quote', {
      cart: cart(),
      delivery: { method: 'courier', slot: { day: DAY, windowId: paidWindow().id } },
    });
    expect(noZone.json()).toMatchObject({
      services: [{ kind: 'delivery_window', amount: paidWindow().price }],
      delivery: null,
      deliveryNote: 'Стоимость доставки сообщит менеджер',
      total: 999_000 + paidWindow().price,
    });
    // Pickup books no courier window: nothing is charged for one sent along.
    const pickup = await buyer.post('/api/orders/quote', {
      cart: cart(),
      delivery: { method: 'pickup', slot: { day: DAY, windowId: paidWindow().id } },
    });
    expect(pickup.json()).toMatchObject({ services: [], total: 999_000 });
  });

  it('checks the slot in the quote as the order does: full, not offered, unknown; the calendar’s price', async () => {
    expect(
      (await admin.put('/api/admin/deliveries/capacity', { day: FULL_DAY, capacity: 0 })).statusCode,
    ).toBe(200);
    const full = await buyer.post('/api/orders/quote', {
      cart: cart(),
      delivery: delivery({ day: FULL_DAY, windowId: paidWindow().id }),
    });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: 'delivery_day_full' });
    expect(full.body).toMatch(/На этот день доставки мест больше нет/);
    const placedOnFull = await buyer.post('/api/orders', {
      cart: cart(),
      contact,
      delivery: { ...delivery({ day: FULL_DAY, windowId: paidWindow().id }), address: 'Невский пр-т 28' },
      paymentMethod: 'on_delivery',
      consent: true,
    });
    expect(placedOnFull.statusCode).toBe(409);
    expect(placedOnFull.json()).toMatchObject({ error: 'delivery_day_full' });

    const sunday = await buyer.post('/api/orders/quote', {
      cart: cart(),
      delivery: delivery({ day: '2026-12-06', windowId: paidWindow().id }),
    });
    expect(sunday.statusCode).toBe(422);
    expect(sunday.json()).toMatchObject({ error: 'delivery_day_not_offered' });
    const unknown = await buyer.post('/api/orders/quote', {
      cart: cart(),
      delivery: delivery({ day: DAY, windowId: 987_654 }),
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ error: 'unknown_window' });
    // The browser never prices the window: a price sent along is dropped, the calendar's is charged.
    const priced = await buyer.post('/api/orders/quote', {
      cart: cart(),
      delivery: {
        ...delivery({ day: DAY, windowId: paidWindow().id }),
        slot: { day: DAY, windowId: paidWindow().id, price: 0 },
      },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect((priced.json() as OrderQuote).services).toContainEqual({
      kind: 'delivery_window',
      label: 'Доставка ко времени: 10:00–13:00',
      amount: paidWindow().price,
    });
  });
});
