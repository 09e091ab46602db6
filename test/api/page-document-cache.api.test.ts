import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/infrastructure/db/database';
import {
  BROWSER_AGENT,
  buildDrawingClient,
  callsOf,
  htmlOf,
  startDrawingServer,
} from './support/drawn-documents';
import { ADMIN_EMAIL, ADMIN_PASSWORD, Browser } from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Anonymous page documents from the process's cache (issue 27, item 3; server/http/page-document-cache.ts,
 * server/domain/page-cache-rule.ts), against the real app and the real server renderer built as
 * `npm run build:server` builds it: the `X-Page-Cache` header says how each document was answered.
 */
const YANDEX_BOT = 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)';
/** Addresses of the shipped geo table (server/infrastructure/geo/ip-city-ranges.ts). */
const SAINT_PETERSBURG_IP = '5.18.0.10';
const MOSCOW_IP = '46.242.0.10';

function recordedValue(html: string, key: string): unknown {
  const call = callsOf(html).get(key);
  return call !== undefined && 'value' in call ? call.value : undefined;
}

/** The session answer's `authenticated` the document carries; undefined when it carries none. */
function authenticatedIn(html: string): boolean | undefined {
  return (recordedValue(html, 'auth.checkAuth[]') as { authenticated?: boolean } | undefined)?.authenticated;
}

