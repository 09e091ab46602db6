import { describe, expect, it } from 'vitest';
import { isPortFailure } from '../../src/application/ports/port-failure';
import { HttpApiClient } from '../../src/infrastructure/http/api-client';
import { OrdersHttpAdapter } from '../../src/infrastructure/http/orders.http-adapter';
import { PaymentsHttpAdapter } from '../../src/infrastructure/http/payments.http-adapter';
import { type FetchHandler, fakeFetch, json, TEST_BASE_URL } from './fake-fetch';
import { RecordingLogger } from './recording-logger';

function setup(handler: FetchHandler) {
  const server = fakeFetch(handler);
  const logger = new RecordingLogger();
  const api = new HttpApiClient({ baseUrl: TEST_BASE_URL, fetch: server.fetch });
  return { server, logger, api };
}

const order = {
  id: 10,
  clientId: 5,
  status: 'new',
  createdAt: '2026-11-22T10:00:00Z',
  // Kopecks (docs/money.md): 15 000 ₽ with a 10 % code = 13 500 ₽.
  items: [
    {
      productId: 4,
      name: 'Стол',
      quantity: 1,
      unitPrice: 1_500_000,
      lineTotal: 1_500_000,
      discount: 150_000,
      netTotal: 1_350_000,
    },
  ],
  subtotal: 1_500_000,
  discount: 150_000,
  total: 1_350_000,
  promoCode: null,
  contact: { name: 'Анна', phone: '+7 900 000-00-00', email: 'a@b.ru' },
  delivery: { method: 'pickup', address: null },
  comment: null,
  paymentMethod: 'online',
  paymentAllowed: false,
  paid: false,
  history: [{ status: 'new', at: '2026-11-22T10:00:00Z' }],
};

describe('OrdersHttpAdapter', () => {
  it.each([0, -1, Number.NaN])(
    'falls back to id 0 for clientId %s: warning, no call, no orders',
    async (clientId) => {
      const { api, server, logger } = setup(() => json([order]));
      expect(await new OrdersHttpAdapter(api, logger).listByClient(clientId)).toEqual([]);
      expect(server.requests).toHaveLength(0);
      expect(logger.warnings).toHaveLength(1);
    },
  );

  it("lists a client's orders", async () => {
    const { api, server, logger } = setup(() => json([order]));
    expect(await new OrdersHttpAdapter(api, logger).listByClient(5)).toEqual([order]);
    expect(server.requests[0]?.url).toBe('http://shop.test/api/orders/5');
  });

  it('places an order with its idempotency key', async () => {
    const { api, server, logger } = setup(() => json(order, 201));
    const placed = await new OrdersHttpAdapter(api, logger).create(
      {
        cart: [{ id: 4, quantity: 1 }],
        contact: { name: 'Анна', phone: '+7 900 000-00-00', email: 'a@b.ru' },
        delivery: { method: 'pickup' },
        paymentMethod: 'online',
        consent: true,
      },
      'order-key-12345',
    );
    expect(placed.id).toBe(10);
    expect(server.requests[0]?.headers.get('idempotency-key')).toBe('order-key-12345');
  });

  it('refuses a body the contract rejects, without a call', async () => {
    const { api, server, logger } = setup(() => json(order, 201));
    const attempt = new OrdersHttpAdapter(api, logger).create(
      {
        cart: [],
        contact: { name: '', phone: 'x', email: 'not-an-email' },
        delivery: { method: 'pickup' },
        paymentMethod: 'online',
        consent: true,
      },
      'order-key-12345',
    );
    await expect(attempt).rejects.toSatisfy((error) => isPortFailure(error) && error.kind === 'bad-request');
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['a float of roubles', { ...order, total: 13_500.5 }],
    ['a line without its discount share', { ...order, items: [{ ...order.items[0], discount: undefined }] }],
    ['a negative amount', { ...order, discount: -150_000 }],
  ])('refuses an answer whose money is not integer kopecks: %s', async (_, answer) => {
    const { api, logger } = setup(() => json([answer]));
    await expect(new OrdersHttpAdapter(api, logger).listByClient(5)).rejects.toSatisfy(
      (error) => isPortFailure(error) && error.kind === 'bad-response',
    );
  });

  it('updates the comment with POST /api/orders/{id}/comment', async () => {
    const { api, server, logger } = setup(() => json({ ...order, comment: 'Позвонить заранее' }));
    const updated = await new OrdersHttpAdapter(api, logger).updateComment(10, 'Позвонить заранее');
    expect(updated.comment).toBe('Позвонить заранее');
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      url: 'http://shop.test/api/orders/10/comment',
    });
  });
});

describe('PaymentsHttpAdapter', () => {
  it('starts a payment and reads where to go', async () => {
    const { api, server } = setup(() =>
      json({ paymentId: 'pay_12345678', confirmationUrl: '/pay/test/pay_12345678' }, 201),
    );
    expect(await new PaymentsHttpAdapter(api).create(10, 'sbp')).toEqual({
      paymentId: 'pay_12345678',
      confirmationUrl: '/pay/test/pay_12345678',
    });
    expect(JSON.parse(String(server.requests[0]?.body))).toEqual({ orderId: 10, method: 'sbp' });
  });
});

// The back office's adapters are tested in admin-http-adapters.test.ts.
