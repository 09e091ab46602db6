import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../server/application/mailer.port';
import { createServer } from '../../server/composition-root';
import type { Database } from '../../server/infrastructure/db/database';
import { mailOutbox } from '../../server/infrastructure/db/schema/abuse-outbox.schema';
import { DbOutboxMailer } from '../../server/infrastructure/mail/db-outbox-mailer';
import {
  MailOutboxWorker,
  type MailWorkerSettings,
} from '../../server/infrastructure/mail/mail-outbox-worker';
import { CONDITION_LIMIT_MS } from '../support/eventually';
import { freePort } from '../support/free-port';
import { acceptingSmtp, hangingSmtp, type SmtpStandIn } from './support/fake-smtp';
import { Browser, someProductIds, testAccountsConfig } from './support/session-client';
import { openTestDatabase, testDrivers } from './support/test-database';

/**
 * A mail outage must not break checkout (issue 12, item 11): mail is a row in `mail_outbox` written by
 * the request, delivered later by the worker with retries; it survives a restart of the app.
 */
const WORKER: MailWorkerSettings = {
  pollIntervalMs: 50,
  batchSize: 20,
  leaseMs: 3_000,
  deliveryTimeoutMs: 2_000,
  retry: { baseDelayMs: 50, maxDelayMs: 200, maxAttempts: 1_000 },
};
const SMTP = { connectionMs: 300, greetingMs: 300, socketMs: 300 };

