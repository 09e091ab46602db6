import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABUSE_MESSAGES } from '../../server/application/abuse-limits';
import { RATE_LIMITS } from '../../server/domain/rate-limit';
import { Browser, type ShopTestApp, someProductIds, startShopApp } from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Rate limits of the calls that send mail, create accounts or test promo codes (issue 12, item 5):
 * per client address and per target e-mail, kept in the database, answered with 429, a Russian
 * message and Retry-After.
 */
let addressCounter = 0;
const freshBrowser = (shop: ShopTestApp) => {
  addressCounter += 1;
  return new Browser(shop.app, `100.64.${(addressCounter >> 8) & 255}.${addressCounter & 255}`);
};

describe.each(testDrivers())('abuse limits (%s)', (driver) => {
  let shop: ShopTestApp;
  let products: number[];

  beforeAll(async () => {
    shop = await startShopApp(driver);
    products = await someProductIds(shop.database, 2);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const orderBody = (email: string, overrides: Record<string, unknown> = {}) => ({
    cart: [{ id: products[0] ?? 0, quantity: 1 }],
    contact: { name: 'Анна Петрова', phone: '+7 812 5551234', email },
    delivery: { method: 'pickup' },
    paymentMethod: 'on_delivery',
    consent: true,
    ...overrides,
  });
  const accountsNamed = async (pattern: string) =>
    (
      await shop.database.rows<{ count: number }>(
        sql`select count(*)::int as count from users where email like ${pattern}`,
      )
    )[0]?.count ?? 0;

  it('puts at most a few guest orders into a stranger’s mailbox, whatever the addresses', async () => {
    const stranger = `stranger-${driver}@mail.ru`;
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => freshBrowser(shop).post('/api/orders', orderBody(stranger))),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(RATE_LIMITS.guestOrderEmail.capacity);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      30 - RATE_LIMITS.guestOrderEmail.capacity,
    );
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json()).toEqual({ error: 'too_many_requests', message: ABUSE_MESSAGES.guest_orders });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // One access e-mail and one confirmation per accepted order, nothing for the refused ones.
    expect(shop.mailer.to(stranger)).toHaveLength(1 + RATE_LIMITS.guestOrderEmail.capacity);
  });

  it('gives a signed-in client ordering to someone else’s e-mail the same per-mailbox budget', async () => {
    const client = freshBrowser(shop);
    const own = `sender-${driver}@mail.ru`;
    await client.register(own);
    const other = `someone-else-${driver}@mail.ru`;
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1)
      statuses.push((await client.post('/api/orders', orderBody(other))).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    expect(shop.mailer.to(other)).toHaveLength(3);
    // Orders to the client's own address are not limited this way.
    for (let index = 0; index < 6; index += 1)
      expect((await client.post('/api/orders', orderBody(own))).statusCode).toBe(201);
  });

  it('limits guest orders from one address, but not replays or corrected form mistakes', async () => {
    const guest = freshBrowser(shop);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const mistake = await guest.post(
        '/api/orders',
        orderBody(`fixer-${driver}@mail.ru`, { consent: false }),
      );
      expect(mistake.statusCode).toBe(422);
    }
    const key = `guest-replay-${driver}-0001`;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const placed = await guest.post('/api/orders', orderBody(`replay-${driver}@mail.ru`), {
        'idempotency-key': key,
      });
      expect(placed.statusCode).toBe(201);
      expect(placed.headers['idempotent-replayed']).toBe(attempt === 0 ? undefined : 'true');
    }
    const statuses: number[] = [];
    for (let index = 0; index < RATE_LIMITS.guestOrderIp.capacity + 2; index += 1) {
      statuses.push(
        (await guest.post('/api/orders', orderBody(`many-${driver}-${index}@mail.ru`))).statusCode,
      );
    }
    // One token went to the first placed (then replayed) order.
    expect(statuses.filter((status) => status === 201)).toHaveLength(RATE_LIMITS.guestOrderIp.capacity - 1);
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
  });

  it('counts IPv6 guests by their /64 network', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < RATE_LIMITS.guestOrderIp.capacity + 2; index += 1) {
      const rotating = new Browser(
        shop.app,
        `2001:db8:99:${driver === 'pg' ? 2 : 1}::${(index + 1).toString(16)}`,
      );
      statuses.push(
        (await rotating.post('/api/orders', orderBody(`v6-${driver}-${index}@mail.ru`))).statusCode,
      );
    }
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it('refuses 40 accounts from one address in a second, across every call that creates one', async () => {
    const address = freshBrowser(shop).ip;
    const from = () => new Browser(shop.app, address);
    const calls = Array.from({ length: 40 }, (_, index) => {
      const email = `burst-${driver}-${index}@mail.ru`;
      if (index % 4 === 0) return from().post('/api/register', { email, password: 'надёжный пароль 1' });
      if (index % 4 === 1) return from().post('/api/orders', orderBody(email));
      if (index % 4 === 2) return from().post('/api/subscribe', { email });
      return from().post('/api/requests', { subject: 'Вопрос', text: 'Подскажите, пожалуйста.', email });
    });
    const statuses = (await Promise.all(calls)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      40 - RATE_LIMITS.accountCreationIp.capacity,
    );
    expect(await accountsNamed(`burst-${driver}-%`)).toBeLessThanOrEqual(
      RATE_LIMITS.accountCreationIp.capacity,
    );
  });

  it('stops 300 promo-code guesses a second, per address and per client, and never counts a real code', async () => {
    const guesser = freshBrowser(shop);
    const client = freshBrowser(shop);
    const clientEmail = `promo-client-${driver}@mail.ru`;
    await client.register(clientEmail);
    const guesses = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        client.post('/api/orders', orderBody(clientEmail, { promoCode: `GUESS${index}` })),
      ),
    );
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(RATE_LIMITS.promoClient.capacity);
    expect(statuses.filter((status) => status === 429)).toHaveLength(300 - RATE_LIMITS.promoClient.capacity);
    expect(guesses.find((response) => response.statusCode === 429)?.json()).toEqual({
      error: 'too_many_requests',
      message: ABUSE_MESSAGES.promo_guesses,
    });
    // The same client from other addresses is still limited (per client).
    const elsewhere = new Browser(shop.app, '100.65.0.1');
    elsewhere.cookie = client.cookie;
    expect(
      (await elsewhere.post('/api/orders', orderBody(clientEmail, { promoCode: 'ANOTHER' }))).statusCode,
    ).toBe(429);
    // A guest guessing from one address is limited per address (one after another: concurrent guest
    // guesses meet the stricter guest-order buckets first).
    const guestStatuses: number[] = [];
    for (let index = 0; index < 40; index += 1) {
      const response = await guesser.post(
        '/api/orders',
        orderBody(`promo-guest-${driver}@mail.ru`, { promoCode: `TRY${index}` }),
      );
      guestStatuses.push(response.statusCode);
    }
    expect(guestStatuses.filter((status) => status === 422)).toHaveLength(RATE_LIMITS.promoIp.capacity);
    expect(guestStatuses.slice(RATE_LIMITS.promoIp.capacity)).toEqual(
      guestStatuses.slice(RATE_LIMITS.promoIp.capacity).map(() => 429),
    );
    // A real code ends in an order and gives its token back: a shopper using it often is never limited.
    const regular = freshBrowser(shop);
    const regularEmail = `promo-regular-${driver}@mail.ru`;
    await regular.register(regularEmail);
    for (let order = 0; order < RATE_LIMITS.promoClient.capacity + 5; order += 1) {
      const placed = await regular.post('/api/orders', orderBody(regularEmail, { promoCode: 'HOME10' }));
      expect(placed.statusCode).toBe(201);
    }
  }, 60_000);

  it('limits consultation and feedback requests and subscriptions per target e-mail', async () => {
    const target = `request-target-${driver}@mail.ru`;
    const requests = await Promise.all(
      Array.from({ length: 30 }, () =>
        freshBrowser(shop).post('/api/requests', {
          subject: 'Вопрос',
          text: 'Текст обращения.',
          email: target,
        }),
      ),
    );
    const accepted = requests.filter((response) => response.statusCode === 201).length;
    expect(accepted).toBe(RATE_LIMITS.requestsEmail.capacity);
    expect(requests.filter((response) => response.statusCode === 429)).toHaveLength(30 - accepted);
    const subscriber = `subscribe-target-${driver}@mail.ru`;
    const subscriptions = await Promise.all(
      Array.from({ length: 30 }, () => freshBrowser(shop).post('/api/subscribe', { email: subscriber })),
    );
    expect(subscriptions.filter((response) => response.statusCode === 200)).toHaveLength(
      RATE_LIMITS.subscribeEmail.capacity,
    );
    expect(shop.mailer.to(subscriber).length).toBeLessThanOrEqual(2);
  });

  it('keeps the buckets in the database, where every server process sees them', async () => {
    const rows = await shop.database.rows<{ key: string }>(
      sql`select key from rate_limit_buckets where key like ${'order:guest-email:%'}`,
    );
    expect(rows.map((row) => row.key)).toContain(`order:guest-email:stranger-${driver}@mail.ru`);
  });
});
