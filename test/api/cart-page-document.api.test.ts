import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/infrastructure/db/database';
import { MAX_CART_COOKIE_PRODUCT_ID } from '../../shared-rules/cart-cookie-rule';
import { formatPrice } from '../../src/domain/money';
import type { ProductSummary } from '../../src/domain/product';
import {
  BROWSER_AGENT,
  buildDrawingClient,
  callsOf,
  htmlOf,
  startDrawingServer,
} from './support/drawn-documents';
import { testDrivers } from './support/test-database';

/**
 * The cart page drawn by the server with the visitor's own lines (issue 27; docs/architecture.md «The
 * cart page drawn by the server»): a request of /cart with the cart cookie gets the lines the cookie
 * mirrors, each with its product as the database has it now, against the real app and the real server
 * renderer built as `npm run build:server` builds it — and such a document is the visitor's own,
 * never stored in the page cache nor given to anybody else.
 */
/** A product id no database row will have. */
const GONE_ID = MAX_CART_COOKIE_PRODUCT_ID - 1;

/** Text as React's server renderer escapes it. */
function escapedText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/** The markup of the document's #root (the page as drawn). */
function drawnPage(html: string): string {
  const match = /<!--app:drawn-->([\s\S]*)<!--\/app-->/.exec(html);
  if (match === null) throw new Error('the document carries no drawn page');
  return match[1] ?? '';
}

/** The cart's lines as drawn: each line's aria-label, in order. */
function drawnLineNames(page: string): string[] {
  return [...page.matchAll(/<li[^>]*aria-label="([^"]*)"/g)].map((match) => match[1] ?? '');
}

describe.each(testDrivers())('the cart page drawn with the cart cookie’s lines (%s)', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let products: ProductSummary[];

  const visitCart = (cookie: string | null) =>
    app.inject({
      method: 'GET',
      url: '/cart',
      headers: {
        'user-agent': BROWSER_AGENT,
        'accept-encoding': 'br',
        ...(cookie === null ? {} : { cookie }),
      },
    });

  beforeAll(async () => {
    ({ app, database } = await startDrawingServer(driver, await buildDrawingClient('cart-page')));
    const rows = await database.rows<{ id: number }>(
      sql`SELECT id FROM products WHERE deleted_at IS NULL AND NOT hidden AND price > 0 ORDER BY id LIMIT 2`,
    );
    const ids = rows.map((row) => Number(row.id));
    const answer = await app.inject({ method: 'GET', url: `/api/products/by-ids?ids=${ids.join(',')}` });
    products = answer.json<ProductSummary[]>();
    expect(products.map((product) => product.id)).toEqual(ids);
    // A cold database could make the first render outlast its deadline: draw the cart once first.
    await visitCart(`cart=${ids[0]}.1`);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('draws each line with the database’s name, picture and price, its quantity and total, and the sums', async () => {
    const [first, second] = products;
    if (first === undefined || second === undefined) throw new Error('the demo catalogue has no products');
    const response = await visitCart(`geoCity=x; cart=${second.id}.3-${first.id}.1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['server-timing']).toMatch(/desc="drawn"/);
    const html = htmlOf(response);
    const page = drawnPage(html);
    // In the cookie's order, with the names the database holds.
    expect(drawnLineNames(page)).toEqual([escapedText(second.name), escapedText(first.name)]);
    expect(page).toContain(`href="/product/${second.slug}"`);
    if (second.tovar_pic1_url_site !== null) expect(page).toContain(escapedText(second.tovar_pic1_url_site));
    expect(page).toMatch(/<output[^>]*>3<\/output>/);
    expect(page).toContain(formatPrice(second.price));
    expect(page).toContain(formatPrice((second.price ?? 0) * 3));
    const total = (second.price ?? 0) * 3 + (first.price ?? 0);
    expect(page).toContain(`<dt>Итого</dt><dd>${formatPrice(total)}</dd>`);
    expect(page).toContain('Оформить заказ');
    expect(page).not.toContain('aria-busy="true"');
    // The browser's hydration is answered the same cookie lines and products from the document's record.
    const calls = callsOf(html);
    expect(calls.get('cartCookie.read[]')).toMatchObject({
      value: [
        { id: second.id, quantity: 3 },
        { id: first.id, quantity: 1 },
      ],
    });
    const keys = [...calls.keys()];
    expect(keys).toContain(`catalogue.productsByIds[${JSON.stringify([second.id, first.id])}]`);
    // And the payment options «Частями от …» under the sums is drawn from.
    expect(keys).toContain('payments.options[]');
  });

  it('leaves out a product the database no longer has', async () => {
    const [first] = products;
    if (first === undefined) throw new Error('the demo catalogue has no products');
    const page = drawnPage(htmlOf(await visitCart(`cart=${GONE_ID}.2-${first.id}.2`)));
    expect(drawnLineNames(page)).toEqual([escapedText(first.name)]);
    expect(page).toContain(`<dt>Итого</dt><dd>${formatPrice((first.price ?? 0) * 2)}</dd>`);
  });

  it.each([
    ['a value the shop never writes', 'cart=1.1-1.2'],
    ['a tampered value', 'cart=%3Cscript%3E'],
    ['products all gone', `cart=${GONE_ID}.1`],
  ])('draws the neutral frame for %s', async (_label, cookie) => {
    const response = await visitCart(cookie);
    expect(response.statusCode).toBe(200);
    const page = drawnPage(htmlOf(response));
    expect(page).toContain('aria-busy="true"');
    expect(drawnLineNames(page)).toEqual([]);
    expect(page).not.toContain('Итого');
  });

  it('never stores a document drawn with a visitor’s lines, nor gives one to anybody else', async () => {
    const [first] = products;
    if (first === undefined) throw new Error('the demo catalogue has no products');
    const cookie = `cart=${first.id}.4`;
    for (let visit = 0; visit < 2; visit += 1) {
      const own = await visitCart(cookie);
      expect(own.headers['x-page-cache']).toBe('bypass');
      expect(own.headers['cache-control']).toBe('private, no-cache');
      expect(drawnLineNames(drawnPage(htmlOf(own)))).toEqual([escapedText(first.name)]);
    }
    // A guest without the cookie: the neutral frame, drawn for them or from the cache, never those lines.
    for (let visit = 0; visit < 2; visit += 1) {
      const guest = await visitCart(null);
      expect(['miss', 'hit']).toContain(guest.headers['x-page-cache']);
      const page = drawnPage(htmlOf(guest));
      expect(page).toContain('aria-busy="true"');
      expect(page).not.toContain(escapedText(first.name));
    }
    expect((await visitCart(null)).headers['x-page-cache']).toBe('hit');
    // A bad cookie is a cookie all the same: the visitor's own document.
    expect((await visitCart('cart=garbage')).headers['x-page-cache']).toBe('bypass');
  });
});
