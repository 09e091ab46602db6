import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EXPORT_COLUMNS } from '../../api/admin-orders';
import type { AdminProductList } from '../../api/admin-products';
import { SqlProductAdminStore } from '../../server/infrastructure/admin-catalogue/sql-product-admin';
import { demoMediaUrls } from '../../server/infrastructure/catalogue/catalogue-module';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

/** More than one export batch (500 orders), with ties in every sort key so the keyset's id decides. */
const ORDERS = 1_150;

/**
 * Issue 27 item 5, the back office at 100 000 products — what makes it fast must not change what it
 * shows (the speed itself is `npm run bench:admin`, docs/performance.md): a deep page holds the rows the
 * list shows from its start, the total is exact below the count's cap and says «more» above it, the
 * category filter lists the products of the category's whole subtree, and the order export walks its
 * keyset batches in the list's order without losing or repeating an order at a batch boundary.
 */
describe.each(testDrivers())('back office lists at scale (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;

  beforeAll(async () => {
    shop = await startShopApp(driver);
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
    const [client] = await shop.database.rows<{ id: number }>(sql`
      INSERT INTO users (email, role, name) VALUES ('scale@mail.ru', 'user', 'Покупатель') RETURNING id`);
    // Seven orders share each moment and the totals repeat every 13 orders: ties everywhere. The
    // moments are 1 001 µs apart: keys compared at millisecond precision would skip orders.
    await shop.database.rows(sql`
      INSERT INTO orders (client_id, status, items, subtotal, discount, total, contact_name, contact_phone,
        contact_email, delivery_method, payment_method, created_at, updated_at, status_changed_at)
      SELECT ${client?.id}, (ARRAY['new','confirmed','paid','shipped','completed','cancelled'])[1 + n % 6],
        '[]'::jsonb, 100 * (1 + n % 13), 0, 100 * (1 + n % 13), 'Клиент ' || n, '+79210000000',
        'scale' || n || '@mail.ru', 'pickup', 'online',
        timestamptz '2026-06-01 12:00+03' - (n / 7) * 1001 * interval '1 microsecond',
        timestamptz '2026-06-01 12:00+03' - (n % 11) * 1001 * interval '1 microsecond',
        timestamptz '2026-06-01 12:00+03'
      FROM generate_series(1, ${ORDERS}) AS n`);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });

  const list = async (query: string): Promise<AdminProductList> => {
    const response = await admin.get(`/api/admin/products?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminProductList;
  };

  it.each(['new', 'name', 'price_asc', 'price_desc', 'stock_asc', 'stock_desc', 'updated'])(
    'a deep page holds the rows the list shows from its start (sort %s)',
    async (sort) => {
      const whole = await list(`sort=${sort}&limit=200`);
      const page = await list(`sort=${sort}&limit=20&page=6`);
      expect(page.items.map((row) => row.id)).toEqual(whole.items.slice(100, 120).map((row) => row.id));
      // The page's rows carry their category like the first page's.
      expect(page.items[0]?.category_name).toBe(whole.items[100]?.category_name);
    },
  );

  it('counts the matches exactly below the cap, and says «more» at it', async () => {
    const [live] = await shop.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM products WHERE deleted_at IS NULL`,
    );
    const first = await list('limit=25');
    expect(first).toMatchObject({ total: Number(live?.n), total_capped: false });
    // The last page's total needs no count, and is the same.
    const lastPage = Math.ceil(Number(live?.n) / 25);
    expect(await list(`limit=25&page=${lastPage}`)).toMatchObject({
      total: Number(live?.n),
      total_capped: false,
    });
    expect(await list(`limit=25&q=${encodeURIComponent('ъъъъъ')}`)).toMatchObject({
      total: 0,
      total_capped: false,
      items: [],
    });

    const capped = new SqlProductAdminStore(shop.database, demoMediaUrls, 30);
    const query = { page: 1, limit: 10 } as const;
    expect(await capped.list(query)).toMatchObject({ total: 30, total_capped: true });
    // The cap counts from the page's start: page 3 of 10 counts up to 20 + 30.
    expect(await capped.list({ ...query, page: 3 })).toMatchObject({ total: 50, total_capped: true });
    const narrow = await capped.list({ ...query, q: first.items[0]?.sku ?? '' });
    expect(narrow).toMatchObject({ total: 1, total_capped: false });
  });

  it('the category filter lists the products of the category and of every category below it', async () => {
    const [root] = await shop.database.rows<{ id: number }>(sql`
      SELECT c.id FROM categories c WHERE c.parent_id IS NULL
        AND EXISTS (SELECT 1 FROM categories k JOIN categories g ON g.parent_id = k.id WHERE k.parent_id = c.id)
      ORDER BY c.id LIMIT 1`);
    expect(root).toBeDefined();
    const expected = await shop.database.rows<{ id: number }>(sql`
      WITH RECURSIVE subtree(id) AS (
        SELECT ${root?.id}::int UNION SELECT k.id FROM categories k JOIN subtree s ON k.parent_id = s.id)
      SELECT DISTINCT p.id FROM products p JOIN product_categories pc ON pc.product_id = p.id
      WHERE pc.category_id IN (SELECT id FROM subtree) AND p.deleted_at IS NULL ORDER BY p.id`);
    expect(expected.length).toBeGreaterThan(0);
    const listed: number[] = [];
    for (let page = 1; listed.length < expected.length; page += 1) {
      const answer = await list(`category=${root?.id}&limit=50&sort=name&page=${page}`);
      expect(answer.total).toBe(expected.length);
      expect(answer.items.length).toBeGreaterThan(0);
      listed.push(...answer.items.map((row) => row.id));
    }
    expect(listed.sort((a, b) => a - b)).toEqual(expected.map((row) => Number(row.id)));
    // The same products in the export.
    const exported = await admin.get(`/api/admin/products/export?format=csv&category=${root?.id}`);
    expect(exported.statusCode).toBe(200);
    const rows = parse(exported.body.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    expect(rows.length - 1).toBe(expected.length);
  });

  it.each([
    ['createdAt', 'desc', sql`created_at DESC, id DESC`],
    ['createdAt', 'asc', sql`created_at ASC, id ASC`],
    ['total', 'asc', sql`total ASC, id ASC`],
    ['total', 'desc', sql`total DESC, id DESC`],
    [
      'status',
      'desc',
      sql`array_position(ARRAY['new','confirmed','awaiting_payment','awaiting_prepayment','paid','prepaid','ordered_from_factory','in_stock','delivery_agreed','shipped','delivered','completed','cancelled','claim']::text[], status) DESC, id DESC`,
    ],
    ['updatedAt', 'desc', sql`updated_at DESC, id DESC`],
  ] as const)('the order export walks its batches in the list order (%s %s)', async (sort, dir, order) => {
    const expected = await shop.database.rows<{ id: number }>(
      sql`SELECT id FROM orders WHERE deleted_at IS NULL ORDER BY ${order}`,
    );
    expect(expected.length).toBeGreaterThan(1_000);
    const response = await admin.get(`/api/admin/orders/export?format=csv&sort=${sort}&dir=${dir}`);
    expect(response.statusCode).toBe(200);
    const rows = parse(response.body.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
    const number = ORDER_EXPORT_COLUMNS.indexOf('Номер');
    expect(rows.slice(1).map((row) => Number(row[number]))).toEqual(expected.map((row) => Number(row.id)));
  });
});
