// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CART_COOKIE_PORT } from '../../src/application/ports/cart-cookie.port';
import { CART_SLOT } from '../../src/application/ports/storage-slots';
import { createAppContainer } from '../../src/infrastructure/composition-root';
import { DocumentCartCookieAdapter } from '../../src/infrastructure/document-cookies.adapter';
import {
  composeRequestPayload,
  type ShopSystem,
  startShopSystem,
} from '../../src/infrastructure/shop-system';
import { eventually } from '../support/eventually';
import { FakeCookieJar } from './fake-cookie-jar';
import { type FetchHandler, fakeFetch, json } from './fake-fetch';
import { RecordingLogger } from './recording-logger';

const product = {
  slug: 'stol',
  name: 'Стол',
  price: 15000,
  price_old: null,
  tovar_pic1_url_site: null,
  badge: null,
  width: null,
  depth: null,
  height: null,
  specs: {},
};

let system: ShopSystem | null = null;

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  system?.stop();
  system = null;
});

function start(handler: FetchHandler) {
  const server = fakeFetch(handler);
  const app = createAppContainer({
    apiBaseUrl: 'http://shop.test/',
    fetch: server.fetch,
    window,
    logger: new RecordingLogger(),
  });
  const announced: unknown[] = [];
  const onAuth = (event: Event) => announced.push((event as CustomEvent).detail);
  window.addEventListener('authStateChanged', onAuth);
  system = startShopSystem(app, { events: window });
  return { server, announced, stopListening: () => window.removeEventListener('authStateChanged', onAuth) };
}

// The composition root loads the HTTP adapters with a dynamic import on the first call; loading
// (and transforming) that chunk once here keeps the waits below about behaviour, not module loading.
beforeAll(async () => {
  await import('../../src/infrastructure/http/http-adapters');
}, 60_000);

describe('startShopSystem', () => {
  it('with deferStart creates the children at once but asks nothing until start(); events sent meanwhile wait', async () => {
    const server = fakeFetch((request) =>
      request.url.endsWith('/api/check-auth')
        ? json({ authenticated: false, tempPasswordActive: false })
        : json({ city: null }),
    );
    const app = createAppContainer({
      apiBaseUrl: 'http://shop.test/',
      fetch: server.fetch,
      window,
      logger: new RecordingLogger(),
    });
    system = startShopSystem(app, { events: null, deferStart: true });
    const cart = system.actor.getSnapshot().children.cartSync;
    expect(cart).toBeDefined();
    // A tap between hydration and the start: the event waits in the child's mailbox.
    cart?.send({ type: 'cart.itemAdded', product: { ...product, id: 7 } });
    // The HTTP adapters are loaded (beforeAll): a started system would have asked within a turn of the
    // event loop, so a few turns prove it waits — no clock involved.
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(server.requests).toEqual([]);
    expect(localStorage.getItem('cart')).toBeNull();

    system.start();
    system.start();
    await eventually(() => {
      expect(server.requests.filter((request) => request.url.endsWith('/api/check-auth'))).toHaveLength(1);
    });
    expect(system.actor.getSnapshot().children.cartSync).toBe(cart);
    expect(localStorage.getItem('cart')).toContain('"id":7');
  });

  it('checks auth on start, announces it, and merges the local cart with the server cart', async () => {
    localStorage.setItem('cart', JSON.stringify([{ id: 1, quantity: 2 }]));
    const { server, announced, stopListening } = start((request) => {
      if (request.url.endsWith('/api/check-auth')) {
        return json({ authenticated: true, clientId: 5, tempPasswordActive: false });
      }
      if (request.url.endsWith('/api/cart/5') && request.method === 'GET') {
        return json([{ ...product, id: 2, quantity: 1 }]);
      }
      if (request.url.endsWith('/api/cart/5') && request.method === 'PUT') {
        const body = JSON.parse(String(request.body)) as { cart: { id: number; quantity: number }[] };
        return json(body.cart.map((line) => ({ ...product, ...line })));
      }
      if (request.url.includes('/api/favorites')) return json([]);
      return json({ error: 'not_found', message: 'Не найдено.' }, 404);
    });

    // The first call loads the HTTP adapter chunk (a dynamic import), which takes a moment in tests.
    await eventually(() => {
      expect(server.requests.some((request) => request.method === 'PUT')).toBe(true);
    });
    stopListening();

    expect(announced).toEqual([{ isAuthenticated: true, clientId: 5 }]);
    const put = server.requests.find((request) => request.method === 'PUT');
    expect(JSON.parse(String(put?.body)).cart).toEqual(
      expect.arrayContaining([
        { id: 1, quantity: 2 },
        { id: 2, quantity: 1 },
      ]),
    );
    await eventually(() => {
      expect(
        new Set(JSON.parse(localStorage.getItem('cart') ?? '[]').map((line: { id: number }) => line.id)),
      ).toEqual(new Set([1, 2]));
    });
  });

  it("applies another tab's cart change to a guest cart", async () => {
    const { stopListening } = start(() => json({ authenticated: false, tempPasswordActive: false }));
    await eventually(() =>
      expect(system?.actor.getSnapshot().children.auth?.getSnapshot().value).toBe('unauthenticated'),
    );
    stopListening();

    const otherTabCart = JSON.stringify([{ id: 7, quantity: 3 }]);
    window.dispatchEvent(
      new StorageEvent('storage', { key: CART_SLOT.key, newValue: otherTabCart, storageArea: localStorage }),
    );

    await eventually(() =>
      expect(system?.actor.getSnapshot().children.cartSync?.getSnapshot().context.cart).toEqual([
        { id: 7, quantity: 3 },
      ]),
    );
  });
});

