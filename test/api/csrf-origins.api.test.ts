import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAccountsConfig } from '../../server/infrastructure/accounts.config';
import { Browser, type ShopTestApp, startShopApp } from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * The CSRF guard decides on every unsafe method whatever spelling of the path reaches the router
 * (issue 12, item 6), and the Vite dev origins are not trusted in production (item 10).
 */
const EVIL = 'https://evil.example';
const LOGOUT_SPELLINGS = [
  '/api/logout',
  '/%61pi/logout',
  '/%61%70%69/%6c%6f%67%6f%75%74',
  '/api/%6Cogout',
  '/%2561pi/logout',
  '//api/logout',
  '/api//logout',
  '/API/logout',
  '/Api/Logout',
  '/api/logout/',
  '/api/logout.',
  '/api/logout?x=1',
  '/api/./logout',
];

describe.each(testDrivers())('CSRF guard and allowed origins (%s)', (driver) => {
  let shop: ShopTestApp;
  let client: Browser;

  beforeAll(async () => {
    shop = await startShopApp(driver);
    client = new Browser(shop.app);
    await client.register(`csrf-${driver}@mail.ru`);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const signedIn = async () =>
    ((await client.get('/api/check-auth')).json() as { authenticated: boolean }).authenticated;

  it('refuses a foreign Origin on every spelling of the logout path and the session survives', async () => {
    expect(await signedIn()).toBe(true);
    for (const path of LOGOUT_SPELLINGS) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'PROPFIND'] as const) {
        const response = await shop.app.inject({
          method,
          url: path,
          remoteAddress: client.ip,
          headers: { origin: EVIL, cookie: client.cookie ?? '', 'content-type': 'application/json' },
          payload: '{}',
        });
        expect({ path, method, status: response.statusCode }).toEqual({ path, method, status: 403 });
      }
      expect(await signedIn()).toBe(true);
    }
  });

  it('refuses a cross-site fetch without Origin and simple content types on every spelling', async () => {
    for (const path of LOGOUT_SPELLINGS) {
      const crossSite = await shop.app.inject({
        method: 'POST',
        url: path,
        headers: { 'sec-fetch-site': 'cross-site', cookie: client.cookie ?? '' },
      });
      expect({ path, status: crossSite.statusCode }).toEqual({ path, status: 403 });
      const form = await shop.app.inject({
        method: 'POST',
        url: path,
        headers: {
          origin: 'http://shop.test',
          cookie: client.cookie ?? '',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'a=1',
      });
      expect({ path, status: form.statusCode }).toEqual({ path, status: 415 });
    }
    expect(await signedIn()).toBe(true);
  });

  it('keeps provider notifications exempt only on their own path', async () => {
    const notify = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/notify/test',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(notify.statusCode).not.toBe(403);
    const smuggled = await shop.app.inject({
      method: 'POST',
      url: '/api/payments/notify/test%2f..%2f..%2f..%2flogout',
      headers: { origin: EVIL, cookie: client.cookie ?? '', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(smuggled.statusCode).toBe(403);
    expect(await signedIn()).toBe(true);
  });

  it('still lets the shop itself sign out', async () => {
    const response = await client.post('/api/logout', {});
    expect(response.statusCode).toBe(200);
    expect(await signedIn()).toBe(false);
  });
});

describe('development origins', () => {
  it('are allowed only outside production; CORS_ORIGINS entries always are', () => {
    const origins = (env: NodeJS.ProcessEnv) => {
      const result = readAccountsConfig(env);
      if (!result.ok) throw new Error(result.message);
      return result.config.extraOrigins;
    };
    expect(origins({ NODE_ENV: 'production' })).toEqual([]);
    expect(origins({ NODE_ENV: 'production', CORS_ORIGINS: 'https://admin.shop.ru' })).toEqual([
      'https://admin.shop.ru',
    ]);
    expect(origins({ NODE_ENV: 'development' })).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173']);
    expect(origins({})).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173']);
  });

  it('refuses the Vite origin on a production app and accepts it on a development one', async () => {
    const config = (env: NodeJS.ProcessEnv) => {
      const result = readAccountsConfig({ PUBLIC_URL: 'http://shop.test', ...env });
      if (!result.ok) throw new Error(result.message);
      return result.config;
    };
    for (const [env, expected] of [
      [{ NODE_ENV: 'production' }, 403],
      [{ NODE_ENV: 'development' }, 200],
    ] as const) {
      const shop = await startShopApp('pglite', { extraOrigins: config(env).extraOrigins });
      try {
        const response = await shop.app.inject({
          method: 'POST',
          url: '/api/logout',
          headers: { origin: 'http://localhost:5173', 'content-type': 'application/json' },
          payload: '{}',
        });
        expect(response.statusCode).toBe(expected);
      } finally {
        await shop.close();
      }
    }
  });
});
