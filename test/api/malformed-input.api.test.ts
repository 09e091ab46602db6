import { Schema } from 'effect';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  PUBLIC_URL,
  type ShopTestApp,
  someProductIds,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Issue 12 item 8, the campaign's own examples, kept as fixed cases beside the fuzz suite
 * (fuzz-contract.api.test.ts): each is a 4xx with the error body and a Russian message, never a 500.
 */
const isApiError = Schema.is(ApiError);

for (const driver of testDrivers()) {
  describe(`malformed input answers 4xx (${driver})`, () => {
    let shop: ShopTestApp;
    let admin: Browser;
    let productId = 1;
    beforeAll(async () => {
      shop = await startShopApp(driver);
      admin = new Browser(shop.app);
      await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login');
      [productId = 1] = await someProductIds(shop.database, 1);
    });
    afterAll(async () => {
      await shop?.close();
    });

    const send = (options: InjectOptions, cookie?: string | null) =>
      shop.app.inject({
        ...options,
        headers: { origin: PUBLIC_URL, ...(cookie ? { cookie } : {}), ...(options.headers ?? {}) },
      });

    const order = (contact: Record<string, unknown>) =>
      JSON.stringify({
        cart: [{ id: productId, quantity: 1 }],
        contact: { name: 'Ирина', phone: '+7 921 555-44-33', email: 'malformed@mail.ru', ...contact },
        delivery: { method: 'pickup' },
        paymentMethod: 'on_delivery',
        consent: true,
      });

    const cases: readonly [string, () => InjectOptions, boolean?][] = [
      [
        'a NUL byte in a JSON string',
        () => ({
          method: 'POST',
          url: '/api/orders',
          headers: { 'content-type': 'application/json' },
          payload: order({ name: 'Ири\u0000на' }),
        }),
      ],
      [
        'an escape sequence in a name',
        () => ({
          method: 'POST',
          url: '/api/register',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({
            email: 'esc@mail.ru',
            password: 'надёжный пароль',
            name: '\u001b[31mИван',
          }),
        }),
      ],
      ['a fractional limit', () => ({ method: 'GET', url: '/api/products?limit=1.5' })],
      ['a fractional page', () => ({ method: 'GET', url: '/api/search?q=диван&page=2.5' })],
      ['an infinite page', () => ({ method: 'GET', url: '/api/search?q=диван&page=1e400' })],
      ['a repeated limit', () => ({ method: 'GET', url: '/api/products?limit=10&limit=20' })],
      ['a fractional id in the path', () => ({ method: 'GET', url: '/api/products/1.5' })],
      ['a huge id in the path', () => ({ method: 'GET', url: '/api/products/99999999999999999999' })],
      ['a NUL in the query', () => ({ method: 'GET', url: '/api/search?q=%00' })],
      ['invalid percent-encoding', () => ({ method: 'GET', url: '/api/search?q=%FF%FE' })],
      [
        'huge numbers in JSON',
        () => ({
          method: 'POST',
          url: '/api/orders',
          headers: { 'content-type': 'application/json' },
          payload: `{"cart":[{"id":1${'0'.repeat(400)},"quantity":1e999}]}`,
        }),
      ],
      [
        'deeply nested JSON',
        () => ({
          method: 'POST',
          url: '/api/orders',
          headers: { 'content-type': 'application/json' },
          payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
        }),
      ],
      [
        'invalid UTF-8 in JSON',
        () => ({
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json' },
          payload: Buffer.from([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
        }),
      ],
      [
        'a wrong content type',
        () => ({
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'text/plain' },
          payload: '{}',
        }),
      ],
      [
        'multipart without a boundary',
        () => ({
          method: 'POST',
          url: '/api/requests',
          headers: { 'content-type': 'multipart/form-data' },
          payload: '--x\r\n\r\n',
        }),
      ],
      [
        'multipart cut off in a file',
        () => ({
          method: 'POST',
          url: '/api/requests',
          headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
          payload:
            '--XYZ\r\nContent-Disposition: form-data; name="attachment"; filename="a.pdf"\r\n' +
            'Content-Type: application/pdf\r\n\r\n%PDF-1.4 cut',
        }),
      ],
      [
        'a fractional price filter',
        () => ({ method: 'GET', url: '/api/products?price_min=1.5&price_max=6.4e-323' }),
        false,
      ],
      ['an impossible date', () => ({ method: 'GET', url: '/api/admin/orders?from=2026-02-31' }), true],
      [
        '«----------» as a phone',
        () => ({
          method: 'POST',
          url: '/api/orders',
          headers: { 'content-type': 'application/json' },
          payload: order({ phone: '----------' }),
        }),
      ],
    ];

    for (const [name, build, asAdmin] of cases) {
      it(`${name}: no 500, a clear error or an answer`, async () => {
        const response = await send(build(), asAdmin ? admin.cookie : null);
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode >= 400) {
          const body = response.json() as unknown;
          expect(isApiError(body), response.body).toBe(true);
          expect((body as ApiError).message).toMatch(/[а-яё]/i);
        }
      });
    }

    it('a fractional price filter is an answer, not a failure', async () => {
      const response = await send({ method: 'GET', url: '/api/products?price_min=1.5' });
      expect(response.statusCode).toBe(200);
    });

    it('names the field that held a control character', async () => {
      const response = await send({
        method: 'POST',
        url: '/api/orders',
        headers: { 'content-type': 'application/json' },
        payload: order({ name: 'Ири\u0000на' }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'bad_request',
        message: expect.stringContaining('contact.name'),
      });
    });
  });
}