describe('startShopSystem cart cookie', () => {
  it('mirrors the stored cart into the cart cookie on start and with every save of the cart', async () => {
    localStorage.setItem(CART_SLOT.key, JSON.stringify([{ ...product, id: 3, quantity: 2 }]));
    const server = fakeFetch(() => json({ authenticated: false, tempPasswordActive: false }));
    const app = createAppContainer({
      apiBaseUrl: 'http://shop.test/',
      fetch: server.fetch,
      window,
      logger: new RecordingLogger(),
    });
    // The browser's jar shows cookies of the page's own path only: a jar of the cart page's.
    const jar = new FakeCookieJar();
    app.register(CART_COOKIE_PORT, { useValue: new DocumentCartCookieAdapter(jar, { secure: false }) });
    system = startShopSystem(app, { events: null, deferStart: true });
    // Hydration reads the cookie the request carried: nothing is written before the start.
    expect(jar.writes).toEqual([]);
    system.start();
    expect(jar.writes).toEqual(['cart=3.2; Max-Age=2592000; Path=/cart; SameSite=Lax']);

    const cart = system.actor.getSnapshot().children.cartSync;
    cart?.send({ type: 'cart.itemAdded', product: { ...product, id: 7 } });
    await eventually(() => expect(jar.writes.at(-1)).toMatch(/^cart=3\.2-7\.1;/));
    cart?.send({ type: 'cart.quantityChanged', id: 7, quantity: 4 });
    await eventually(() => expect(jar.writes.at(-1)).toMatch(/^cart=3\.2-7\.4;/));
    cart?.send({ type: 'cart.itemRemoved', id: 3 });
    await eventually(() => expect(jar.writes.at(-1)).toMatch(/^cart=7\.4;/));
    cart?.send({ type: 'cart.cleared' });
    await eventually(() => expect(jar.writes.at(-1)).toBe('cart=; Max-Age=0; Path=/cart; SameSite=Lax'));
    // The cookie always says what the stored cart holds.
    expect(JSON.parse(localStorage.getItem(CART_SLOT.key) ?? 'null')).toEqual([]);
  });
});

describe('startShopSystem recently viewed', () => {
  it('pushes the guest list oldest first on sign-in, then caches the server list', async () => {
    localStorage.setItem('recentlyViewed', JSON.stringify([3, 2, 1]));
    const { server, stopListening } = start((request) => {
      if (request.url.endsWith('/api/check-auth')) {
        return json({ authenticated: true, clientId: 5, tempPasswordActive: false });
      }
      if (request.url.endsWith('/api/viewed') && request.method === 'POST') return json([]);
      if (request.url.endsWith('/api/viewed') && request.method === 'GET') return json([9, 3, 2, 1]);
      if (request.url.includes('/api/cart/5')) return json([]);
      if (request.url.includes('/api/favorites')) return json([]);
      return json({ error: 'not_found', message: 'Не найдено.' }, 404);
    });

    await eventually(() =>
      expect(JSON.parse(localStorage.getItem('recentlyViewed') ?? '[]')).toEqual([9, 3, 2, 1]),
    );
    stopListening();

    const pushed = server.requests
      .filter((request) => request.url.endsWith('/api/viewed') && request.method === 'POST')
      .map((request) => (JSON.parse(String(request.body)) as { productId: number }).productId);
    expect(pushed).toEqual([1, 2, 3]);
  });
});

describe('startShopSystem counters', () => {
  it('polls the admin summary for an administrator and persists the counts', async () => {
    const { server, stopListening } = start((request) => {
      if (request.url.endsWith('/api/check-auth')) {
        return json({ authenticated: true, userRole: 'admin', tempPasswordActive: false });
      }
      if (request.url.includes('/api/admin/unread-summary')) {
        return json({ newOrders: 2, orderUpdates: 1, newRequests: 0, newRequestMessages: 0 });
      }
      return json({ error: 'not_found', message: 'Не найдено.' }, 404);
    });

    await eventually(() => {
      expect(JSON.parse(localStorage.getItem('adminAggCounts') ?? '{}')).toMatchObject({
        newOrders: 2,
        orderUpdates: 1,
      });
    });
    stopListening();

    const poll = server.requests.find((request) => request.url.includes('/api/admin/unread-summary'));
    expect(new URL(poll?.url ?? 'http://x').searchParams.get('since')).toMatch(/^\d+$/);
    expect(server.requests.some((request) => request.url.includes('/api/client/unread-summary'))).toBe(false);
  });
});

describe('composeRequestPayload', () => {
  it('composes the lines of a consultation', () => {
    const payload = composeRequestPayload({
      form: 'consultation',
      values: { phone: ' +7 900 000-00-00 ', email: '', comment: 'Нужен диван', attachment: null },
      clientId: null,
    });
    expect(payload).toEqual({
      subject: 'Заявка на консультацию',
      email: '',
      text: [
        'Источник: Консультация',
        'Телефон: +7 900 000-00-00',
        'Email: —',
        'Клиент: гость',
        'Вложение: нет',
        'Комментарий: Нужен диван',
      ].join('\n'),
    });
  });

  it('composes the lines of a feedback message of a client', () => {
    const payload = composeRequestPayload({
      form: 'feedback',
      values: { email: 'a@b.ru', comment: 'Спасибо' },
      clientId: 12,
    });
    expect(payload.text.split('\n')).toEqual([
      'Источник: Обратная связь',
      'Телефон: —',
      'Email: a@b.ru',
      'Клиент: № 12',
      'Сообщение: Спасибо',
    ]);
  });
});
