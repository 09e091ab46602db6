import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, type ShopTestApp, startShopApp } from './support/session-client';
import { type TestDriver, testDrivers } from './support/test-database';

/**
 * Issue 23, items 5–6 (docs/delivery-dates.md «Поместится?»): the client's door, corridor and lift
 * kept in the account (own record only, the shared limits → 422 in Russian), and the cart's delivery
 * facts read in one request (each line's date, class and packed box, and the date of them all).
 */

/** Friday 27 November 2026, 10:00 Moscow: before the 14:00 cutoff. */
const NOW = Date.parse('2026-11-27T10:00:00+03:00');

const HOME = {
  doorWidthCm: 80,
  doorHeightCm: null,
  corridorWidthCm: 95,
  lift: { widthCm: 100, depthCm: 210, heightCm: 200 },
  floor: 7,
};

describe.each(testDrivers())(
  '«Поместится?» in the account and the cart’s delivery facts (%s)',
  (driver: TestDriver) => {
    let shop: ShopTestApp;
    beforeAll(async () => {
      shop = await startShopApp(driver);
    });
    afterAll(async () => {
      await shop?.close();
    });

    it('keeps the measurements in the client’s own account only', async () => {
      const guest = new Browser(shop.app);
      const owner = new Browser(shop.app);
      const clientId = await owner.register(`home-${driver}@mail.ru`);
      const other = new Browser(shop.app);
      const otherId = await other.register(`home-other-${driver}@mail.ru`);

      expect((await guest.get(`/api/clients/${clientId}/home-measurements`)).statusCode).toBe(401);
      expect((await other.get(`/api/clients/${clientId}/home-measurements`)).statusCode).toBe(403);
      expect(
        (await other.put(`/api/clients/${clientId}/home-measurements`, { measurements: HOME })).statusCode,
      ).toBe(403);

      expect((await owner.get(`/api/clients/${clientId}/home-measurements`)).json()).toEqual({
        measurements: null,
      });
      const saved = await owner.put(`/api/clients/${clientId}/home-measurements`, { measurements: HOME });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ measurements: HOME });
      expect((await owner.get(`/api/clients/${clientId}/home-measurements`)).json()).toEqual({
        measurements: HOME,
      });

      // Saving again replaces the record: «нет лифта» leaves no cabin behind.
      const noLift = { ...HOME, lift: null, corridorWidthCm: null, floor: null };
      expect(
        (await owner.put(`/api/clients/${clientId}/home-measurements`, { measurements: noLift })).json(),
      ).toEqual({
        measurements: noLift,
      });
      expect((await owner.get(`/api/clients/${clientId}/home-measurements`)).json()).toEqual({
        measurements: noLift,
      });
      const [count] = await shop.database.rows<{ n: number }>(
        sql`select count(*)::int as n from client_home_measurements where client_id = ${clientId}`,
      );
      expect(count?.n).toBe(1);
      // Another client's record is untouched by all this.
      expect((await other.get(`/api/clients/${otherId}/home-measurements`)).json()).toEqual({
        measurements: null,
      });
    });

    it('refuses sizes outside the limits with 422 in Russian, and a wrong shape with 400', async () => {
      const owner = new Browser(shop.app);
      const clientId = await owner.register(`home-limits-${driver}@mail.ru`);
      const tooNarrow = await owner.put(`/api/clients/${clientId}/home-measurements`, {
        measurements: { ...HOME, doorWidthCm: 10, floor: 0 },
      });
      expect(tooNarrow.statusCode).toBe(422);
      expect(tooNarrow.json()).toEqual({
        error: 'invalid_home_measurements',
        message: 'Ширина двери: от 40 до 300 см. Этаж: от 1 до 99.',
      });
      const hugeCabin = await owner.put(`/api/clients/${clientId}/home-measurements`, {
        measurements: { ...HOME, lift: { widthCm: 100, depthCm: 9000, heightCm: 200 } },
      });
      expect(hugeCabin.statusCode).toBe(422);
      expect(hugeCabin.json()).toMatchObject({ message: 'Глубина кабины лифта: от 50 до 400 см.' });
      for (const measurements of [
        { ...HOME, doorWidthCm: '80' },
        { ...HOME, doorWidthCm: 80.5 },
        { ...HOME, lift: { widthCm: 100 } },
        { doorHeightCm: 200 },
      ]) {
        const response = await owner.put(`/api/clients/${clientId}/home-measurements`, { measurements });
        expect(response.statusCode, JSON.stringify(measurements)).toBe(400);
      }
      expect((await owner.get(`/api/clients/${clientId}/home-measurements`)).json()).toEqual({
        measurements: null,
      });
    });

    it('answers the cart’s dates, classes and packed boxes in one read, the latest date for them all', async () => {
      shop.clock.now = NOW;
      const rows = await shop.database.rows<{ id: number }>(
        sql`select id from products where deleted_at is null order by id limit 2`,
      );
      const [sofa, vase] = rows.map((row) => row.id);
      if (sofa === undefined || vase === undefined) throw new Error('the seed has no products');
      await shop.database.rows(
        sql`update products set availability_source = 'supplier', availability_min_days = 3, item_class = 'sofa',
          packed_width = 230, packed_depth = 95, packed_height = 90 where id = ${sofa}`,
      );
      await shop.database.rows(
        sql`update products set availability_source = 'warehouse', item_class = null, packed_width = null,
          packed_depth = null, packed_height = null where id = ${vase}`,
      );
      const answer = await new Browser(shop.app).get(`/api/delivery/products?ids=${vase},999999999,${sofa}`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({
        items: [
          {
            productId: vase,
            promise: { from: '2026-11-30', to: '2026-12-02', text: 'Привезём 30 ноября – 2 декабря' },
            itemClass: null,
            packed: null,
          },
          {
            productId: sofa,
            promise: { from: '2026-12-03', to: '2026-12-07', text: 'Привезём 3–7 декабря' },
            itemClass: 'sofa',
            packed: { widthCm: 230, depthCm: 95, heightCm: 90 },
          },
        ],
        together: { from: '2026-12-03', to: '2026-12-07', text: 'Привезём 3–7 декабря' },
      });
      expect((await new Browser(shop.app).get('/api/delivery/products?ids=abc')).statusCode).toBe(400);
      expect((await new Browser(shop.app).get('/api/delivery/products?ids=999999999')).json()).toEqual({
        items: [],
        together: null,
      });
    });
  },
);
