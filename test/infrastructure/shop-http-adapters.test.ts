import { describe, expect, it } from 'vitest';
import { GEO_TIMEOUT_MS } from '../../src/application/ports/geo.port';
import { isPortFailure, type PortFailure } from '../../src/application/ports/port-failure';
import { HttpApiClient } from '../../src/infrastructure/http/api-client';
import { AuthHttpAdapter } from '../../src/infrastructure/http/auth.http-adapter';
import { CartHttpAdapter } from '../../src/infrastructure/http/cart.http-adapter';
import { ClientsHttpAdapter } from '../../src/infrastructure/http/clients.http-adapter';
import { FavouritesHttpAdapter } from '../../src/infrastructure/http/favourites.http-adapter';
import { GeoHttpAdapter } from '../../src/infrastructure/http/geo.http-adapter';
import { NotificationsSummaryHttpAdapter } from '../../src/infrastructure/http/notifications-summary.http-adapter';
import { RequestsHttpAdapter } from '../../src/infrastructure/http/requests.http-adapter';
import { SubscribeHttpAdapter } from '../../src/infrastructure/http/subscribe.http-adapter';
import { ViewedHttpAdapter } from '../../src/infrastructure/http/viewed.http-adapter';
import { type FetchHandler, fakeFetch, hangingFetch, html, json, TEST_BASE_URL } from './fake-fetch';
import { RecordingLogger } from './recording-logger';

function setup(handler: FetchHandler) {
  const server = fakeFetch(handler);
  const logger = new RecordingLogger();
  const api = new HttpApiClient({ baseUrl: TEST_BASE_URL, fetch: server.fetch });
  return { server, logger, api };
}

async function failureOf(promise: Promise<unknown>): Promise<PortFailure> {
  try {
    await promise;
  } catch (error) {
    if (isPortFailure(error)) return error;
    throw new Error(`expected a PortFailure, got ${String(error)}`);
  }
  throw new Error('expected the call to fail');
}

const line = {
  id: 4,
  slug: 'stol',
  name: 'Стол',
  price: 15000,
  price_old: null,
  tovar_pic1_url_site: null,
  badge: null,
  width: 120,
  depth: 60,
  height: 75,
  specs: { MATERIAL: 'Дуб' },
};

describe('AuthHttpAdapter', () => {
  it('reads a client, an admin and a guest answer; role defaults to user', async () => {
    const answers = [
      { authenticated: true, clientId: 12, tempPasswordActive: true },
      { authenticated: true, userRole: 'admin', tempPasswordActive: false },
      { authenticated: false, tempPasswordActive: false },
    ];
    const { api, server } = setup(() => json(answers.shift()));
    const auth = new AuthHttpAdapter(api);

    expect(await auth.checkAuth()).toEqual({
      authenticated: true,
      role: 'user',
      clientId: 12,
      tempPasswordActive: true,
    });
    expect(await auth.checkAuth()).toEqual({
      authenticated: true,
      role: 'admin',
      clientId: null,
      tempPasswordActive: false,
    });
    expect(await auth.checkAuth()).toEqual({
      authenticated: false,
      role: 'user',
      clientId: null,
      tempPasswordActive: false,
    });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(
      Array(3).fill('GET http://shop.test/api/check-auth'),
    );
  });

  it.each([
    ['an unknown role', { authenticated: true, userRole: 'root', tempPasswordActive: false }],
    ['a string for authenticated', { authenticated: 'yes', tempPasswordActive: false }],
    ['HTML', null],
  ])('rejects %s as bad-response', async (_label, body) => {
    const { api } = setup(() => (body === null ? html('<p>login</p>') : json(body)));
    expect((await failureOf(new AuthHttpAdapter(api).checkAuth())).kind).toBe('bad-response');
  });

  it('sends credentials as JSON on login and a 401 keeps the server message', async () => {
    const { api, server } = setup(() =>
      json({ error: 'unauthorized', message: 'Неверный email или пароль' }, 401),
    );
    const error = await failureOf(new AuthHttpAdapter(api).login({ email: 'a@b.ru', password: 'secret' }));
    expect(error).toMatchObject({
      kind: 'bad-request',
      status: 401,
      serverMessage: 'Неверный email или пароль',
    });
    expect(server.requests[0]?.method).toBe('POST');
    expect(JSON.parse(String(server.requests[0]?.body))).toEqual({ email: 'a@b.ru', password: 'secret' });
  });

  it('logs out with POST /api/logout', async () => {
    const { api, server } = setup(() => json({ ok: true }));
    await new AuthHttpAdapter(api).logout();
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: 'http://shop.test/api/logout' });
  });
});

