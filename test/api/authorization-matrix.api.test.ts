import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  someProductIds,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

type Role = 'owner' | 'other' | 'anonymous' | 'admin';

/**
 * Every client-data and admin route × owner / another client / anonymous / administrator. Client
 * data: only the owner succeeds (anonymous 401; another client and an administrator 403 or 404).
 * Admin routes: only the administrator succeeds (anonymous 401, clients 403).
 */
describe.each(testDrivers())('authorisation matrix (%s)', (driver) => {
  let shop: ShopTestApp;
  let browsers: Record<Role, Browser>;
  let ownerId = 0;
  let orderId = 0;
  let product = 0;
  /** A client the admin client calls act on (ending its sessions must not sign out the matrix's own). */
  let targetClientId = 0;
  let requestId = 0;

  beforeAll(async () => {
    shop = await startShopApp(driver);
    [product = 0] = await someProductIds(shop.database, 1);
    browsers = {
      owner: new Browser(shop.app),
      other: new Browser(shop.app),
      anonymous: new Browser(shop.app),
      admin: new Browser(shop.app),
    };
    ownerId = await browsers.owner.register('owner@mail.ru');
    await browsers.other.register('other@mail.ru');
    await browsers.admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login');
    const order = await browsers.owner.post('/api/orders', {
      cart: [{ id: product, quantity: 1 }],
      contact: { name: 'Анна', phone: '+7 812 555 12 34', email: 'owner@mail.ru' },
      delivery: { method: 'pickup' },
      paymentMethod: 'online',
      consent: true,
    });
    orderId = (order.json() as { id: number }).id;
    targetClientId = await new Browser(shop.app).register('target@mail.ru');
    const request = await browsers.owner.post('/api/requests', {
      subject: 'Вопрос',
      text: 'Сообщение: есть ли в наличии?',
    });
    requestId = (request.json() as { requestId: number }).requestId;
  });
  afterAll(async () => {
    await shop?.close();
  });

  const clientRoutes = (): [string, string, unknown?][] => [
    ['GET', `/api/cart/${ownerId}`],
    ['PUT', `/api/cart/${ownerId}`, { cart: [{ id: product, quantity: 1 }] }],
    ['GET', `/api/favorites?clientId=${ownerId}`],
    ['POST', '/api/favorites', { clientId: ownerId, productId: product }],
    ['DELETE', `/api/favorites/${ownerId}/${product}`],
    ['DELETE', `/api/favorites/${ownerId}`],
    ['GET', `/api/orders/${ownerId}`],
    [
      'POST',
      `/api/orders/${orderId}/update-address`,
      { delivery: { method: 'courier', address: 'Невский пр-т 1' } },
    ],
    [
      'POST',
      `/api/orders/${orderId}/update-userinfo`,
      { contact: { name: 'Анна', phone: '+7 812 555 12 34', email: 'owner@mail.ru' } },
    ],
    ['POST', `/api/orders/${orderId}/comment`, { comment: 'Позвоните заранее' }],
    ['GET', `/api/requests/${ownerId}`],
    ['GET', `/api/clients/${ownerId}`],
    // «Поместится?» kept in the account (issue 23, item 6).
    ['GET', `/api/clients/${ownerId}/home-measurements`],
    [
      'PUT',
      `/api/clients/${ownerId}/home-measurements`,
      { measurements: { doorWidthCm: 80, doorHeightCm: null, corridorWidthCm: null, lift: null, floor: 3 } },
    ],
  ];
  const sessionRoutes = (): [string, string, unknown?][] => [
    ['GET', '/api/viewed'],
    ['POST', '/api/viewed', { productId: product }],
    ['DELETE', '/api/viewed'],
    ['GET', '/api/client/unread-summary'],
    ['PATCH', '/api/client/unread-summary/reset', { type: 'orders' }],
  ];
  const adminRoutes = (): [string, string, unknown?][] => [
    ['GET', '/api/admin/orders'],
    ['GET', `/api/admin/orders/${orderId}`],
    ['PATCH', `/api/admin/orders/${orderId}`, { status: 'confirmed', expectedStatus: 'new' }],
    ['POST', `/api/admin/orders/${orderId}/allow-payment`, { allowed: true }],
    [
      'POST',
      '/api/admin/orders/update-status',
      { orders: [{ id: orderId, expectedStatus: 'new' }], status: 'confirmed' },
    ],
    ['POST', '/api/admin/orders/allow-payment', { ids: [orderId], allowed: true }],
    ['GET', '/api/admin/unread-summary'],
    ['GET', '/api/admin/client-requests'],
    ['GET', `/api/admin/client-requests/${requestId}`],
    ['POST', `/api/admin/client-requests/${requestId}/replies`, { text: 'Да, в наличии.' }],
    ['PATCH', `/api/admin/client-requests/${requestId}`, { status: 'in_work' }],
    ['GET', '/api/admin/admins'],
    ['GET', '/api/admin/clients'],
    ['GET', `/api/admin/clients/${targetClientId}`],
    ['POST', `/api/admin/clients/${targetClientId}/end-sessions`, {}],
    ['POST', `/api/admin/clients/${targetClientId}/password-reset`, {}],
  ];
  /** The back office's order calls (api/admin-orders.ts), in an order where each succeeds for an admin. */
  const adminOrderRoutes = (): [string, string, unknown?][] => [
    ['GET', '/api/admin/orders?status=new&status=confirmed&q=%2B7%20812&sort=total&dir=asc'],
    ['GET', '/api/admin/orders/export?format=csv'],
    ['GET', '/api/admin/orders/export?format=xlsx'],
    ['GET', `/api/admin/orders/${orderId}/timeline`],
    [
      'PATCH',
      `/api/admin/orders/${orderId}/user-info`,
      { contact: { name: 'Анна', phone: '+7 812 555 12 35', email: 'owner@mail.ru' } },
    ],
    ['PATCH', `/api/admin/orders/${orderId}/payment`, { paymentMethod: 'online' }],
    ['PATCH', `/api/admin/orders/${orderId}/delivery`, { method: 'pickup', assembly: true }],
    ['PATCH', `/api/admin/orders/${orderId}/promo`, { promoCode: null }],
    ['PATCH', `/api/admin/orders/${orderId}/cart`, { lines: [{ productId: product, quantity: 2 }] }],
    ['POST', `/api/admin/orders/${orderId}/notes`, { text: 'Проверка', visibility: 'internal' }],
    [
      'POST',
      '/api/admin/orders/new',
      {
        clientId: ownerId,
        lines: [{ productId: product, quantity: 1 }],
        delivery: { method: 'pickup' },
        paymentMethod: 'online',
        contact: { name: 'Анна', phone: '+7 812 555 12 34', email: 'owner@mail.ru' },
      },
    ],
    ['DELETE', `/api/admin/orders/${orderId}`],
    ['POST', `/api/admin/orders/${orderId}/restore`],
    ['POST', '/api/admin/orders/delete', { ids: [orderId] }],
    ['POST', '/api/admin/orders/restore', { ids: [orderId] }],
  ];

  const call = (role: Role, [method, url, body]: [string, string, unknown?]) =>
    browsers[role].request(method as 'GET', url, body);

  it('lets only the owner reach a client’s data', async () => {
    for (const route of clientRoutes()) {
      expect({ route, status: (await call('anonymous', route)).statusCode }).toEqual({ route, status: 401 });
      expect({ route, status: [403, 404].includes((await call('other', route)).statusCode) }).toEqual({
        route,
        status: true,
      });
      if (route[1] !== `/api/clients/${ownerId}`) {
        expect({ route, status: [403, 404].includes((await call('admin', route)).statusCode) }).toEqual({
          route,
          status: true,
        });
      }
      expect({ route, status: (await call('owner', route)).statusCode }).toEqual({ route, status: 200 });
    }
  });

  it('binds session-scoped lists to the session client only', async () => {
    for (const route of sessionRoutes()) {
      expect({ route, status: (await call('anonymous', route)).statusCode }).toEqual({ route, status: 401 });
      expect({ route, status: (await call('admin', route)).statusCode }).toEqual({ route, status: 403 });
      expect({ route, status: (await call('owner', route)).statusCode }).toEqual({ route, status: 200 });
    }
  });

  it('keeps every admin route for administrators', async () => {
    for (const route of adminRoutes()) {
      expect({ route, status: (await call('anonymous', route)).statusCode }).toEqual({ route, status: 401 });
      expect({ route, status: (await call('owner', route)).statusCode }).toEqual({ route, status: 403 });
      expect({ route, status: (await call('other', route)).statusCode }).toEqual({ route, status: 403 });
      expect({ route, status: (await call('admin', route)).statusCode }).toEqual({ route, status: 200 });
    }
  });

  /** Issue 11: the back office's catalogue, promotion and content calls (multipart uploads: admin-catalogue tests). */
  const adminCatalogueRoutes = (): [string, string, unknown?][] => [
    ['GET', '/api/admin/products?q=a&hidden=false&stock=in&sort=price_asc'],
    ['GET', `/api/admin/products/${product}`],
    ['POST', '/api/admin/products', { name: 'Матричный стул', price: 1000, category_id: 1 }],
    ['PATCH', `/api/admin/products/${product}`, { seo_title: 'Матрица' }],
    ['POST', `/api/admin/products/${product}/visibility`, { hidden: false }],
    ['POST', `/api/admin/products/${product}/restore`, {}],
    ['POST', '/api/admin/products/bulk', { ids: [product], badge: 'new' }],
    ['GET', '/api/admin/products/export?format=csv'],
    ['GET', '/api/admin/categories'],
    ['POST', '/api/categories', { name: 'Матричная категория', parent_id: null }],
    ['PATCH', '/api/categories/1', { description: 'Описание' }],
    ['POST', '/api/categories/1/move', { parent_id: null, position: 0 }],
    ['POST', '/api/category-refs/1/2', {}],
    ['DELETE', '/api/category-refs/1/2'],
    ['GET', '/api/admin/redirects'],
    ['GET', '/api/admin/promo'],
    ['POST', '/api/admin/promo', { code: 'MATRIX', kind: 'percent', value: 5 }],
    ['GET', '/api/admin/promo/MATRIX'],
    ['PATCH', '/api/admin/promo/MATRIX', { active: false }],
    ['GET', '/api/dicts/list/colors'],
    ['POST', '/api/dicts/refresh', {}],
    ['PUT', '/api/dicts/colors', { entries: [{ key: 'matrix', value: 'Матричный' }] }],
    ['GET', '/api/dicts/colors/matrix'],
    ['PATCH', '/api/dicts/colors/matrix', { sort_order: 1 }],
    ['GET', '/api/dicts/export'],
    ['GET', '/api/admin/news'],
    ['POST', '/api/admin/news', { type: 'news', title: 'Матричная новость' }],
    ['GET', '/api/admin/pages'],
    ['GET', '/api/admin/seo'],
    ['PUT', '/api/seo/matrix', { title: 'М', html: '<p>М</p>' }],
    ['GET', '/api/admin/popular-tags'],
    ['PUT', '/api/popular-tags/matrix', { tags: [{ label: 'М', href: '/search?q=m' }] }],
    ['GET', '/api/admin/style-categories'],
    ['POST', '/api/admin/style-categories', { name: 'Матричный стиль' }],
  ];

  it('keeps every back-office catalogue call for administrators', async () => {
    for (const route of adminCatalogueRoutes()) {
      expect({ route, status: (await call('anonymous', route)).statusCode }).toEqual({ route, status: 401 });
      expect({ route, status: (await call('owner', route)).statusCode }).toEqual({ route, status: 403 });
      expect({ route, status: (await call('other', route)).statusCode }).toEqual({ route, status: 403 });
      const status = (await call('admin', route)).statusCode;
      expect({ route, status: status === 200 || status === 201 }).toEqual({ route, status: true });
    }
  });

  it('keeps every admin order call for administrators', async () => {
    for (const route of adminOrderRoutes()) {
      expect({ route, status: (await call('anonymous', route)).statusCode }).toEqual({ route, status: 401 });
      expect({ route, status: (await call('owner', route)).statusCode }).toEqual({ route, status: 403 });
      expect({ route, status: (await call('other', route)).statusCode }).toEqual({ route, status: 403 });
      const status = (await call('admin', route)).statusCode;
      expect({ route, status: status === 200 || status === 201 }).toEqual({ route, status: true });
    }
  });

  it('never lets another client pay or read someone else’s order', async () => {
    expect((await browsers.other.post('/api/payments/create', { orderId })).statusCode).toBe(404);
    expect((await browsers.anonymous.post('/api/payments/create', { orderId })).statusCode).toBe(401);
    const list = (await browsers.other.get(`/api/orders/${ownerId}`)).statusCode;
    expect(list).toBe(403);
  });
});
