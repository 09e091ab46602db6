import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../server/composition-root';
import { announceCatalogueChange } from '../../server/infrastructure/admin-catalogue/admin-catalogue-module';
import { type Database, openDatabase } from '../../server/infrastructure/db/database';
import { eventually } from '../support/eventually';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  CapturingMailer,
  testAccountsConfig,
} from './support/session-client';
import { openTestDatabase, testDrivers } from './support/test-database';

/**
 * Issue 11: with the catalogue read cache on (as in production, 60 s entries), a back-office write
 * shows on the storefront on the very next request — the write drops the cache, it does not wait
 * for the entries to expire.
 */
describe.each(testDrivers())('admin writes invalidate the catalogue cache (%s)', (driver) => {
  let database: Database;
  let app: Awaited<ReturnType<typeof createServer>>['app'];
  let admin: Browser;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    ({ app } = await createServer(database, {
      dataDir: resolve('.tmp/test-data'),
      clientDir: resolve('.tmp/test-no-client'),
      logLevel: 'silent',
      logger: false,
      cacheEntries: 5000,
      cacheTtlMs: 60_000,
      accounts: testAccountsConfig(),
      mailer: new CapturingMailer(),
    }));
    await app.ready();
    admin = new Browser(app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('a price change, a hidden product and a renamed category show at once', async () => {
    const [row] = await database.rows<{ id: number; slug: string; category_id: number }>(
      sql`SELECT id, slug, category_id FROM products WHERE deleted_at IS NULL AND NOT hidden ORDER BY id LIMIT 1`,
    );
    const id = Number(row?.id);
    const before = (await admin.get(`/api/products/${id}`)).json() as { price: number };
    // Read twice so the answer is surely cached.
    await admin.get(`/api/products/slug/${row?.slug}`);
    await admin.get('/api/categories');
    const price = before.price + 111;
    expect((await admin.patch(`/api/admin/products/${id}`, { price })).statusCode).toBe(200);
    expect(((await admin.get(`/api/products/${id}`)).json() as { price: number }).price).toBe(price);
    expect(((await admin.get(`/api/products/slug/${row?.slug}`)).json() as { price: number }).price).toBe(
      price,
    );
    await admin.post(`/api/admin/products/${id}/visibility`, { hidden: true });
    expect((await admin.get(`/api/products/${id}`)).statusCode).toBe(404);
    await admin.patch(`/api/categories/${row?.category_id}`, { name: 'Переименованная категория' });
    const categories = (await admin.get('/api/categories')).json() as { id: number; name: string }[];
    expect(categories.find((category) => category.id === Number(row?.category_id))?.name).toBe(
      'Переименованная категория',
    );
  });
  it.runIf(driver === 'pg')(
    'a write in one server process drops the caches of another on the same PostgreSQL (LISTEN/NOTIFY)',
    async () => {
      const url = process.env.TEST_DATABASE_URL ?? '';
      const secondDatabase = await openDatabase({ kind: 'pg', connectionString: url, poolSize: 2 });
      const { app: second } = await createServer(secondDatabase, {
        dataDir: resolve('.tmp/test-data'),
        clientDir: resolve('.tmp/test-no-client'),
        logLevel: 'silent',
        logger: false,
        cacheEntries: 5000,
        cacheTtlMs: 60_000,
        accounts: testAccountsConfig(),
        mailer: new CapturingMailer(),
      });
      await second.ready();
      try {
        const [row] = await database.rows<{ id: number }>(
          sql`SELECT id FROM products WHERE deleted_at IS NULL AND NOT hidden ORDER BY id DESC LIMIT 1`,
        );
        const id = Number(row?.id);
        const read = async () =>
          ((await second.inject({ method: 'GET', url: `/api/products/${id}` })).json() as { price: number })
            .price;
        const before = await read();
        expect(await read()).toBe(before);
        expect((await admin.patch(`/api/admin/products/${id}`, { price: before + 7 })).statusCode).toBe(200);
        // The notification travels asynchronously: wait for it (the cache lifetime is 60 s, beyond
        // the wait's ceiling, so only the notification can make this pass).
        await eventually(async () => expect(await read()).toBe(before + 7));
        // A write outside the back office (npm run db:seed, straight SQL) announced the same way.
        await database.rows(sql`UPDATE products SET price = price + 5 WHERE id = ${id}`);
        expect(await read()).toBe(before + 7);
        await announceCatalogueChange(database, 'db-seed');
        await eventually(async () => expect(await read()).toBe(before + 12));
      } finally {
        await second.close();
        await secondDatabase.close();
      }
    },
    60_000,
  );
});
