import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

interface Category {
  id: number;
  slug: string;
  path: string;
  parent_id: number | null;
  active: boolean;
  refs: number[];
  product_count: number;
  child_count: number;
  sort_order: number;
  version: number;
}

/**
 * Issue 11: categories (create, update, move with 301s, delete refusals, cross-links, redirects),
 * promo codes (limits under concurrency, statistics), dictionaries, news, static pages, SEO texts,
 * popular tags and style categories — and that each write shows on the storefront at once.
 */
describe.each(testDrivers())('admin catalogue: structure, promotions, content (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;

  beforeAll(async () => {
    shop = await startShopApp(driver);
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });

  const categories = async (): Promise<Category[]> =>
    (await admin.get('/api/admin/categories')).json() as Category[];

  it('creates a category tree, moves a branch and answers the old URLs with 301', async () => {
    const named = (
      await admin.post('/api/categories', { name: 'Тестовый раздел', parent_id: null })
    ).json() as Category;
    // Without a slug, one is made from the Russian name.
    expect(named.path).toMatch(/^testov[a-z]*-razdel$/);
    const root = (
      await admin.post('/api/categories', {
        name: 'Тестовый раздел 2',
        slug: 'testovyj-razdel',
        parent_id: null,
      })
    ).json() as Category;
    expect(root.path).toBe('testovyj-razdel');
    const child = await admin.post('/api/categories', {
      name: 'Кресла-качалки',
      slug: 'kresla-kachalki',
      parent_id: root.id,
    });
    expect(child.statusCode).toBe(201);
    const leaf = (
      await admin.post('/api/categories', {
        name: 'Плетёные',
        slug: 'pletenye',
        parent_id: (child.json() as Category).id,
      })
    ).json() as Category;
    expect(leaf.path).toBe('testovyj-razdel/kresla-kachalki/pletenye');
    const other = (
      await admin.post('/api/categories', {
        name: 'Другой раздел',
        slug: 'drugoj-razdel',
        parent_id: null,
      })
    ).json() as Category;

    const moved = await admin.post(`/api/categories/${(child.json() as Category).id}/move`, {
      parent_id: other.id,
      position: 0,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (moved.json() as Category[]).find((category) => category.id === leaf.id);
    expect(after?.path).toBe('drugoj-razdel/kresla-kachalki/pletenye');
    const old = await shop.app.inject({
      method: 'GET',
      url: '/category/testovyj-razdel/kresla-kachalki/pletenye?sort=new',
    });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/category/drugoj-razdel/kresla-kachalki/pletenye?sort=new');
    // A slug change redirects too, and chains are flattened (no 301 → 301).
    await admin.patch(`/api/categories/${(child.json() as Category).id}`, { slug: 'kachalki' });
    const oldest = await shop.app.inject({
      method: 'GET',
      url: '/category/testovyj-razdel/kresla-kachalki/pletenye',
    });
    expect(oldest.headers.location).toBe('/category/drugoj-razdel/kachalki/pletenye');
    const redirects = (await admin.get('/api/admin/redirects?q=pletenye')).json() as { total: number };
    expect(redirects.total).toBeGreaterThanOrEqual(2);
    // Moving under its own descendant is refused.
    const cycle = await admin.post(`/api/categories/${other.id}/move`, { parent_id: leaf.id, position: 0 });
    expect(cycle.statusCode).toBe(409);
    // The storefront's category list shows the move at once.
    const publicList = (await admin.get('/api/categories')).json() as Category[];
    expect(publicList.find((category) => category.id === leaf.id)?.path).toBe(
      'drugoj-razdel/kachalki/pletenye',
    );
  });

  it('refuses to delete a category with products or subcategories; deletes an empty one', async () => {
    const [used] = await shop.database.rows<{ id: number }>(
      sql`SELECT category_id AS id FROM products LIMIT 1`,
    );
    const refused = await admin.delete(`/api/categories/${used?.id}`);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { message: string }).message).toMatch(/товар|подкатегори/);
    const parent = (
      await admin.post('/api/categories', { name: 'Пустой раздел', parent_id: null })
    ).json() as Category;
    const child = (
      await admin.post('/api/categories', { name: 'Пустой подраздел', parent_id: parent.id })
    ).json() as Category;
    expect((await admin.delete(`/api/categories/${parent.id}`)).statusCode).toBe(409);
    expect((await admin.delete(`/api/categories/${child.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/categories/${parent.id}`)).statusCode).toBe(200);
    expect((await categories()).some((category) => category.id === parent.id)).toBe(false);
  });

  it('deactivates, renames, cross-links and unlinks categories', async () => {
    const a = (await admin.post('/api/categories', { name: 'Раздел А', parent_id: null })).json() as Category;
    const b = (await admin.post('/api/categories', { name: 'Раздел Б', parent_id: null })).json() as Category;
    expect((await admin.post(`/api/category-refs/${a.id}/${b.id}`)).statusCode).toBe(201);
    const linked = await categories();
    expect(linked.find((category) => category.id === a.id)?.refs).toContain(b.id);
    expect(linked.find((category) => category.id === b.id)?.refs).toContain(a.id);
    expect((await admin.delete(`/api/category-refs/${a.id}/${b.id}`)).statusCode).toBe(200);
    expect((await categories()).find((category) => category.id === a.id)?.refs).toEqual([]);
    const inactive = await admin.patch(`/api/categories/${a.id}`, {
      active: false,
      expected_version: a.version,
    });
    expect((inactive.json() as Category).active).toBe(false);
    const publicList = (await admin.get('/api/categories')).json() as Category[];
    expect(publicList.some((category) => category.id === a.id)).toBe(false);
    const stale = await admin.patch(`/api/categories/${a.id}`, { name: 'X', expected_version: a.version });
    expect(stale.statusCode).toBe(409);
  });

  it('manual redirects: create, answer 301, delete', async () => {
    const created = await admin.post('/api/admin/redirects', {
      from_path: '/staraya-akciya',
      to_path: '/pages/delivery',
    });
    expect(created.statusCode).toBe(201);
    const hop = await shop.app.inject({ method: 'GET', url: '/staraya-akciya' });
    expect([hop.statusCode, hop.headers.location]).toEqual([301, '/pages/delivery']);
    const loop = await admin.post('/api/admin/redirects', {
      from_path: '/pages/delivery',
      to_path: '/staraya-akciya',
    });
    expect(loop.statusCode).toBe(409);
    const hostile = await admin.post('/api/admin/redirects', { from_path: '/a', to_path: '//evil.example' });
    expect(hostile.statusCode).toBe(400);
    const id = (created.json() as { id: number }).id;
    expect((await admin.delete(`/api/admin/redirects/${id}`)).statusCode).toBe(200);
    expect((await shop.app.inject({ method: 'GET', url: '/staraya-akciya' })).statusCode).toBe(404);
  });

  it('promo codes: create, fixed discount on an order, statistics, refusals', async () => {
    const created = await admin.post('/api/admin/promo', {
      code: 'minus500',
      kind: 'fixed',
      value: 500,
      min_order_total: 1000,
      per_client_limit: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code: 'MINUS500', kind: 'fixed', value: 500 });
    expect(
      (await admin.post('/api/admin/promo', { code: 'MINUS500', kind: 'percent', value: 5 })).statusCode,
    ).toBe(409);
    expect(
      (await admin.post('/api/admin/promo', { code: 'BIG', kind: 'percent', value: 150 })).statusCode,
    ).toBe(400);
    const [product] = await shop.database.rows<{ id: number; price: number }>(
      sql`SELECT id, price FROM products WHERE price > 2000 AND deleted_at IS NULL AND NOT hidden ORDER BY id LIMIT 1`,
    );
    const shopper = new Browser(shop.app);
    await shopper.register('promo-shopper@mail.ru');
    const order = (code: string) =>
      shopper.post('/api/orders', {
        cart: [{ id: product?.id, quantity: 1 }],
        contact: { name: 'Анна', phone: '+7 812 555 12 34', email: 'promo-shopper@mail.ru' },
        delivery: { method: 'pickup' },
        paymentMethod: 'on_delivery',
        consent: true,
        promoCode: code,
      });
    const first = await order('minus500');
    expect(first.statusCode, first.body).toBe(201);
    // Kopecks (docs/money.md): 500 ₽.
    expect((first.json() as { discount: number }).discount).toBe(50_000);
    const second = await order('MINUS500');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: 'promo_limit' });
    const stats = (await admin.get('/api/admin/promo/MINUS500')).json() as {
      stats: { uses: number; discount: number; revenue: number; clients: number };
    };
    expect(stats.stats).toEqual({
      uses: 1,
      discount: 50_000,
      revenue: (Number(product?.price) - 500) * 100,
      clients: 1,
    });
    expect((await admin.delete('/api/admin/promo/MINUS500')).statusCode).toBe(409);
    const off = await admin.patch('/api/admin/promo/MINUS500', { active: false });
    expect((off.json() as { active: boolean }).active).toBe(false);
    const list = (await admin.get('/api/admin/promo?q=minus')).json() as { items: { code: string }[] };
    expect(list.items.map((item) => item.code)).toEqual(['MINUS500']);
    const unused = await admin.post('/api/admin/promo', { code: 'UNUSED1', kind: 'percent', value: 5 });
    expect(unused.statusCode).toBe(201);
    expect((await admin.delete('/api/admin/promo/UNUSED1')).statusCode).toBe(200);
  });

  it.runIf(driver === 'pg')(
    'promo limit under concurrency: 100 orders on a code limited to 10 uses make exactly 10',
    async () => {
      await admin.post('/api/admin/promo', { code: 'TEN', kind: 'percent', value: 10, usage_limit: 10 });
      const [product] = await shop.database.rows<{ id: number }>(
        sql`SELECT id FROM products WHERE stock IS NULL AND deleted_at IS NULL AND NOT hidden ORDER BY id LIMIT 1`,
      );
      // Each shopper from its own address, so the per-address sign-up limit does not decide the outcome.
      const shoppers = await Promise.all(
        Array.from({ length: 100 }, async (_, index) => {
          const shopper = new Browser(shop.app, `198.19.${Math.floor(index / 200)}.${index % 200}`);
          await shopper.register(`ten-${index}@mail.ru`);
          return shopper;
        }),
      );
      const answers = await Promise.all(
        shoppers.map((shopper, index) =>
          shopper.post('/api/orders', {
            cart: [{ id: product?.id, quantity: 1 }],
            contact: { name: 'Анна', phone: '+7 812 555 12 34', email: `ten-${index}@mail.ru` },
            delivery: { method: 'pickup' },
            paymentMethod: 'on_delivery',
            consent: true,
            promoCode: 'TEN',
          }),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(10);
      expect(codes.filter((code) => code === 409)).toHaveLength(90);
      const [count] = await shop.database.rows<{ n: number; uses: number }>(
        sql`SELECT (SELECT count(*)::int FROM orders WHERE promo_code = 'TEN') AS n, uses FROM promo_codes WHERE code = 'TEN'`,
      );
      expect([Number(count?.n), Number(count?.uses)]).toEqual([10, 10]);
    },
    180_000,
  );

  it.runIf(driver === 'pg')(
    'per-client limit under concurrency: one client, 8 racing orders, limit 1 → one',
    async () => {
      await admin.post('/api/admin/promo', { code: 'ONCE', kind: 'percent', value: 5, per_client_limit: 1 });
      const [product] = await shop.database.rows<{ id: number }>(
        sql`SELECT id FROM products WHERE stock IS NULL AND deleted_at IS NULL AND NOT hidden ORDER BY id LIMIT 1`,
      );
      const shopper = new Browser(shop.app);
      await shopper.register('once@mail.ru');
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          shopper.post('/api/orders', {
            cart: [{ id: product?.id, quantity: 1 }],
            contact: { name: 'Анна', phone: '+7 812 555 12 34', email: 'once@mail.ru' },
            delivery: { method: 'pickup' },
            paymentMethod: 'on_delivery',
            consent: true,
            promoCode: 'ONCE',
          }),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(1);
      expect(codes.every((code) => code < 500)).toBe(true);
      const [count] = await shop.database.rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM orders WHERE promo_code = 'ONCE'`,
      );
      expect(Number(count?.n)).toBe(1);
    },
  );

  it('dictionaries: refresh from the products, edit, export as CSV', async () => {
    const refreshed = await admin.post('/api/dicts/refresh');
    expect(refreshed.statusCode).toBe(200);
    const counts = (refreshed.json() as { counts: Record<string, number> }).counts;
    expect(counts.colors).toBeGreaterThan(0);
    expect(counts.countries).toBeGreaterThan(0);
    const colours = (await admin.get('/api/dicts/list/colors')).json() as {
      key: string;
      value: string;
      product_count: number;
    }[];
    expect(colours.every((entry) => entry.product_count > 0)).toBe(true);
    const created = await admin.post('/api/dicts/colors', { value: 'Морская волна' });
    expect(created.statusCode).toBe(201);
    const key = (created.json() as { key: string }).key;
    expect((await admin.post('/api/dicts/colors', { value: 'Морская волна' })).statusCode).toBe(409);
    const updated = await admin.patch(`/api/dicts/colors/${key}`, { sort_order: 5, active: false });
    expect(updated.json()).toMatchObject({ key, sort_order: 5, active: false, source: 'manual' });
    expect((await admin.get(`/api/dicts/colors/${key}`)).statusCode).toBe(200);
    const upsert = await admin.put('/api/dicts/series', { entries: [{ key: 'nova', value: 'Нова' }] });
    expect((upsert.json() as { key: string }[]).some((entry) => entry.key === 'nova')).toBe(true);
    // Refresh keeps hand-made entries.
    await admin.post('/api/dicts/refresh');
    expect((await admin.get(`/api/dicts/colors/${key}`)).statusCode).toBe(200);
    const csv = await admin.get('/api/dicts/export?name=colors');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Морская волна');
    expect((await admin.delete(`/api/dicts/colors/${key}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/dicts/colors/${key}`)).statusCode).toBe(404);
    expect((await admin.get('/api/dicts/list/unknown')).statusCode).toBe(400);
  });

  it('news: create (sanitised), publish on the storefront at once, update, delete', async () => {
    const created = await admin.post('/api/admin/news', {
      type: 'news',
      title: 'Открытие шоурума',
      body_html:
        '<h1>Ждём вас</h1><p onclick="steal()">Адрес: <a href="javascript:alert(1)">здесь</a></p><img src=x onerror=alert(1)>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json() as { id: number; slug: string; body_html: string; version: number };
    expect(item.body_html).toBe('<h2>Ждём вас</h2><p>Адрес: <a rel="noopener noreferrer">здесь</a></p>');
    const home = (await admin.get('/api/news?limit=4')).json() as { items: { id: number }[] };
    expect(home.items[0]?.id).toBe(item.id);
    const draft = await admin.patch(`/api/admin/news/${item.id}`, {
      published: false,
      expected_version: item.version,
    });
    expect(draft.statusCode).toBe(200);
    const stale = await admin.patch(`/api/admin/news/${item.id}`, {
      title: 'X',
      expected_version: item.version,
    });
    expect(stale.statusCode).toBe(409);
    const listed = (await admin.get('/api/admin/news?published=false')).json() as { items: { id: number }[] };
    expect(listed.items.map((row) => row.id)).toContain(item.id);
    expect((await admin.get(`/api/admin/news/${item.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/admin/news/${item.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/news/${item.slug}`)).statusCode).toBe(404);
  });

  it('static pages, SEO texts and popular tags: admin CRUD; the storefront serves sanitised HTML', async () => {
    const page = await admin.post('/api/admin/pages', {
      slug: 'garantiya',
      title: 'Гарантия',
      body_html:
        '<p>Два года</p><iframe src="https://evil.example"></iframe><svg onload=alert(1)><script>x</script></svg>',
    });
    expect(page.statusCode, page.body).toBe(201);
    const served = (await admin.get('/api/pages/garantiya')).json() as { body_html: string };
    expect(served.body_html).toBe('<p>Два года</p>');
    const pageId = (page.json() as { id: number }).id;
    await admin.patch(`/api/admin/pages/${pageId}`, { title: 'Гарантия и возврат' });
    expect(((await admin.get('/api/pages/garantiya')).json() as { title: string }).title).toBe(
      'Гарантия и возврат',
    );
    expect((await admin.get('/api/admin/pages')).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ slug: 'garantiya' })]),
    );
    expect((await admin.delete(`/api/admin/pages/${pageId}`)).statusCode).toBe(200);

    const seo = await admin.post('/api/seo/test-key', {
      title: 'О нас',
      html: '<p style="x">Текст <a href="/pages/about">о нас</a></p>',
    });
    expect(seo.statusCode).toBe(201);
    expect((await admin.get('/api/seo/test-key')).json()).toEqual({
      key: 'test-key',
      title: 'О нас',
      html: '<p>Текст <a href="/pages/about" rel="noopener noreferrer">о нас</a></p>',
      meta_title: '',
      meta_description: '',
    });
    expect((await admin.post('/api/seo/test-key', { title: 'x', html: '' })).statusCode).toBe(409);
    await admin.put('/api/seo/test-key', { title: 'О нас 2', html: '<p>Новый</p>' });
    expect(((await admin.get('/api/seo/test-key')).json() as { html: string }).html).toBe('<p>Новый</p>');
    expect((await admin.delete('/api/seo/test-key')).statusCode).toBe(200);
    // A deleted (or never written) text is answered empty: a missing SEO text is not an error.
    expect(((await admin.get('/api/seo/test-key')).json() as { html: string }).html).toBe('');

    const tags = await admin.put('/api/popular-tags/home', {
      tags: [{ label: 'Диваны', href: '/search?q=диван' }],
    });
    expect(tags.statusCode).toBe(200);
    expect((await admin.get('/api/popular-tags/home')).json()).toEqual({
      key: 'home',
      tags: [{ label: 'Диваны', href: '/search?q=диван' }],
    });
    const hostile = await admin.put('/api/popular-tags/home', {
      tags: [{ label: 'x', href: 'javascript:alert(1)' }],
    });
    expect(hostile.statusCode).toBe(400);
  });

  it('style categories: create, update, storefront list, delete', async () => {
    const created = await admin.post('/api/admin/style-categories', {
      name: 'Ар-деко',
      description: 'Геометрия и латунь',
    });
    expect(created.statusCode, created.body).toBe(201);
    const style = created.json() as { id: number; slug: string; version: number };
    expect(style.slug).toBe('ar-deko');
    const updated = await admin.patch(`/api/admin/style-categories/${style.id}`, { sort_order: 0 });
    expect(updated.statusCode).toBe(200);
    const publicList = (await admin.get('/api/style-categories')).json() as { slug: string }[];
    expect(publicList.some((entry) => entry.slug === 'ar-deko')).toBe(true);
    expect((await admin.get(`/api/admin/style-categories/${style.id}`)).statusCode).toBe(200);
    await admin.patch(`/api/admin/style-categories/${style.id}`, { active: false });
    expect(
      ((await admin.get('/api/style-categories')).json() as { slug: string }[]).some(
        (entry) => entry.slug === 'ar-deko',
      ),
    ).toBe(false);
    expect((await admin.delete(`/api/admin/style-categories/${style.id}`)).statusCode).toBe(200);
  });

  it('news and style-category pictures: set by content-checked upload, removed', async () => {
    const sharp = (await import('sharp')).default;
    const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#775533' } })
      .webp()
      .toBuffer();
    const upload = (url: string) => {
      const boundary = '----structure';
      return shop.app.inject({
        method: 'POST',
        url,
        remoteAddress: admin.ip,
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          webp,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: {
          origin: 'http://shop.test',
          cookie: [admin.cookie, admin.deviceCookie].filter(Boolean).join('; '),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      });
    };
    const news = (
      await admin.post('/api/admin/news', { type: 'inspiration', title: 'Свет в гостиной' })
    ).json() as {
      id: number;
      slug: string;
    };
    const withPicture = await upload(`/api/admin/news/${news.id}/image`);
    expect(withPicture.statusCode, withPicture.body).toBe(200);
    const served = (await admin.get(`/api/news/${news.slug}`)).json() as { image: { url: string } | null };
    expect(served.image?.url).toContain('/media/upload/');
    expect(
      ((await admin.delete(`/api/admin/news/${news.id}/image`)).json() as { image: unknown }).image,
    ).toBeNull();
    const style = (
      await admin.post('/api/admin/style-categories', { name: 'Скандинавский лофт' })
    ).json() as {
      id: number;
    };
    const styled = await upload(`/api/admin/style-categories/${style.id}/image`);
    expect(styled.statusCode, styled.body).toBe(200);
    expect((styled.json() as { image: { url: string } | null }).image?.url).toContain('/media/upload/');
    const removed = await admin.delete(`/api/admin/style-categories/${style.id}/image`);
    expect((removed.json() as { image: unknown }).image).toBeNull();
  });

  it('every admin write is in the audit log with the administrator and the changed fields', async () => {
    const rows = await shop.database.rows<{ action: string; actor_kind: string; actor_id: number | null }>(
      sql`SELECT action, actor_kind, actor_id FROM audit_log WHERE action LIKE 'category.%' OR action LIKE 'promo.%' OR action LIKE 'news.%'`,
    );
    const actions = new Set(rows.map((row) => row.action));
    for (const action of [
      'category.created',
      'category.moved',
      'category.updated',
      'promo.created',
      'news.created',
    ]) {
      expect(actions).toContain(action);
    }
    expect(rows.every((row) => row.actor_kind === 'admin' && row.actor_id !== null)).toBe(true);
  });
});