describe('CartHttpAdapter', () => {
  it.each([0, -3, Number.NaN, 1.5, Number.POSITIVE_INFINITY])(
    'refuses clientId %s: warning, no call, precondition failure',
    async (clientId) => {
      const { api, server, logger } = setup(() => json([]));
      const cart = new CartHttpAdapter(api, logger);

      expect((await failureOf(cart.load(clientId))).kind).toBe('precondition');
      expect((await failureOf(cart.save(clientId, [{ id: 1, quantity: 1 }]))).kind).toBe('precondition');
      expect(server.requests).toHaveLength(0);
      expect(logger.warnings).toHaveLength(2);
    },
  );

  it('loads and decodes the server cart', async () => {
    const { api, server, logger } = setup(() => json([{ ...line, quantity: 2 }]));
    expect(await new CartHttpAdapter(api, logger).load(7)).toEqual([{ ...line, quantity: 2 }]);
    expect(server.requests[0]?.url).toBe('http://shop.test/api/cart/7');
  });

  it('saves ids and quantities only', async () => {
    const { api, server, logger } = setup(() => json([{ ...line, quantity: 3 }]));
    const saved = await new CartHttpAdapter(api, logger).save(7, [
      { id: 4, quantity: 3, name: 'Стол', price: 1 },
    ]);
    expect(saved).toEqual([{ ...line, quantity: 3 }]);
    expect(server.requests[0]?.method).toBe('PUT');
    expect(JSON.parse(String(server.requests[0]?.body))).toEqual({ cart: [{ id: 4, quantity: 3 }] });
  });

  it.each([
    ['an object instead of a list', { cart: [] }],
    ['a line without an id', [{ ...line, id: undefined, quantity: 1 }]],
    ['a zero quantity', [{ ...line, quantity: 0 }]],
  ])('rejects %s', async (_label, body) => {
    const { api, logger } = setup(() => json(body));
    expect((await failureOf(new CartHttpAdapter(api, logger).load(7))).kind).toBe('bad-response');
  });
});

describe('FavouritesHttpAdapter', () => {
  it('refuses every client call without a numeric clientId', async () => {
    const { api, server, logger } = setup(() => json({ ok: true }));
    const favourites = new FavouritesHttpAdapter(api, logger);
    const bad = Number.NaN;

    for (const call of [
      favourites.list(bad),
      favourites.add(bad, 1),
      favourites.remove(bad, 1),
      favourites.clear(bad),
    ]) {
      expect((await failureOf(call)).kind).toBe('precondition');
    }
    expect(server.requests).toHaveLength(0);
    expect(logger.warnings).toHaveLength(4);
  });

  it('uses the spec paths', async () => {
    const { api, server, logger } = setup((request) =>
      request.method === 'GET' ? json([line]) : json({ ok: true }),
    );
    const favourites = new FavouritesHttpAdapter(api, logger);

    expect(await favourites.list(5)).toEqual([line]);
    await favourites.add(5, 4);
    await favourites.remove(5, 4);
    await favourites.clear(5);

    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET http://shop.test/api/favorites?clientId=5',
      'POST http://shop.test/api/favorites',
      'DELETE http://shop.test/api/favorites/5/4',
      'DELETE http://shop.test/api/favorites/5',
    ]);
    expect(JSON.parse(String(server.requests[1]?.body))).toEqual({ clientId: 5, productId: 4 });
  });

  it('shares a list and reads a shared one', async () => {
    const { api, server, logger } = setup((request) =>
      request.method === 'POST' ? json({ hash: 'abcdefghijklmnopqrstuv' }, 201) : json({ products: [line] }),
    );
    const favourites = new FavouritesHttpAdapter(api, logger);
    expect(await favourites.share([4])).toBe('abcdefghijklmnopqrstuv');
    expect(await favourites.getShared('abcdefghijklmnopqrstuv')).toEqual([line]);
    expect(server.requests[1]?.url).toBe('http://shop.test/api/favorites/share/abcdefghijklmnopqrstuv');
  });
});

