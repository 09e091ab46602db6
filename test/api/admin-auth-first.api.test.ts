import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ADMIN } from './support/admin-contract';
import { Browser, type ShopTestApp, startShopApp } from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Issue 24, item 8: back-office routes decided access only after decoding the request, so a guest
 * sending a garbage body got a 400 naming the fields of the call. Now the access check runs first
 * (server/http/routes/session.hooks.ts, `adminFirst`), before the body is parsed or anything decoded.
 *
 * The routes are not listed by hand: every route the running app registered under /api is an admin
 * route unless it is one of the public or client routes below, so a route added later is held to the
 * rule (or must be named here as public). Each admin route gets garbage path params, a garbage query
 * and — for writes — a garbage JSON body and a body that is not JSON at all: a guest must get 401, a
 * signed-in client 403, and neither a message naming a field.
 */

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Every path param filled with something no decoder accepts (NUL, letters where ids go). */
const GARBAGE_PARAM = 'x%00%E2%80%AE-1.5';
const GARBAGE_QUERY = '?page=-1.5&limit=%00&format=exe&status=%E2%80%AE&sort=%22&ids=a&since=nope&q=%00';
const GARBAGE_BODY = {
  name: '\u0000',
  ids: 'не список',
  price: -1.5,
  status: { $ne: null },
  entries: 7,
  text: 'x'.repeat(20_000),
  contact: [],
};

interface AdminRoute {
  readonly method: string;
  readonly url: string;
}

/** The admin routes the app registered: every /api route that is not public or a client's own. */
function adminRoutes(shop: ShopTestApp): AdminRoute[] {
  const seen = new Map<string, AdminRoute>();
  for (const route of shop.app.routeTable) {
    if (!route.url.startsWith('/api/')) continue;
    for (const method of typeof route.method === 'string' ? [route.method] : route.method) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const key = `${method} ${route.url}`;
      if (!NOT_ADMIN.has(key)) seen.set(key, { method, url: route.url });
    }
  }
  return [...seen.values()];
}

const garbageUrl = (url: string): string =>
  `${url.replace(/:[A-Za-z0-9_]+/g, GARBAGE_PARAM)}${GARBAGE_QUERY}`;

describe.each(testDrivers())('admin routes check the caller before the request (%s)', (driver) => {
  let shop: ShopTestApp;
  let guest: Browser;
  let client: Browser;

  beforeAll(async () => {
    shop = await startShopApp(driver);
    guest = new Browser(shop.app);
    client = new Browser(shop.app);
    await client.register('not-an-admin@mail.ru');
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('finds the back office among the registered routes', () => {
    const routes = adminRoutes(shop);
    const keys = new Set(routes.map((route) => `${route.method} ${route.url}`));
    // A few of each kind, so a broken enumeration cannot pass by finding nothing.
    for (const key of [
      'GET /api/admin/orders',
      'PATCH /api/admin/orders/:id',
      'POST /api/admin/products',
      'POST /api/admin/products/import',
      'POST /api/dicts/refresh',
      'GET /api/dicts/list/:name',
      'POST /api/categories',
      'PUT /api/seo/:key',
      'PUT /api/popular-tags/:key',
      'GET /api/admin/unread-summary',
      'PATCH /api/admin/clients/:id/contacts',
      'PUT /api/admin/clients/:id/notes',
    ]) {
      expect(keys).toContain(key);
    }
    expect(routes.filter((route) => route.url.startsWith('/api/admin/')).length).toBeGreaterThanOrEqual(70);
  });

  it('a guest gets 401 and a client 403 on every admin route, whatever the request holds', async () => {
    const failures: string[] = [];
    for (const route of adminRoutes(shop)) {
      const url = garbageUrl(route.url);
      const attempts: [string, Parameters<Browser['request']>][] = WRITES.has(route.method)
        ? [
            ['garbage JSON', [route.method as 'POST', url, GARBAGE_BODY]],
            ['not JSON', [route.method as 'POST', url, undefined, { 'content-type': 'application/json' }]],
          ]
        : [['garbage query', [route.method as 'GET', url]]];
      for (const [label, args] of attempts) {
        for (const [who, browser, expected] of [
          ['guest', guest, 401],
          ['client', client, 403],
        ] as const) {
          const [method, target, body, headers] = args;
          const response =
            label === 'not JSON'
              ? await shop.app.inject({
                  method,
                  url: target,
                  headers: {
                    origin: 'http://shop.test',
                    'content-type': 'application/json',
                    ...(browser.cookie ? { cookie: browser.cookie } : {}),
                    ...headers,
                  },
                  payload: '{"name": "\u0000", not json',
                })
              : await browser.request(method, target, body);
          const namesFields = /пол[еяю]\b|«/.test(response.body);
          if (response.statusCode !== expected || namesFields) {
            failures.push(
              `${route.method} ${route.url} (${label}, ${who}): ${response.statusCode} ${response.body.slice(0, 160)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
