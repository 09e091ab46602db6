import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';

/**
 * Issue 24, item 7: `POST /api/dicts/refresh` run many times at once deadlocked on PostgreSQL (each
 * refresh zeroed a list's counts, then upserted its values in its own order) and answered 500. On
 * PostgreSQL, where transactions really run side by side (PGlite serialises them), every racer must
 * answer 2xx and the lists must end as one refresh alone leaves them.
 */
const RACERS = 24;

interface RefreshAnswer {
  readonly counts: Record<string, number>;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('dictionary refresh races (PostgreSQL)', () => {
  let shop: ShopTestApp;
  let admin: Browser;

  beforeAll(async () => {
    shop = await startShopApp('pg');
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it(`${RACERS} concurrent refreshes all answer 2xx and leave the lists of a single refresh`, async () => {
    const responses = await Promise.all(
      Array.from({ length: RACERS }, () => admin.post('/api/dicts/refresh', {})),
    );
    for (const response of responses) {
      expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
    }
    const alone = await admin.post('/api/dicts/refresh', {});
    expect(alone.statusCode).toBe(200);
    const expected = (alone.json() as RefreshAnswer).counts;
    expect(Object.values(expected).some((count) => count > 0)).toBe(true);
    for (const response of responses) expect((response.json() as RefreshAnswer).counts).toEqual(expected);
  });

  it('refreshes racing bulk saves of the same list answer 2xx, and every saved entry stays', async () => {
    const colours = (await admin.get('/api/dicts/list/colors')).json() as { key: string; value: string }[];
    expect(colours.length).toBeGreaterThan(2);
    // Each save names existing entries in its own order (reversed every other time) plus one new entry.
    const saves = Array.from({ length: RACERS / 2 }, (_, index) => {
      const ordered = index % 2 === 0 ? colours : [...colours].reverse();
      return admin.put('/api/dicts/colors', {
        entries: [
          ...ordered.map((entry) => ({ key: entry.key, value: entry.value })),
          { key: `race-colour-${index}`, value: `Гоночный цвет ${index}` },
        ],
      });
    });
    const refreshes = Array.from({ length: RACERS / 2 }, () => admin.post('/api/dicts/refresh', {}));
    const responses = await Promise.all([...saves, ...refreshes]);
    for (const response of responses) {
      expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
    }
    const after = (await admin.get('/api/dicts/list/colors')).json() as { key: string }[];
    const keys = new Set(after.map((entry) => entry.key));
    for (let index = 0; index < RACERS / 2; index += 1) expect(keys).toContain(`race-colour-${index}`);
  });
});
