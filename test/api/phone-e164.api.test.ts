import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fc } from '@fast-check/vitest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../server/infrastructure/db/database';
import { toE164 } from '../../shared-rules/phone-number';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  someProductIds,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Issue 12 on a real database: the API accepts the usual Russian way of writing a phone, refuses text
 * that only looks like one, stores E.164 and answers it; migration 0008 rewrites phones stored before
 * to the same E.164 the code produces for Russian numbers, and leaves what is not a phone alone.
 */
const MIGRATION = readFileSync(join(MIGRATIONS_FOLDER, '0008_phone_e164.sql'), 'utf8');

async function runPhoneMigration(shop: ShopTestApp): Promise<void> {
  for (const statement of MIGRATION.split('--> statement-breakpoint')) {
    await shop.database.rows(sql.raw(statement));
  }
}

/** Russian numbers in the ways people write them. */
const russianPhoneArb = fc
  .tuple(
    fc.constantFrom('+7', '8', '7', ''),
    fc.constantFrom('9', '8', '4'),
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }),
    fc.constantFrom('compact', 'brackets', 'spaces'),
  )
  .map(([prefix, first, rest, style]) => {
    const d = first + rest.join('');
    if (style === 'compact') return `${prefix}${d}`;
    if (style === 'brackets')
      return `${prefix} (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}`;
    return `${prefix} ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6, 8)} ${d.slice(8)}`.trim();
  });

for (const driver of testDrivers()) {
  describe(`phones in E.164 (${driver})`, () => {
    let shop: ShopTestApp;
    beforeAll(async () => {
      shop = await startShopApp(driver);
    });
    afterAll(async () => {
      await shop?.close();
    });

    it('registers «+7 (921) 555-44-33», stores +79215554433, and refuses «----------»', async () => {
      const refused = await new Browser(shop.app).post('/api/register', {
        email: `dashes-${driver}@mail.ru`,
        password: 'надёжный пароль 1',
        phone: '----------',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'bad_request' });

      const client = new Browser(shop.app);
      const created = await client.post('/api/register', {
        email: `phone-${driver}@mail.ru`,
        password: 'надёжный пароль 1',
        phone: '+7 (921) 555-44-33',
      });
      expect(created.statusCode).toBe(201);
      const { clientId } = created.json() as { clientId: number };
      const record = await client.get(`/api/clients/${clientId}`);
      expect(record.json()).toMatchObject({ phone: '+79215554433' });
    });

    it('stores an order contact phone typed the domestic way in E.164', async () => {
      const [productId] = await someProductIds(shop.database, 1);
      const guest = new Browser(shop.app);
      const response = await guest.request(
        'POST',
        '/api/orders',
        {
          cart: [{ id: productId, quantity: 1 }],
          contact: { name: 'Ирина', phone: '8 (921) 555-44-34', email: `order-phone-${driver}@mail.ru` },
          delivery: { method: 'pickup' },
          paymentMethod: 'on_delivery',
          consent: true,
        },
        { 'idempotency-key': `phone-order-${driver}-0001` },
      );
      expect(response.statusCode, response.body).toBeLessThan(300);
      expect(response.json()).toMatchObject({ contact: { phone: '+79215554434' } });
      const { id } = response.json() as { id: number };

      // The administrator still finds it by the number typed any usual way (digits are compared).
      const admin = new Browser(shop.app);
      await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login');
      for (const typed of ['8 (921) 555-44-34', '+7 921 555 44 34', '9215554434']) {
        const found = await admin.get(`/api/admin/orders?q=${encodeURIComponent(typed)}`);
        expect(found.statusCode, found.body).toBe(200);
        const ids = (found.json() as { items: { id: number }[] }).items.map((order) => order.id);
        expect(ids, typed).toContain(id);
      }
    });

    it('migration 0008 rewrites stored Russian phones as the code would, and leaves non-phones alone', async () => {
      const samples = [
        ...fc.sample(russianPhoneArb, { numRuns: 40, seed: 12 }),
        '+7 (921) 555-44-33',
        '8 921 555 44 33',
        '+44 20 1234 5678',
        '----------',
        'позвоните мне',
        '12345',
      ];
      const ids: number[] = [];
      for (const [index, phone] of samples.entries()) {
        const rows = await shop.database.rows<{ id: number }>(
          sql`insert into users (email, phone) values (${`legacy-${index}-${driver}@mail.ru`}, ${phone}) returning id`,
        );
        ids.push(Number(rows[0]?.id));
      }
      await runPhoneMigration(shop);
      const rows = await shop.database.rows<{ id: number; phone: string }>(
        sql`select id, phone from users where email like ${`legacy-%-${driver}@mail.ru`}`,
      );
      const stored = new Map(rows.map((row) => [Number(row.id), row.phone]));
      for (const [index, phone] of samples.entries()) {
        const expected = toE164(phone) ?? phone;
        expect(stored.get(ids[index] ?? 0), phone).toBe(expected);
      }
      // Idempotent: a second run changes nothing.
      await runPhoneMigration(shop);
      const again = await shop.database.rows<{ id: number; phone: string }>(
        sql`select id, phone from users where email like ${`legacy-%-${driver}@mail.ru`}`,
      );
      expect(new Map(again.map((row) => [Number(row.id), row.phone]))).toEqual(stored);
    });
  });
}
