import { createHmac } from 'node:crypto';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../server/composition-root';
import type { AlertsConfig } from '../../server/infrastructure/alerts/alerts.config';
import { raiseDeliveryDayFilling } from '../../server/infrastructure/alerts/delivery-day-alert';
import type { AlertWorkerSettings } from '../../server/infrastructure/alerts/staff-alert-worker';
import type { Database } from '../../server/infrastructure/db/database';
import type { MailWorkerSettings } from '../../server/infrastructure/mail/mail-outbox-worker';
import { formatKopecks } from '../../shared-rules/money-rule';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { acceptingSmtp, type SmtpStandIn } from './support/fake-smtp';
import { type FakeTelegram, startFakeTelegram } from './support/fake-telegram';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  GATEWAY_SECRET,
  PUBLIC_URL,
  someProductIds,
  testAccountsConfig,
} from './support/session-client';
import { openTestDatabase, testDrivers } from './support/test-database';

/**
 * Alerts to staff (issue 26, item 2; docs/alerts.md) through the real app, a local fake Telegram Bot API
 * and the fake SMTP server of the mail tests: linking a chat by the one-time deep link, the events
 * reaching the chosen channels with the order number, the sum and the card's link, a Bot API outage that
 * never touches checkout, and a restart mid-queue that delivers each alert once.
 */
const BOT_TOKEN = '123456789:AAtest-token-for-the-fake-bot-api-xyz';
const SHOP_ALERTS = 'shop-alerts@shop.test';
const WORKER: AlertWorkerSettings = {
  pollIntervalMs: 50,
  batchSize: 20,
  leaseMs: 3_000,
  deliveryTimeoutMs: 2_000,
  retry: { baseDelayMs: 50, maxDelayMs: 200, maxAttempts: 1_000 },
};
const MAIL: MailWorkerSettings = { ...WORKER };
const SMTP = { connectionMs: 300, greetingMs: 300, socketMs: 300 };
const CHAT_ID = 4_242_4242;

