import { fc } from '@fast-check/vitest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LastContact, Order, OrderQuote } from '../../api/orders';
import { RATE_LIMITS } from '../../server/domain/rate-limit';
import { Browser, type ShopTestApp, someProductIds, startShopApp } from './support/session-client';
import { type TestDriver, testDrivers } from './support/test-database';

/**
 * Issue 22, item 9 (docs/money.md «The checkout quote»): POST /api/orders/quote prices the cart with
 * the order's own pricing, so the quote's goods, discount and lines equal the placed order's for the
 * same input — property-tested over random carts, codes and delivery on PGlite, one fixed case on
 * both databases; promo problems come back in Russian, availability per line, hostile bodies 400.
 */

const contact = { name: 'Анна Королёва', phone: '+7 921 555-12-34' };
const ADDRESS = 'Санкт-Петербург, Невский пр-т 28, кв. 5';

type CartLine = { id: number; quantity: number };

async function openShop(driver: TestDriver): Promise<{ shop: ShopTestApp; products: number[] }> {
  const shop = await startShopApp(driver);
  const products = await someProductIds(shop.database, 8);
  // Catalogue prices (whole roubles), untracked stock (every property cart can be ordered).
  const prices = [98450, 32460, 1291, 7990, 459, 15000, 24999, 120];
  for (const [index, id] of products.entries()) {
    await shop.database.rows(sql`select set_stock_balance(${id}, ${null}, 'manual_correction', null, null)`);
    await shop.database.rows(
      sql`update products set price = ${prices[index] ?? 1000}, backorder_allowed = false where id = ${id}`,
    );
  }
  await shop.database.rows(sql`
    insert into promo_codes (code, discount_percent, kind, fixed_discount, min_order_total, valid_until, description)
    values ('LETO15', 15, 'percent', 0, 0, null, 'Лето: 15 %'),
           ('MINUS500', 0, 'fixed', 500, 0, null, '500 ₽'),
           ('OT50K', 7, 'percent', 0, 50000, null, '7 % от 50 000 ₽'),
           ('STARYI', 10, 'percent', 0, 0, '2020-01-01T00:00:00Z', 'Истёк')
    on conflict (code) do nothing`);
  return { shop, products };
}

async function signedIn(shop: ShopTestApp, email: string): Promise<Browser> {
  const browser = new Browser(shop.app);
  await browser.register(email);
  return browser;
}

const orderBody = (cart: CartLine[], method: 'courier' | 'pickup', email: string, promoCode?: string) => ({
  cart,
  contact: { ...contact, email },
  delivery: method === 'courier' ? { method, address: ADDRESS } : { method },
  paymentMethod: 'on_delivery',
  consent: true,
  ...(promoCode === undefined ? {} : { promoCode }),
});

const quoteBody = (cart: CartLine[], method: 'courier' | 'pickup', promoCode?: string) => ({
  cart,
  delivery: { method },
  ...(promoCode === undefined ? {} : { promoCode }),
});

/** The figures a quote and an order share (the order carries no delivery yet). */
const goodsOf = (figures: Order | OrderQuote) => ({
  subtotal: figures.subtotal,
  discount: figures.discount,
  goods: figures.subtotal - figures.discount,
  items: figures.items.map((line) => ({
    productId: line.productId,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    lineTotal: line.lineTotal,
    discount: line.discount,
    netTotal: line.netTotal,
  })),
});

