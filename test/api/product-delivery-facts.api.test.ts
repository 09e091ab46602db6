import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../api/admin-products';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Issue 23, item 2 (docs/delivery.md «Item classes and packed sizes»): a product's item class, packed
 * size, weight, boxes and assembly are edited in the product form, imported by label or id and
 * exported; the demo catalogue has them by category.
 */
describe.each(testDrivers())('product delivery facts (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let categoryId = 0;
  let categorySlug = '';

  const upload = (bytes: Buffer) => {
    const boundary = '----h23boundary';
    return shop.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="товары.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      remoteAddress: admin.ip,
      headers: {
        origin: 'http://shop.test',
        cookie: [admin.cookie, admin.deviceCookie].filter(Boolean).join('; '),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
  };

  beforeAll(async () => {
    shop = await startShopApp(driver);
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
    const [category] = await shop.database.rows<{ id: number; slug: string }>(
      sql`SELECT c.id, c.slug FROM products p JOIN categories c ON c.id = p.category_id ORDER BY p.id LIMIT 1`,
    );
    categoryId = Number(category?.id);
    categorySlug = category?.slug ?? '';
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('the demo catalogue has classes and packed sizes by its nouns', async () => {
    const rows = await shop.database.rows<{ name: string; item_class: string; assembly_available: boolean }>(
      sql`SELECT name, item_class, assembly_available FROM products WHERE name ILIKE 'Угловой диван%' LIMIT 1`,
    );
    expect(rows[0]).toMatchObject({ item_class: 'corner_sofa', assembly_available: true });
    const [{ unclassified } = { unclassified: -1 }] = await shop.database.rows<{ unclassified: number }>(
      sql`SELECT count(*)::int AS unclassified FROM products WHERE item_class IS NULL`,
    );
    expect(unclassified).toBe(0);
  });

  it('the product form saves and reads back the class, packed size, weight, boxes and assembly', async () => {
    const created = await admin.post('/api/admin/products', {
      name: 'Шкаф-купе «Тест»',
      price: 45_000,
      category_id: categoryId,
      item_class: 'wardrobe',
      packed_width: 184,
      packed_depth: 64,
      packed_height: 80,
      packed_weight: 118.5,
      packed_boxes: 4,
      assembly_available: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json() as AdminProduct;
    expect(product).toMatchObject({
      item_class: 'wardrobe',
      packed_width: 184,
      packed_depth: 64,
      packed_height: 80,
      packed_weight: 118.5,
      packed_boxes: 4,
      assembly_available: true,
    });
    const patched = await admin.patch(`/api/admin/products/${product.id}`, {
      item_class: 'chest',
      packed_boxes: 2,
      expected_version: product.version,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ item_class: 'chest', packed_boxes: 2, packed_weight: 118.5 });
    const bad = await admin.patch(`/api/admin/products/${product.id}`, {
      item_class: 'ракета',
      packed_boxes: 0,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('import reads a class by its Russian label, checks the numbers, and export writes them back', async () => {
    const csv = [
      'Артикул;Название;Категория (slug);Цена;Класс для доставки;Ширина упаковки, см;Вес упаковки, кг;Кол-во коробок;Сборка',
      `DLV-1;Кровать «Тест»;${categorySlug};52000;Кровать от 160 см;205;61,5;3;да`,
      `DLV-2;Плохая;${categorySlug};1000;ракета;-5;много;0;может быть`,
    ].join('\n');
    const dry = await upload(Buffer.from(csv));
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json() as { token: string; rows: { sku: string; errors: string[] }[] };
    const errors = report.rows.find((row) => row.sku === 'DLV-2')?.errors ?? [];
    expect(errors).toHaveLength(5);
    expect(errors[0]).toMatch(/^«Класс для доставки»: один из классов: Диван, Угловой диван/);
    expect((await admin.post(`/api/admin/products/import/${report.token}/confirm`)).statusCode).toBe(200);
    const found = (await admin.get('/api/admin/products?q=DLV-1')).json() as { items: { id: number }[] };
    const imported = (await admin.get(`/api/admin/products/${found.items[0]?.id}`)).json() as AdminProduct;
    expect(imported).toMatchObject({
      item_class: 'bed_large',
      packed_width: 205,
      packed_weight: 61.5,
      packed_boxes: 3,
      assembly_available: true,
    });
    const exported = await admin.get('/api/admin/products/export?q=DLV-1&format=csv');
    const [header = '', row = ''] = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    const cell = (name: string) => row.split(';')[header.split(';').indexOf(name)];
    expect(cell('Класс для доставки')).toBe('Кровать от 160 см');
    expect(cell('Вес упаковки, кг')).toBe('61,5');
    expect(cell('Сборка')).toBe('да');
  });
});
