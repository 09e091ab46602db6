import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_GATEWAY_SIGNATURE_HEADER,
  TestPaymentGateway,
} from '../../../server/infrastructure/payments/test-payment-gateway';
import { YooKassaPaymentGateway } from '../../../server/infrastructure/payments/yookassa-payment-gateway';

describe('built-in test gateway', () => {
  const gateway = new TestPaymentGateway('s3cret-for-tests', 'http://localhost:3000');

  it('sends the shopper to its own card page', async () => {
    const result = await gateway.createPayment({
      paymentId: 'pay_abcdefgh',
      orderId: 1,
      amount: 1000,
      description: 'Заказ № 1',
      returnUrl: 'http://localhost:3000/thank-you',
      idempotenceKey: 'k',
    });
    expect(result).toEqual({
      ok: true,
      providerPaymentId: 'pay_abcdefgh',
      confirmationUrl: 'http://localhost:3000/api/payments/test-gateway/pay_abcdefgh',
    });
  });

  it('accepts its own signed notification and refuses forged, re-signed or tampered ones', async () => {
    const body = { eventId: 'ev1', paymentId: 'pay_abcdefgh', outcome: 'succeeded', amount: 1000 } as const;
    const { rawBody, headers } = gateway.notification(body);
    expect(await gateway.parseNotification(rawBody, headers)).toEqual({
      ok: true,
      notification: { eventId: 'ev1', providerPaymentId: 'pay_abcdefgh', outcome: 'succeeded', amount: 1000 },
    });
    const forger = new TestPaymentGateway('another-secret', 'http://x');
    const forged = forger.notification(body);
    expect(await gateway.parseNotification(forged.rawBody, forged.headers)).toEqual({
      ok: false,
      error: 'bad_signature',
    });
    const tampered = rawBody.replace('1000', '1');
    expect(await gateway.parseNotification(tampered, headers)).toEqual({ ok: false, error: 'bad_signature' });
    expect(await gateway.parseNotification(rawBody, {})).toEqual({ ok: false, error: 'bad_signature' });
    expect(await gateway.parseNotification(rawBody, { [TEST_GATEWAY_SIGNATURE_HEADER]: 'zz' })).toEqual({
      ok: false,
      error: 'bad_signature',
    });
  });
});

describe('YooKassa adapter against a local fake of its API', () => {
  let server: Server;
  let base = '';
  const seen: { method?: string; url?: string; auth?: string; key?: string; body: string }[] = [];
  const paymentsById = new Map<
    string,
    { id: string; status: string; amount: { value: string; currency: string } }
  >();

  const readBody = (request: IncomingMessage): Promise<string> =>
    new Promise((resolve) => {
      let data = '';
      request.on('data', (chunk) => {
        data += chunk;
      });
      request.on('end', () => resolve(data));
    });

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const body = await readBody(request);
      seen.push({
        method: request.method,
        url: request.url,
        auth: request.headers.authorization,
        key: request.headers['idempotence-key'] as string | undefined,
        body,
      });
      const expectedAuth = `Basic ${Buffer.from('12345:test_secret').toString('base64')}`;
      if (request.headers.authorization !== expectedAuth) {
        response.writeHead(401).end('{}');
        return;
      }
      if (request.method === 'POST' && request.url === '/v3/payments') {
        const parsed = JSON.parse(body) as { amount: { value: string; currency: string } };
        const id = `2d${paymentsById.size}a-000f-5000-9000-1b68e7b15f3f`;
        paymentsById.set(id, { id, status: 'pending', amount: parsed.amount });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id,
            status: 'pending',
            confirmation: { confirmation_url: `https://yoomoney.example/${id}` },
          }),
        );
        return;
      }
      const match = /^\/v3\/payments\/(.+)$/.exec(request.url ?? '');
      const payment = match ? paymentsById.get(decodeURIComponent(match[1] ?? '')) : undefined;
      if (request.method === 'GET' && payment) {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payment));
        return;
      }
      response.writeHead(404).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('creates a payment with Basic auth, an idempotence key and the amount in roubles', async () => {
    const gateway = new YooKassaPaymentGateway({ shopId: '12345', secretKey: 'test_secret', apiBase: base });
    const result = await gateway.createPayment({
      paymentId: 'pay_1',
      orderId: 7,
      amount: 5_199_990,
      description: 'Заказ № 7',
      returnUrl: 'https://shop.example/thank-you',
      idempotenceKey: 'pay_1',
    });
    expect(result.ok).toBe(true);
    expect(result.ok && result.confirmationUrl).toMatch(/^https:\/\/yoomoney\.example\//);
    const request = seen.at(-1);
    expect(request?.key).toBe('pay_1');
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      amount: { value: '51999.90', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: 'https://shop.example/thank-you' },
      metadata: { paymentId: 'pay_1', orderId: '7' },
    });
  });

  it('believes a notification only after the API confirms the status and amount', async () => {
    const gateway = new YooKassaPaymentGateway({ shopId: '12345', secretKey: 'test_secret', apiBase: base });
    const created = await gateway.createPayment({
      paymentId: 'pay_2',
      orderId: 8,
      amount: 10_000,
      description: 'Заказ № 8',
      returnUrl: 'https://shop.example/thank-you',
      idempotenceKey: 'pay_2',
    });
    if (!created.ok) throw new Error('create failed');
    const id = created.providerPaymentId;
    const claim = JSON.stringify({
      type: 'notification',
      event: 'payment.succeeded',
      object: { id, status: 'succeeded' },
    });
    // The fake still says pending: a notification claiming success proves nothing.
    expect(await gateway.parseNotification(claim)).toEqual({ ok: false, error: 'unverified' });
    const stored = paymentsById.get(id);
    if (stored) stored.status = 'succeeded';
    expect(await gateway.parseNotification(claim)).toEqual({
      ok: true,
      notification: {
        eventId: `${id}:succeeded`,
        providerPaymentId: id,
        outcome: 'succeeded',
        amount: 10_000,
      },
    });
    expect(await gateway.parseNotification('{"object":{"id":"unknown-id"}}')).toEqual({
      ok: false,
      error: 'unverified',
    });
    expect(await gateway.parseNotification('not json')).toEqual({ ok: false, error: 'malformed' });
  });

  it('reports wrong credentials and an unreachable API as typed errors', async () => {
    const wrong = new YooKassaPaymentGateway({ shopId: '12345', secretKey: 'nope', apiBase: base });
    const input = {
      paymentId: 'p',
      orderId: 1,
      amount: 100,
      description: 'x',
      returnUrl: 'https://shop.example/thank-you',
      idempotenceKey: 'p',
    };
    expect(await wrong.createPayment(input)).toEqual({ ok: false, error: 'provider_refused' });
    const down = new YooKassaPaymentGateway({
      shopId: '12345',
      secretKey: 'test_secret',
      apiBase: 'http://127.0.0.1:1',
      timeoutMs: 2000,
    });
    expect(await down.createPayment(input)).toEqual({ ok: false, error: 'provider_unavailable' });
  });
});