describe('ViewedHttpAdapter', () => {
  it('reads the list', async () => {
    const { api, logger } = setup(() => json([3, 2, 1]));
    expect(await new ViewedHttpAdapter(api, logger).list()).toEqual([3, 2, 1]);
  });

  it.each([
    ['a 500', () => json({ error: 'internal_error', message: 'x' }, 500)],
    ['HTML', () => html('<html></html>')],
    ['a network error', () => Promise.reject(new TypeError('offline'))],
    ['a wrong shape', () => json({ ids: [1] })],
  ])('answers an empty list on %s, and logs it', async (_label, handler) => {
    const { api, logger } = setup(handler);
    expect(await new ViewedHttpAdapter(api, logger).list()).toEqual([]);
    expect(logger.warnings).toHaveLength(1);
  });

  it('adds and clears with POST and DELETE', async () => {
    const { api, server, logger } = setup((request) =>
      request.method === 'POST' ? json([9]) : json({ ok: true }),
    );
    const viewed = new ViewedHttpAdapter(api, logger);
    await viewed.add(9);
    await viewed.clear();
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'DELETE']);
    expect(JSON.parse(String(server.requests[0]?.body))).toEqual({ productId: 9 });
  });
});

describe('GeoHttpAdapter', () => {
  it('uses the spec timeout of 3000 ms', () => {
    expect(GEO_TIMEOUT_MS).toBe(3000);
  });

  it('gives up after its timeout', async () => {
    const server = hangingFetch();
    const geo = new GeoHttpAdapter(new HttpApiClient({ baseUrl: TEST_BASE_URL, fetch: server.fetch }), 10);
    expect((await failureOf(geo.detectCity())).kind).toBe('timeout');
    expect(server.requests[0]?.url).toBe('http://shop.test/api/geo');
  });

  it.each([
    [{ city: 'Санкт-Петербург' }, 'Санкт-Петербург'],
    [{ city: '  ' }, null],
    [{ city: null }, null],
  ])('reads %j as %s', async (body, expected) => {
    const { api } = setup(() => json(body));
    expect(await new GeoHttpAdapter(api).detectCity()).toBe(expected);
  });

  it('rejects a foreign shape', async () => {
    const { api } = setup(() => json({ town: 'Москва' }));
    expect((await failureOf(new GeoHttpAdapter(api).detectCity())).kind).toBe('bad-response');
  });
});

describe('NotificationsSummaryHttpAdapter', () => {
  it('polls with since in epoch milliseconds and reads the counts', async () => {
    const { api, server } = setup(() =>
      json({ newOrders: 2, orderUpdates: 0, newRequests: 1, newRequestMessages: 5 }),
    );
    const summary = await new NotificationsSummaryHttpAdapter(api).adminSummary(1_700_000_000_000);
    expect(summary).toEqual({ newOrders: 2, orderUpdates: 0, newRequests: 1, newRequestMessages: 5 });
    expect(server.requests[0]?.url).toBe('http://shop.test/api/admin/unread-summary?since=1700000000000');
  });

  it('drops a since that is not a time', async () => {
    const { api, server } = setup(() => json({ orderStatusChanges: 1, requestReplies: 0, promoUpdates: 0 }));
    await new NotificationsSummaryHttpAdapter(api).clientSummary(Number.NaN);
    expect(server.requests[0]?.url).toBe('http://shop.test/api/client/unread-summary');
  });

  it('rejects negative or fractional counts', async () => {
    const { api } = setup(() => json({ orderStatusChanges: -1, requestReplies: 0.5, promoUpdates: '2' }));
    expect((await failureOf(new NotificationsSummaryHttpAdapter(api).clientSummary(0))).kind).toBe(
      'bad-response',
    );
  });

  it('resets a client counter type with PATCH', async () => {
    const { api, server } = setup(() => json({ ok: true }));
    await new NotificationsSummaryHttpAdapter(api).resetClient('promos');
    expect(server.requests[0]).toMatchObject({
      method: 'PATCH',
      url: 'http://shop.test/api/client/unread-summary/reset',
    });
    expect(JSON.parse(String(server.requests[0]?.body))).toEqual({ type: 'promos' });
  });
});

describe('SubscribeHttpAdapter', () => {
  it('reads the status and promo code', async () => {
    const { api } = setup(() => json({ status: 'already_subscribed' }));
    expect(await new SubscribeHttpAdapter(api).subscribe('a@b.ru')).toEqual({
      status: 'already_subscribed',
      promoCode: null,
    });
  });

  it('keeps the server message of a 403', async () => {
    const message = 'Вы уже авторизованы. Подписаться на другой email невозможно.';
    const { api } = setup(() => json({ error: 'forbidden', message }, 403));
    expect(await failureOf(new SubscribeHttpAdapter(api).subscribe('x@y.ru'))).toMatchObject({
      kind: 'bad-request',
      status: 403,
      serverMessage: message,
    });
  });
});