describe.each(testDrivers())('anonymous page documents from a cache (%s)', (driver) => {
  let database: Database;
  let app: FastifyInstance;
  let admin: Browser;
  let product: { id: number; slug: string };

  /** An anonymous visitor's page: no cookie, a phone browser's headers. */
  const visit = (url: string, headers: Record<string, string> = {}, remoteAddress = SAINT_PETERSBURG_IP) =>
    app.inject({
      method: 'GET',
      url,
      remoteAddress,
      headers: { 'user-agent': BROWSER_AGENT, 'accept-encoding': 'br, gzip', ...headers },
    });

  beforeAll(async () => {
    ({ app, database } = await startDrawingServer(driver, await buildDrawingClient('page-cache')));
    admin = new Browser(app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
    const [row] = await database.rows<{ id: number; slug: string }>(
      sql`SELECT id, slug FROM products WHERE deleted_at IS NULL AND NOT hidden ORDER BY id LIMIT 1`,
    );
    product = { id: Number(row?.id), slug: String(row?.slug) };
    // Cold database pages could make a first render outlast its deadline: read each page once first
    // (uncompressed: an entry of its own, which the tests never ask for).
    for (const url of [`/product/${product.slug}`, '/category/mebel', '/']) {
      await visit(url, { 'accept-encoding': 'identity' });
    }
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers a second anonymous visit of a drawn page from the cache, with the same document', async () => {
    const url = `/product/${product.slug}`;
    const first = await visit(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(first.headers['server-timing']).toMatch(/desc="drawn"/);
    const second = await visit(url);
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.headers['server-timing']).toBe('render;dur=0;desc="cached"');
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // The answer's own headers are the current request's: security headers are there, a cookie is not.
    expect(second.headers['content-security-policy']).toBeDefined();
    expect(second.headers['set-cookie']).toBeUndefined();
    // A click id a search engine appends is the same page; another encoding is another entry.
    expect((await visit(`${url}?ysclid=lx1abc2def&utm_source=yandex`)).headers['x-page-cache']).toBe('hit');
    expect((await visit(url, { 'accept-encoding': 'gzip' })).headers['x-page-cache']).toBe('miss');
  });

  it('keeps a crawler and a person apart, and a visitor of another city apart', async () => {
    const url = '/category/mebel';
    await visit(url);
    expect((await visit(url)).headers['x-page-cache']).toBe('hit');
    expect((await visit(url, { 'user-agent': YANDEX_BOT })).headers['x-page-cache']).toBe('miss');
    expect((await visit(url, { 'user-agent': YANDEX_BOT })).headers['x-page-cache']).toBe('hit');
    const moscow = await visit(url, {}, MOSCOW_IP);
    expect(moscow.headers['x-page-cache']).toBe('miss');
    expect(recordedValue(htmlOf(moscow), 'geo.detectCity[]')).toBe('Москва');
    const spb = await visit(url);
    expect(spb.headers['x-page-cache']).toBe('hit');
    expect(recordedValue(htmlOf(spb), 'geo.detectCity[]')).toBe('Санкт-Петербург');
    // The city the visitor picked (a cookie the server renderer never reads) changes nothing.
    const picked = await visit(url, { cookie: `geoCity=${encodeURIComponent('Казань')}; geoConfirmed=true` });
    expect(picked.headers['x-page-cache']).toBe('hit');
  });

  it('drops every cached document when a price changes', async () => {
    const url = `/product/${product.slug}`;
    await visit(url);
    const cached = await visit(url);
    expect(cached.headers['x-page-cache']).toBe('hit');
    const key = `catalogue.productBySlug[${JSON.stringify(product.slug)}]`;
    const before = recordedValue(htmlOf(cached), key) as { price: number };
    const price = before.price + 111;
    expect((await admin.patch(`/api/admin/products/${product.id}`, { price })).statusCode).toBe(200);
    const after = await visit(url);
    expect(after.headers['x-page-cache']).toBe('miss');
    expect((recordedValue(htmlOf(after), key) as { price: number }).price).toBe(price);
    expect((await visit(url)).headers['x-page-cache']).toBe('hit');
  });

  it('never gives a signed-in shopper a cached document, nor a cached one their session', async () => {
    const url = '/';
    const shopper = new Browser(app, SAINT_PETERSBURG_IP);
    await shopper.register(`page-cache-${driver}@example.test`);
    expect(shopper.cookie).toMatch(/^sid=/);
    const sessionValue = String(shopper.cookie).slice('sid='.length);
    // The shopper's own document: drawn for them, never stored. Its session answer is theirs, or left
    // to the browser when the server's read of it set a cookie — never a guest's.
    const own = await shopper.request('GET', url, undefined, {
      'user-agent': BROWSER_AGENT,
      'accept-encoding': 'br',
    });
    expect(own.headers['x-page-cache']).toBe('bypass');
    expect(authenticatedIn(htmlOf(own))).not.toBe(false);
    // A guest after them renders anew (nothing was stored), then is served from the cache — with a
    // guest's session answer, no cookie and nothing of the shopper's.
    expect((await visit(url)).headers['x-page-cache']).toBe('miss');
    const guest = await visit(url);
    expect(guest.headers['x-page-cache']).toBe('hit');
    expect(guest.headers['set-cookie']).toBeUndefined();
    const html = htmlOf(guest);
    expect(recordedValue(html, 'auth.checkAuth[]')).toMatchObject({ authenticated: false, clientId: null });
    expect(html).not.toContain(sessionValue);
    // Signed in again later, the shopper still gets their own document, not the guest's cached one.
    const again = await shopper.request('GET', url, undefined, {
      'user-agent': BROWSER_AGENT,
      'accept-encoding': 'br',
    });
    expect(again.headers['x-page-cache']).toBe('bypass');
    expect(authenticatedIn(htmlOf(again))).not.toBe(false);
  });

  it('never stores a page without its content, nor a 404', async () => {
    const unknown = await visit('/product/net-takogo-tovara');
    expect(unknown.statusCode).toBe(404);
    expect((await visit('/product/net-takogo-tovara')).headers['x-page-cache']).toBe('miss');
    // The visitor's own pages are drawn by the browser: never stored either.
    await visit('/favorites');
    expect((await visit('/favorites')).headers['x-page-cache']).toBe('miss');
    // Without the cart cookie the cart's server frame is the same neutral frame for everyone, so it
    // may be stored (with the cookie the lines are the visitor's own: cart-page-document.api.test.ts).
    await visit('/cart');
    expect((await visit('/cart')).headers['x-page-cache']).toBe('hit');
  });
});
