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

/**
 * Routes the contract fuzz suite cannot derive requests for (issue 12, item 8): page documents and the
 * 301 hook in front of them, the back office's streamed exports and file downloads. Hostile paths,
 * filters and ids answer a 4xx (or a page / redirect), never a 5xx; an /api/ refusal has the error body.
 */
describe.each(testDrivers())('hostile paths outside the contract (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let oldProductPath = '';

  const expectNo5xx = (response: { statusCode: number; body: string }, label: string) => {
    expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  };
  const expectApiRefusal = (response: { statusCode: number; body: string }, label: string) => {
    expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expectNo5xx(response, label);
    const body = JSON.parse(response.body) as { error?: unknown; message?: unknown };
    expect(typeof body.error, label).toBe('string');
    expect(typeof body.message, label).toBe('string');
  };

  beforeAll(async () => {
    shop = await startShopApp(driver);
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
    // A slug change leaves a 301 from the old address, so the redirect hook has something to match.
    const [product] = await shop.database.rows<{ id: number; slug: string }>(
      sql`SELECT id, slug FROM products WHERE deleted_at IS NULL AND NOT hidden ORDER BY id LIMIT 1`,
    );
    if (!product) throw new Error('no product in the test catalogue');
    oldProductPath = `/product/${product.slug}`;
    const renamed = await admin.patch(`/api/admin/products/${product.id}`, {
      slug: `${product.slug}-renamed`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await admin.get(oldProductPath)).statusCode).toBe(301);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('page documents and the redirect hook take hostile paths without a 5xx', async () => {
    const paths = [
      '/%00',
      '/%ff',
      '/category/%ff',
      '/category/%00',
      '/category/%c0%ae%c0%ae/%c0%ae%c0%ae',
      '/category/..%2f..%2fetc%2fpasswd',
      `/category/${'я'.repeat(4000)}`,
      `/${'a'.repeat(20_000)}`,
      '/product/%E2%80%AE',
      '/product/%ZZ',
      '/news/%00',
      '/news/1.5',
      '/page/%u0000',
      `${oldProductPath}%00`,
      `${oldProductPath}/`,
      `${oldProductPath}//`,
      `/${oldProductPath}`,
      `${oldProductPath}?a=%00&b=%ff`,
      `${oldProductPath}?x=1?y=2`,
      `${oldProductPath}%2f`,
      `${oldProductPath.toUpperCase()}`,
    ];
    for (const path of paths) {
      for (const as of [admin, new Browser(shop.app)]) {
        const response = await as.get(path);
        expectNo5xx(response, path);
        if (response.statusCode === 301) {
          // A redirect only ever points inside the site.
          expect(String(response.headers.location), path).toMatch(/^\/[^/\\]/);
        }
      }
    }
    const head = await shop.app.inject({ method: 'HEAD', url: `${oldProductPath}?q=1` });
    expect(head.statusCode).toBe(301);
    expect(String(head.headers.location)).toMatch(/-renamed\?q=1$/);
  });

  it('the back-office exports refuse hostile filters with a 4xx and stream valid ones', async () => {
    for (const url of ['/api/admin/products/export', '/api/admin/orders/export', '/api/dicts/export']) {
      for (const query of [
        '?format=pdf',
        '?format=csv&format=xlsx',
        '?category=1.5',
        '?category=-1',
        '?category=99999999999999999999',
        '?price_min=abc',
        '?q=%00',
        '?q=%ff',
        `?q=${'x'.repeat(5000)}`,
        '?from=2026-02-31',
        '?status=%00',
        '?page=1e400',
      ]) {
        const response = await admin.get(`${url}${query}`);
        expectNo5xx(response, `${url}${query}`);
        if (response.statusCode >= 400) expectApiRefusal(response, `${url}${query}`);
      }
    }
    for (const format of ['csv', 'xlsx']) {
      const response = await admin.get(`/api/admin/products/export?format=${format}`);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(String(response.headers['content-disposition'])).toContain('attachment');
    }
    // A guest gets the refusal, not a file.
    expectApiRefusal(await new Browser(shop.app).get('/api/admin/products/export'), 'guest export');
  });

  it('attachment downloads refuse odd ids with a 4xx', async () => {
    for (const id of ['1.5', '-1', '%00', '%ff', '99999999999999999999', '0x10', '1e3', 'a'.repeat(3000)]) {
      for (const url of [`/api/admin/client-requests/${id}/attachment`, `/api/requests/${id}/attachment`]) {
        expectApiRefusal(await admin.get(url), url);
      }
    }
  });
});
