import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/infrastructure/db/database';
import { mailOutbox } from '../../server/infrastructure/db/schema/abuse-outbox.schema';
import {
  OutboxQueue,
  type OutboxSender,
  type OutboxSettings,
} from '../../server/infrastructure/outbox/outbox-worker';
import { openTestDatabase, testDrivers } from './support/test-database';

/**
 * The generic outbox loop (server/infrastructure/outbox/outbox-worker.ts) with a sender the test
 * scripts: claims, retries with backoff, gives up after the last attempt or at once when refused for
 * good, hands the rest of a batch back after a failure, and never gives one row to two workers.
 */
type Row = typeof mailOutbox.$inferSelect;

const SETTINGS: OutboxSettings = {
  pollIntervalMs: 3_600_000,
  batchSize: 10,
  leaseMs: 60_000,
  deliveryTimeoutMs: 2_000,
  retry: { baseDelayMs: 1_000, maxDelayMs: 4_000, maxAttempts: 3 },
};

describe.each(testDrivers())('the generic outbox loop (%s)', (driver) => {
  let database: Database;
  let clock = 1_000_000;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await database.rows(sql`DELETE FROM mail_outbox`);
  });
  afterAll(async () => {
    await database?.close();
  });

  const queueRows = async (recipients: readonly string[]): Promise<void> => {
    for (const recipient of recipients)
      await database.db.insert(mailOutbox).values({
        recipient,
        subject: 'Тема',
        body: 'Текст',
        template: 'generic',
        nextAttemptAtMs: clock,
        createdAtMs: clock,
      });
  };
  const stateOf = async (recipients: readonly string[]) => {
    const rows = await database.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.recipient, [...recipients]));
    return recipients.map((recipient) => {
      const row = rows.find((candidate) => candidate.recipient === recipient);
      return [row?.status, row?.attempts, row?.body, row?.lastError];
    });
  };

  /** A sender whose answer per recipient the test sets; it records what it was asked to send. */
  const scripted = (answers: Record<string, 'ok' | 'outage' | 'refused'>) => {
    const sent: string[] = [];
    const log: [number, string][] = [];
    const sender: OutboxSender<Row> = {
      table: 'mail_outbox',
      load: (ids) =>
        database.db
          .select()
          .from(mailOutbox)
          .where(inArray(mailOutbox.id, [...ids])),
      async send(row) {
        sent.push(row.recipient);
        const answer = answers[row.recipient] ?? 'ok';
        if (answer === 'outage') throw Object.assign(new Error('down'), { code: 'ECONNREFUSED' });
        if (answer === 'refused') throw Object.assign(new Error('gone'), { code: 'GONE' });
      },
      refusedForGood: (error) => (error as { code?: string }).code === 'GONE',
      describe: (error) => String((error as { code?: string }).code),
      failed: (row, outcome) => log.push([row.id, outcome]),
    };
    return { sender, sent, log };
  };

  it('sends, gives a refused row up at once and goes on, hands the rest back after an outage', async () => {
    const names = ['a', 'b', 'c', 'd'].map((letter) => `${letter}-${driver}@mail.ru`);
    await queueRows(names);
    const [first, refused, down] = names as [string, string, string, string];
    const { sender, sent } = scripted({ [refused]: 'refused', [down]: 'outage' });
    const queue = new OutboxQueue(database.db, sender, SETTINGS, () => clock);
    expect(await queue.runOnce()).toEqual({ claimed: 4, failed: true });
    expect(sent).toEqual([first, refused, down]);
    expect(await stateOf(names)).toEqual([
      ['sent', 1, '', null],
      ['failed', 1, '', 'GONE'],
      ['pending', 1, 'Текст', 'ECONNREFUSED'],
      // Handed back unattempted: its claim is undone.
      ['pending', 0, 'Текст', null],
    ]);
  });

  it('retries with backoff and gives up after the last attempt, erasing the body', async () => {
    const name = `retry-${driver}@mail.ru`;
    await queueRows([name]);
    const { sender, log } = scripted({ [name]: 'outage' });
    const queue = new OutboxQueue(database.db, sender, SETTINGS, () => clock);
    // Only this row is due from now on: the earlier test's rows are pushed far away.
    await database.rows(sql`UPDATE mail_outbox SET next_attempt_at_ms = ${clock + 10_000_000}
      WHERE recipient <> ${name} AND status = 'pending'`);
    await queue.runOnce();
    const [row] = await database.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.recipient, [name]));
    // Attempt 1 failed: due again after baseDelayMs, not before.
    expect(row?.nextAttemptAtMs).toBe(clock + 1_000);
    expect((await queue.runOnce()).claimed).toBe(0);
    clock += 1_000;
    await queue.runOnce();
    clock += 2_000;
    await queue.runOnce();
    expect(await stateOf([name])).toEqual([['failed', 3, '', 'ECONNREFUSED']]);
    expect(log.map(([, outcome]) => outcome)).toEqual(['retry', 'retry', 'give_up']);
  });

  it('gives each due row to one of two workers claiming at once', async () => {
    const names = Array.from({ length: 30 }, (_, index) => `pair-${index}-${driver}@mail.ru`);
    clock += 10_000;
    await queueRows(names);
    const one = scripted({});
    const two = scripted({});
    const queues = [one, two].map(
      ({ sender }) => new OutboxQueue(database.db, sender, SETTINGS, () => clock),
    );
    for (let round = 0; round < 4; round += 1) await Promise.all(queues.map((queue) => queue.runOnce()));
    const delivered = [...one.sent, ...two.sent].filter((recipient) => names.includes(recipient));
    expect(delivered.sort()).toEqual([...names].sort());
    expect((await stateOf(names)).every(([status]) => status === 'sent')).toBe(true);
  });
});
