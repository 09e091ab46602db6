import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

interface Product {
  readonly id: number;
  readonly price: number;
  readonly sku: string;
}

/**
 * Issue 25 item 7: a product never gets a 0 ₽ price through the API — not on create, not in a PATCH,
 * not in a bulk edit (a fixed price, or a percent cut that would round to 0), not by import. The
 * refusals are 400s with a Russian message; nothing is stored.
 */
describe.each(testDrivers())('admin products: a price is at least 1 ₽ (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let categoryId = 0;

  beforeAll(async () => {
    shop = await startShopApp(driver);
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
    const [category] = await shop.database.rows<{ id: number; slug: string }>(
      (await import('drizzle-orm')).sql`SELECT category_id AS id FROM products ORDER BY id LIMIT 1`,
    );
    categoryId = Number(category?.id);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });

  const create = async (price: number): Promise<Product> => {
    const response = await admin.post('/api/admin/products', {
      name: `Стул для проверки цены ${Math.random().toString(36).slice(2, 8)}`,
      price,
      category_id: categoryId,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Product;
  };
  const priceOf = async (id: number) =>
    ((await admin.get(`/api/admin/products/${id}`)).json() as Product).price;

  it('refuses 0 ₽ on create, in a PATCH and in a bulk edit, with a Russian message naming the field', async () => {
    const refusedCreate = await admin.post('/api/admin/products', {
      name: 'Стул за ноль',
      price: 0,
      category_id: categoryId,
    });
    expect(refusedCreate.statusCode).toBe(400);
    expect((refusedCreate.json() as { message: string }).message).toBe(
      'Некорректное тело запроса: поле «price».',
    );

    const product = await create(4990);
    const patch = await admin.patch(`/api/admin/products/${product.id}`, { price: 0 });
    expect(patch.statusCode).toBe(400);
    expect((patch.json() as { message: string }).message).toContain('«price»');
    const bulk = await admin.post('/api/admin/products/bulk', { ids: [product.id], price: 0 });
    expect(bulk.statusCode).toBe(400);
    expect((bulk.json() as { message: string }).message).toContain('«price»');
    expect(await priceOf(product.id)).toBe(4990);
  });

  it('a −90 % bulk cut never takes a price below 1 ₽', async () => {
    const cheap = await create(3);
    const bulk = await admin.post('/api/admin/products/bulk', { ids: [cheap.id], price_percent: -90 });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await priceOf(cheap.id)).toBe(1);
  });

  it('an import row with a 0 price is an error row, in Russian', async () => {
    const boundary = 'price-boundary';
    const csv = ['Артикул;Цена', `${(await create(700)).sku};0`].join('\n');
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="цены.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv),
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
    const report = dry.json() as { errors: number; rows: { errors: string[] }[] };
    expect(report.errors).toBe(1);
    expect(report.rows[0]?.errors).toEqual(['«Цена»: нужно целое число от 1.']);
  });
});
