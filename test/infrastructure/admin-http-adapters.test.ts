import { describe, expect, it } from 'vitest';
import { isPortFailure } from '../../src/application/ports/port-failure';
import { AdminClientsHttpAdapter } from '../../src/infrastructure/http/admin-clients.http-adapter';
import { AdminOrdersHttpAdapter } from '../../src/infrastructure/http/admin-orders.http-adapter';
import { AdminRequestsHttpAdapter } from '../../src/infrastructure/http/admin-requests.http-adapter';
import { HttpApiClient } from '../../src/infrastructure/http/api-client';
import { type FetchHandler, fakeFetch, json, TEST_BASE_URL } from './fake-fetch';

function setup(handler: FetchHandler) {
  const server = fakeFetch(handler);
  return { server, api: new HttpApiClient({ baseUrl: TEST_BASE_URL, fetch: server.fetch }) };
}

const order = {
  id: 10,
  clientId: 5,
  status: 'new',
  statusLabel: 'Новый',
  actions: [{ to: 'confirmed', label: 'Подтвердить' }],
  statusSince: '2026-11-22T10:00:00Z',
  overdue: false,
  paymentState: 'unpaid',
  paidAmount: 0,
  deliveryDetails: { date: null, timeSlot: null, floor: null, lift: null, assembly: false },
  updatedAt: '2026-11-22T10:00:00Z',
  deletedAt: null,
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
  contact: { name: 'Анна', phone: '+79000000000', email: 'a@b.ru' },
  delivery: { method: 'pickup', address: null },
  comment: null,
  paymentMethod: 'online',
  paymentAllowed: false,
  paid: false,
  history: [{ status: 'new', at: '2026-11-22T10:00:00Z' }],
};
const detail = { ...order, timeline: [] };