describe.each(testDrivers())('alerts to staff by Telegram and e-mail (%s)', (driver) => {
  let database: Database;
  let telegram: FakeTelegram;
  let smtp: SmtpStandIn;
  let smtpPort = 0;
  let products: number[];
  let app: FastifyInstance;
  /** Moves the server's clock (link tokens expire) without stopping real time. */
  let skewMs = 0;

  const startApp = async (): Promise<FastifyInstance> => {
    const alerts: AlertsConfig = {
      telegramBotToken: BOT_TOKEN,
      telegramApiRoot: telegram.apiRoot,
      shopAlertEmail: SHOP_ALERTS,
    };
    const { app: started } = await createServer(database, {
      dataDir: resolve('.tmp/test-data'),
      clientDir: resolve('.tmp/test-no-client'),
      logLevel: 'silent',
      logger: false,
      cacheEntries: 0,
      cacheTtlMs: 60_000,
      accounts: testAccountsConfig({ smtpUrl: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true` }),
      mailDelivery: { worker: MAIL, smtp: SMTP },
      alerts,
      alertDelivery: WORKER,
      now: () => Date.now() + skewMs,
    });
    await started.ready();
    return started;
  };

  const admin = async (): Promise<Browser> => {
    const browser = new Browser(app);
    const login = await browser.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login');
    expect(login.statusCode, login.body).toBe(200);
    return browser;
  };

  const webhook = (update: unknown, secret: string | undefined) =>
    app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: {
        'content-type': 'application/json',
        ...(secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret }),
      },
      payload: JSON.stringify(update),
    });
  const start = (text: string, chatId = CHAT_ID) => ({
    update_id: Math.floor(Math.random() * 1e9),
    message: {
      message_id: 1,
      date: 1,
      chat: { id: chatId, type: 'private', first_name: 'Мария' },
      from: { id: chatId, is_bot: false, first_name: 'Мария' },
      text,
    },
  });
  const secret = async () => (await eventually(() => telegram.webhooks.at(-1)))?.secretToken;

  const guestOrder = async (email: string) => {
    const response = await new Browser(app).post('/api/orders', {
      cart: [{ id: products[0] ?? 0, quantity: 2 }],
      contact: { name: 'Анна Петрова', phone: '+7 812 5551234', email },
      delivery: { method: 'pickup' },
      paymentMethod: 'on_delivery',
      consent: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = (response.json() as { id: number }).id;
    const [row] = await database.rows<{ total: string | number }>(
      sql`select total from orders where id = ${id}`,
    );
    return { id, total: Number(row?.total) };
  };
  const messagesTo = (chatId: number) => telegram.sent.filter((message) => message.chatId === String(chatId));

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    products = await someProductIds(database, 2);
    telegram = await startFakeTelegram(BOT_TOKEN);
    smtpPort = await freePort();
    smtp = await acceptingSmtp(smtpPort);
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
    await telegram?.close();
    await smtp?.close();
    await database?.close();
  });

  it('registers the webhook with its secret, links a chat by a one-time token and answers in Russian', async () => {
    const [hook] = await eventually(() => {
      expect(telegram.webhooks).toHaveLength(1);
      return telegram.webhooks;
    });
    expect(hook?.url).toBe(`${PUBLIC_URL}/api/telegram/webhook`);
    expect(hook?.secretToken).toMatch(/^[A-Za-z0-9_-]{32,256}$/);

    const manager = await admin();
    const before = await manager.get('/api/admin/alerts');
    expect(before.json()).toEqual({
      choices: [],
      telegram: { enabled: true, linkedAt: null },
      shopAlertEmail: SHOP_ALERTS,
    });
    const link = await manager.post('/api/admin/alerts/telegram-link');
    expect(link.statusCode, link.body).toBe(201);
    const { url } = link.json() as { url: string; expiresAt: string };
    const match = new RegExp(`^https://t\\.me/${telegram.username}\\?start=([A-Za-z0-9_-]{20,64})$`).exec(
      url,
    );
    const token = match?.[1] ?? '';
    expect(token).not.toBe('');

    // Without Telegram's secret nothing is read: 401 before the body is even decoded.
    expect((await webhook(start(`/start ${token}`), undefined)).statusCode).toBe(401);
    expect((await webhook({ not: 'an update' }, 'wrong-secret')).statusCode).toBe(401);

    const linked = await webhook(start(`/start ${token}`), await secret());
    expect(linked.statusCode, linked.body).toBe(200);
    await eventually(() =>
      expect(messagesTo(CHAT_ID).map((m) => m.text)).toContain(
        'Готово: этот чат привязан к магазину «Дом и Стиль». Сюда будут приходить уведомления, ' +
          'выбранные в разделе «Уведомления» админки.',
      ),
    );
    const after = (await manager.get('/api/admin/alerts')).json() as {
      telegram: { linkedAt: string | null };
    };
    expect(after.telegram.linkedAt).not.toBeNull();

    // Single use: the same token from another chat links nothing and is told so.
    expect((await webhook(start(`/start ${token}`, 777), await secret())).statusCode).toBe(200);
    await eventually(() =>
      expect(messagesTo(777).map((m) => m.text)).toEqual([
        'Ссылка недействительна или устарела. Откройте раздел «Уведомления» в админке магазина ' +
          'и получите новую ссылку.',
      ]),
    );
    const [owner] = await database.rows<{ chat_id: string }>(sql`select chat_id from staff_telegram_chats`);
    expect(owner?.chat_id).toBe(String(CHAT_ID));

    // Expiring: a token 16 minutes old is refused.
    const late = (await manager.post('/api/admin/alerts/telegram-link')).json() as { url: string };
    skewMs = 16 * 60_000;
    try {
      await webhook(start(`/start ${late.url.split('start=')[1]}`, 778), await secret());
      await eventually(() => expect(messagesTo(778)).toHaveLength(1));
      expect(messagesTo(778)[0]?.text).toMatch(/^Ссылка недействительна/);
    } finally {
      skewMs = 0;
    }
    // Updates the bot does not act on are acknowledged and ignored (Telegram would resend a failure).
    expect((await webhook({ update_id: 5, edited_message: { text: 'x' } }, await secret())).statusCode).toBe(
      200,
    );
  });

  it('saves choices, refuses a bad one with a Russian 400, and keeps each staff member to their own', async () => {
    const manager = await admin();
    const saved = await manager.put('/api/admin/alerts', {
      choices: [
        { event: 'order_created', channel: 'telegram' },
        { event: 'order_created', channel: 'email' },
        { event: 'payment_received', channel: 'telegram' },
        { event: 'payment_failed', channel: 'telegram' },
        { event: 'request_created', channel: 'telegram' },
        { event: 'request_reply', channel: 'telegram' },
        { event: 'delivery_day_filling', channel: 'telegram' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as { choices: unknown[] }).choices).toHaveLength(7);
    const bad = await manager.put('/api/admin/alerts', {
      choices: [{ event: 'order_created', channel: 'sms' }],
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toMatch(/^Некорректное тело запроса/);
    expect((await new Browser(app).get('/api/admin/alerts')).statusCode).toBe(401);
    const shopper = new Browser(app);
    await shopper.register(`alerts-shopper-${driver}@mail.ru`);
    expect((await shopper.get('/api/admin/alerts')).statusCode).toBe(403);
  });

  it('a new order reaches Telegram and both mailboxes with its number, sum and card link', async () => {
    const order = await guestOrder(`alerts-order-${driver}@mail.ru`);
    const text = await eventually(() => {
      const found = messagesTo(CHAT_ID).find((m) => m.text.startsWith(`Новый заказ № ${order.id} `));
      expect(found).toBeDefined();
      return found?.text ?? '';
    });
    expect(text).toBe(
      `Новый заказ № ${order.id} на ${formatKopecks(order.total)}\n` +
        'Покупатель: Анна Петрова\n' +
        `Карточка заказа: ${PUBLIC_URL}/admin/orders/${order.id}`,
    );
    await eventually(async () => {
      const mails = await database.rows<{ recipient: string; status: string }>(
        sql`select recipient, status from mail_outbox where template = 'staff-alert-order_created' order by recipient`,
      );
      expect(mails).toEqual([
        { recipient: ADMIN_EMAIL, status: 'sent' },
        { recipient: SHOP_ALERTS, status: 'sent' },
      ]);
    });
    expect(smtp.received.some((raw) => raw.includes(`To: ${SHOP_ALERTS}`))).toBe(true);
  });

  it('requests, a client reply, payments received and failed, and a delivery day filling up alert too', async () => {
    const client = new Browser(app);
    const clientId = await client.register(`alerts-client-${driver}@mail.ru`);
    const created = await client.post('/api/requests', {
      subject: 'Диван в гостиную',
      text: 'Подскажите размеры',
    });
    expect(created.statusCode, created.body).toBe(201);
    const requestId = (created.json() as { requestId: number }).requestId;
    const replied = await client.post(`/api/requests/${clientId}/${requestId}/messages`, {
      text: 'И цвет тоже',
    });
    expect(replied.statusCode, replied.body).toBe(201);

    const manager = await admin();
    const paid = await onlineOrder(client, manager);
    const declined = await onlineOrder(client, manager);
    await notify(paid.paymentId, 'succeeded', paid.amount);
    await notify(declined.paymentId, 'cancelled', declined.amount);

    // The delivery calendar's trigger interface: crossing 80 % alerts once per day.
    const day = { date: '2026-12-05', capacity: 10 };
    expect(await raiseDeliveryDayFilling(database.db, { ...day, bookedBefore: 6, bookedAfter: 7 })).toBe(
      false,
    );
    expect(await raiseDeliveryDayFilling(database.db, { ...day, bookedBefore: 7, bookedAfter: 8 })).toBe(
      true,
    );
    await raiseDeliveryDayFilling(database.db, { ...day, bookedBefore: 7, bookedAfter: 9 });

    const expected = [
      `Новая заявка № ${requestId}\nТема: Диван в гостиную\nКарточка заявки: ${PUBLIC_URL}/admin/client-requests/${requestId}`,
      `Ответ клиента в заявке № ${requestId}\nТема: Диван в гостиную\nКарточка заявки: ${PUBLIC_URL}/admin/client-requests/${requestId}`,
      `Оплата получена: заказ № ${paid.orderId}, ${formatKopecks(paid.amount)}\nСумма заказа: ${formatKopecks(paid.total)}\nКарточка заказа: ${PUBLIC_URL}/admin/orders/${paid.orderId}`,
      `Оплата не прошла: заказ № ${declined.orderId}, ${formatKopecks(declined.amount)}\nСумма заказа: ${formatKopecks(declined.total)}\nКарточка заказа: ${PUBLIC_URL}/admin/orders/${declined.orderId}`,
      `День доставки заполняется: 05.12.2026\nЗанято 8 из 10 (80 %)\nДоставки на день: ${PUBLIC_URL}/admin/deliveries?day=2026-12-05`,
    ];
    await eventually(() => {
      const texts = messagesTo(CHAT_ID).map((m) => m.text);
      for (const text of expected) expect(texts.filter((sent) => sent === text)).toHaveLength(1);
    });
    // The shop's own void of a pending payment (an order cancelled) is not a failed payment.
    const voided = await onlineOrder(client, manager);
    expect((await manager.moveOrder(voided.orderId, 'cancelled')).statusCode).toBe(200);
    await eventually(async () => {
      const [pending] = await database.rows<{ count: number }>(
        sql`select count(*)::int as count from staff_alert_events where status = 'pending'`,
      );
      expect(pending?.count).toBe(0);
    });
    expect(messagesTo(CHAT_ID).filter((m) => m.text.includes(`заказ № ${voided.orderId},`))).toEqual([]);
  });

  it('a Bot API outage never fails checkout; alerts go out once it recovers, and once after a restart', async () => {
    telegram.setDown(true);
    const failedBefore = telegram.failedCalls();
    const first = await guestOrder(`alerts-outage-${driver}@mail.ru`);
    await eventually(() => expect(telegram.failedCalls()).toBeGreaterThan(failedBefore + 1));
    const [waiting] = await database.rows<{ attempts: number; status: string }>(
      sql`select attempts, status from staff_alert_deliveries where body like ${`Новый заказ № ${first.id} %`}`,
    );
    expect(waiting?.status).toBe('pending');
    expect(waiting?.attempts).toBeGreaterThan(0);

    // More alerts queue while Telegram is down, then the app stops mid-queue.
    const queued = [
      await guestOrder(`alerts-queue-1-${driver}@mail.ru`),
      await guestOrder(`alerts-queue-2-${driver}@mail.ru`),
    ];
    await eventually(async () => {
      const [rows] = await database.rows<{ count: number }>(
        sql`select count(*)::int as count from staff_alert_deliveries where status = 'pending' and channel = 'telegram'`,
      );
      expect(rows?.count).toBeGreaterThanOrEqual(3);
    });
    await app.close();
    telegram.setDown(false);
    app = await startApp();

    for (const order of [first, ...queued]) {
      await eventually(() =>
        expect(
          messagesTo(CHAT_ID).filter((m) => m.text.startsWith(`Новый заказ № ${order.id} `)),
        ).toHaveLength(1),
      );
    }
    await eventually(async () => {
      const [left] = await database.rows<{ count: number }>(
        sql`select count(*)::int as count from staff_alert_deliveries where status <> 'sent'`,
      );
      expect(left?.count).toBe(0);
    });
    for (const order of [first, ...queued]) {
      expect(messagesTo(CHAT_ID).filter((m) => m.text.startsWith(`Новый заказ № ${order.id} `))).toHaveLength(
        1,
      );
    }
    // A sent message's text (it names the buyer) is not kept.
    const [kept] = await database.rows<{ count: number }>(
      sql`select count(*)::int as count from staff_alert_deliveries where status <> 'pending' and body <> ''`,
    );
    expect(kept?.count).toBe(0);
  });

  it('two server processes on one database send each alert once, and a token sent twice at once links once', async () => {
    // A second app on the same database: its own alert worker, like a second process behind the balancer.
    const second = await startApp();
    try {
      telegram.setDown(true);
      const orders = [
        await guestOrder(`alerts-two-1-${driver}@mail.ru`),
        await guestOrder(`alerts-two-2-${driver}@mail.ru`),
        await guestOrder(`alerts-two-3-${driver}@mail.ru`),
      ];
      await eventually(async () => {
        const [rows] = await database.rows<{ count: number }>(
          sql`select count(*)::int as count from staff_alert_deliveries where status = 'pending'`,
        );
        expect(rows?.count).toBeGreaterThanOrEqual(3);
      });
      telegram.setDown(false);
      await eventually(async () => {
        const [left] = await database.rows<{ count: number }>(
          sql`select count(*)::int as count from staff_alert_deliveries where status <> 'sent'`,
        );
        expect(left?.count).toBe(0);
      });
      for (const order of orders) {
        expect(
          messagesTo(CHAT_ID).filter((m) => m.text.startsWith(`Новый заказ № ${order.id} `)),
        ).toHaveLength(1);
      }

      // Two deliveries of one /start at the same moment (Telegram retrying, or two processes): one links.
      const manager = await admin();
      const { url } = (await manager.post('/api/admin/alerts/telegram-link')).json() as { url: string };
      const token = url.split('start=')[1] ?? '';
      const hookSecret = await secret();
      const answers = await Promise.all([
        webhook(start(`/start ${token}`, 901), hookSecret),
        second.inject({
          method: 'POST',
          url: '/api/telegram/webhook',
          headers: {
            'content-type': 'application/json',
            'x-telegram-bot-api-secret-token': hookSecret ?? '',
          },
          payload: JSON.stringify(start(`/start ${token}`, 902)),
        }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const replies = await eventually(() => {
        const both = [...messagesTo(901), ...messagesTo(902)].map((m) => m.text.slice(0, 6));
        expect(both).toHaveLength(2);
        return both.sort();
      });
      expect(replies).toEqual(['Готово', 'Ссылка']);
      const chats = await database.rows<{ chat_id: string }>(sql`select chat_id from staff_telegram_chats`);
      expect(chats).toHaveLength(1);
      expect(['901', '902']).toContain(chats[0]?.chat_id);
    } finally {
      await second.close();
    }
  });

  it('gives up at once on a chat that blocked the bot, and goes on with the rest', async () => {
    telegram.blockedChats.add('999');
    await webhook(start('/start', 999), await secret());
    await webhook(start('/start', 998), await secret());
    const [blocked] = await eventually(async () => {
      const rows = await database.rows<{ status: string; attempts: number }>(
        sql`select status, attempts from staff_alert_deliveries where recipient = '999'`,
      );
      expect(rows[0]?.status).toBe('failed');
      return rows;
    });
    expect(blocked?.attempts).toBe(1);
    await eventually(() => expect(messagesTo(998)).toHaveLength(1));
    expect(messagesTo(999)).toEqual([]);
  });

  /** An online order the manager allowed to be paid, and its started payment. */
  async function onlineOrder(client: Browser, manager: Browser) {
    const response = await client.post('/api/orders', {
      cart: [{ id: products[1] ?? 0, quantity: 1 }],
      contact: { name: 'Анна Петрова', phone: '+7 812 5551234', email: `alerts-client-${driver}@mail.ru` },
      delivery: { method: 'pickup' },
      paymentMethod: 'online',
      consent: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const orderId = (response.json() as { id: number }).id;
    await manager.post(`/api/admin/orders/${orderId}/allow-payment`, {});
    const payment = await client.post('/api/payments/create', { orderId });
    expect(payment.statusCode, payment.body).toBe(201);
    const paymentId = (payment.json() as { paymentId: string }).paymentId;
    const [row] = await database.rows<{ amount: string | number; total: string | number }>(
      sql`select p.amount, o.total from payments p join orders o on o.id = p.order_id where p.id = ${paymentId}`,
    );
    return { orderId, paymentId, amount: Number(row?.amount), total: Number(row?.total) };
  }

  async function notify(paymentId: string, outcome: 'succeeded' | 'cancelled', amount: number) {
    const body = JSON.stringify({ eventId: `ev-${outcome}-${paymentId}`, paymentId, outcome, amount });
    const notified = await app.inject({
      method: 'POST',
      url: '/api/payments/notify/test',
      headers: {
        'content-type': 'application/json',
        'x-test-gateway-signature': createHmac('sha256', GATEWAY_SECRET).update(body).digest('hex'),
      },
      payload: body,
    });
    expect(notified.statusCode, notified.body).toBe(200);
  }
});
