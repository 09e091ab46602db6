import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../api/admin-staff';
import type { AdminArea } from '../../shared-rules/staff-role-rule';
import { contractEndpoints, WRITE_METHODS } from './support/admin-contract';
import {
  Browser,
  GATEWAY_SECRET,
  type ShopTestApp,
  someProductIds,
  startShopApp,
} from './support/session-client';
import { addStaff, type SignedInStaff, signInOwner } from './support/staff';
import { testDrivers } from './support/test-database';

/**
 * Issue 26, item 1: every admin write leaves an audit entry naming the person. The write routes
 * (POST / PUT / PATCH / DELETE with an area) are read from the contract; each must have a step below,
 * so a new write route fails this test until it is shown to be audited. Each step is made by the
 * staff member whose role opens the area (a manager for orders, an editor for the catalogue …), and
 * must leave at least one new entry with that person's id.
 */

/** Writes that change nothing the log would show, and why. */
const CHANGES_NOTHING: Readonly<Record<string, string>> = {
  'POST /api/admin/products/import': 'the dry run only validates the file; its confirm is the write',
  'POST /api/admin/profile/totp/setup': 'a pending secret: sign-in changes only once a code confirms it',
  // Alerts (docs/alerts.md): what a staff member chooses to receive is their own setting, not the shop's
  // data, and each can read and change only their own (staff-alerts.api.test.ts).
  'PUT /api/admin/alerts': 'the person’s own alert choices, not shop data',
  'POST /api/admin/alerts/telegram-link': 'a one-time link token for the person’s own chat',
  'DELETE /api/admin/alerts/telegram-link': 'unlinks the person’s own chat',
};

type Step = readonly [key: string, call: () => Promise<LightMyRequestResponse>];

