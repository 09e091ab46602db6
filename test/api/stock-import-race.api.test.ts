import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../api/orders';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Issue 22 «imports racing checkouts» (docs/stock.md, «The import»): an administrator's import sets a
 * product's stock while shoppers check it out. The import writes one 'import' row with the difference
 * under the product's row lock (setStockBalance), a checkout one 'order_taken' row under the same lock,
 * so whatever order they run in, replaying the ledger in its row order gives the stock: nothing is
 * oversold, nothing is lost or invented, and nobody gets a 500. Both databases; the race is real only on
 * PostgreSQL (PGlite serialises queries, so there it proves the same rules one after another).
 */
describe.each(testDrivers())('an import racing checkouts (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let shoppers: Browser[] = [];
  let productIds: number[] = [];
  const SHOPPERS = 6;

  const emailOf = (index: number) => `import-racer-${index}-${driver}@mail.ru`;
  const checkout = (shopper: Browser, index: number, productId: number) =>
    shopper.post('/api/orders', {
      cart: [{ id: productId, quantity: 1 }],
      contact: { name: 'Вера Кузнецова', phone: '+7 812 555 12 34', email: emailOf(index) },
      delivery: { method: 'pickup' },
      paymentMethod: 'on_delivery',
      consent: true,
    });

  /** Uploads a «Артикул;Остаток» file and returns the dry run's token. */
  const dryRunImport = async (sku: string, stock: number): Promise<string> => {
    const boundary = '----importrace';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="остатки.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(['Артикул;Остаток', `${sku};${stock}`].join('\n')),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const dry = await shop.app.inject({
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
    expect(dry.statusCode, dry.body).toBe(200);
    return (dry.json() as { token: string }).token;
  };

  const ledgerOf = (productId: number) =>
    shop.database.rows<{ delta: number; reason: string; order_id: number | null; balance_after: number }>(
      sql`select delta, reason, order_id, balance_after from stock_movements where product_id = ${productId} order by id`,
    );
  const stockOf = async (productId: number): Promise<number> => {
    const [row] = await shop.database.rows<{ stock: number | null }>(
      sql`select stock from products where id = ${productId}`,
    );
    return Number(row?.stock ?? -1);
  };

  beforeAll(async () => {
    shop = await startShopApp(driver);
    const rows = await shop.database.rows<{ id: number }>(
      sql`select id from products where deleted_at is null and price > 0 order by id desc limit 10`,
    );
    productIds = rows.map((row) => Number(row.id));
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
    shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, async (_, index) => {
        const shopper = new Browser(shop.app);
        await shopper.register(emailOf(index));
        return shopper;
      }),
    );
  });
  afterAll(async () => {
    await shop?.close();
  });

  // Each round: a product with `opening` units, an import setting it to `imported`, and six one-unit
  // checkouts, all at once: a short shelf and a generous import, a full shelf and a small import (a
  // count the checkouts alone can never reach, so the import always writes its row), an empty shelf.
  it.each([
    { round: 1, opening: 2, imported: 4 },
    { round: 2, opening: 8, imported: 1 },
    { round: 3, opening: 0, imported: 3 },
  ])(
    'round $round: an import sets the stock while six shoppers check out one unit each',
    async ({ round, opening, imported }) => {
      const productId = productIds[round] ?? 0;
      await shop.database.rows(
        sql`select set_stock_balance(${productId}, ${opening}, 'manual_correction', null, null)`,
      );
      await shop.database.rows(sql`update products set backorder_allowed = false where id = ${productId}`);
      const [product] = await shop.database.rows<{ sku: string }>(
        sql`select sku from products where id = ${productId}`,
      );
      const token = await dryRunImport(product?.sku ?? '', imported);
      const before = (await ledgerOf(productId)).length;

      const [confirm, ...checkouts] = await Promise.all([
        admin.post(`/api/admin/products/import/${token}/confirm`),
        ...shoppers.map((shopper, index) => checkout(shopper, index, productId)),
      ]);
      expect(confirm?.statusCode, confirm?.body).toBe(200);
      for (const answer of checkouts) {
        // Accepted, or refused with the Russian «Недостаточно товара…» — never a 500.
        expect([201, 409], answer.body).toContain(answer.statusCode);
        if (answer.statusCode === 409) expect(answer.body).toMatch(/Недостаточно товара/);
      }
      const accepted = checkouts
        .filter((answer) => answer.statusCode === 201)
        .map((answer) => (answer.json() as Order).id);

      // Replaying this round's rows in the ledger's order: the import sets the balance to what the file
      // says, each accepted checkout takes exactly one unit, no balance is ever below zero, and the last
      // balance is the product's stock.
      const rows = (await ledgerOf(productId)).slice(before);
      let balance = opening;
      for (const row of rows) {
        const delta = Number(row.delta);
        if (row.reason === 'import') expect(balance + delta).toBe(imported);
        else {
          expect(row.reason).toBe('order_taken');
          expect(delta).toBe(-1);
          expect(accepted).toContain(Number(row.order_id));
        }
        balance += delta;
        expect(Number(row.balance_after)).toBe(balance);
        expect(balance).toBeGreaterThanOrEqual(0);
      }
      expect(rows.filter((row) => row.reason === 'import')).toHaveLength(imported === opening ? 0 : 1);
      expect(rows.filter((row) => row.reason === 'order_taken')).toHaveLength(accepted.length);
      expect(await stockOf(productId)).toBe(balance);
      // No more units were sold than the shelf ever had: those before the import came from `opening`,
      // those after it from `imported`.
      const importAt = rows.findIndex((row) => row.reason === 'import');
      const takenBefore = rows.slice(0, importAt).length;
      const takenAfter = rows.slice(importAt + 1).length;
      expect(takenBefore).toBeLessThanOrEqual(opening);
      expect(takenAfter).toBeLessThanOrEqual(imported);
      // The whole ledger still sums to every product's stock.
      const drift = await shop.database.rows<{ id: number }>(sql`
      select p.id from products p
      left join (select product_id, sum(delta)::int as total from stock_movements group by product_id) m
        on m.product_id = p.id
      where coalesce(p.stock, 0) <> coalesce(m.total, 0)`);
      expect(drift).toEqual([]);
    },
  );
});
