import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../api/admin-orders';
import type { AdminTariffs } from '../../api/admin-tariffs';
import type { Order, OrderQuote } from '../../api/orders';
import { formatKopecks } from '../../shared-rules/money-rule';
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
 * Issue 23, item 3 (docs/delivery.md «One quote»), on PGlite and PostgreSQL: the checkout quote's
 * service lines are the placed order's, the order's total is goods − discount + services, and the
 * payment's receipt lists the same services as «услуга» (payment_subject service) summing to it.
 */
interface ReceiptItemJson {
  description: string;
  quantity: number;
  unitAmount: number;
  paymentSubject: string;
}

const contact = { name: 'Пётр Смирнов', phone: '+7 921 444-55-66', email: 'sofa.buyer@mail.ru' };
/** A corner sofa 89 900 ₽ and two chairs 4 990 ₽: 99 880 ₽ of goods, above the free threshold. */
const GOODS = 9_988_000;

describe.each(testDrivers())('delivery services: quote = order = receipt (%s)', (driver) => {
  let shop: ShopTestApp;
  let buyer: Browser;
  let admin: Browser;
  let sofa = 0;
  let chair = 0;

  const quote = async (body: unknown) => {
    const response = await buyer.post('/api/orders/quote', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as OrderQuote;
  };

  beforeAll(async () => {
    shop = await startShopApp(driver);
    [sofa = 0, chair = 0] = await someProductIds(shop.database, 2);
    await shop.database.rows(sql`update products set price = 89900, stock = null, item_class = 'corner_sofa',
      assembly_available = true where id = ${sofa}`);
    await shop.database.rows(sql`update products set price = 4990, stock = null, item_class = 'chair',
      assembly_available = true where id = ${chair}`);
    buyer = new Browser(shop.app);
    await buyer.register(contact.email);
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const cart = () => [
    { id: sofa, quantity: 1 },
    { id: chair, quantity: 2 },
  ];
  const delivery = {
    method: 'courier',
    zone: 'outside_kad',
    kmBeyondKad: 12,
    floor: 7,
    lift: 'none',
    services: ['assembly', 'old_furniture_removal'],
  } as const;

  it('quotes the services, places the order with the same lines and total, and receipts them as services', async () => {
    const quoted = await quote({ cart: cart(), delivery });
    // Seeded tariffs: delivery free from 30 000 ₽, 12 km × 40 ₽; 6 floors × (300 ₽ + 2 × 50 ₽);
    // assembly 2 000 ₽ + 2 × 300 ₽; taking away 3 old items × 1 500 ₽.
    expect(quoted.services).toEqual([
      { kind: 'delivery', label: 'Доставка за КАД, 12 км', amount: 48_000 },
      { kind: 'carrying', label: 'Подъём на 7 этаж без лифта', amount: 240_000 },
      { kind: 'assembly', label: 'Сборка', amount: 260_000 },
      { kind: 'old_furniture_removal', label: 'Вывоз старой мебели', amount: 450_000 },
    ]);
    const services = 998_000;
    expect(quoted).toMatchObject({ subtotal: GOODS, discount: 0, delivery: services, deliveryNote: null });
    // The price at each service's checkbox is the line the quote adds when it is ticked: dismantling
    // 3 large items × 500 ₽, door removal 400 ₽; the same whether or not the boxes are ticked.
    expect(quoted.offers).toEqual([
      { service: 'assembly', amount: 260_000 },
      { service: 'dismantling', amount: 150_000 },
      { service: 'door_removal', amount: 40_000 },
      { service: 'old_furniture_removal', amount: 450_000 },
    ]);
    const unticked = await quote({ cart: cart(), delivery: { ...delivery, services: [] } });
    expect(unticked.offers).toEqual(quoted.offers);
    expect(unticked.total).toBe(quoted.total - 260_000 - 450_000);
    expect(quoted.total).toBe(GOODS + services);

    const placed = await buyer.post('/api/orders', {
      cart: cart(),
      contact,
      delivery: { ...delivery, address: 'Всеволожск, ул. Победы, 5, кв. 70' },
      paymentMethod: 'online',
      consent: true,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    expect(order.services).toEqual(quoted.services);
    expect(order.total).toBe(quoted.total);
    expect(order.total).toBe(order.subtotal - order.discount + services);
    const [stored] = await shop.database.rows<{ floor: number; lift: string; zone: string; km: number }>(
      sql`select delivery_floor as floor, delivery_lift as lift, delivery_zone as zone,
        delivery_km_beyond_kad as km from orders where id = ${order.id}`,
    );
    expect(stored).toEqual({ floor: 7, lift: 'none', zone: 'outside_kad', km: 12 });
    const mail = shop.mailer.to(contact.email).find((message) => message.template === 'order-placed');
    expect(mail?.text).toContain(`Подъём на 7 этаж без лифта: ${formatKopecks(240_000)}`);
    expect(mail?.text).toContain(`Итого: ${formatKopecks(order.total)}`);

    // The payment charges the total; its receipt is the goods, then the services as «услуга».
    expect((await admin.post(`/api/admin/orders/${order.id}/allow-payment`, {})).statusCode).toBe(200);
    const created = await buyer.post('/api/payments/create', { orderId: order.id });
    expect(created.statusCode, created.body).toBe(201);
    const { paymentId } = created.json() as { paymentId: string };
    const [receipt] = await shop.database.rows<{
      amount: string | number;
      body: { items: ReceiptItemJson[] };
    }>(sql`select amount, body from payment_receipts where payment_id = ${paymentId} and kind = 'payment'`);
    expect(Number(receipt?.amount)).toBe(order.total);
    const items = receipt?.body.items ?? [];
    expect(items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0)).toBe(order.total);
    expect(
      items
        .filter((item) => item.paymentSubject === 'service')
        .map((item) => [item.description, item.quantity, item.unitAmount]),
    ).toEqual(quoted.services.map((line) => [line.label, 1, line.amount]));
    expect(items.filter((item) => item.paymentSubject === 'commodity')).toHaveLength(2);
  });

  it('pickup is free, another region waits for the manager, no zone keeps the threshold rule', async () => {
    const pickup = await quote({ cart: cart(), delivery: { method: 'pickup', floor: 9 } });
    expect(pickup).toMatchObject({ services: [], delivery: 0, deliveryNote: null, total: GOODS, offers: [] });
    const region = await quote({ cart: cart(), delivery: { method: 'courier', zone: 'region' } });
    expect(region).toMatchObject({
      services: [],
      delivery: null,
      deliveryNote: 'Стоимость доставки сообщит менеджер',
      total: GOODS,
      offers: [],
    });
    const cheap = [{ id: chair, quantity: 1 }];
    const noZone = await quote({ cart: cheap, delivery: { method: 'courier' } });
    expect(noZone).toMatchObject({ services: [], delivery: null, total: 499_000 });
  });

  it('prices with the tariffs the owner saved: a cheap cart inside КАД pays the city delivery', async () => {
    const cheap = [{ id: chair, quantity: 1 }];
    const before = await quote({ cart: cheap, delivery: { method: 'courier', zone: 'inside_kad' } });
    expect(before.services).toEqual([{ kind: 'delivery', label: 'Доставка', amount: 150_000 }]);
    expect(before.total).toBe(499_000 + 150_000);
    const current = (await admin.get('/api/admin/tariffs')).json() as AdminTariffs;
    const saved = await admin.put('/api/admin/tariffs', {
      version: current.version,
      tariffs: { ...current.tariffs, insideKad: 90_000 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await quote({ cart: cheap, delivery: { method: 'courier', zone: 'inside_kad' } });
    expect(after.services).toEqual([{ kind: 'delivery', label: 'Доставка', amount: 90_000 }]);
  });

  it('the manager edits the services on the card: the total follows, a stale or paid order is refused', async () => {
    const placed = await buyer.post('/api/orders', {
      cart: [{ id: chair, quantity: 1 }],
      contact,
      delivery: {
        method: 'courier',
        zone: 'inside_kad',
        floor: 3,
        lift: 'none',
        address: 'СПб, Невский, 10',
      },
      paymentMethod: 'online',
      consent: true,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    const card = (await admin.get(`/api/admin/orders/${order.id}`)).json() as AdminOrderDetail;
    expect(card.services).toEqual(order.services);
    expect(card.total).toBe(order.total);

    const services = [
      { kind: 'delivery', label: 'Доставка', amount: 120_000 },
      { kind: 'assembly', label: 'Сборка', amount: 30_000 },
      { kind: 'other', label: 'Упаковка в плёнку', amount: 50_000 },
    ];
    const edited = await admin.put(`/api/admin/orders/${order.id}/services`, {
      services,
      seenTotal: order.total,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json() as AdminOrderDetail;
    expect(after.services).toEqual(services);
    expect(after.total).toBe(order.subtotal - order.discount + 200_000);
    expect(after.timeline.some((entry) => JSON.stringify(entry).includes('Упаковка в плёнку'))).toBe(true);

    const stale = await admin.put(`/api/admin/orders/${order.id}/services`, {
      services: [],
      seenTotal: order.total,
    });
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as { error: string }).error).toBe('order_changed');
    const kopecks = await admin.put(`/api/admin/orders/${order.id}/services`, {
      services: [{ kind: 'delivery', label: 'Доставка', amount: 120_050 }],
      seenTotal: after.total,
    });
    expect(kopecks.statusCode).toBe(422);
    expect((kopecks.json() as { message: string }).message).toBe(
      'Цена услуги — в целых рублях, не меньше нуля.',
    );

    // The payment and its receipt take the edited services.
    expect((await admin.post(`/api/admin/orders/${order.id}/allow-payment`, {})).statusCode).toBe(200);
    const created = await buyer.post('/api/payments/create', { orderId: order.id });
    const { paymentId } = created.json() as { paymentId: string };
    const [receipt] = await shop.database.rows<{ body: { items: ReceiptItemJson[] } }>(
      sql`select body from payment_receipts where payment_id = ${paymentId} and kind = 'payment'`,
    );
    expect(
      receipt?.body.items.filter((item) => item.paymentSubject === 'service').map((item) => item.unitAmount),
    ).toEqual([120_000, 30_000, 50_000]);
    const paid = await new Browser(shop.app).post(`/api/payments/test-gateway/${paymentId}/pay`, {
      cardNumber: '4111 1111 1111 1111',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const locked = await admin.put(`/api/admin/orders/${order.id}/services`, {
      services: [],
      seenTotal: after.total,
    });
    expect(locked.statusCode).toBe(409);
    expect((locked.json() as { error: string }).error).toBe('order_locked');
  });

  it('refuses a floor, a distance or a service it does not know with 400', async () => {
    for (const bad of [
      { method: 'courier', zone: 'inside_kad', floor: 0 },
      { method: 'courier', zone: 'outside_kad', kmBeyondKad: -3 },
      { method: 'courier', zone: 'inside_kad', services: ['массаж'] },
      { method: 'courier', zone: 'луна' },
      { method: 'courier', zone: 'inside_kad', lift: 'эскалатор' },
    ]) {
      const response = await buyer.post('/api/orders/quote', { cart: cart(), delivery: bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});
