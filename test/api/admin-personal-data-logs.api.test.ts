import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Issue 12 item 8 for the back office: an administrator searching clients and orders by e-mail or
 * phone (in the URL), exporting by them, and a back-office call failing with a 500 inside the
 * database driver (whose message quotes the query's parameters) leave neither the e-mail nor the
 * phone in the log.
 */
describe.each(testDrivers())('back-office calls keep personal data out of the log (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  beforeAll(async () => {
    shop = await startShopApp(driver);
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await shop.database.rows(sql`alter table if exists orders_unavailable rename to orders`);
    await shop?.close();
  });

  it('searches, exports and a failing admin call log no e-mail or phone', async () => {
    const email = `admin.searched-${driver}@mail.ru`;
    const phoneTyped = '+7 (921) 555-66-88';
    const searches = [email, phoneTyped, '89215556688'];
    for (const q of searches) {
      const query = `?q=${encodeURIComponent(q)}`;
      expect((await admin.get(`/api/admin/clients${query}`)).statusCode).toBe(200);
      expect((await admin.get(`/api/admin/orders${query}`)).statusCode).toBe(200);
      expect((await admin.get(`/api/admin/orders/export${query}`)).statusCode).toBe(200);
      expect((await admin.get(`/api/admin/client-requests${query}`)).statusCode).toBe(200);
    }
    await shop.database.rows(sql`alter table orders rename to orders_unavailable`);
    const failed = await admin.get(`/api/admin/orders?q=${encodeURIComponent(email)}`);
    await shop.database.rows(sql`alter table orders_unavailable rename to orders`);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ error: 'internal_error' });

    const log = shop.logLines.join('\n');
    expect(shop.logLines.some((line) => line.includes('"level":50'))).toBe(true);
    expect(log).toContain('[e-mail]');
    for (const secret of [email, encodeURIComponent(email), phoneTyped, '9215556688', '+79215556688']) {
      expect(log.includes(secret), secret).toBe(false);
    }
    expect(log).not.toMatch(/"cookie"\s*:\s*"sid=/);
  });
});