describe('RequestsHttpAdapter', () => {
  it('sends a consultation as multipart with its attachment', async () => {
    const { api, server } = setup(() => json({ ok: true, requestId: 3 }, 201));
    const file = new File([new Uint8Array([1, 2, 3])], 'plan.pdf', { type: 'application/pdf' });
    const answer = await new RequestsHttpAdapter(api).sendConsultation({
      subject: 'Консультация',
      text: 'Телефон: +7 900 000-00-00',
      email: '',
      attachment: file,
    });
    expect(answer).toEqual({ requestId: 3 });
    const body = server.requests[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('subject')).toBe('Консультация');
    expect(form.get('email')).toBe('');
    expect((form.get('attachment') as File).name).toBe('plan.pdf');
  });

  it('sends feedback as JSON and passes the account flags on', async () => {
    const { api, server } = setup(() =>
      json({ ok: true, requestId: 4, accountStatus: 'existing', existingAccount: true }),
    );
    const answer = await new RequestsHttpAdapter(api).sendFeedback({
      subject: 'Обратная связь',
      text: 'Текст',
      email: 'a@b.ru',
    });
    expect(answer).toEqual({ requestId: 4, accountStatus: 'existing', existingAccount: true });
    expect(JSON.parse(String(server.requests[0]?.body))).toEqual({
      subject: 'Обратная связь',
      text: 'Текст',
      email: 'a@b.ru',
    });
  });

  it('keeps the attachment error code', async () => {
    const { api } = setup(() =>
      json(
        { error: 'invalid_attachment_type', message: 'Можно загрузить только JPG, PNG, WEBP или PDF.' },
        415,
      ),
    );
    const error = await failureOf(
      new RequestsHttpAdapter(api).sendConsultation({
        subject: 's',
        text: 't',
        email: 'a@b.ru',
        attachment: null,
      }),
    );
    expect(error.code).toBe('invalid_attachment_type');
  });

  it('reads the client’s own requests with their status and replies, and asks nothing for a non-client', async () => {
    const request = {
      id: 9,
      kind: 'consultation',
      subject: 'Подбор дивана',
      text: 'Комментарий: угловой',
      createdAt: '2026-11-20T10:00:00.000Z',
      hasAttachment: false,
      fields: null,
      status: 'waiting_client',
      replies: [{ text: 'Позвоним завтра', at: '2026-11-20T12:00:00.000Z' }],
      messages: [{ author: 'admin', text: 'Позвоним завтра', at: '2026-11-20T12:00:00.000Z' }],
    };
    const { api, server } = setup(() => json([request]));
    expect(await new RequestsHttpAdapter(api).listMine(7)).toEqual([request]);
    expect(server.requests[0]?.url).toBe(`${TEST_BASE_URL}api/requests/7`);
    expect(await new RequestsHttpAdapter(api).listMine(0)).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('sends a follow-up with the trimmed text to the request’s own address', async () => {
    const { api, server } = setup(() =>
      json(
        {
          id: 9,
          kind: 'feedback',
          subject: 's',
          text: 't',
          createdAt: '2026-11-20T10:00:00.000Z',
          hasAttachment: false,
          fields: null,
          status: 'in_work',
          replies: [],
          messages: [{ author: 'client', text: 'Ещё вопрос', at: '2026-11-20T11:00:00.000Z' }],
        },
        201,
      ),
    );
    const answer = await new RequestsHttpAdapter(api).followUp(7, 9, '  Ещё вопрос ');
    expect(answer.messages).toEqual([
      { author: 'client', text: 'Ещё вопрос', at: '2026-11-20T11:00:00.000Z' },
    ]);
    expect(server.requests[0]?.url).toBe(`${TEST_BASE_URL}api/requests/7/9/messages`);
    expect(JSON.parse(String(server.requests[0]?.body))).toEqual({ text: 'Ещё вопрос' });
  });

  it('refuses an answer without a known status (the contract decodes it)', async () => {
    const { api } = setup(() =>
      json([
        {
          id: 9,
          kind: 'feedback',
          subject: 's',
          text: 't',
          createdAt: '2026-11-20T10:00:00.000Z',
          hasAttachment: false,
          fields: null,
          status: 'lost',
          replies: [],
          messages: [],
        },
      ]),
    );
    await expect(new RequestsHttpAdapter(api).listMine(7)).rejects.toSatisfy(isPortFailure);
  });
});

describe('ClientsHttpAdapter', () => {
  it('reads e-mail and phone, and refuses a missing client id', async () => {
    const { api, server, logger } = setup(() => json({ id: 5, email: 'a@b.ru', phone: null, name: null }));
    const clients = new ClientsHttpAdapter(api, logger);
    expect(await clients.getContact(5)).toEqual({ email: 'a@b.ru', phone: null });
    expect((await failureOf(clients.getContact(0))).kind).toBe('precondition');
    expect(server.requests).toHaveLength(1);
  });
});
