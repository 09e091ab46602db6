import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  someProductIds,
  startShopApp,
} from './support/session-client';

/**
 * "No race may answer 500" (issue 12, item 7) for the back office's writes, on PostgreSQL, where
 * transactions really run side by side (PGlite serialises them, so these cases would prove nothing
 * there). Each case fires one write many times at once and accepts only 2xx or 409, then checks that
 * the stored state is one of the answers (no lost or half-applied write).
 */
const RACERS = 12;

const statusesOf = (responses: readonly { statusCode: number }[]) =>
  responses.map((response) => response.statusCode);

const expectOnly2xxOr409 = (responses: readonly { statusCode: number; body: string }[], label: string) => {
  for (const response of responses) {
    const fine = (response.statusCode >= 200 && response.statusCode < 300) || response.statusCode === 409;
    expect(fine, `${label}: ${response.statusCode} ${response.body}`).toBe(true);
  }
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('back-office write races (PostgreSQL)', () => {
  let shop: ShopTestApp;
  let admin: Browser;
  const first = async (query: ReturnType<typeof sql>) =>
    (await shop.database.rows<{ id: number }>(query)).map((row) => Number(row.id));

  beforeAll(async () => {
    shop = await startShopApp('pg');
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('concurrent edits of one product: with and without expected_version, slug changes included', async () => {
    const [productId] = await first(
      sql`SELECT id FROM products WHERE deleted_at IS NULL ORDER BY id LIMIT 1`,
    );
    const before = (await admin.get(`/api/admin/products/${productId}`)).json() as { version: number };
    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        admin.patch(`/api/admin/products/${productId}`, {
          price: 1000 + index,
          // Half the racers change the slug (each to its own, two to the same) → redirect rows race too.
          ...(index % 2 === 0 ? { slug: `race-product-${index % 4 === 0 ? 'same' : index}` } : {}),
          ...(index % 3 === 0 ? { expected_version: before.version } : {}),
        }),
      ),
    );
    expectOnly2xxOr409(responses, 'product PATCH');
    const succeeded = responses.filter((response) => response.statusCode === 200);
    expect(succeeded.length).toBeGreaterThan(0);
    // Of the racers that sent the version they read, at most one can have won.
    const versioned = responses.filter((_, index) => index % 3 === 0);
    expect(versioned.filter((response) => response.statusCode === 200).length).toBeLessThanOrEqual(1);
    const stored = (await admin.get(`/api/admin/products/${productId}`)).json() as { price: number };
    const answered = succeeded.map((response) => (response.json() as { price: number }).price);
    expect(answered).toContain(stored.price);
  });

  it('concurrent creates of one SKU: one 201, the others 409', async () => {
    const [categoryId] = await first(sql`SELECT id FROM categories ORDER BY id LIMIT 1`);
    const responses = await Promise.all(
      Array.from({ length: RACERS }, () =>
        admin.post('/api/admin/products', {
          sku: 'RACE-SKU-1',
          name: 'Стул для гонки',
          price: 1500,
          category_id: categoryId,
        }),
      ),
    );
    expectOnly2xxOr409(responses, 'product create');
    expect(statusesOf(responses).filter((status) => status === 201)).toHaveLength(1);
  });

  it('concurrent category moves, including two categories moved under each other, keep a tree', async () => {
    const roots = await first(sql`SELECT id FROM categories WHERE parent_id IS NULL ORDER BY id LIMIT 4`);
    const [a, b, c, d] = roots;
    if (a === undefined || b === undefined || c === undefined || d === undefined)
      throw new Error('the seeded catalogue has fewer than four root categories');
    const responses = await Promise.all([
      admin.post(`/api/categories/${a}/move`, { parent_id: b, position: 0 }),
      admin.post(`/api/categories/${b}/move`, { parent_id: a, position: 0 }),
      admin.post(`/api/categories/${c}/move`, { parent_id: d, position: 0 }),
      admin.post(`/api/categories/${d}/move`, { parent_id: c, position: 0 }),
      ...Array.from({ length: RACERS - 4 }, (_, index) =>
        admin.post(`/api/categories/${index % 2 === 0 ? c : a}/move`, { parent_id: null, position: index }),
      ),
    ]);
    // 422 is the refusal of a cycle found by the check itself; never a 5xx.
    for (const response of responses) {
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect([200, 409, 422], response.body).toContain(response.statusCode);
    }
    // No category is its own ancestor.
    const cycles = await shop.database.rows<{ id: number }>(sql`
      WITH RECURSIVE up(start, id, depth) AS (
        SELECT id, parent_id, 1 FROM categories WHERE parent_id IS NOT NULL
        UNION ALL
        SELECT up.start, c.parent_id, up.depth + 1 FROM up JOIN categories c ON c.id = up.id
        WHERE c.parent_id IS NOT NULL AND up.depth < 50 AND up.id <> up.start
      )
      SELECT DISTINCT start AS id FROM up WHERE id = start`);
    expect(cycles).toEqual([]);
    // Every category list still answers (the tree is readable).
    expect((await admin.get('/api/categories')).statusCode).toBe(200);
  });

  it('a move into a category racing its deletion never leaves a subtree hanging from nothing', async () => {
    for (let round = 0; round < 5; round += 1) {
      const created = await admin.post('/api/categories', { name: `Пустая ${round}`, parent_id: null });
      expect(created.statusCode, created.body).toBeLessThan(300);
      const emptyId = (created.json() as { id: number }).id;
      const moved = await admin.post('/api/categories', { name: `Переносимая ${round}`, parent_id: null });
      const movedId = (moved.json() as { id: number }).id;
      const [move, child, remove] = await Promise.all([
        admin.post(`/api/categories/${movedId}/move`, { parent_id: emptyId, position: 0 }),
        admin.post('/api/categories', { name: `Дочерняя ${round}`, parent_id: emptyId }),
        admin.delete(`/api/categories/${emptyId}`),
      ]);
      expect([200, 404, 409], move.body).toContain(move.statusCode);
      expect([201, 404, 409], child.body).toContain(child.statusCode);
      expect([200, 409], remove.body).toContain(remove.statusCode);
    }
    const orphans = await shop.database.rows<{ id: number }>(sql`
      SELECT c.id FROM categories c LEFT JOIN categories p ON p.id = c.parent_id
      WHERE c.parent_id IS NOT NULL AND p.id IS NULL`);
    expect(orphans).toEqual([]);
  });

  it('concurrent bulk edits of overlapping products and concurrent undos of one operation', async () => {
    const ids = await first(
      sql`SELECT id FROM products WHERE deleted_at IS NULL ORDER BY id LIMIT 30 OFFSET 5`,
    );
    const edits = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        admin.post('/api/admin/products/bulk', {
          ids: index % 2 === 0 ? ids.slice(0, 20) : ids.slice(10),
          price_percent: index + 1,
        }),
      ),
    );
    expectOnly2xxOr409(edits, 'bulk edit');
    expect(statusesOf(edits)).toEqual(edits.map(() => 200));
    const operations = edits.map((response) => (response.json() as { operation: string }).operation);
    const [operation] = operations;
    const undos = await Promise.all(
      Array.from({ length: RACERS }, () => admin.post(`/api/admin/products/bulk/${operation}/undo`)),
    );
    expectOnly2xxOr409(undos, 'bulk undo');
    expect(statusesOf(undos).filter((status) => status === 200)).toHaveLength(1);
    // An undo racing further bulk edits of the same products.
    const mixed = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        admin.post('/api/admin/products/bulk', { ids: ids.slice(0, 15), badge: 'new' }),
      ),
      ...Array.from({ length: 4 }, (_, index) =>
        admin.post(`/api/admin/products/bulk/${operations[index + 1]}/undo`),
      ),
    ]);
    expectOnly2xxOr409(mixed, 'bulk edit + undo');
  });

  it('concurrent saves of one news item and one style naming the same version: one wins', async () => {
    for (const [table, url, field] of [
      ['news', '/api/admin/news', 'title'],
      ['style_categories', '/api/admin/style-categories', 'name'],
    ] as const) {
      const [id] = await first(sql.raw(`SELECT id FROM ${table} ORDER BY id LIMIT 1`));
      const { version } = (await admin.get(`${url}/${id}`)).json() as { version: number };
      const responses = await Promise.all(
        Array.from({ length: RACERS }, (_, index) =>
          admin.patch(`${url}/${id}`, { [field]: `Заголовок гонки ${index}`, expected_version: version }),
        ),
      );
      expectOnly2xxOr409(responses, `${url} PATCH`);
      expect(
        statusesOf(responses).filter((status) => status === 200),
        url,
      ).toHaveLength(1);
    }
  });

  it('concurrent promo edits and creates of one code', async () => {
    const creates = await Promise.all(
      Array.from({ length: RACERS }, () =>
        admin.post('/api/admin/promo', { code: 'RACE10', kind: 'percent', value: 10 }),
      ),
    );
    expectOnly2xxOr409(creates, 'promo create');
    expect(statusesOf(creates).filter((status) => status === 201 || status === 200)).toHaveLength(1);
    const { version } = (await admin.get('/api/admin/promo/RACE10')).json() as { version: number };
    const edits = await Promise.all(
      Array.from({ length: RACERS }, (_, index) =>
        admin.patch('/api/admin/promo/RACE10', {
          value: 5 + index,
          usage_limit: 100 + index,
          ...(index % 2 === 0 ? { expected_version: version } : {}),
        }),
      ),
    );
    expectOnly2xxOr409(edits, 'promo PATCH');
    const versionedWins = edits.filter((response, index) => index % 2 === 0 && response.statusCode === 200);
    expect(versionedWins.length).toBeLessThanOrEqual(1);
    const stored = (await admin.get('/api/admin/promo/RACE10')).json() as {
      value: number;
      usage_limit: number;
    };
    expect(stored.usage_limit - stored.value).toBe(95);
    const deletes = await Promise.all(
      Array.from({ length: 4 }, () => admin.delete('/api/admin/promo/RACE10')),
    );
    for (const response of deletes)
      expect([200, 204, 404, 409], response.body).toContain(response.statusCode);
  });

  it('concurrent status moves, edits, cancel and delete of one order', async () => {
    const [productId] = await someProductIds(shop.database, 1);
    const placed = await new Browser(shop.app).request(
      'POST',
      '/api/orders',
      {
        cart: [{ id: productId, quantity: 1 }],
        contact: { name: 'Ирина', phone: '+7 (921) 555-44-11', email: 'race-order@mail.ru' },
        delivery: { method: 'pickup' },
        paymentMethod: 'on_delivery',
        consent: true,
      },
      { 'idempotency-key': 'admin-race-order-0001' },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = (placed.json() as { id: number }).id;
    const url = `/api/admin/orders/${orderId}`;
    const responses = await Promise.all([
      ...(['confirmed', 'awaiting_payment', 'confirmed', 'cancelled', 'confirmed', 'cancelled'] as const).map(
        (status) => admin.patch(url, { status }),
      ),
      ...Array.from({ length: 4 }, (_, index) =>
        admin.patch(`${url}/user-info`, { contact: { name: `Ирина ${index}` } }),
      ),
      admin.post(`${url}/allow-payment`, { allowed: true }),
      admin.delete(url),
      admin.post(`${url}/restore`),
    ]);
    for (const response of responses) {
      expect(response.statusCode, `${response.statusCode} ${response.body}`).toBeLessThan(500);
    }
    expect((await admin.get(url)).statusCode).toBeLessThan(500);
  });

  it('concurrent replies and triage of one client request', async () => {
    const created = await new Browser(shop.app).post('/api/requests', {
      subject: 'Отзыв о доставке',
      text: 'Сообщение: гонка ответов',
      email: 'race-feedback@mail.ru',
    });
    expect(created.statusCode, created.body).toBe(201);
    const requestId = (created.json() as { requestId: number }).requestId;
    const responses = await Promise.all([
      ...Array.from({ length: RACERS }, (_, index) =>
        admin.post(`/api/admin/client-requests/${requestId}/replies`, { text: `Ответ номер ${index}` }),
      ),
      ...(['in_progress', 'done', 'new', 'in_progress'] as const).map((status) =>
        admin.patch(`/api/admin/client-requests/${requestId}`, { status }),
      ),
    ]);
    for (const response of responses) {
      expect(response.statusCode, response.body).toBeLessThan(500);
    }
    const replies = responses.slice(0, RACERS);
    expectOnly2xxOr409(replies, 'request reply');
    const thread = (await admin.get(`/api/admin/client-requests/${requestId}`)).json() as {
      messages: { author: string }[];
    };
    expect(thread.messages.filter((message) => message.author === 'admin').length).toBe(
      statusesOf(replies).filter((status) => status < 300).length,
    );
  });
});
