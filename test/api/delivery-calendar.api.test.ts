import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDeliveryDay } from '../../api/admin-deliveries';
import type { Order } from '../../api/orders';
import { RATE_LIMITS } from '../../server/domain/rate-limit';
import { FakeAddressSuggestions, FakeCarrierQuote } from '../support/fake-delivery-services';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { type TestDriver, testDrivers } from './support/test-database';

/**
 * Issue 23, items 4–5 (docs/delivery-dates.md): the product's date in words, the checkout's days and
 * windows, the slot booked in the order's own transaction — under concurrent checkouts for the last
 * places exactly the capacity is sold (on PostgreSQL the race is real; PGlite serialises) — the
 * manager's «Доставки на день», capacity and slot moves (stale → 409), address suggestions with their
 * zone and the carrier's quote through local fakes.
 */

/** Friday 27 November 2026, 10:00 Moscow: before the 14:00 cutoff. */
const NOW = Date.parse('2026-11-27T10:00:00+03:00');
const SHOPPERS = 6;
const RACE_DAY = '2026-12-02';

interface DeliveryDays {
  promise: { from: string; to: string; text: string } | null;
  days: { day: string; label: string; full: boolean }[];
  windows: { id: number; label: string; price: number }[];
}

describe.each(testDrivers())('the delivery calendar (%s)', (driver: TestDriver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let productId: number;
  let supplierProductId: number;
  const emailOf = (index: number) => `slot-racer-${index}-${driver}@mail.ru`;

  const checkout = (browser: Browser, index: number, slot: { day: string; windowId: number } | undefined) =>
    browser.post('/api/orders', {
      cart: [{ id: productId, quantity: 1 }],
      contact: {
        name: `Покупатель ${index}`,
        phone: `+7 921 555-10-${String(10 + index)}`,
        email: emailOf(index),
      },
      delivery: {
        method: 'courier',
        address: `Санкт-Петербург, Невский пр-т ${index + 1}`,
        ...(slot === undefined ? {} : { slot }),
      },
      paymentMethod: 'on_delivery',
      consent: true,
    });

  beforeAll(async () => {
    shop = await startShopApp(driver);
    shop.clock.now = NOW;
    const rows = await shop.database.rows<{ id: number }>(
      sql`select id from products where deleted_at is null and price > 0 order by id limit 2`,
    );
    productId = Number(rows[0]?.id);
    supplierProductId = Number(rows[1]?.id);
    await shop.database.rows(
      sql`select set_stock_balance(${productId}, ${null}, 'manual_correction', null, null)`,
    );
    await shop.database.rows(
      sql`update products set availability_source = 'warehouse' where id = ${productId}`,
    );
    await shop.database.rows(
      sql`update products set availability_source = 'supplier', availability_min_days = 3 where id = ${supplierProductId}`,
    );
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('tells a product its earliest delivery as dates, never a speed', async () => {
    const browser = new Browser(shop.app);
    const warehouse = await browser.get(`/api/delivery/promise?productId=${productId}`);
    expect(warehouse.statusCode, warehouse.body).toBe(200);
    expect(warehouse.json()).toEqual({
      from: '2026-11-30',
      to: '2026-12-02',
      text: 'Привезём 30 ноября – 2 декабря',
    });
    const supplier = await browser.get(`/api/delivery/promise?productId=${supplierProductId}`);
    expect(supplier.json()).toMatchObject({ text: 'Привезём 3–7 декабря' });
    expect((await browser.get('/api/delivery/promise?productId=999999999')).statusCode).toBe(404);
    expect((await browser.get('/api/delivery/promise?productId=abc')).statusCode).toBe(400);
  });

  it('offers working days from the cart’s first day, with the free window and the paid slots', async () => {
    const answer = await new Browser(shop.app).post('/api/delivery/days', {
      cart: [{ id: productId, quantity: 1 }],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const offer = answer.json() as DeliveryDays;
    expect(offer.promise?.text).toBe('Привезём 30 ноября – 2 декабря');
    expect(offer.days.map((day) => day.day)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
    ]);
    expect(offer.days[0]?.label).toBe('понедельник, 30 ноября');
    expect(offer.windows.map((window) => [window.label, window.price])).toEqual([
      ['Весь день, 10:00–22:00', 0],
      ['10:00–13:00', 100_000],
      ['13:00–16:00', 100_000],
      ['16:00–19:00', 100_000],
      ['19:00–22:00', 100_000],
    ]);
  });

  it('sells exactly the day’s capacity when shoppers race for its last places', async () => {
    const capacity = await admin.put('/api/admin/deliveries/capacity', { day: RACE_DAY, capacity: 2 });
    expect(capacity.statusCode, capacity.body).toBe(200);
    expect((capacity.json() as AdminDeliveryDay).capacity).toBe(2);
    const offer = (
      await new Browser(shop.app).post('/api/delivery/days', { cart: [{ id: productId, quantity: 1 }] })
    ).json() as DeliveryDays;
    const paidSlot = offer.windows.find((window) => window.price > 0);
    if (paidSlot === undefined) throw new Error('no paid slot seeded');
    const shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, async (_, index) => {
        const shopper = new Browser(shop.app);
        await shopper.register(emailOf(index));
        return shopper;
      }),
    );
    const answers = await Promise.all(
      shoppers.map((shopper, index) => checkout(shopper, index, { day: RACE_DAY, windowId: paidSlot.id })),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 201);
    expect(accepted).toHaveLength(2);
    for (const answer of answers) {
      expect([201, 409], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 409) {
        expect(answer.json()).toMatchObject({ error: 'delivery_day_full' });
        expect(answer.body).toMatch(/На этот день доставки мест больше нет/);
      }
    }
    const order = accepted[0]?.json() as Order;
    expect(order.delivery.slot).toEqual({
      day: RACE_DAY,
      windowId: paidSlot.id,
      label: paidSlot.label,
      price: 100_000,
    });

    const after = (
      await new Browser(shop.app).post('/api/delivery/days', { cart: [{ id: productId, quantity: 1 }] })
    ).json() as DeliveryDays;
    expect(after.days.find((day) => day.day === RACE_DAY)?.full).toBe(true);
    expect(after.days.find((day) => day.day === '2026-12-03')?.full).toBe(false);

    const list = (await admin.get(`/api/admin/deliveries?day=${RACE_DAY}`)).json() as AdminDeliveryDay;
    expect(list.booked).toBe(2);
    expect(list.deliveries).toHaveLength(2);
    expect(list.deliveries[0]).toMatchObject({ windowLabel: paidSlot.label, windowPrice: 100_000 });
    expect(list.deliveries[0]?.contactPhone).toMatch(/^\+7/);
    expect(list.deliveries[0]?.address).toMatch(/Невский/);
  });

  it('refuses a day the checkout never offered and an unknown window', async () => {
    const shopper = new Browser(shop.app);
    await shopper.register(`slot-refused-${driver}@mail.ru`);
    const email = `slot-refused-${driver}@mail.ru`;
    const body = (slot: { day: string; windowId: number }) => ({
      cart: [{ id: productId, quantity: 1 }],
      contact: { name: 'Анна', phone: '+7 921 555-12-34', email },
      delivery: { method: 'courier', address: 'Санкт-Петербург, Невский пр-т 28', slot },
      paymentMethod: 'on_delivery',
      consent: true,
    });
    const windowId =
      (
        (
          await new Browser(shop.app).post('/api/delivery/days', { cart: [{ id: productId, quantity: 1 }] })
        ).json() as DeliveryDays
      ).windows[0]?.id ?? 0;
    const tooEarly = await shopper.post('/api/orders', body({ day: '2026-11-28', windowId }));
    expect(tooEarly.statusCode).toBe(422);
    expect(tooEarly.json()).toMatchObject({ error: 'delivery_day_not_offered' });
    const sunday = await shopper.post('/api/orders', body({ day: '2026-12-06', windowId }));
    expect(sunday.json()).toMatchObject({ error: 'delivery_day_not_offered' });
    const window = await shopper.post('/api/orders', body({ day: '2026-12-03', windowId: 987_654 }));
    expect(window.statusCode).toBe(422);
    expect(window.json()).toMatchObject({ error: 'unknown_window' });
    const notADate = await shopper.post('/api/orders', body({ day: '2026-02-31', windowId }));
    expect(notADate.statusCode).toBe(400);
  });

  it('lets the manager move a slot, refusing a stale screen and a full day', async () => {
    const before = (await admin.get(`/api/admin/deliveries?day=${RACE_DAY}`)).json() as AdminDeliveryDay;
    const moving = before.deliveries[0];
    if (moving === undefined) throw new Error('no delivery to move');
    const freeWindow = before.windows[0]?.id ?? 0;
    expect(before.windows[0]?.price).toBe(0);
    type MoneyCard = { total: number; services: { kind: string; amount: number }[] };
    const cardBefore = (await admin.get(`/api/admin/orders/${moving.orderId}`)).json() as MoneyCard;
    expect(cardBefore.services.filter((line) => line.kind === 'delivery_window')).toEqual([
      expect.objectContaining({ amount: 100_000 }),
    ]);
    const moved = await admin.post(`/api/admin/orders/${moving.orderId}/delivery-slot`, {
      day: '2026-12-03',
      windowId: freeWindow,
      expected: { day: RACE_DAY, windowId: moving.windowId },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The paid window's line leaves with the paid window: the free one costs nothing.
    const cardAfter = (await admin.get(`/api/admin/orders/${moving.orderId}`)).json() as MoneyCard;
    expect(cardAfter.services.some((line) => line.kind === 'delivery_window')).toBe(false);
    expect(cardAfter.total).toBe(cardBefore.total - 100_000);
    expect((moved.json() as AdminDeliveryDay).deliveries.map((delivery) => delivery.orderId)).toContain(
      moving.orderId,
    );

    const stale = await admin.post(`/api/admin/orders/${moving.orderId}/delivery-slot`, {
      day: '2026-12-04',
      windowId: freeWindow,
      expected: { day: RACE_DAY, windowId: moving.windowId },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'delivery_slot_changed' });

    await admin.put('/api/admin/deliveries/capacity', { day: '2026-12-04', capacity: 0 });
    const full = await admin.post(`/api/admin/orders/${moving.orderId}/delivery-slot`, {
      day: '2026-12-04',
      windowId: freeWindow,
      expected: { day: '2026-12-03', windowId: freeWindow },
    });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: 'delivery_day_full' });
    // The calendar's own audit entries are filed under their areas, so the log's area filter finds them.
    const deliveryLog = (await admin.get('/api/admin/audit?area=delivery&limit=100')).json() as {
      items: { action: string }[];
    };
    expect(deliveryLog.items.map((entry) => entry.action)).toContain('delivery.capacityChanged');
    const ordersLog = (await admin.get('/api/admin/audit?area=orders&limit=100')).json() as {
      items: { action: string }[];
    };
    expect(ordersLog.items.map((entry) => entry.action)).toContain('order.deliveryChanged');
    const card = (await admin.get(`/api/admin/orders/${moving.orderId}`)).json() as {
      deliveryDetails: { date: string };
    };
    expect(card.deliveryDetails.date).toBe('2026-12-03');

    const defaults = await admin.put('/api/admin/deliveries/default-capacity', {
      day: '2026-12-07',
      defaultCapacity: 5,
    });
    expect((defaults.json() as AdminDeliveryDay).capacity).toBe(5);
    expect((await new Browser(shop.app).get(`/api/admin/deliveries?day=${RACE_DAY}`)).statusCode).toBe(401);
    expect(
      (await admin.put('/api/admin/deliveries/capacity', { day: RACE_DAY, capacity: -1 })).statusCode,
    ).toBe(400);
  });

  it('routes a manager’s new delivery day through the calendar: a full day is 409, racers share the last place', async () => {
    const unbooked = async (index: number) => {
      const shopper = new Browser(shop.app);
      await shopper.register(emailOf(index));
      const placed = await checkout(shopper, index, undefined);
      expect(placed.statusCode, placed.body).toBe(201);
      return (placed.json() as Order).id;
    };
    const [first, second, racerA, racerB] = await Promise.all([40, 41, 42, 43].map(unbooked));
    const setDay = (id: number | undefined, date: string) =>
      admin.patch(`/api/admin/orders/${id}/delivery`, {
        method: 'courier',
        address: 'Санкт-Петербург, Невский пр-т 28',
        date,
      });
    expect(
      (await admin.put('/api/admin/deliveries/capacity', { day: '2026-12-09', capacity: 1 })).statusCode,
    ).toBe(200);
    expect((await setDay(first, '2026-12-09')).statusCode).toBe(200);
    // The same day again is no new booking: the order keeps its place.
    expect((await setDay(first, '2026-12-09')).statusCode).toBe(200);
    const full = await setDay(second, '2026-12-09');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: 'delivery_day_full' });
    expect(full.body).toMatch(/На этот день мест больше нет/);
    const card = (await admin.get(`/api/admin/orders/${second}`)).json() as {
      deliveryDetails: { date: string | null };
    };
    expect(card.deliveryDetails.date).toBeNull();

    // Two managers set one day with one place left on two orders at once: exactly one gets it
    // (real concurrency on PostgreSQL; PGlite serialises).
    await admin.put('/api/admin/deliveries/capacity', { day: '2026-12-10', capacity: 1 });
    const raced = await Promise.all([setDay(racerA, '2026-12-10'), setDay(racerB, '2026-12-10')]);
    expect(raced.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const day = (await admin.get('/api/admin/deliveries?day=2026-12-10')).json() as AdminDeliveryDay;
    expect(day.booked).toBe(1);
  });

  it('books a phone order’s delivery day through the calendar: a full day is 409, racers share the last place', async () => {
    const phoneOrder = (index: number, date: string) =>
      admin.post('/api/admin/orders/new', {
        newClient: {
          name: `Клиент по телефону ${index}`,
          phone: `+7 921 555-20-${String(10 + index)}`,
          email: `phone-order-${index}-${driver}@mail.ru`,
        },
        lines: [{ productId, quantity: 1 }],
        delivery: {
          method: 'courier',
          address: 'Санкт-Петербург, Невский пр-т 28',
          date,
          timeSlot: '10:00–13:00',
        },
        paymentMethod: 'on_delivery',
      });
    const bookedOn = async (day: string) =>
      ((await admin.get(`/api/admin/deliveries?day=${day}`)).json() as AdminDeliveryDay).booked;

    expect(
      (await admin.put('/api/admin/deliveries/capacity', { day: '2026-12-14', capacity: 1 })).statusCode,
    ).toBe(200);
    const first = await phoneOrder(0, '2026-12-14');
    expect(first.statusCode, first.body).toBe(201);
    expect(await bookedOn('2026-12-14')).toBe(1);
    // The phone order took the day from 0 to 1 of 1: «День доставки заполняется», once.
    const alerts = await shop.database.rows(
      sql`select 1 from staff_alert_events where dedupe_key = 'delivery_day_filling:2026-12-14'`,
    );
    expect(alerts).toHaveLength(1);

    const full = await phoneOrder(1, '2026-12-14');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: 'delivery_day_full' });
    expect(full.body).toMatch(/На этот день мест больше нет/);
    // The refused order was rolled back: nothing overfills the day.
    expect(await bookedOn('2026-12-14')).toBe(1);
    const made = await shop.database.rows(
      sql`select 1 from orders where contact_email = ${`phone-order-1-${driver}@mail.ru`}`,
    );
    expect(made).toHaveLength(0);

    // Two managers take phone orders for one day's last place at once: exactly one gets it
    // (real concurrency on PostgreSQL; PGlite serialises).
    await admin.put('/api/admin/deliveries/capacity', { day: '2026-12-15', capacity: 1 });
    const raced = await Promise.all([phoneOrder(2, '2026-12-15'), phoneOrder(3, '2026-12-15')]);
    expect(raced.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(raced.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({
      error: 'delivery_day_full',
    });
    expect(await bookedOn('2026-12-15')).toBe(1);

    // A phone order without a date has no day to book and is made as before.
    const undated = await admin.post('/api/admin/orders/new', {
      newClient: {
        name: 'Клиент без даты',
        phone: '+7 921 555-20-30',
        email: `phone-order-undated-${driver}@mail.ru`,
      },
      lines: [{ productId, quantity: 1 }],
      delivery: { method: 'courier', address: 'Санкт-Петербург, Невский пр-т 28' },
      paymentMethod: 'on_delivery',
    });
    expect(undated.statusCode, undated.body).toBe(201);
  });

  it('raises «День доставки заполняется» once, from the booking that takes a day to 80 %', async () => {
    // The race filled RACE_DAY (capacity 2): its second booking crossed 80 %.
    const alerts = await shop.database.rows<{ payload: Record<string, unknown> }>(
      sql`select payload from staff_alert_events where kind = 'delivery_day_filling' and dedupe_key = ${`delivery_day_filling:${RACE_DAY}`}`,
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.payload).toEqual({ date: RACE_DAY, booked: 2, capacity: 2 });
    // 2026-12-03 (default capacity 8) holds one order: no alert.
    const quiet = await shop.database.rows(
      sql`select 1 from staff_alert_events where dedupe_key = 'delivery_day_filling:2026-12-03'`,
    );
    expect(quiet).toHaveLength(0);
    // 2026-12-09 (capacity 1) went 0 → 1 by the manager's edit: once.
    const edited = await shop.database.rows(
      sql`select 1 from staff_alert_events where dedupe_key = 'delivery_day_filling:2026-12-09'`,
    );
    expect(edited).toHaveLength(1);
  });

  it('lists what each delivery carries, and refuses a capacity save over a stale screen', async () => {
    const list = (await admin.get('/api/admin/deliveries?day=2026-12-03')).json() as AdminDeliveryDay;
    const delivery = list.deliveries[0];
    expect(delivery?.items).toEqual([{ name: expect.any(String), quantity: 1 }]);
    expect(delivery?.services).toEqual(expect.any(Array));
    expect(delivery).toHaveProperty('zone');

    const day = '2026-12-11';
    const saved = await admin.put('/api/admin/deliveries/capacity', { day, capacity: 3, expected: null });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as AdminDeliveryDay).override).toBe(3);
    const stale = await admin.put('/api/admin/deliveries/capacity', { day, capacity: 4, expected: null });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'capacity_changed' });
    expect(stale.body).toMatch(/Вместимость уже изменил другой сотрудник/);
    const again = await admin.put('/api/admin/deliveries/capacity', { day, capacity: null, expected: 3 });
    expect((again.json() as AdminDeliveryDay).override).toBeNull();

    const current = (again.json() as AdminDeliveryDay).defaultCapacity;
    const staleDefault = await admin.put('/api/admin/deliveries/default-capacity', {
      day,
      defaultCapacity: 6,
      expected: current + 1,
    });
    expect(staleDefault.statusCode).toBe(409);
    const freshDefault = await admin.put('/api/admin/deliveries/default-capacity', {
      day,
      defaultCapacity: 6,
      expected: current,
    });
    expect((freshDefault.json() as AdminDeliveryDay).defaultCapacity).toBe(6);
  });

  it('without DaData the field asks for the zone by hand; without СДЭК the manager tells the price', async () => {
    const browser = new Browser(shop.app);
    const suggest = await browser.get(`/api/address/suggest?q=${encodeURIComponent('Невский 28')}`);
    expect(suggest.json()).toEqual({ enabled: false, suggestions: [] });
    const carrier = await browser.post('/api/delivery/carrier-quote', {
      cart: [{ id: productId, quantity: 1 }],
      postalCode: '125009',
    });
    expect(carrier.json()).toEqual({ price: null, note: 'Стоимость доставки сообщит менеджер', days: null });
  });
});