describe('the quote equals the placed order, over random carts, codes and delivery (pglite)', () => {
  let shop: ShopTestApp;
  let products: number[];
  beforeAll(async () => {
    ({ shop, products } = await openShop('pglite'));
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('quote goods, discount and lines = the order; total = goods + delivery; a refused code is the order refusal', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ index: fc.nat(7), quantity: fc.integer({ min: 1, max: 5 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.constantFrom(undefined, 'LETO15', 'leto15 ', 'MINUS500', 'OT50K', 'STARYI', 'NETTAKOGO'),
        fc.constantFrom('courier' as const, 'pickup' as const),
        async (picks, promoCode, method) => {
          run += 1;
          const email = `quote-prop-${run}@mail.ru`;
          const buyer = await signedIn(shop, email);
          const cart = picks.map((pick) => ({ id: products[pick.index] ?? 0, quantity: pick.quantity }));
          const quoted = await buyer.post('/api/orders/quote', quoteBody(cart, method, promoCode));
          expect(quoted.statusCode, quoted.body).toBe(200);
          const quote = quoted.json() as OrderQuote;
          const placed = await buyer.post('/api/orders', orderBody(cart, method, email, promoCode));
          if (quote.promo.status === 'problem') {
            // The order refuses the code the quote reported; the quote priced the goods without it.
            expect(placed.statusCode, placed.body).toBe(422);
            expect(quote.discount).toBe(0);
            const plain = await buyer.post('/api/orders', orderBody(cart, method, email));
            expect(plain.statusCode, plain.body).toBe(201);
            expect(goodsOf(quote)).toEqual(goodsOf(plain.json() as Order));
            return;
          }
          expect(placed.statusCode, placed.body).toBe(201);
          const order = placed.json() as Order;
          expect(goodsOf(quote)).toEqual(goodsOf(order));
          expect(quote.promo).toEqual(
            order.promoCode === null ? { status: 'none' } : { status: 'applied', code: order.promoCode },
          );
          const free = method === 'pickup' || order.total >= 3_000_000;
          expect(quote.delivery).toBe(free ? 0 : null);
          expect(quote.deliveryNote).toBe(free ? null : 'Стоимость доставки сообщит менеджер');
          expect(quote.total).toBe(order.total + (quote.delivery ?? 0));
          expect(quote.items.every((line) => line.available === null)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe.each(testDrivers())('checkout quote (%s)', (driver) => {
  let shop: ShopTestApp;
  let products: number[];
  beforeAll(async () => {
    ({ shop, products } = await openShop(driver));
  });
  afterAll(async () => {
    await shop?.close();
  });
  const id = (index: number): number => products[index] ?? 0;

  it('163 370 ₽ with a 15 % code: the quote and the guest order both say 138 864 ₽, delivery free', async () => {
    const cart = [
      { id: id(0), quantity: 1 },
      { id: id(1), quantity: 2 },
    ];
    const guest = new Browser(shop.app);
    const quoted = await guest.post('/api/orders/quote', quoteBody(cart, 'courier', 'leto15'));
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quote = quoted.json() as OrderQuote;
    expect(quote).toMatchObject({
      subtotal: 16_337_000,
      discount: 2_450_600,
      delivery: 0,
      deliveryNote: null,
      total: 13_886_400,
      promo: { status: 'applied', code: 'LETO15' },
    });
    const placed = await guest.post(
      '/api/orders',
      orderBody(cart, 'courier', 'quote-fixed@mail.ru', 'leto15'),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(goodsOf(quote)).toEqual(goodsOf(placed.json() as Order));
  });

  it('delivery below 30 000 ₽ is told by the manager; pickup costs nothing', async () => {
    const guest = new Browser(shop.app);
    const cart = [{ id: id(3), quantity: 1 }];
    const courier = (await guest.post('/api/orders/quote', quoteBody(cart, 'courier'))).json() as OrderQuote;
    expect(courier).toMatchObject({
      subtotal: 799_000,
      delivery: null,
      deliveryNote: 'Стоимость доставки сообщит менеджер',
      total: 799_000,
      promo: { status: 'none' },
    });
    const pickup = (await guest.post('/api/orders/quote', quoteBody(cart, 'pickup'))).json() as OrderQuote;
    expect(pickup).toMatchObject({ delivery: 0, deliveryNote: null, total: 799_000 });
  });

  it('promo problems in Russian: unknown, expired, below the minimum, usage limit reached', async () => {
    const guest = new Browser(shop.app);
    const cart = [{ id: id(3), quantity: 1 }];
    const problem = async (code: string) =>
      ((await guest.post('/api/orders/quote', quoteBody(cart, 'pickup', code))).json() as OrderQuote).promo;
    expect(await problem('NETTAKOGO')).toEqual({
      status: 'problem',
      code: 'NETTAKOGO',
      problem: 'invalid',
      message: 'Такого промокода нет или он больше не действует.',
    });
    expect(await problem('staryi')).toMatchObject({
      problem: 'expired',
      message: 'Срок действия промокода истёк.',
    });
    expect(await problem('OT50K')).toMatchObject({
      problem: 'min_subtotal',
      message: 'Промокод действует для заказов от 50\u00a0000\u00a0₽',
    });
    await shop.database.rows(sql`
      insert into promo_codes (code, discount_percent, kind, usage_limit, uses, description)
      values ('ODIN', 5, 'percent', 1, 1, 'Один раз') on conflict (code) do nothing`);
    const limited = (
      await guest.post('/api/orders/quote', quoteBody(cart, 'pickup', 'ODIN'))
    ).json() as OrderQuote;
    expect(limited.promo).toMatchObject({
      problem: 'usage_limit',
      message: 'Промокод больше не действует: лимит использований исчерпан.',
    });
    expect(limited.discount).toBe(0);
    // The order refuses the same code (409, counted under the row lock).
    const placed = await guest.post('/api/orders', orderBody(cart, 'pickup', 'quote-limit@mail.ru', 'ODIN'));
    expect(placed.statusCode, placed.body).toBe(409);
  });

  it('each line says how many units are on hand when the stock is tracked and not sold «под заказ»', async () => {
    await shop.database.rows(sql`select set_stock_balance(${id(5)}, 2, 'manual_correction', null, null)`);
    await shop.database.rows(sql`select set_stock_balance(${id(6)}, 1, 'manual_correction', null, null)`);
    await shop.database.rows(sql`update products set backorder_allowed = true where id = ${id(6)}`);
    const quote = (
      await new Browser(shop.app).post(
        '/api/orders/quote',
        quoteBody(
          [
            { id: id(5), quantity: 3 },
            { id: id(6), quantity: 4 },
            { id: id(7), quantity: 1 },
          ],
          'pickup',
        ),
      )
    ).json() as OrderQuote;
    expect(quote.items.map((line) => [line.productId, line.available])).toEqual([
      [id(5), 2],
      [id(6), null],
      [id(7), null],
    ]);
  });

  it('hostile bodies answer 400, an unknown product 422, never 500', async () => {
    const guest = new Browser(shop.app);
    const bodies: unknown[] = [
      {},
      { cart: [], delivery: { method: 'pickup' } },
      { cart: [{ id: id(0), quantity: 0 }], delivery: { method: 'pickup' } },
      { cart: [{ id: id(0), quantity: 1.5 }], delivery: { method: 'pickup' } },
      { cart: [{ id: -1, quantity: 1 }], delivery: { method: 'pickup' } },
      { cart: [{ id: id(0), quantity: 1 }], delivery: { method: 'drone' } },
      { cart: [{ id: id(0), quantity: 1 }], delivery: { method: 'pickup' }, promoCode: 'x'.repeat(65) },
      { cart: [{ id: id(0), quantity: 1 }], delivery: { method: 'pickup' }, promoCode: 'a\u0000b' },
      { cart: 'все', delivery: { method: 'pickup' } },
      {
        cart: Array.from({ length: 201 }, (_, index) => ({ id: index + 1, quantity: 1 })),
        delivery: { method: 'pickup' },
      },
      [],
      null,
    ];
    for (const body of bodies) {
      const response = await guest.post('/api/orders/quote', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await guest.post(
      '/api/orders/quote',
      quoteBody([{ id: 999_999_999, quantity: 1 }], 'pickup'),
    );
    expect(unknown.statusCode, unknown.body).toBe(422);
  });

  it('quotes are limited per address: past the budget 429 with Retry-After and a Russian message', async () => {
    const visitor = new Browser(shop.app);
    const body = quoteBody([{ id: id(3), quantity: 1 }], 'pickup');
    for (let attempt = 0; attempt < RATE_LIMITS.quoteIp.capacity; attempt += 1) {
      expect((await visitor.post('/api/orders/quote', body)).statusCode).toBe(200);
    }
    const refused = await visitor.post('/api/orders/quote', body);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((refused.json() as { message: string }).message).toBe(
      'Слишком много расчётов суммы заказа подряд. Попробуйте через минуту.',
    );
  });

  it('a signed-in client gets the name, phone and address of their own last order; a guest 401', async () => {
    expect((await new Browser(shop.app).get('/api/orders/last-contact')).statusCode).toBe(401);
    const buyer = await signedIn(shop, 'quote-last@mail.ru');
    const none = await buyer.get('/api/orders/last-contact');
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toBeNull();
    const placed = await buyer.post(
      '/api/orders',
      orderBody([{ id: id(4), quantity: 1 }], 'courier', 'quote-last@mail.ru'),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    // Another client's later order is not theirs.
    const other = await signedIn(shop, 'quote-other@mail.ru');
    await other.post('/api/orders', {
      ...orderBody([{ id: id(4), quantity: 1 }], 'courier', 'quote-other@mail.ru'),
      contact: { name: 'Чужой', phone: '+7 921 000-00-00', email: 'quote-other@mail.ru' },
    });
    const last = (await buyer.get('/api/orders/last-contact')).json() as LastContact;
    expect(last).toEqual({ name: contact.name, phone: '+79215551234', address: ADDRESS });
  });
});
