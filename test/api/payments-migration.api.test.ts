import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../server/infrastructure/db/database';
import { Browser, type ShopTestApp, someProductIds, startShopApp } from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Migration 0004 on a database that already holds the double charges it closes: its clean-up statements
 * (everything after the tables it creates) must leave one live payment per order, refund rows for the
 * duplicate charges, and then the unique index must build.
 */
const CLEANUP_FROM = '-- Orders that already have several live payments';

function cleanupStatements(): string[] {
  const text = readFileSync(join(MIGRATIONS_FOLDER, '0004_money_abuse.sql'), 'utf8');
  const start = text.indexOf(CLEANUP_FROM);
  if (start < 0) throw new Error('0004 clean-up section not found');
  return text
    .slice(start)
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}

describe.each(testDrivers())('migration 0004 clean-up of double charges (%s)', (driver) => {
  let shop: ShopTestApp;

  beforeAll(async () => {
    shop = await startShopApp(driver);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('keeps the first charge, refunds later ones, voids extra pending payments, then enforces one live payment', async () => {
    const buyer = new Browser(shop.app);
    await buyer.register('migration@mail.ru');
    const [product] = await someProductIds(shop.database, 1);
    const placed = await buyer.post('/api/orders', {
      cart: [{ id: product, quantity: 1 }],
      contact: { name: 'Пётр Иванов', phone: '+7 921 555-44-33', email: 'migration@mail.ru' },
      delivery: { method: 'pickup' },
      paymentMethod: 'online',
      consent: true,
    });
    expect(placed.statusCode).toBe(201);
    const orderId = (placed.json() as { id: number }).id;
    const other = (
      await buyer.post('/api/orders', {
        cart: [{ id: product, quantity: 2 }],
        contact: { name: 'Пётр Иванов', phone: '+7 921 555-44-33', email: 'migration@mail.ru' },
        delivery: { method: 'pickup' },
        paymentMethod: 'online',
        consent: true,
      })
    ).json() as { id: number };
    // The state before the fix: two charges of one order, and two pending payments of another.
    await shop.database.rows(sql`DROP INDEX payments_one_live_per_order`);
    await shop.database.rows(sql`
      INSERT INTO payments (id, order_id, provider, provider_payment_id, amount, status, confirmation_url, created_at, settled_at)
      VALUES ('m-first', ${orderId}, 'test', 'm-first', 1000, 'succeeded', '', now() - interval '3 hours', now() - interval '2 hours'),
             ('m-second', ${orderId}, 'test', 'm-second', 1000, 'succeeded', '', now() - interval '150 minutes', now() - interval '1 hour'),
             ('m-old', ${other.id}, 'test', 'm-old', 2000, 'pending', '', now() - interval '2 hours', null),
             ('m-new', ${other.id}, 'test', 'm-new', 2000, 'pending', '', now() - interval '1 hour', null)`);
    for (const statement of cleanupStatements()) await shop.database.rows(sql.raw(statement));

    const rows = await shop.database.rows<{ id: string; status: string }>(
      sql`SELECT id, status FROM payments WHERE id LIKE 'm-%' ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: 'm-first', status: 'succeeded' },
      { id: 'm-new', status: 'pending' },
      { id: 'm-old', status: 'cancelled' },
      { id: 'm-second', status: 'refund_pending' },
    ]);
    const refunds = await shop.database.rows<{ payment_id: string; status: string }>(
      sql`SELECT payment_id, status FROM payment_refunds WHERE order_id IN (${orderId}, ${other.id})`,
    );
    expect(refunds).toEqual([{ payment_id: 'm-second', status: 'pending' }]);
    await expect(
      shop.database.rows(sql`
        INSERT INTO payments (id, order_id, provider, amount, status, confirmation_url)
        VALUES ('m-third', ${other.id}, 'test', 2000, 'pending', '')`),
    ).rejects.toThrow();
  });
});
