import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, type ShopTestApp, someProductIds, startShopApp } from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Concurrent writes to one client's saved lists (issue 12, item 7): the cart save used to delete then
 * insert, and two saves at once collided on the primary key (500 on PostgreSQL). Every save now locks
 * the client's row first, so saves run one after another and the last one wins whole.
 */
describe.each(testDrivers())('concurrent saves of client data (%s)', (driver) => {
  let shop: ShopTestApp;
  let products: number[];
  let client: Browser;
  let clientId = 0;

  beforeAll(async () => {
    shop = await startShopApp(driver);
    products = await someProductIds(shop.database, 12);
    client = new Browser(shop.app);
    clientId = await client.register(`races-${driver}@mail.ru`);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('answers 50 concurrent cart saves with 200 and keeps exactly one of the submitted carts', async () => {
    const carts = Array.from({ length: 50 }, (_, index) =>
      Array.from({ length: 1 + (index % 6) }, (_, line) => ({
        id: products[(index + line) % products.length] ?? 0,
        quantity: 1 + ((index * 7 + line) % 5),
      })),
    );
    const responses = await Promise.all(carts.map((cart) => client.put(`/api/cart/${clientId}`, { cart })));
    expect(responses.map((response) => response.statusCode)).toEqual(carts.map(() => 200));
    const saved = (await client.get(`/api/cart/${clientId}`)).json() as { id: number; quantity: number }[];
    const asKey = (lines: readonly { id: number; quantity: number }[]) =>
      JSON.stringify(lines.map((line) => [line.id, line.quantity]));
    expect(carts.map(asKey)).toContain(asKey(saved));
  });

  it('answers concurrent favourite adds and removes and viewed pushes without a server error', async () => {
    const calls = products.flatMap((productId) => [
      client.post('/api/favorites', { clientId, productId }),
      client.post('/api/favorites', { clientId, productId }),
      client.delete(`/api/favorites/${clientId}/${productId}`),
      client.post('/api/viewed', { productId }),
      client.post('/api/viewed', { productId }),
    ]);
    const statuses = (await Promise.all(calls)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.every((status) => status === 200 || status === 201)).toBe(true);
    const viewed = (await client.get('/api/viewed')).json() as unknown[];
    expect(viewed.length).toBeGreaterThan(0);
  });
});