describe('AdminOrdersHttpAdapter', () => {
  it('lists with only the filters given (statuses repeat, flags only when on)', async () => {
    const { api, server } = setup(() => json({ items: [order], total: 1, page: 1, limit: 25 }));
    const page = await new AdminOrdersHttpAdapter(api).list({
      status: ['new', 'confirmed'],
      q: '  ',
      payment: 'awaiting',
      overdue: true,
      deleted: false,
      page: 2,
      limit: 25,
    });
    expect(page.items[0]?.actions).toEqual([{ to: 'confirmed', label: 'Подтвердить' }]);
    expect(server.requests[0]?.url).toBe(
      'http://shop.test/api/admin/orders?limit=25&overdue=true&page=2&payment=awaiting&status=new&status=confirmed',
    );
  });

  it('builds the export links (orders and their lines) from the filters, without paging', async () => {
    const { api, server } = setup(() => json({}));
    const adapter = new AdminOrdersHttpAdapter(api);
    const query = { status: ['new' as const], q: '921', page: 3 };
    expect(await adapter.exportUrl(query, 'xlsx', 'orders')).toBe(
      'http://shop.test/api/admin/orders/export?format=xlsx&q=921&status=new',
    );
    expect(await adapter.exportUrl(query, 'xlsx', 'lines')).toBe(
      'http://shop.test/api/admin/orders/export/lines?format=xlsx&q=921&status=new',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('sends each edit to its own call and reads the order with its timeline', async () => {
    const { api, server } = setup(() => json(detail));
    const admin = new AdminOrdersHttpAdapter(api);
    await admin.updateContact(10, { name: 'Анна', phone: '+79000000000', email: 'a@b.ru' });
    await admin.updateDelivery(10, {
      method: 'courier',
      address: 'Москва',
      floor: 3,
      lift: 'freight',
      assembly: true,
    });
    await admin.updatePromo(10, '  ');
    await admin.updateCart(10, [{ productId: 4, quantity: 2 }]);
    await admin.addNote(10, { text: ' Позвонить после 18:00 ', visibility: 'client' });
    await admin.remove(10);
    expect(
      server.requests.map((request) => `${request.method} ${request.url} ${request.body ?? ''}`),
    ).toEqual([
      'PATCH http://shop.test/api/admin/orders/10/user-info {"contact":{"name":"Анна","phone":"+79000000000","email":"a@b.ru"}}',
      'PATCH http://shop.test/api/admin/orders/10/delivery {"method":"courier","address":"Москва","floor":3,"lift":"freight","assembly":true}',
      'PATCH http://shop.test/api/admin/orders/10/promo {"promoCode":null}',
      'PATCH http://shop.test/api/admin/orders/10/cart {"lines":[{"productId":4,"quantity":2}]}',
      'POST http://shop.test/api/admin/orders/10/notes {"text":"Позвонить после 18:00","visibility":"client"}',
      'DELETE http://shop.test/api/admin/orders/10 ',
    ]);
  });

  it('reads bulk results order by order', async () => {
    const { api, server } = setup(() =>
      json({
        results: [
          { id: 10, ok: true },
          { id: 11, ok: false, error: 'Нельзя', code: 'status_not_allowed' },
        ],
      }),
    );
    const admin = new AdminOrdersHttpAdapter(api);
    expect(
      (
        await admin.bulkUpdateStatus(
          [
            { id: 10, expectedStatus: 'new' },
            { id: 11, expectedStatus: 'new' },
          ],
          'confirmed',
        )
      ).results[1],
    ).toEqual({
      id: 11,
      ok: false,
      error: 'Нельзя',
      code: 'status_not_allowed',
    });
    await admin.bulkDelete([10]);
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST http://shop.test/api/admin/orders/update-status',
      'POST http://shop.test/api/admin/orders/delete',
    ]);
  });

  it('refuses an empty bulk without a call', async () => {
    const { api, server } = setup(() => json({ results: [] }));
    await expect(new AdminOrdersHttpAdapter(api).bulkAllowPayment([], true)).rejects.toSatisfy(
      (error) => isPortFailure(error) && error.kind === 'bad-request',
    );
    expect(server.requests).toHaveLength(0);
  });
});

const thread = {
  id: 4,
  kind: 'consultation',
  status: 'new',
  subject: 'Заявка',
  excerpt: 'Нужен диван',
  email: 'a@b.ru',
  phone: null,
  clientId: 9,
  clientName: null,
  assignee: null,
  unread: false,
  hasAttachment: true,
  messagesCount: 0,
  createdAt: '2026-11-22T10:00:00Z',
  firstReplyAt: null,
  lastMessageAt: '2026-11-22T10:00:00Z',
  waitingSince: '2026-11-22T10:00:00Z',
  text: 'Нужен диван',
  fields: null,
  attachment: {
    mime: 'image/png',
    size: 10,
    fileName: 'zayavka-4.png',
    url: '/api/admin/client-requests/4/attachment',
  },
  messages: [],
};

describe('AdminRequestsHttpAdapter and AdminClientsHttpAdapter', () => {
  it('makes the attachment link absolute and sends replies and triage', async () => {
    const { api, server } = setup(() => json(thread));
    const requests = new AdminRequestsHttpAdapter(api);
    expect((await requests.get(4)).attachment?.url).toBe(
      'http://shop.test/api/admin/client-requests/4/attachment',
    );
    await requests.reply(4, ' Здравствуйте! ');
    await requests.update(4, { status: 'in_work', assigneeId: null });
    expect(
      server.requests.map((request) => `${request.method} ${request.url} ${request.body ?? ''}`),
    ).toEqual([
      'GET http://shop.test/api/admin/client-requests/4 ',
      'POST http://shop.test/api/admin/client-requests/4/replies {"text":"Здравствуйте!"}',
      'PATCH http://shop.test/api/admin/client-requests/4 {"status":"in_work","assigneeId":null}',
    ]);
  });

  it('searches clients and ends their sessions', async () => {
    const { api, server } = setup((request) =>
      request.url.includes('end-sessions')
        ? json({ ended: 3 })
        : json({ items: [], total: 0, page: 1, limit: 20 }),
    );
    const clients = new AdminClientsHttpAdapter(api);
    await clients.list({ q: ' 8 921 ', sort: 'name_asc' });
    expect(await clients.endSessions(9)).toBe(3);
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET http://shop.test/api/admin/clients?q=8%20921&sort=name_asc',
      'POST http://shop.test/api/admin/clients/9/end-sessions',
    ]);
  });
});