describe.each(testDrivers())('every admin write leaves an audit entry naming the person (%s)', (driver) => {
  let shop: ShopTestApp;
  let owner: SignedInStaff;
  let manager: SignedInStaff;
  let editor: SignedInStaff;
  let products: number[] = [];
  const byArea = (area: AdminArea): SignedInStaff =>
    ['orders', 'requests', 'clients', 'delivery'].includes(area)
      ? manager
      : area === 'staff' || area === 'common' || area === 'settings'
        ? owner
        : editor;

  beforeAll(async () => {
    shop = await startShopApp(driver);
    const ownerBrowser = await signInOwner(shop);
    const [row] = await shop.database.rows<{ id: number }>(
      sql`select id from users where staff_role = 'owner'`,
    );
    owner = { browser: ownerBrowser, id: Number(row?.id), email: 'owner' };
    manager = await addStaff(shop, ownerBrowser, 'manager', 'olga@shop.test', 'Ольга Менеджер');
    editor = await addStaff(shop, ownerBrowser, 'content', 'irina@shop.test', 'Ирина Редактор');
    products = await someProductIds(shop.database, 3);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const lastAuditId = async (): Promise<number> =>
    Number(
      (await shop.database.rows<{ id: number | null }>(sql`select max(id) as id from audit_log`))[0]?.id ?? 0,
    );

  it('covers every write route of the contract, and each names its person', async () => {
    const writes = (await contractEndpoints()).filter(
      (endpoint) => endpoint.area !== undefined && WRITE_METHODS.has(endpoint.method),
    );
    const areaOf = new Map(
      writes.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint.area as AdminArea]),
    );
    const as = (key: string): Browser => byArea(areaOf.get(key) ?? 'staff').browser;

    // ── The world the steps act on ──
    const buyer = new Browser(shop.app);
    const buyerId = await buyer.register('buyer@mail.ru');
    const contact = { name: 'Анна Покупатель', phone: '+7 921 555 12 34', email: 'buyer@mail.ru' };
    const place = async (): Promise<number> => {
      const placed = await buyer.post('/api/orders', {
        cart: [
          { id: products[0], quantity: 2 },
          { id: products[1], quantity: 1 },
        ],
        contact,
        delivery: { method: 'pickup' },
        paymentMethod: 'online',
        consent: true,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      return (placed.json() as { id: number }).id;
    };
    const order = await place();
    const paidOrder = await place();
    const binned = await place();
    const request = (
      await buyer.post('/api/requests', { subject: 'Вопрос', text: 'Есть ли диван в наличии?' })
    ).json() as {
      requestId: number;
    };
    const payInFull = async (orderId: number): Promise<void> => {
      const created = await buyer.post('/api/payments/create', { orderId });
      expect(created.statusCode, created.body).toBe(201);
      const paymentId = (created.json() as { paymentId: string }).paymentId;
      const [payment] = await shop.database.rows<{ amount: string | number }>(
        sql`select amount from payments where id = ${paymentId}`,
      );
      const body = JSON.stringify({
        eventId: `ev-${paymentId}`,
        paymentId,
        outcome: 'succeeded',
        amount: Number(payment?.amount),
      });
      const notified = await shop.app.inject({
        method: 'POST',
        url: '/api/payments/notify/test',
        headers: {
          'content-type': 'application/json',
          'x-test-gateway-signature': createHmac('sha256', GATEWAY_SECRET).update(body).digest('hex'),
        },
        payload: body,
      });
      expect(notified.statusCode).toBe(200);
    };
    const jpeg = await (await import('sharp'))
      .default({ create: { width: 30, height: 30, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const upload = (browser: Browser, url: string, bytes: Buffer, name: string, type: string) => {
      const boundary = '----auditboundary';
      return shop.app.inject({
        method: 'POST',
        url,
        remoteAddress: browser.ip,
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: {
          origin: 'http://shop.test',
          cookie: [browser.cookie, browser.deviceCookie].filter(Boolean).join('; '),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      });
    };
    const idOf = (response: LightMyRequestResponse): number => (response.json() as { id: number }).id;
    const state: Record<string, string | number> = {};
    const editorOrOwner = (key: string) => as(key);

    /** A weekday ten or more days ahead: a day the calendar offers (docs/delivery-dates.md). */
    const deliveryDay = (): string => {
      const day = new Date(Date.now() + 10 * 86_400_000);
      while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
      return day.toISOString().slice(0, 10);
    };
    const steps: Step[] = [
      // Orders
      [
        'PATCH /api/admin/orders/:id/user-info',
        () =>
          as('PATCH /api/admin/orders/:id/user-info').patch(`/api/admin/orders/${order}/user-info`, {
            contact: { ...contact, name: 'Анна Петровна' },
          }),
      ],
      [
        'PATCH /api/admin/orders/:id/payment',
        () =>
          as('PATCH /api/admin/orders/:id/payment').patch(`/api/admin/orders/${order}/payment`, {
            paymentMethod: 'on_delivery',
          }),
      ],
      [
        'PATCH /api/admin/orders/:id/delivery',
        () =>
          as('PATCH /api/admin/orders/:id/delivery').patch(`/api/admin/orders/${order}/delivery`, {
            method: 'pickup',
            assembly: true,
          }),
      ],
      [
        'PATCH /api/admin/orders/:id/promo',
        () =>
          as('PATCH /api/admin/orders/:id/promo').patch(`/api/admin/orders/${order}/promo`, {
            promoCode: 'HOME10',
          }),
      ],
      [
        'PATCH /api/admin/orders/:id/cart',
        () =>
          as('PATCH /api/admin/orders/:id/cart').patch(`/api/admin/orders/${order}/cart`, {
            lines: [{ productId: products[0], quantity: 3 }],
          }),
      ],
      [
        'PUT /api/admin/orders/:id/services',
        async () => {
          const manager = as('PUT /api/admin/orders/:id/services');
          const seen = (await manager.get(`/api/admin/orders/${order}`)).json() as { total: number };
          return manager.put(`/api/admin/orders/${order}/services`, {
            services: [{ kind: 'delivery', label: 'Доставка', amount: 99_000 }],
            seenTotal: seen.total,
          });
        },
      ],
      [
        'PUT /api/admin/tariffs',
        async () => {
          const owner = as('PUT /api/admin/tariffs');
          const current = (await owner.get('/api/admin/tariffs')).json() as {
            version: number;
            tariffs: unknown;
          };
          return owner.put('/api/admin/tariffs', { version: current.version, tariffs: current.tariffs });
        },
      ],
      // Delivery days (issue 23): a day's capacity, the default, and moving an order's slot.
      [
        'PUT /api/admin/deliveries/capacity',
        () =>
          as('PUT /api/admin/deliveries/capacity').put('/api/admin/deliveries/capacity', {
            day: deliveryDay(),
            capacity: 7,
          }),
      ],
      [
        'PUT /api/admin/deliveries/default-capacity',
        () =>
          as('PUT /api/admin/deliveries/default-capacity').put('/api/admin/deliveries/default-capacity', {
            day: deliveryDay(),
            defaultCapacity: 9,
          }),
      ],
      [
        'POST /api/admin/orders/:id/delivery-slot',
        async () => {
          const mover = as('POST /api/admin/orders/:id/delivery-slot');
          const unbooked = await place();
          const dayView = (await mover.get(`/api/admin/deliveries?day=${deliveryDay()}`)).json() as {
            windows: readonly { id: number }[];
          };
          return mover.post(`/api/admin/orders/${unbooked}/delivery-slot`, {
            day: deliveryDay(),
            windowId: dayView.windows[0]?.id ?? 0,
            expected: { day: null, windowId: null },
          });
        },
      ],
      [
        'POST /api/admin/orders/:id/notes',
        () =>
          as('POST /api/admin/orders/:id/notes').post(`/api/admin/orders/${order}/notes`, {
            text: 'Перезвонить после обеда',
            visibility: 'internal',
          }),
      ],
      ['PATCH /api/admin/orders/:id', () => as('PATCH /api/admin/orders/:id').moveOrder(order, 'confirmed')],
      [
        'POST /api/admin/orders/:id/allow-payment',
        () =>
          as('POST /api/admin/orders/:id/allow-payment').post(
            `/api/admin/orders/${paidOrder}/allow-payment`,
            { allowed: true },
          ),
      ],
      [
        'POST /api/admin/orders/:orderId/pay-link/reissue',
        () =>
          as('POST /api/admin/orders/:orderId/pay-link/reissue').post(
            `/api/admin/orders/${paidOrder}/pay-link/reissue`,
            {},
          ),
      ],
      [
        'POST /api/admin/orders/:id/prepayment',
        () =>
          as('POST /api/admin/orders/:id/prepayment').post(`/api/admin/orders/${order}/prepayment`, {
            percent: 30,
          }),
      ],
      [
        'POST /api/admin/orders/:id/refunds',
        async () => {
          await payInFull(paidOrder);
          return as('POST /api/admin/orders/:id/refunds').post(`/api/admin/orders/${paidOrder}/refunds`, {
            amount: 10_000,
            reason: 'Скидка за царапину',
          });
        },
      ],
      [
        'POST /api/admin/orders/update-status',
        () => as('POST /api/admin/orders/update-status').bulkMoveOrders([binned], 'confirmed'),
      ],
      [
        'POST /api/admin/orders/allow-payment',
        () =>
          as('POST /api/admin/orders/allow-payment').post('/api/admin/orders/allow-payment', {
            ids: [binned],
            allowed: true,
          }),
      ],
      [
        'DELETE /api/admin/orders/:id',
        () => as('DELETE /api/admin/orders/:id').delete(`/api/admin/orders/${binned}`),
      ],
      [
        'POST /api/admin/orders/:id/restore',
        () => as('POST /api/admin/orders/:id/restore').post(`/api/admin/orders/${binned}/restore`),
      ],
      [
        'POST /api/admin/orders/delete',
        () => as('POST /api/admin/orders/delete').post('/api/admin/orders/delete', { ids: [binned] }),
      ],
      [
        'POST /api/admin/orders/restore',
        () => as('POST /api/admin/orders/restore').post('/api/admin/orders/restore', { ids: [binned] }),
      ],
      [
        'POST /api/admin/orders/new',
        () =>
          as('POST /api/admin/orders/new').post('/api/admin/orders/new', {
            clientId: buyerId,
            lines: [{ productId: products[2], quantity: 1 }],
            delivery: { method: 'pickup' },
            paymentMethod: 'online',
            contact,
          }),
      ],
      // Requests and clients
      [
        'POST /api/admin/client-requests/:id/replies',
        () =>
          as('POST /api/admin/client-requests/:id/replies').post(
            `/api/admin/client-requests/${request.requestId}/replies`,
            { text: 'Да, диван в наличии.' },
          ),
      ],
      [
        'PATCH /api/admin/client-requests/:id',
        () =>
          as('PATCH /api/admin/client-requests/:id').patch(
            `/api/admin/client-requests/${request.requestId}`,
            { status: 'in_work', assigneeId: manager.id },
          ),
      ],
      [
        'PATCH /api/admin/clients/:id/contacts',
        () =>
          as('PATCH /api/admin/clients/:id/contacts').patch(`/api/admin/clients/${buyerId}/contacts`, {
            name: 'Анна Покупатель',
            phone: '+7 921 555 12 35',
            email: 'buyer@mail.ru',
          }),
      ],
      [
        'PUT /api/admin/clients/:id/notes',
        () =>
          as('PUT /api/admin/clients/:id/notes').put(`/api/admin/clients/${buyerId}/notes`, {
            notes: 'Любит звонки утром',
            tags: ['VIP'],
          }),
      ],
      [
        'POST /api/admin/clients/:id/password-reset',
        () =>
          as('POST /api/admin/clients/:id/password-reset').post(
            `/api/admin/clients/${buyerId}/password-reset`,
            {},
          ),
      ],
      [
        'POST /api/admin/clients/:id/end-sessions',
        () =>
          as('POST /api/admin/clients/:id/end-sessions').post(
            `/api/admin/clients/${buyerId}/end-sessions`,
            {},
          ),
      ],
      // Catalogue
      [
        'POST /api/admin/products',
        async () => {
          const created = await editorOrOwner('POST /api/admin/products').post('/api/admin/products', {
            name: 'Журнальный стол',
            price: 1_500_000,
            category_id: 1,
            stock: 5,
          });
          state.product = idOf(created);
          return created;
        },
      ],
      [
        'PATCH /api/admin/products/:id',
        () =>
          as('PATCH /api/admin/products/:id').patch(`/api/admin/products/${state.product}`, {
            seo_title: 'Стол',
          }),
      ],
      [
        'POST /api/admin/products/:id/stock-movements',
        () =>
          as('POST /api/admin/products/:id/stock-movements').post(
            `/api/admin/products/${state.product}/stock-movements`,
            { delta: 2, note: 'Нашли на складе' },
          ),
      ],
      [
        'POST /api/admin/products/:id/visibility',
        () =>
          as('POST /api/admin/products/:id/visibility').post(
            `/api/admin/products/${state.product}/visibility`,
            { hidden: true },
          ),
      ],
      [
        'POST /api/admin/products/:id/images',
        async () => {
          const response = await upload(
            as('POST /api/admin/products/:id/images'),
            `/api/admin/products/${state.product}/images`,
            jpeg,
            'stol.jpg',
            'image/jpeg',
          );
          const second = await upload(
            as('POST /api/admin/products/:id/images'),
            `/api/admin/products/${state.product}/images`,
            jpeg,
            'stol-2.jpg',
            'image/jpeg',
          );
          expect(second.statusCode, second.body).toBeLessThan(300);
          const product = (
            await as('POST /api/admin/products/:id/images').get(`/api/admin/products/${state.product}`)
          ).json() as {
            images: { key: string }[];
          };
          const keys = product.images.map((image) => image.key);
          state.imageA = keys[0] ?? '';
          state.imageB = keys[1] ?? '';
          return response;
        },
      ],
      [
        'PUT /api/admin/products/:id/images/order',
        () =>
          as('PUT /api/admin/products/:id/images/order').put(
            `/api/admin/products/${state.product}/images/order`,
            { keys: [state.imageB, state.imageA] },
          ),
      ],
      [
        'PATCH /api/admin/products/:id/images/:key',
        () =>
          as('PATCH /api/admin/products/:id/images/:key').patch(
            `/api/admin/products/${state.product}/images/${encodeURIComponent(String(state.imageA))}`,
            { alt: 'Стол сбоку' },
          ),
      ],
      [
        'DELETE /api/admin/products/:id/images/:key',
        () =>
          as('DELETE /api/admin/products/:id/images/:key').delete(
            `/api/admin/products/${state.product}/images/${encodeURIComponent(String(state.imageB))}`,
          ),
      ],
      [
        'POST /api/admin/products/bulk',
        async () => {
          const response = await as('POST /api/admin/products/bulk').post('/api/admin/products/bulk', {
            ids: [state.product],
            badge: 'new',
          });
          state.operation = (response.json() as { operation: string }).operation;
          return response;
        },
      ],
      [
        'POST /api/admin/products/bulk/:operation/undo',
        () =>
          as('POST /api/admin/products/bulk/:operation/undo').post(
            `/api/admin/products/bulk/${state.operation}/undo`,
          ),
      ],
      [
        'POST /api/admin/products/import/:token/confirm',
        async () => {
          const csv = ['Артикул;Название;Цена', `AUDIT-1;Пуф;3500`].join('\n');
          const dry = await upload(
            as('POST /api/admin/products/import/:token/confirm'),
            '/api/admin/products/import',
            Buffer.from(csv),
            'puf.csv',
            'text/csv',
          );
          expect(dry.statusCode, dry.body).toBe(200);
          return as('POST /api/admin/products/import/:token/confirm').post(
            `/api/admin/products/import/${(dry.json() as { token: string }).token}/confirm`,
          );
        },
      ],
      [
        'DELETE /api/admin/products/:id',
        () => as('DELETE /api/admin/products/:id').delete(`/api/admin/products/${state.product}`),
      ],
      [
        'POST /api/admin/products/:id/restore',
        () =>
          as('POST /api/admin/products/:id/restore').post(`/api/admin/products/${state.product}/restore`, {}),
      ],
      [
        'POST /api/categories',
        async () => {
          const created = await as('POST /api/categories').post('/api/categories', {
            name: 'Пуфы для аудита',
            parent_id: null,
          });
          state.category = idOf(created);
          const second = await as('POST /api/categories').post('/api/categories', {
            name: 'Банкетки для аудита',
            parent_id: null,
          });
          state.category2 = idOf(second);
          return created;
        },
      ],
      [
        'PATCH /api/categories/:id',
        () =>
          as('PATCH /api/categories/:id').patch(`/api/categories/${state.category}`, {
            description: 'Мягкие пуфы',
          }),
      ],
      [
        'POST /api/categories/:id/move',
        () =>
          as('POST /api/categories/:id/move').post(`/api/categories/${state.category}/move`, {
            parent_id: null,
            position: 0,
          }),
      ],
      [
        'POST /api/categories/:id/image',
        () =>
          upload(
            as('POST /api/categories/:id/image'),
            `/api/categories/${state.category}/image`,
            jpeg,
            'puf.jpg',
            'image/jpeg',
          ),
      ],
      [
        'DELETE /api/categories/:id/image',
        () => as('DELETE /api/categories/:id/image').delete(`/api/categories/${state.category}/image`),
      ],
      [
        'POST /api/category-refs/:a/:b',
        () =>
          as('POST /api/category-refs/:a/:b').post(
            `/api/category-refs/${state.category}/${state.category2}`,
            {},
          ),
      ],
      [
        'DELETE /api/category-refs/:a/:b',
        () =>
          as('DELETE /api/category-refs/:a/:b').delete(
            `/api/category-refs/${state.category}/${state.category2}`,
          ),
      ],
      [
        'DELETE /api/categories/:id',
        () => as('DELETE /api/categories/:id').delete(`/api/categories/${state.category2}`),
      ],
      [
        'POST /api/admin/redirects',
        async () => {
          const created = await as('POST /api/admin/redirects').post('/api/admin/redirects', {
            from_path: '/audit-old',
            to_path: '/pages/delivery',
          });
          state.redirect = idOf(created);
          return created;
        },
      ],
      [
        'DELETE /api/admin/redirects/:id',
        () => as('DELETE /api/admin/redirects/:id').delete(`/api/admin/redirects/${state.redirect}`),
      ],
      [
        'POST /api/dicts/:name',
        () =>
          as('POST /api/dicts/:name').post('/api/dicts/colors', {
            key: 'audit-blue',
            value: 'Аудиторский синий',
          }),
      ],
      [
        'PATCH /api/dicts/:name/:key',
        () => as('PATCH /api/dicts/:name/:key').patch('/api/dicts/colors/audit-blue', { sort_order: 3 }),
      ],
      [
        'PUT /api/dicts/:name',
        () =>
          as('PUT /api/dicts/:name').put('/api/dicts/colors', {
            entries: [{ key: 'audit-green', value: 'Аудиторский зелёный' }],
          }),
      ],
      [
        'DELETE /api/dicts/:name/:key',
        () => as('DELETE /api/dicts/:name/:key').delete('/api/dicts/colors/audit-green'),
      ],
      ['POST /api/dicts/refresh', () => as('POST /api/dicts/refresh').post('/api/dicts/refresh', {})],
      // Content
      [
        'POST /api/seo/:key',
        () => as('POST /api/seo/:key').post('/api/seo/audit-key', { title: 'Аудит', html: '<p>Текст</p>' }),
      ],
      [
        'PUT /api/seo/:key',
        () => as('PUT /api/seo/:key').put('/api/seo/audit-key', { title: 'Аудит 2', html: '<p>Текст 2</p>' }),
      ],
      ['DELETE /api/seo/:key', () => as('DELETE /api/seo/:key').delete('/api/seo/audit-key')],
      [
        'PUT /api/popular-tags/:key',
        () =>
          as('PUT /api/popular-tags/:key').put('/api/popular-tags/audit', {
            tags: [{ label: 'Диваны', href: '/search?q=диван' }],
          }),
      ],
      [
        'POST /api/admin/style-categories',
        async () => {
          const created = await as('POST /api/admin/style-categories').post('/api/admin/style-categories', {
            name: 'Аудиторский стиль',
          });
          state.style = idOf(created);
          return created;
        },
      ],
      [
        'PATCH /api/admin/style-categories/:id',
        () =>
          as('PATCH /api/admin/style-categories/:id').patch(`/api/admin/style-categories/${state.style}`, {
            description: 'Строгий',
          }),
      ],
      [
        'POST /api/admin/style-categories/:id/image',
        () =>
          upload(
            as('POST /api/admin/style-categories/:id/image'),
            `/api/admin/style-categories/${state.style}/image`,
            jpeg,
            's.jpg',
            'image/jpeg',
          ),
      ],
      [
        'DELETE /api/admin/style-categories/:id/image',
        () =>
          as('DELETE /api/admin/style-categories/:id/image').delete(
            `/api/admin/style-categories/${state.style}/image`,
          ),
      ],
      [
        'DELETE /api/admin/style-categories/:id',
        () =>
          as('DELETE /api/admin/style-categories/:id').delete(`/api/admin/style-categories/${state.style}`),
      ],
      [
        'POST /api/admin/news',
        async () => {
          const created = await as('POST /api/admin/news').post('/api/admin/news', {
            type: 'news',
            title: 'Новость для аудита',
          });
          state.news = idOf(created);
          return created;
        },
      ],
      [
        'PATCH /api/admin/news/:id',
        () =>
          as('PATCH /api/admin/news/:id').patch(`/api/admin/news/${state.news}`, {
            title: 'Новость для аудита 2',
          }),
      ],
      [
        'POST /api/admin/news/:id/image',
        () =>
          upload(
            as('POST /api/admin/news/:id/image'),
            `/api/admin/news/${state.news}/image`,
            jpeg,
            'n.jpg',
            'image/jpeg',
          ),
      ],
      [
        'DELETE /api/admin/news/:id/image',
        () => as('DELETE /api/admin/news/:id/image').delete(`/api/admin/news/${state.news}/image`),
      ],
      [
        'DELETE /api/admin/news/:id',
        () => as('DELETE /api/admin/news/:id').delete(`/api/admin/news/${state.news}`),
      ],
      [
        'POST /api/admin/pages',
        async () => {
          const created = await as('POST /api/admin/pages').post('/api/admin/pages', {
            slug: 'audit-page',
            title: 'Страница для аудита',
          });
          state.page = idOf(created);
          return created;
        },
      ],
      [
        'PATCH /api/admin/pages/:id',
        () =>
          as('PATCH /api/admin/pages/:id').patch(`/api/admin/pages/${state.page}`, { title: 'Страница 2' }),
      ],
      [
        'DELETE /api/admin/pages/:id',
        () => as('DELETE /api/admin/pages/:id').delete(`/api/admin/pages/${state.page}`),
      ],
      // Promo
      [
        'POST /api/admin/promo',
        () =>
          as('POST /api/admin/promo').post('/api/admin/promo', { code: 'AUDIT5', kind: 'percent', value: 5 }),
      ],
      [
        'PATCH /api/admin/promo/:code',
        () => as('PATCH /api/admin/promo/:code').patch('/api/admin/promo/AUDIT5', { active: false }),
      ],
      [
        'DELETE /api/admin/promo/:code',
        () => as('DELETE /api/admin/promo/:code').delete('/api/admin/promo/AUDIT5'),
      ],
      // Staff and the second factor
      [
        'POST /api/admin/staff',
        async () => {
          const created = await as('POST /api/admin/staff').post('/api/admin/staff', {
            email: 'new@shop.test',
            name: 'Новый',
            role: 'content',
          });
          state.staff = idOf(created);
          return created;
        },
      ],
      [
        'PATCH /api/admin/staff/:id',
        () => as('PATCH /api/admin/staff/:id').patch(`/api/admin/staff/${state.staff}`, { role: 'manager' }),
      ],
      [
        'POST /api/admin/profile/totp/confirm',
        async () => {
          const { secret } = (await owner.browser.post('/api/admin/profile/totp/setup')).json() as {
            secret: string;
          };
          const { TOTP, Secret } = await import('otpauth');
          state.totpSecret = secret;
          const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({
            timestamp: shop.clock.now,
          });
          return owner.browser.post('/api/admin/profile/totp/confirm', { code });
        },
      ],
      [
        'POST /api/admin/profile/totp/disable',
        async () => {
          const { TOTP, Secret } = await import('otpauth');
          shop.clock.now += 30_000;
          const code = new TOTP({ secret: Secret.fromBase32(String(state.totpSecret)) }).generate({
            timestamp: shop.clock.now,
          });
          return owner.browser.post('/api/admin/profile/totp/disable', { code });
        },
      ],
      [
        'POST /api/admin/staff/:id/second-factor/reset',
        async () => {
          // The person added above turns the factor on, then loses the phone: the owner resets it.
          const { TOTP, Secret } = await import('otpauth');
          const person = new Browser(shop.app);
          await person.login(
            'new@shop.test',
            shop.mailer.tempPasswordOf('new@shop.test'),
            '/api/admin-login',
          );
          await person.post('/api/change-password', { newPassword: 'Новый пароль сотрудника' });
          const { secret } = (await person.post('/api/admin/profile/totp/setup')).json() as {
            secret: string;
          };
          const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({
            timestamp: shop.clock.now,
          });
          await person.post('/api/admin/profile/totp/confirm', { code });
          return as('POST /api/admin/staff/:id/second-factor/reset').post(
            `/api/admin/staff/${state.staff}/second-factor/reset`,
          );
        },
      ],
    ];

    const stepped = new Set(steps.map(([key]) => key));
    const uncovered = [...areaOf.keys()].filter((key) => !stepped.has(key) && !(key in CHANGES_NOTHING));
    expect(uncovered).toEqual([]);
    const unknown = [...stepped].filter((key) => !areaOf.has(key));
    expect(unknown).toEqual([]);

    const silent: string[] = [];
    for (const [key, call] of steps) {
      const actor = key.startsWith('POST /api/admin/profile') ? owner : byArea(areaOf.get(key) ?? 'staff');
      const before = await lastAuditId();
      const response = await call();
      expect({
        key,
        status: response.statusCode < 300 ? 'ok' : `${response.statusCode} ${response.body.slice(0, 200)}`,
      }).toEqual({ key, status: 'ok' });
      const entries = await shop.database.rows<{ actor_id: number | null; actor_kind: string }>(
        sql`select actor_id, actor_kind from audit_log where id > ${before} order by id`,
      );
      if (!entries.some((entry) => Number(entry.actor_id) === actor.id && entry.actor_kind === 'admin'))
        silent.push(key);
    }
    expect(silent).toEqual([]);

    // The log names each person, in the owner's «Журнал действий».
    for (const [person, name] of [
      [manager, 'Ольга Менеджер'],
      [editor, 'Ирина Редактор'],
    ] as const) {
      const page = (
        await owner.browser.get(`/api/admin/audit?actorId=${person.id}&limit=100`)
      ).json() as AuditPage;
      expect(page.total).toBeGreaterThan(5);
      expect(page.items.every((entry) => entry.actor?.name === name)).toBe(true);
    }
    const orders = (await owner.browser.get(`/api/admin/audit?area=orders&limit=100`)).json() as AuditPage;
    expect(orders.items.every((entry) => entry.area === 'orders')).toBe(true);
    expect(orders.items.some((entry) => entry.actor?.name === 'Ольга Менеджер')).toBe(true);
  });
});
