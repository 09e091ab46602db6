import { createHmac } from 'node:crypto';
import { fc } from '@fast-check/vitest';
import { sql } from 'drizzle-orm';
import { Arbitrary, Effect } from 'effect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestGatewayNotification } from '../../api/payments';
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
import { testDrivers } from './support/test-database';

/**
 * Issue 24, item 8: a gateway notification whose signature holds but whose fields are hostile — NUL
 * and other control characters, over-long strings, wrong types — answered 500 (PostgreSQL refuses NUL
 * in text). Now the provider gets a 4xx for what the shop refuses, or 200 for what the provider's
 * protocol says to acknowledge, never a 5xx; and a refused notification changes no payment or order.
 *
 * - Test gateway: valid notifications are generated from the contract's schema
 *   (`TestGatewayNotification` in api/payments.ts, effect's `Arbitrary.schema`), then fast-check puts a
 *   hostile value into one field, signs the body with the gateway's key and posts it.
 * - YooKassa: its notification is not signed; the shop reads only `object.id` and asks the API for the
 *   payment. fast-check puts a hostile value into one field of a genuine notification; a hostile id is
 *   refused (400), any other field is ignored: the verified payment is recorded once (200).
 */
const RUNS = 60;
const SEED = 20_261_127;

const CONTROL_CHARACTERS = [
  ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)),
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
];

/** Values no field of either notification accepts: control characters, too long, wrong type. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    '\u0000',
    'a\u0000b',
    '\u001b[31mкрасный',
    '\u0007\u0008',
    'x'.repeat(10_000),
    null,
    true,
    [],
    {},
    -1,
    1.5,
    1e308,
    9_007_199_254_740_992,
  ),
  fc
    .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...CONTROL_CHARACTERS), fc.string({ maxLength: 20 }))
    .map(([before, control, after]) => `${before}${control}${after}`),
  fc.integer({ min: 129, max: 4000 }).map((length) => 'a'.repeat(length)),
);

const contact = { name: 'Ольга Смирнова', phone: '+7 921 555-44-33' };

async function payableOrder(shop: ShopTestApp, email: string) {
  const buyer = new Browser(shop.app);
  await buyer.register(email);
  const admin = new Browser(shop.app);
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login');
  const [product] = await someProductIds(shop.database, 1);
  const placed = await buyer.post('/api/orders', {
    cart: [{ id: product, quantity: 1 }],
    contact: { ...contact, email },
    delivery: { method: 'pickup' },
    paymentMethod: 'online',
    consent: true,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = (placed.json() as { id: number }).id;
  const moved = await admin.moveOrder(orderId, 'awaiting_payment');
  expect(moved.statusCode, moved.body).toBe(200);
  const created = await buyer.post('/api/payments/create', { orderId });
  expect(created.statusCode, created.body).toBe(201);
  return { orderId, paymentId: (created.json() as { paymentId: string }).paymentId };
}

async function moneyState(shop: ShopTestApp, orderId: number) {
  const payments = await shop.database.rows<{ id: string; status: string }>(
    sql`select id, status from payments where order_id = ${orderId} order by id`,
  );
  const [order] = await shop.database.rows<{ status: string; paid_amount: string | number }>(
    sql`select status, paid_amount from orders where id = ${orderId}`,
  );
  const [events] = await shop.database.rows<{ n: string | number }>(
    sql`select count(*) as n from payment_events`,
  );
  return {
    payments,
    order: { ...order, paid_amount: Number(order?.paid_amount) },
    events: Number(events?.n),
  };
}

describe.each(testDrivers())('hostile test-gateway notifications (%s)', (driver) => {
  let shop: ShopTestApp;

  beforeAll(async () => {
    shop = await startShopApp(driver);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const post = (rawBody: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/payments/notify/test',
      headers: {
        'content-type': 'application/json',
        'x-test-gateway-signature': createHmac('sha256', GATEWAY_SECRET).update(rawBody).digest('hex'),
      },
      payload: rawBody,
    });

  it('a hostile value in any field of a signed notification is a 400 that changes nothing', async () => {
    const { orderId, paymentId } = await payableOrder(shop, 'hostile-gateway@mail.ru');
    const valid = await Effect.runPromise(
      Arbitrary.sampleEffect(Arbitrary.schema(TestGatewayNotification), { count: 20, seed: SEED, size: 8 }),
    );
    expect(valid.length).toBeGreaterThan(0);
    const before = await moneyState(shop, orderId);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...valid),
        fc.boolean(),
        fc.constantFrom('eventId', 'paymentId', 'outcome', 'amount'),
        hostileValue,
        async (sample, ofThisPayment, field, hostile) => {
          const body = { ...sample, ...(ofThisPayment ? { paymentId } : {}), [field]: hostile };
          const response = await post(JSON.stringify(body));
          expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    // Raw control characters inside the signed JSON text (not escaped): not JSON, refused.
    for (const control of ['\u0000', '\u0001', '\u001f']) {
      const raw = JSON.stringify({ eventId: 'raw-control-1', paymentId, outcome: 'cancelled', amount: 0 });
      const response = await post(raw.replace('raw-control-1', `raw${control}control`));
      expect(response.statusCode).toBe(400);
    }
    expect(await moneyState(shop, orderId)).toEqual(before);
  });

  it('the genuine notification still settles the payment afterwards', async () => {
    const { orderId, paymentId } = await payableOrder(shop, 'genuine-after-hostile@mail.ru');
    const [payment] = await shop.database.rows<{ amount: string | number }>(
      sql`select amount from payments where id = ${paymentId}`,
    );
    const body = JSON.stringify({
      eventId: `genuine-${paymentId}`,
      paymentId,
      outcome: 'succeeded',
      amount: Number(payment?.amount),
    });
    expect((await post(body)).statusCode).toBe(200);
    expect((await moneyState(shop, orderId)).payments.map((row) => row.status)).toEqual(['succeeded']);
  });
});

/** Every leaf of a JSON value as a path (objects only; the notification has no arrays). */
function leafPaths(value: unknown, prefix: readonly string[] = []): string[][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [[...prefix]];
  return Object.entries(value).flatMap(([key, child]) => leafPaths(child, [...prefix, key]));
}

