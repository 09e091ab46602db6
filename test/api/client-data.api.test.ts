import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  someProductIds,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

describe.each(testDrivers())('cart, favourites, viewed and client records (%s)', (driver) => {
  let shop: ShopTestApp;
  let products: number[];
  beforeAll(async () => {
    shop = await startShopApp(driver);
    products = await someProductIds(shop.database, 60);
  });
  afterAll(async () => {
    await shop?.close();
  });
  const p = (i: number): number => products[i] ?? 0;

  it('saves a cart from ids and quantities, merging repeats and dropping unknown products', async () => {
    const browser = new Browser(shop.app);
    const clientId = await browser.register('cart@mail.ru');
    expect((await browser.get(`/api/cart/${clientId}`)).json()).toEqual([]);
    const saved = await browser.put(`/api/cart/${clientId}`, {
      cart: [
        { id: p(0), quantity: 2, price: 1 },
        { id: p(1), quantity: 1 },
        { id: p(0), quantity: 5 },
        { id: 999_999, quantity: 1 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const lines = saved.json() as { id: number; quantity: number; price: number | null; name: string }[];
    expect(lines.map((line) => [line.id, line.quantity])).toEqual([
      [p(0), 5],
      [p(1), 1],
    ]);
    expect(lines[0]?.price).not.toBe(1);
    expect(lines[0]?.name.length).toBeGreaterThan(0);
    expect((await browser.get(`/api/cart/${clientId}`)).json()).toEqual(lines);
  });

  it('refuses quantities that are not positive whole numbers', async () => {
    const browser = new Browser(shop.app);
    const clientId = await browser.register('quantity@mail.ru');
    for (const quantity of [0, -1, 1.5, 1000, '2']) {
      const response = await browser.put(`/api/cart/${clientId}`, { cart: [{ id: p(0), quantity }] });
      expect(response.statusCode).toBe(400);
    }
  });

  it('keeps favourites, shares a snapshot by hash, and answers 404 for an unknown hash', async () => {
    const browser = new Browser(shop.app);
    const clientId = await browser.register('fav@mail.ru');
    expect((await browser.post('/api/favorites', { clientId, productId: p(2) })).statusCode).toBe(200);
    expect((await browser.post('/api/favorites', { clientId, productId: p(3) })).statusCode).toBe(200);
    expect((await browser.post('/api/favorites', { clientId, productId: p(3) })).statusCode).toBe(200);
    expect((await browser.post('/api/favorites', { clientId, productId: 999_999 })).statusCode).toBe(404);
    const list = (await browser.get(`/api/favorites?clientId=${clientId}`)).json() as { id: number }[];
    expect(list.map((item) => item.id)).toEqual([p(2), p(3)]);

    const shared = await browser.post('/api/favorites/share', {});
    expect(shared.statusCode).toBe(201);
    const { hash } = shared.json() as { hash: string };
    expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const publicView = await new Browser(shop.app).get(`/api/favorites/share/${hash}`);
    expect((publicView.json() as { products: { id: number }[] }).products.map((item) => item.id)).toEqual([
      p(2),
      p(3),
    ]);
    const guestShare = await new Browser(shop.app).post('/api/favorites/share', { productIds: [p(4)] });
    expect(guestShare.statusCode).toBe(201);
    expect((await new Browser(shop.app).get('/api/favorites/share/AAAAAAAAAAAAAAAAAAAAAA')).json()).toEqual({
      error: 'not_found',
      message: 'Список не найден или пуст.',
    });

    expect((await browser.delete(`/api/favorites/${clientId}/${p(2)}`)).statusCode).toBe(200);
    expect(((await browser.get(`/api/favorites?clientId=${clientId}`)).json() as unknown[]).length).toBe(1);
    expect((await browser.delete(`/api/favorites/${clientId}`)).statusCode).toBe(200);
    expect((await browser.get(`/api/favorites?clientId=${clientId}`)).json()).toEqual([]);
  });

  it('keeps the 50 most recently viewed, newest first, without duplicates', async () => {
    const browser = new Browser(shop.app);
    await browser.register('viewed@mail.ru');
    for (let i = 0; i < 55; i += 1) {
      expect((await browser.post('/api/viewed', { productId: p(i) })).statusCode).toBe(200);
    }
    await browser.post('/api/viewed', { productId: p(10) });
    const list = (await browser.get('/api/viewed')).json() as number[];
    expect(list).toHaveLength(50);
    expect(list[0]).toBe(p(10));
    expect(list[1]).toBe(p(54));
    expect(new Set(list).size).toBe(50);
    expect(list).not.toContain(p(4));
    expect((await browser.delete('/api/viewed')).statusCode).toBe(200);
    expect((await browser.get('/api/viewed')).json()).toEqual([]);
  });

  it('shows a client record to its owner and to an administrator', async () => {
    const browser = new Browser(shop.app);
    const response = await browser.post('/api/register', {
      email: 'record@mail.ru',
      password: 'пароль записи',
      phone: '+7 812 5551234',
    });
    const clientId = (response.json() as { clientId: number }).clientId;
    expect((await browser.get(`/api/clients/${clientId}`)).json()).toEqual({
      id: clientId,
      email: 'record@mail.ru',
      // Stored in E.164 (issue 12; shared-rules/phone-number.ts).
      phone: '+78125551234',
      name: null,
    });
    const admin = new Browser(shop.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login');
    expect((await admin.get(`/api/clients/${clientId}`)).statusCode).toBe(200);
    expect((await admin.get('/api/clients/999999')).statusCode).toBe(404);
  });
});
