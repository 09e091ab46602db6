import { readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/infrastructure/config';
import { Browser, PUBLIC_URL, type ShopTestApp, startShopApp } from './support/session-client';
import { testDrivers } from './support/test-database';

const BOUNDARY = '----shop-test-boundary-7MA4YWxkTrZu0gW';

function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(3000, 1),
]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('%%EOF')]);
const fields = (email: string) => ({
  subject: 'Консультация',
  text: 'Источник: главная\nТелефон: +7 812 5551234\nКомментарий: нужен диван',
  email,
});

describe.each(testDrivers())('requests, subscription and geo (%s)', (driver) => {
  let shop: ShopTestApp;
  beforeAll(async () => {
    shop = await startShopApp(driver);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const upload = (body: Buffer, headers: Record<string, string> = {}, ip = '203.0.113.50') =>
    shop.app.inject({
      method: 'POST',
      url: '/api/requests',
      remoteAddress: ip,
      headers: {
        origin: PUBLIC_URL,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...headers,
      },
      payload: body,
    });

  it('accepts a consultation with a PDF, creates the account and e-mails access without returning any password', async () => {
    const response = await upload(
      multipart(fields('new-client@mail.ru'), { name: 'plan.pdf', type: 'application/pdf', data: PDF }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ ok: true, requestId: expect.any(Number) });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    const temp = shop.mailer.tempPasswordOf('new-client@mail.ru');
    const client = new Browser(shop.app);
    const state = (await client.login('new-client@mail.ru', temp)).json();
    const requests = (await client.get(`/api/requests/${state.clientId}`)).json();
    expect(requests).toEqual([
      expect.objectContaining({
        id: body.requestId,
        kind: 'consultation',
        subject: 'Консультация',
        hasAttachment: true,
      }),
    ]);
    const file = await client.get(`/api/requests/${body.requestId}/attachment`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe('sandbox');
    const stranger = new Browser(shop.app);
    await stranger.register('stranger@mail.ru');
    expect((await stranger.get(`/api/requests/${body.requestId}/attachment`)).statusCode).toBe(404);
    expect((await new Browser(shop.app).get(`/api/requests/${body.requestId}/attachment`)).statusCode).toBe(
      401,
    );
  });

  it('answers an anonymous sender the same whether or not the e-mail has an account', async () => {
    await new Browser(shop.app).register('has-account@mail.ru');
    const existing = await new Browser(shop.app).post('/api/requests', {
      subject: 'Обратная связь',
      text: 'Вопрос',
      email: 'has-account@mail.ru',
    });
    const fresh = await new Browser(shop.app).post('/api/requests', {
      subject: 'Обратная связь',
      text: 'Вопрос',
      email: 'brand-new@mail.ru',
    });
    expect(existing.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    const strip = (body: Record<string, unknown>) => ({ ...body, requestId: 0 });
    expect(strip(existing.json())).toEqual(strip(fresh.json()));
    expect(shop.mailer.to('has-account@mail.ru').map((m) => m.template)).toContain('existing-account-notice');
    expect(shop.mailer.to('has-account@mail.ru').map((m) => m.template)).not.toContain('account-created');
    const signedIn = new Browser(shop.app);
    await signedIn.register('signed-in@mail.ru');
    const own = await signedIn.post('/api/requests', { subject: 'Обратная связь', text: 'Вопрос' });
    expect(own.json()).toMatchObject({ accountStatus: 'existing', existingAccount: true });
  });

  it('refuses hostile uploads by their bytes and keeps nothing of them', async () => {
    const uploadsDir = resolve('.tmp/test-data/uploads');
    const before = await readdir(uploadsDir).catch(() => [] as string[]);
    const hostile: [string, string, Buffer, number, string][] = [
      [
        'photo.png',
        'image/png',
        Buffer.from('<html><script>alert(document.cookie)</script></html>'),
        415,
        'invalid_attachment_type',
      ],
      [
        'logo.svg',
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        415,
        'invalid_attachment_type',
      ],
      [
        'poly.png',
        'image/png',
        Buffer.concat([PNG.subarray(0, 8), Buffer.from('<script>alert(1)</script>')]),
        415,
        'invalid_attachment_type',
      ],
      ['empty.pdf', 'application/pdf', Buffer.alloc(0), 415, 'invalid_attachment_type'],
      [
        'big.png',
        'image/png',
        Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(5 * 1024 * 1024 + 1 - 8, 1)]),
        413,
        'file_too_large',
      ],
    ];
    let ip = 60;
    for (const [name, type, data, status, error] of hostile) {
      ip += 1;
      const response = await upload(multipart(fields(''), { name, type, data }), {}, `203.0.113.${ip}`);
      expect({ name, status: response.statusCode, error: response.json().error }).toEqual({
        name,
        status,
        error,
      });
    }
    const tooLarge = await upload(
      multipart(fields(''), {
        name: 'big.png',
        type: 'image/png',
        data: Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(5 * 1024 * 1024, 1)]),
      }),
      {},
      '203.0.113.99',
    );
    expect(tooLarge.json().message).toBe('Размер файла не должен превышать 5 МБ.');
    const after = await readdir(uploadsDir).catch(() => [] as string[]);
    expect(after.filter((name) => !before.includes(name))).toEqual([]);
  });

  it('accepts exactly 5 MB', async () => {
    const data = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(5 * 1024 * 1024 - 8, 1)]);
    const response = await upload(
      multipart(fields(''), { name: 'max.png', type: 'image/png', data }),
      {},
      '203.0.113.120',
    );
    expect(response.statusCode).toBe(201);
  });

  it('subscribes: created with a promo code, then already_subscribed, already_exists for accounts, 403 for another e-mail', async () => {
    const created = await new Browser(shop.app).post('/api/subscribe', { email: 'news@mail.ru' });
    expect(created.json()).toEqual({ status: 'created', promo_code: 'HOME10' });
    expect(
      shop.mailer
        .to('news@mail.ru')
        .map((m) => m.template)
        .sort(),
    ).toEqual(['account-created', 'subscription-promo']);
    expect((await new Browser(shop.app).post('/api/subscribe', { email: 'NEWS@mail.ru' })).json()).toEqual({
      status: 'already_subscribed',
      promo_code: 'HOME10',
    });
    await new Browser(shop.app).register('member@mail.ru');
    expect((await new Browser(shop.app).post('/api/subscribe', { email: 'member@mail.ru' })).json()).toEqual({
      status: 'already_exists',
    });
    const signedIn = new Browser(shop.app);
    await signedIn.register('me@mail.ru');
    const forbidden = await signedIn.post('/api/subscribe', { email: 'someone-else@mail.ru' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toBe(
      'Вы уже авторизованы. Подписаться на другой email невозможно. Выйдите из личного кабинета или подпишитесь с вашей почтой.',
    );
    expect((await signedIn.post('/api/subscribe', { email: 'me@mail.ru' })).json()).toEqual({
      status: 'already_subscribed',
      promo_code: 'HOME10',
    });
    expect((await new Browser(shop.app).post('/api/subscribe', { email: 'no-at-sign' })).statusCode).toBe(
      422,
    );
  });

  it('limits subscriptions per e-mail so nobody can flood a mailbox', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await new Browser(shop.app).post('/api/subscribe', { email: 'flood@mail.ru' })).statusCode,
      );
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(shop.mailer.to('flood@mail.ru').filter((m) => m.template === 'subscription-promo')).toHaveLength(
      1,
    );
  });

  it('finds no city for loopback or unknown addresses, and ignores X-Forwarded-For from untrusted peers', async () => {
    const local = await shop.app.inject({ method: 'GET', url: '/api/geo', remoteAddress: '127.0.0.1' });
    expect(local.json()).toEqual({ city: null });
    const spoofed = await shop.app.inject({
      method: 'GET',
      url: '/api/geo',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '5.18.1.1' },
    });
    expect(spoofed.json()).toEqual({ city: null });
    const direct = await shop.app.inject({ method: 'GET', url: '/api/geo', remoteAddress: '5.18.1.1' });
    expect(direct.json()).toEqual({ city: 'Санкт-Петербург' });
  });
});

describe('geo behind a trusted proxy', () => {
  it('reads the visitor from X-Forwarded-For when the peer is in a configured range', async () => {
    // TRUST_PROXY as an operator writes it: a name and a CIDR range, parsed once by readConfig.
    const config = readConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' });
    if (!config.ok) throw new Error(config.message);
    const shop = await startShopApp('pglite', {}, { trustProxy: config.config.trustProxy });
    try {
      const response = await shop.app.inject({
        method: 'GET',
        url: '/api/geo',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '1.2.3.4, 5.18.1.1' },
      });
      expect(response.json()).toEqual({ city: 'Санкт-Петербург' });
      const fromRange = await shop.app.inject({
        method: 'GET',
        url: '/api/geo',
        remoteAddress: '10.20.30.40',
        headers: { 'x-forwarded-for': '5.18.1.1' },
      });
      expect(fromRange.json()).toEqual({ city: 'Санкт-Петербург' });
      const outside = await shop.app.inject({
        method: 'GET',
        url: '/api/geo',
        remoteAddress: '11.0.0.1',
        headers: { 'x-forwarded-for': '5.18.1.1' },
      });
      expect(outside.json()).toEqual({ city: null });
    } finally {
      await shop.close();
    }
  });
});
