import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTariffs } from '../../api/admin-tariffs';
import { SEEDED_TARIFFS } from '../../server/domain/delivery-tariffs';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Issue 23, item 1 (docs/delivery.md «Tariffs»): the owner reads and saves the delivery tariffs; each
 * save is a new version, a save over a newer one is refused (409), bad prices get Russian 422s, and
 * only administrators get in.
 */
describe.each(testDrivers())('the delivery tariffs (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;

  beforeAll(async () => {
    shop = await startShopApp(driver);
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('answers the seeded Saint Petersburg prices until the owner saves, then each save is a version', async () => {
    const first = (await admin.get('/api/admin/tariffs')).json() as AdminTariffs;
    expect(first.version).toBe(0);
    expect(first.tariffs).toEqual(SEEDED_TARIFFS);
    expect(first.tariffs.freeDeliveryFrom).toBe(3_000_000);

    const changed = { ...first.tariffs, insideKad: 170_000 };
    const saved = await admin.put('/api/admin/tariffs', { version: 0, tariffs: changed });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as AdminTariffs).version).toBe(1);
    const read = (await admin.get('/api/admin/tariffs')).json() as AdminTariffs;
    expect(read).toMatchObject({ version: 1, tariffs: changed });

    const audit = await shop.database.rows<{ before: unknown; after: unknown }>(
      sql`select before, after from audit_log where action = 'tariffs.changed' order by id desc limit 1`,
    );
    expect(audit[0]).toEqual({ before: { insideKad: 150_000 }, after: { insideKad: 170_000 } });
  });

  it('refuses a save over a newer version with 409 and keeps the newer prices', async () => {
    const current = (await admin.get('/api/admin/tariffs')).json() as AdminTariffs;
    const stale = await admin.put('/api/admin/tariffs', {
      version: current.version - 1,
      tariffs: { ...current.tariffs, doorRemoval: 0 },
    });
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as { message: string }).message).toMatch(/другой сотрудник/);
    expect(((await admin.get('/api/admin/tariffs')).json() as AdminTariffs).tariffs.doorRemoval).toBe(
      current.tariffs.doorRemoval,
    );
  });

  it('refuses negative prices, kopecks and a percent above 100 with Russian messages', async () => {
    const current = (await admin.get('/api/admin/tariffs')).json() as AdminTariffs;
    const bad = await admin.put('/api/admin/tariffs', {
      version: current.version,
      tariffs: {
        ...current.tariffs,
        outsideKadPerKm: -4_000,
        doorRemoval: 40_050,
        classes: {
          ...current.tariffs.classes,
          wardrobe: { ...current.tariffs.classes.wardrobe, assembly: { kind: 'percent', percent: 120 } },
        },
      },
    });
    expect(bad.statusCode).toBe(422);
    const message = (bad.json() as { message: string }).message;
    expect(message).toContain('За каждый км за КАД: цена не может быть отрицательной.');
    expect(message).toContain('Снятие дверей: укажите цену в целых рублях.');
    expect(message).toContain('Шкаф, сборка: процент — от 0 до 100');
    const garbage = await admin.put('/api/admin/tariffs', {
      version: current.version,
      tariffs: { insideKad: 'много' },
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('lets only administrators read or save', async () => {
    const guest = new Browser(shop.app);
    expect((await guest.get('/api/admin/tariffs')).statusCode).toBe(401);
    const client = new Browser(shop.app);
    await client.register('tariffs.client@mail.ru');
    expect((await client.get('/api/admin/tariffs')).statusCode).toBe(403);
    expect((await client.put('/api/admin/tariffs', { version: 0, tariffs: SEEDED_TARIFFS })).statusCode).toBe(
      403,
    );
  });
});