describe('address suggestions and the carrier through local fakes (pglite)', () => {
  let shop: ShopTestApp;
  const addresses = new FakeAddressSuggestions();
  const carrier = new FakeCarrierQuote();

  beforeAll(async () => {
    shop = await startShopApp('pglite', {}, { deliveryServices: { addresses, carrier } });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('answers each suggestion with its zone: inside КАД, km beyond it, another region, or unknown', async () => {
    const browser = new Browser(shop.app);
    const ask = async (q: string) =>
      (await browser.get(`/api/address/suggest?q=${encodeURIComponent(q)}`)).json() as {
        enabled: boolean;
        suggestions: { value: string; zone: unknown; kmBeyondKad: number; zoneText: string | null }[];
      };
    const nevsky = await ask('Невский 28');
    expect(nevsky.enabled).toBe(true);
    // The quote's own vocabulary (shared-rules/delivery-service-rule.ts): a suggestion's zone and km
    // go into POST /api/orders/quote as they are.
    expect(nevsky.suggestions[0]).toMatchObject({
      zone: 'inside_kad',
      kmBeyondKad: 0,
      zoneText: 'Санкт-Петербург в пределах КАД',
    });
    const pushkin = (await ask('Пушкин')).suggestions[0];
    expect(pushkin?.zone).toBe('outside_kad');
    expect(pushkin?.zoneText).toMatch(/^За КАД, \d+ км$/);
    expect((await ask('Всеволожск')).suggestions[0]).toMatchObject({ zone: 'outside_kad', kmBeyondKad: 10 });
    expect((await ask('Москва Тверская')).suggestions[0]).toMatchObject({ zone: 'region', kmBeyondKad: 0 });
    expect((await ask('Невский р-н')).suggestions[0]).toMatchObject({ zone: null, zoneText: null });
    expect((await ask('ab')).suggestions).toEqual([]);
  });

  it('limits suggestions per address: the paid quota is not for one visitor', async () => {
    const browser = new Browser(shop.app);
    let refused = null;
    for (
      let attempt = 0;
      attempt <= RATE_LIMITS.addressSuggestIp.capacity + 1 && refused === null;
      attempt += 1
    ) {
      const answer = await browser.get('/api/address/suggest?q=xyz');
      if (answer.statusCode === 429) refused = answer;
    }
    expect(refused?.headers['retry-after']).toBeDefined();
    expect(refused?.body).toMatch(/Слишком много запросов адреса/);
  });

  it('prices another region by the carrier from the cart’s parcels, or leaves it to the manager', async () => {
    const browser = new Browser(shop.app);
    const [row] = await shop.database.rows<{ id: number }>(sql`select id from products order by id limit 1`);
    const cart = [{ id: Number(row?.id), quantity: 2 }];
    const quoted = await browser.post('/api/delivery/carrier-quote', {
      cart,
      postalCode: '125009',
      city: 'Москва',
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({ note: null, days: { min: 3, max: 5 } });
    expect((quoted.json() as { price: number }).price % 100).toBe(0);
    expect(carrier.asked.at(-1)?.packages).toHaveLength(2);
    const none = await browser.post('/api/delivery/carrier-quote', { cart, postalCode: '900000' });
    expect(none.json()).toMatchObject({ price: null, note: 'Стоимость доставки сообщит менеджер' });
    expect((await browser.post('/api/delivery/carrier-quote', { cart, postalCode: '12' })).statusCode).toBe(
      400,
    );
  });
});

describe.each(testDrivers())('the availability source in the back office (%s)', (driver: TestDriver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let product: { id: number; sku: string; version: number };

  const importCsv = async (lines: readonly string[]) => {
    const boundary = '----availability';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="наличие.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(lines.join('\n')),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return shop.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      payload,
      remoteAddress: admin.ip,
      headers: {
        origin: 'http://shop.test',
        cookie: [admin.cookie, admin.deviceCookie].filter(Boolean).join('; '),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
  };

  beforeAll(async () => {
    shop = await startShopApp(driver);
    shop.clock.now = NOW;
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
    const [row] = await shop.database.rows<{ id: number; sku: string; version: number }>(
      sql`select id, sku, version from products where deleted_at is null order by id desc limit 1`,
    );
    product = { id: Number(row?.id), sku: String(row?.sku), version: Number(row?.version) };
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('the manager sets the source on the product and the storefront’s date follows', async () => {
    const saved = await admin.patch(`/api/admin/products/${product.id}`, {
      availability_source: 'made_to_order',
      availability_min_days: 20,
      availability_max_days: 30,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      availability_source: 'made_to_order',
      availability_min_days: 20,
      availability_max_days: 30,
    });
    const promise = await new Browser(shop.app).get(`/api/delivery/promise?productId=${product.id}`);
    // 21 working days after Friday 27 November 2026 is 28 December; 33 lands past the New Year days off.
    expect(promise.json()).toMatchObject({ from: '2026-12-28', to: '2027-01-22' });

    const refused = await admin.patch(`/api/admin/products/${product.id}`, { availability_min_days: 40 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: 'invalid_availability' });
    expect(refused.body).toMatch(/«от» не может быть больше/);
    const warehouse = await admin.patch(`/api/admin/products/${product.id}`, {
      availability_source: 'warehouse',
    });
    expect(warehouse.json()).toMatchObject({ availability_min_days: null, availability_max_days: null });
  });

  it('import and export carry «Наличие»', async () => {
    const dry = await importCsv(['Артикул;Наличие', `${product.sku};поставщик 7`]);
    expect(dry.statusCode, dry.body).toBe(200);
    const token = (dry.json() as { token: string; updated: number }).token;
    expect((dry.json() as { updated: number }).updated).toBe(1);
    expect((await admin.post(`/api/admin/products/import/${token}/confirm`)).statusCode).toBe(200);
    const stored = (await admin.get(`/api/admin/products/${product.id}`)).json();
    expect(stored).toMatchObject({ availability_source: 'supplier', availability_min_days: 7 });
    const csv = await admin.get(`/api/admin/products/export?q=${encodeURIComponent(product.sku)}&format=csv`);
    const [header, line] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header).toContain('Наличие');
    expect(line).toContain('От поставщика, 7 раб. дн.');
    const bad = await importCsv(['Артикул;Наличие', `${product.sku};завтра`]);
    expect((bad.json() as { errors: number }).errors).toBe(1);
  });
});