function withValueAt(value: unknown, path: readonly string[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const object = value as Record<string, unknown>;
  return { ...object, [head]: withValueAt(object[head], rest, replacement) };
}

describe.each(testDrivers())('hostile YooKassa notifications (%s)', (driver) => {
  let shop: ShopTestApp;
  const fake = new FakeYooKassa();

  beforeAll(async () => {
    await fake.start();
    shop = await startShopApp(driver, {
      payment: { kind: 'yookassa', shopId: FAKE_SHOP_ID, secretKey: FAKE_SECRET_KEY, apiBase: fake.base },
    });
  });
  afterAll(async () => {
    await shop?.close();
    await fake.stop();
  });

  const post = (body: unknown) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/payments/notify/yookassa',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('a hostile id is refused, any other hostile field is ignored: the verified payment is paid once', async () => {
    const { orderId } = await payableOrder(shop, 'hostile-yookassa@mail.ru');
    const [row] = await shop.database.rows<{ provider_payment_id: string; amount: string | number }>(
      sql`select provider_payment_id, amount from payments where order_id = ${orderId}`,
    );
    const providerId = String(row?.provider_payment_id);
    fake.succeed(providerId);
    // The documented shape of a YooKassa notification (payment.succeeded), as the provider sends it.
    const genuine = {
      type: 'notification',
      event: 'payment.succeeded',
      object: {
        id: providerId,
        status: 'succeeded',
        paid: true,
        amount: { value: (Number(row?.amount) / 100).toFixed(2), currency: 'RUB' },
        created_at: '2026-11-27T08:00:00.000Z',
        description: `Заказ № ${orderId}`,
        metadata: { orderId: String(orderId) },
        refundable: true,
        test: true,
      },
    };
    const paths = leafPaths(genuine);
    expect(paths.length).toBeGreaterThan(8);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), hostileValue, async (path, hostile) => {
        const response = await post(withValueAt(genuine, path, hostile));
        const expected = path.join('.') === 'object.id' ? 400 : 200;
        expect({ path: path.join('.'), status: response.statusCode }).toEqual({
          path: path.join('.'),
          status: expected,
        });
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // Whatever the bodies claimed, the payment is the verified one, recorded once.
    const after = await moneyState(shop, orderId);
    expect(after.payments.map((payment) => payment.status)).toEqual(['succeeded']);
    expect(after.order.paid_amount).toBe(Number(row?.amount));
  });
});
