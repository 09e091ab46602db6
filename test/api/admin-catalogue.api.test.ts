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
  id: number;
  sku: string;
  slug: string;
  name: string;
  price: number;
  price_old: number | null;
  badge: string | null;
  stock: number | null;
  hidden: boolean;
  deleted_at: string | null;
  description: string;
  seo_title: string;
  specs: Record<string, string>;
  raw_fields: Record<string, string>;
  version: number;
  category_id: number;
}

const contact = (email: string) => ({ name: 'Анна', phone: '+7 812 555 12 34', email });

/**
 * Issue 11, products: list filters, partial update, visibility, soft delete, stock on the storefront
 * and in orders (concurrency included), bulk edit with undo, import dry run and confirm, export.
 */
describe.each(testDrivers())('admin catalogue: products (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let categoryId = 0;

  beforeAll(async () => {
    shop = await startShopApp(driver);
    admin = new Browser(shop.app);
    const login = await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login');
    expect(login.statusCode).toBe(200);
    const [category] = await shop.database.rows<{ id: number }>(
      (await import('drizzle-orm')).sql`SELECT category_id AS id FROM products ORDER BY id LIMIT 1`,
    );
    categoryId = Number(category?.id);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });

  const create = async (overrides: Record<string, unknown> = {}): Promise<Product> => {
    const response = await admin.post('/api/admin/products', {
      name: `Тестовый диван ${Math.random().toString(36).slice(2, 8)}`,
      price: 10_000,
      category_id: categoryId,
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Product;
  };

  it('creates a product, lists and finds it by text, and reads every field back', async () => {
    const product = await create({
      sku: 'TEST-0001',
      description: 'Мягкий диван <не HTML>',
      specs: { COLOR: 'Серый', PRICE_EUR: '100' },
      seo_title: 'Диван',
      stock: 5,
    });
    expect(product.sku).toBe('TEST-0001');
    // Plain text, kept as typed: the storefront renders it escaped, never as HTML.
    expect(product.description).toBe('Мягкий диван <не HTML>');
    // A hidden raw field sent among the specs lands in raw_fields, never among the visible specs.
    expect(product.specs).toEqual({ COLOR: 'Серый' });
    expect(product.raw_fields).toEqual({ PRICE_EUR: '100' });
    expect(product.stock).toBe(5);
    const list = await admin.get('/api/admin/products?q=test-0001');
    expect(list.statusCode).toBe(200);
    expect((list.json() as { items: { id: number }[]; total: number }).items.map((row) => row.id)).toEqual([
      product.id,
    ]);
    const got = await admin.get(`/api/admin/products/${product.id}`);
    expect((got.json() as Product).seo_title).toBe('Диван');
    const duplicate = await admin.post('/api/admin/products', {
      name: 'Другой',
      sku: 'TEST-0001',
      price: 1,
      category_id: categoryId,
    });
    expect(duplicate.statusCode).toBe(409);
    expect((duplicate.json() as { message: string }).message).toMatch(/артикул/);
  });

  it('a partial update changes only the named field, and the storefront shows it at once', async () => {
    const product = await create({ price_old: 15_000, badge: 'new' });
    const storefrontBefore = await admin.get(`/api/products/${product.id}`);
    expect((storefrontBefore.json() as { price: number }).price).toBe(10_000);
    const patched = await admin.patch(`/api/admin/products/${product.id}`, { price: 12_990 });
    expect(patched.statusCode).toBe(200);
    const after = patched.json() as Product;
    expect(after.price).toBe(12_990);
    expect(after.price_old).toBe(15_000);
    expect(after.badge).toBe('new');
    expect(after.name).toBe(product.name);
    expect(after.version).toBe(product.version + 1);
    const storefront = await admin.get(`/api/products/${product.id}`);
    expect((storefront.json() as { price: number }).price).toBe(12_990);
    // Someone else saved first: the older version is refused.
    const stale = await admin.patch(`/api/admin/products/${product.id}`, {
      price: 1,
      expected_version: product.version,
    });
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as { error: string }).error).toBe('version_conflict');
    const bad = await admin.patch(`/api/admin/products/${product.id}`, { price: -5 });
    expect(bad.statusCode).toBe(400);
  });

  it('hides, soft-deletes and restores; hidden and deleted products leave the storefront', async () => {
    const product = await create();
    expect((await admin.get(`/api/products/${product.id}`)).statusCode).toBe(200);
    const hidden = await admin.post(`/api/admin/products/${product.id}/visibility`, { hidden: true });
    expect((hidden.json() as Product).hidden).toBe(true);
    expect((await admin.get(`/api/products/${product.id}`)).statusCode).toBe(404);
    await admin.post(`/api/admin/products/${product.id}/visibility`, { hidden: false });
    expect((await admin.get(`/api/products/${product.id}`)).statusCode).toBe(200);
    const deleted = await admin.delete(`/api/admin/products/${product.id}`);
    expect((deleted.json() as Product).deleted_at).not.toBeNull();
    expect((await admin.get(`/api/products/${product.id}`)).statusCode).toBe(404);
    const listed = await admin.get(`/api/admin/products?deleted=true&q=${encodeURIComponent(product.sku)}`);
    expect((listed.json() as { items: { id: number }[] }).items.map((row) => row.id)).toContain(product.id);
    const restored = await admin.post(`/api/admin/products/${product.id}/restore`);
    expect((restored.json() as Product).deleted_at).toBeNull();
    expect((await admin.get(`/api/products/${product.id}`)).statusCode).toBe(200);
  });

  it('a product slug change answers the old /product/ address with a 301', async () => {
    const product = await create();
    await admin.patch(`/api/admin/products/${product.id}`, { slug: `${product.slug}-novyj` });
    const old = await shop.app.inject({ method: 'GET', url: `/product/${product.slug}` });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/product/${product.slug}-novyj`);
  });

  it('stock: the storefront shows availability and an order cannot take more than is left', async () => {
    const product = await create({ stock: 1 });
    const card = (await admin.get(`/api/products/${product.id}`)).json() as { in_stock: boolean };
    expect(card.in_stock).toBe(true);
    const shoppers = [new Browser(shop.app), new Browser(shop.app)];
    await shoppers[0]?.register('race-one@mail.ru');
    await shoppers[1]?.register('race-two@mail.ru');
    const answers = await Promise.all(
      shoppers.map((shopper, index) =>
        shopper.post('/api/orders', {
          cart: [{ id: product.id, quantity: 1 }],
          contact: contact(index === 0 ? 'race-one@mail.ru' : 'race-two@mail.ru'),
          delivery: { method: 'pickup' },
          paymentMethod: 'on_delivery',
          consent: true,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    const refusal = (refused?.json() ?? {}) as { error?: string; message?: string };
    expect(refusal.error).toBe('out_of_stock');
    expect(refusal.message).toContain(product.name);
    expect(refusal.message).toContain('нет в наличии');
    const after = (await admin.get(`/api/admin/products/${product.id}`)).json() as Product;
    expect(after.stock).toBe(0);
    const sold = (await admin.get(`/api/products/${product.id}`)).json() as { in_stock: boolean };
    expect(sold.in_stock).toBe(false);
    // Cancelling the order gives the unit back.
    const placed = answers.find((answer) => answer.statusCode === 201)?.json() as { id: number };
    await shop.database.rows(
      (await import('drizzle-orm')).sql`UPDATE orders SET status = 'cancelled' WHERE id = ${placed.id}`,
    );
    const returned = (await admin.get(`/api/admin/products/${product.id}`)).json() as Product;
    expect(returned.stock).toBe(1);
  }, 60_000);

  it.runIf(driver === 'pg')(
    'stock: 20 concurrent orders for 3 units make exactly 3 orders',
    async () => {
      const product = await create({ stock: 3 });
      const shoppers = await Promise.all(
        Array.from({ length: 20 }, async (_, index) => {
          const shopper = new Browser(shop.app);
          await shopper.register(`stock-race-${index}@mail.ru`);
          return shopper;
        }),
      );
      const answers = await Promise.all(
        shoppers.map((shopper, index) =>
          shopper.post('/api/orders', {
            cart: [{ id: product.id, quantity: 1 }],
            contact: contact(`stock-race-${index}@mail.ru`),
            delivery: { method: 'pickup' },
            paymentMethod: 'on_delivery',
            consent: true,
          }),
        ),
      );
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
      expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(17);
      const after = (await admin.get(`/api/admin/products/${product.id}`)).json() as Product;
      expect(after.stock).toBe(0);
    },
    120_000,
  );

  it('bulk edit answers an operation; undo restores, except a product changed since', async () => {
    const one = await create({ price: 1000, badge: null });
    const two = await create({ price: 2000, badge: 'new' });
    const bulk = await admin.post('/api/admin/products/bulk', {
      ids: [one.id, two.id, 999_999],
      price_percent: 10,
      badge: 'trending',
    });
    expect(bulk.statusCode).toBe(200);
    const operation = bulk.json() as { operation: string; results: { id: number; ok: boolean }[] };
    expect(operation.results).toEqual([
      { id: one.id, ok: true },
      { id: two.id, ok: true },
      { id: 999_999, ok: false, error: 'Товар не найден.' },
    ]);
    expect(((await admin.get(`/api/admin/products/${one.id}`)).json() as Product).price).toBe(1100);
    await admin.patch(`/api/admin/products/${two.id}`, { price: 5000 });
    const undo = await admin.post(`/api/admin/products/bulk/${operation.operation}/undo`);
    expect(undo.statusCode).toBe(200);
    const results = (undo.json() as { results: { id: number; ok: boolean }[] }).results;
    expect(results.find((row) => row.id === one.id)?.ok).toBe(true);
    expect(results.find((row) => row.id === two.id)?.ok).toBe(false);
    const first = (await admin.get(`/api/admin/products/${one.id}`)).json() as Product;
    expect([first.price, first.badge]).toEqual([1000, null]);
    expect(((await admin.get(`/api/admin/products/${two.id}`)).json() as Product).price).toBe(5000);
    expect((await admin.post(`/api/admin/products/bulk/${operation.operation}/undo`)).statusCode).toBe(409);
  });

  const upload = (url: string, name: string, bytes: Buffer, type: string) => {
    const boundary = '----h7boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return shop.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: admin.ip,
      headers: {
        origin: 'http://shop.test',
        cookie: [admin.cookie, admin.deviceCookie].filter(Boolean).join('; '),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
  };

  it('import: the dry run validates rows and writes nothing; confirm writes', async () => {
    const existing = await create({ sku: 'IMP-EXIST', price: 500 });
    const [category] = await shop.database.rows<{ slug: string }>(
      (await import('drizzle-orm')).sql`SELECT slug FROM categories WHERE id = ${categoryId}`,
    );
    const csv = [
      'Артикул;Название;Категория (slug);Цена;Остаток;COLOR',
      `IMP-EXIST;;;777;;Белый`,
      `IMP-NEW-1;Новый стул;${category?.slug};3500;4;Дуб`,
      `IMP-BAD;Плохой;нет-такой;abc;;`,
    ].join('\n');
    const dry = await upload('/api/admin/products/import', 'товары.csv', Buffer.from(csv), 'text/csv');
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json() as {
      token: string;
      created: number;
      updated: number;
      errors: number;
      summary: string;
      rows: { row: number; sku: string; action: string; errors: string[] }[];
    };
    expect([report.created, report.updated, report.errors]).toEqual([1, 1, 1]);
    expect(report.summary).toBe('1 создан, 1 обновлён, 1 ошибка');
    const bad = report.rows.find((row) => row.sku === 'IMP-BAD');
    expect(bad?.row).toBe(4);
    expect(bad?.errors.join(' ')).toMatch(/Цена/);
    // Nothing written yet.
    expect(((await admin.get(`/api/admin/products/${existing.id}`)).json() as Product).price).toBe(500);
    expect((await admin.get('/api/admin/products?q=IMP-NEW-1')).json()).toMatchObject({ total: 0 });
    const confirm = await admin.post(`/api/admin/products/import/${report.token}/confirm`);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({ created: 1, updated: 1, errors: 1 });
    const updated = (await admin.get(`/api/admin/products/${existing.id}`)).json() as Product;
    expect(updated.price).toBe(777);
    expect(updated.specs.COLOR).toBe('Белый');
    expect(updated.name).toBe(existing.name);
    const created = (await admin.get('/api/admin/products?q=IMP-NEW-1')).json() as {
      items: { stock: number | null }[];
    };
    expect(created.items[0]?.stock).toBe(4);
    expect((await admin.post(`/api/admin/products/import/${report.token}/confirm`)).statusCode).toBe(409);
  });

  it('export writes the columns import accepts (CSV and XLSX)', async () => {
    const csv = await admin.get('/api/admin/products/export?q=IMP-EXIST&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('Артикул;Название;Адрес (slug);Категория (slug);Цена');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('IMP-EXIST');
    const xlsx = await admin.get('/api/admin/products/export?q=IMP-EXIST&format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // The exported file goes back in as an import without errors.
    const again = await upload(
      '/api/admin/products/import',
      'export.xlsx',
      xlsx.rawPayload,
      'application/octet-stream',
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ errors: 0, created: 0 });
  });

  it('pictures: a guest or a client cannot upload; a failed upload leaves no file behind', async () => {
    const { readdirSync, existsSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    const uploads = resolve('.tmp/test-data/media/upload');
    const files = () => (existsSync(uploads) ? readdirSync(uploads).length : 0);
    const sharp = (await import('sharp')).default;
    const jpeg = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const product = await create();
    const guest = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/images`,
      payload: Buffer.from(
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nx\r\n--b--\r\n',
      ),
      headers: { origin: 'http://shop.test', 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(guest.statusCode).toBe(401);
    const client = new Browser(shop.app);
    await client.register('uploader@mail.ru');
    const asClient = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/images`,
      payload: Buffer.from(
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nx\r\n--b--\r\n',
      ),
      headers: {
        origin: 'http://shop.test',
        cookie: client.cookie ?? '',
        'content-type': 'multipart/form-data; boundary=b',
      },
    });
    expect(asClient.statusCode).toBe(403);
    const before = files();
    // A valid picture for a product that does not exist: rendered, then refused, and its files removed.
    const missing = await upload('/api/admin/products/999999/images', 'photo.jpg', jpeg, 'image/jpeg');
    expect(missing.statusCode).toBe(404);
    expect(files()).toBe(before);
    // A category picture: set, replaced (the old files go), removed.
    const category = await upload(`/api/categories/${categoryId}/image`, 'c.jpg', jpeg, 'image/jpeg');
    expect(category.statusCode, category.body).toBe(200);
    expect((category.json() as { image: { url: string } | null }).image?.url).toContain('/media/upload/');
    const replaced = await upload(`/api/categories/${categoryId}/image`, 'd.jpg', jpeg, 'image/jpeg');
    expect(replaced.statusCode).toBe(200);
    expect(files()).toBe(before + 6);
    const cleared = await admin.delete(`/api/categories/${categoryId}/image`);
    expect((cleared.json() as { image: unknown }).image).toBeNull();
    expect(files()).toBe(before);
  });

  it('pictures: JPEG/PNG/WEBP by content; files made and removed; order and alt', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#a0522d' } })
      .png()
      .toBuffer();
    const product = await create();
    const first = await upload(`/api/admin/products/${product.id}/images`, 'photo.png', png, 'image/png');
    expect(first.statusCode, first.body).toBe(201);
    const images = first.json() as {
      key: string;
      sources: { url: string }[];
      avif_sources: { url: string }[];
    }[];
    expect(images).toHaveLength(1);
    const key = images[0]?.key ?? '';
    expect(images[0]?.avif_sources.length).toBeGreaterThan(0);
    const media = await shop.app.inject({ method: 'GET', url: images[0]?.sources[0]?.url ?? '' });
    expect(media.statusCode).toBe(200);
    // A script named .jpg is refused by content.
    const fake = await upload(
      `/api/admin/products/${product.id}/images`,
      'evil.jpg',
      Buffer.from('<script>alert(1)</script>'),
      'image/jpeg',
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({ error: 'invalid_image_type' });
    const second = await upload(`/api/admin/products/${product.id}/images`, 'b.png', png, 'image/png');
    const keys = (second.json() as { key: string }[]).map((image) => image.key);
    const reordered = await admin.put(`/api/admin/products/${product.id}/images/order`, {
      keys: [...keys].reverse(),
    });
    expect((reordered.json() as { key: string }[]).map((image) => image.key)).toEqual([...keys].reverse());
    const storefront = (await admin.get(`/api/products/${product.id}`)).json() as {
      tovar_pic1_url_site: string;
    };
    expect(storefront.tovar_pic1_url_site).toContain(keys[1]);
    const alt = await admin.patch(`/api/admin/products/${product.id}/images/${key.replaceAll('/', '~')}`, {
      alt: 'Диван в гостиной',
    });
    expect((alt.json() as { key: string; alt: string }[]).find((image) => image.key === key)?.alt).toBe(
      'Диван в гостиной',
    );
    const removed = await admin.delete(
      `/api/admin/products/${product.id}/images/${key.replaceAll('/', '~')}`,
    );
    expect(removed.statusCode).toBe(200);
    expect((await shop.app.inject({ method: 'GET', url: images[0]?.sources[0]?.url ?? '' })).statusCode).toBe(
      404,
    );
  });
});