/** Waits for a condition, re-checked every 25 ms, up to the shared ceiling (test/support/eventually.ts). */
async function until(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = CONDITION_LIMIT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

interface OutboxRow {
  recipient: string;
  template: string;
  status: string;
  attempts: number;
  body: string;
}

describe.each(testDrivers())('mail outbox under an SMTP outage (%s)', (driver) => {
  let database: Database;
  let products: number[];
  let smtpPort = 0;

  const startApp = async (): Promise<FastifyInstance> => {
    const { app } = await createServer(database, {
      dataDir: resolve('.tmp/test-data'),
      clientDir: resolve('.tmp/test-no-client'),
      logLevel: 'silent',
      logger: false,
      cacheEntries: 0,
      cacheTtlMs: 60_000,
      accounts: testAccountsConfig({ smtpUrl: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true` }),
      mailDelivery: { worker: WORKER, smtp: SMTP },
    });
    await app.ready();
    return app;
  };
  const rows = (email: string) =>
    database.rows<OutboxRow>(
      sql`select recipient, template, status, attempts, body from mail_outbox where recipient = ${email} order by id`,
    );
  const ordersOf = async (email: string) =>
    (
      await database.rows<{ count: number }>(
        sql`select count(*)::int as count from orders o join users u on u.id = o.client_id where u.email = ${email}`,
      )
    )[0]?.count ?? 0;
  const guestOrder = async (app: FastifyInstance, email: string) => {
    const started = Date.now();
    const response = await new Browser(app).post('/api/orders', {
      cart: [{ id: products[0] ?? 0, quantity: 1 }],
      contact: { name: 'Анна Петрова', phone: '+7 812 5551234', email },
      delivery: { method: 'pickup' },
      paymentMethod: 'on_delivery',
      consent: true,
    });
    return { status: response.statusCode, ms: Date.now() - started };
  };

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    products = await someProductIds(database, 2);
    smtpPort = await freePort();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answers checkout at once while SMTP refuses or hangs, delivers when it recovers and after a restart', async () => {
    // 1. SMTP refuses connections: a new guest still gets the order (and the account), quickly.
    let app = await startApp();
    const refusedGuest = `refused-${driver}@mail.ru`;
    const refused = await guestOrder(app, refusedGuest);
    expect(refused.status).toBe(201);
    expect(refused.ms).toBeLessThan(2_000);
    expect(await ordersOf(refusedGuest)).toBe(1);
    await until('a refused attempt', async () => (await rows(refusedGuest)).some((row) => row.attempts >= 2));
    expect((await rows(refusedGuest)).map((row) => [row.template, row.status])).toEqual([
      ['account-created', 'pending'],
      ['order-placed', 'pending'],
    ]);

    // 2. SMTP accepts the connection and hangs: checkout still does not wait.
    let smtp: SmtpStandIn & { connections?: () => number } = await hangingSmtp(smtpPort);
    const hungGuest = `hung-${driver}@mail.ru`;
    const hung = await guestOrder(app, hungGuest);
    expect(hung.status).toBe(201);
    expect(hung.ms).toBeLessThan(2_000);
    expect(await ordersOf(hungGuest)).toBe(1);
    const hanging = smtp as SmtpStandIn & { connections: () => number };
    await until('the worker to reach the hung server', async () => hanging.connections() > 0);
    await smtp.close();

    // 3. SMTP recovers: the worker delivers everything queued, without a restart.
    smtp = await acceptingSmtp(smtpPort);
    await until('delivery after recovery', async () =>
      [...(await rows(refusedGuest)), ...(await rows(hungGuest))].every((row) => row.status === 'sent'),
    );
    expect(smtp.received.filter((raw) => raw.includes(`To: ${refusedGuest}`))).toHaveLength(2);
    expect(smtp.received.filter((raw) => raw.includes(`To: ${hungGuest}`))).toHaveLength(2);
    // Sent rows no longer hold the body (it may carry a temporary password).
    expect((await rows(refusedGuest)).every((row) => row.body === '')).toBe(true);
    await smtp.close();

    // 4. Mail queued while SMTP is down survives a restart of the app on the same database.
    const restartGuest = `restart-${driver}@mail.ru`;
    const beforeRestart = await guestOrder(app, restartGuest);
    expect(beforeRestart.status).toBe(201);
    await app.close();
    expect((await rows(restartGuest)).map((row) => row.status)).toEqual(['pending', 'pending']);
    smtp = await acceptingSmtp(smtpPort);
    app = await startApp();
    await until('delivery after the restart', async () =>
      (await rows(restartGuest)).every((row) => row.status === 'sent'),
    );
    expect(smtp.received.filter((raw) => raw.includes(`To: ${restartGuest}`))).toHaveLength(2);
    await app.close();
    await smtp.close();
  }, 60_000);

  it('lets two workers drain one outbox without sending any message twice', async () => {
    const delivered: MailMessage[] = [];
    const transport = {
      async send(message: MailMessage) {
        await new Promise((done) => setTimeout(done, 2));
        delivered.push(message);
      },
    };
    const quiet = { info: () => {}, warn: () => {} };
    const queue = new DbOutboxMailer(database.db, () => {});
    const recipients = Array.from({ length: 40 }, (_, index) => `pair-${driver}-${index}@mail.ru`);
    for (const to of recipients) await queue.send({ to, subject: 'Тема', text: 'Текст', template: 'test' });
    const workers = [0, 1].map(() => new MailOutboxWorker(database.db, transport, quiet, WORKER));
    await Promise.all(workers.map((worker) => worker.runOnce()));
    await Promise.all(workers.map((worker) => worker.runOnce()));
    const mine = delivered.filter((message) => recipients.includes(message.to));
    expect(mine.map((message) => message.to).sort()).toEqual([...recipients].sort());
    const sent = await database.db
      .select({ status: mailOutbox.status, to: mailOutbox.recipient })
      .from(mailOutbox);
    expect(sent.filter((row) => recipients.includes(row.to)).every((row) => row.status === 'sent')).toBe(
      true,
    );
  });

  it('hands the rest of a batch back unattempted after a failed delivery', async () => {
    let calls = 0;
    const flaky = {
      async send(): Promise<void> {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('greeting never came'), { code: 'ETIMEDOUT' });
      },
    };
    const quiet = { info: () => {}, warn: () => {} };
    const worker = new MailOutboxWorker(database.db, flaky, quiet, {
      ...WORKER,
      retry: { baseDelayMs: 60_000, maxDelayMs: 60_000, maxAttempts: 5 },
    });
    const recipients = [0, 1, 2].map((index) => `batch-${driver}-${index}@mail.ru`);
    const queue = new DbOutboxMailer(database.db, () => {});
    for (const to of recipients) await queue.send({ to, subject: 'Тема', text: 'Текст', template: 'test' });
    await worker.runOnce();
    const after = await Promise.all(recipients.map(async (to) => (await rows(to))[0]));
    expect(after.map((row) => [row?.status, row?.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
      ['pending', 0],
    ]);
    await worker.runOnce();
    const finished = await Promise.all(recipients.map(async (to) => (await rows(to))[0]?.status));
    expect(finished).toEqual(['pending', 'sent', 'sent']);
  });

  it('gives a message up after the last attempt and erases its body', async () => {
    const failing = {
      async send(): Promise<void> {
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      },
    };
    const warnings: Record<string, unknown>[] = [];
    const worker = new MailOutboxWorker(
      database.db,
      failing,
      { info: () => {}, warn: (details) => warnings.push(details) },
      { ...WORKER, retry: { baseDelayMs: 0, maxDelayMs: 0, maxAttempts: 3 } },
    );
    const to = `given-up-${driver}@mail.ru`;
    await new DbOutboxMailer(database.db, () => {}).send({
      to,
      subject: 'Тема',
      text: 'Временный пароль: secret123',
      template: 'password-reset',
    });
    const [queued] = await database.rows<{ id: number | string }>(
      sql`select id from mail_outbox where recipient = ${to}`,
    );
    // Messages an earlier test of this file left pending may be due too: this worker fails them as well,
    // and a round stops at its first failure. Rounds go on until this message is given up; its own
    // attempts are what the test counts.
    for (let round = 0; round < 40 && (await rows(to))[0]?.status !== 'failed'; round += 1) {
      await worker.runOnce();
    }
    const [row] = await rows(to);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, body: '' });
    const ours = warnings.filter(
      (details) => queued !== undefined && String(details.mailId) === String(queued.id),
    );
    expect(ours.map((details) => details.event)).toEqual([
      'mail_retry_scheduled',
      'mail_retry_scheduled',
      'mail_given_up',
    ]);
    // Logs carry a masked address and an error code, never the address or the body.
    expect(JSON.stringify(warnings)).not.toContain(to);
    expect(JSON.stringify(warnings)).not.toContain('secret123');
  });
});
