import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlDictStore } from '../../server/infrastructure/admin-catalogue/sql-dicts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

interface SeoAnswer {
  key: string;
  title: string;
  html: string;
  meta_title: string;
  meta_description: string;
}

/**
 * Issue 25 items 12–13, what a manager met on the content screens: a page without an SEO text is
 * answered empty, not 404 (the mega menu's preloads were a column of red errors); every category has
 * an SEO text with its own meta title and description to fill; a Cyrillic promo code is refused with
 * the field named; a shop whose reference lists were never filled gets them from its products.
 */
describe.each(testDrivers())('admin content fixes (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let visitor: Browser;

  beforeAll(async () => {
    shop = await startShopApp(driver);
    admin = new Browser(shop.app);
    visitor = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });

  it('a page without an SEO text answers 200 with empty texts', async () => {
    const answer = await visitor.get('/api/seo/no-such-text-here');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      key: 'no-such-text-here',
      title: '',
      html: '',
      meta_title: '',
      meta_description: '',
    });
  });

  it('lists the home page and every category for SEO texts, and stores a meta title and description', async () => {
    const categories = (await admin.get('/api/admin/categories')).json() as {
      slug: string;
      parent_id: number | null;
    }[];
    const listAnswer = await admin.get('/api/admin/seo');
    const listed = listAnswer.json() as (SeoAnswer & { label: string })[];
    expect(listed[0]).toMatchObject({ key: 'home', label: 'Главная' });
    const keys = new Set(listed.map((entry) => entry.key));
    for (const category of categories) expect(keys.has(category.slug)).toBe(true);

    const nested = categories.find((category) => category.parent_id !== null) ?? categories[0];
    if (nested === undefined) throw new Error('the test catalogue has no categories');
    const saved = await admin.put(`/api/seo/${nested.slug}`, {
      title: 'О разделе',
      html: '<p>Текст</p>',
      meta_title: 'Купить в Петербурге',
      meta_description: 'Доставка по Петербургу за 1–3 дня.',
    });
    expect(saved.statusCode).toBe(200);
    expect((await visitor.get(`/api/seo/${nested.slug}`)).json()).toMatchObject({
      meta_title: 'Купить в Петербурге',
      meta_description: 'Доставка по Петербургу за 1–3 дня.',
    });
    // A save without the meta fields keeps them.
    await admin.put(`/api/seo/${nested.slug}`, { title: 'О разделе 2', html: '<p>Текст</p>' });
    expect((await visitor.get(`/api/seo/${nested.slug}`)).json()).toMatchObject({
      title: 'О разделе 2',
      meta_title: 'Купить в Петербурге',
    });
    const tooLong = await admin.put(`/api/seo/${nested.slug}`, {
      title: '',
      html: '',
      meta_title: 'Т'.repeat(71),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('refuses a Cyrillic promo code with a Russian message naming the field', async () => {
    const refused = await admin.post('/api/admin/promo', { code: 'ЛЕТО10', kind: 'percent', value: 10 });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { message: string }).message).toContain('«code»');
    const stored = await admin.post('/api/admin/promo', { code: 'leto10', kind: 'percent', value: 10 });
    expect(stored.statusCode).toBe(201);
    expect((stored.json() as { code: string }).code).toBe('LETO10');
  });

  it('an admin-made static page is served by slug', async () => {
    const made = await admin.post('/api/admin/pages', {
      slug: 'sborka-mebeli',
      title: 'Сборка мебели',
      body_html: '<p>Соберём за день.</p>',
    });
    expect(made.statusCode).toBe(201);
    expect((await visitor.get('/api/pages/sborka-mebeli')).json()).toMatchObject({ title: 'Сборка мебели' });
  });

  it('fills never-filled reference lists from the products, once', async () => {
    await shop.database.rows(sql`DELETE FROM dict_entries`);
    const store = new SqlDictStore(shop.database);
    expect(await store.fillIfEmpty()).toBe(true);
    const colours = (await admin.get('/api/dicts/list/colors')).json() as unknown[];
    expect(colours.length).toBeGreaterThan(0);
    // A shop whose managers already keep their lists is left as it is.
    expect(await store.fillIfEmpty()).toBe(false);
  });
});
