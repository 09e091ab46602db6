import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminClientDetail, AdminClientList } from '../../api/admin-clients';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  someProductIds,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

const ANNA = 'anna.petrova@mail.ru';
const BORIS = 'boris@yandex.ru';
const ANNA_PASSWORD = 'надёжный пароль Анны 1';

describe.each(testDrivers())('admin clients (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let anna: Browser;
  let annaId = 0;
  let borisId = 0;
  let product = 0;

  beforeAll(async () => {
    shop = await startShopApp(driver);
    [product = 0] = await someProductIds(shop.database, 1);
    anna = new Browser(shop.app);
    const registered = await anna.post('/api/register', {
      email: ANNA,
      password: ANNA_PASSWORD,
      name: 'Анна Петрова',
      phone: '+7 (921) 555-44-33',
    });
    expect(registered.statusCode).toBe(201);
    annaId = (registered.json() as { clientId: number }).clientId;
    borisId = await new Browser(shop.app).register(BORIS);
    expect(
      (
        await anna.post('/api/orders', {
          cart: [{ id: product, quantity: 2 }],
          contact: { name: 'Анна Петрова', phone: '+7 921 555 44 33', email: ANNA },
          delivery: { method: 'pickup' },
          paymentMethod: 'online',
          consent: true,
        })
      ).statusCode,
    ).toBe(201);
    expect((await anna.post('/api/favorites', { clientId: annaId, productId: product })).statusCode).toBe(
      200,
    );
    expect(
      (await anna.post('/api/requests', { subject: 'Вопрос о доставке', text: 'Сообщение: когда привезут?' }))
        .statusCode,
    ).toBe(201);
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const search = async (query: string) => {
    const response = await admin.get(`/api/admin/clients${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as AdminClientList;
  };

  it('lists clients only (never administrators) with a total, paged and sorted', async () => {
    const all = await search('?limit=100');
    expect(all.total).toBe(2);
    expect(all.items.map((item) => item.email)).toEqual([BORIS, ANNA]);
    expect(all.items.some((item) => item.email === ADMIN_EMAIL)).toBe(false);
    expect((await search('?sort=created_asc')).items.map((item) => item.id)).toEqual([annaId, borisId]);
    expect((await search('?sort=email_asc')).items.map((item) => item.email)).toEqual([ANNA, BORIS]);
    expect((await search('?sort=name_asc')).items[0]?.email).toBe(ANNA);
    expect((await search('?sort=last_seen_desc')).items).toHaveLength(2);
    const second = await search('?limit=1&page=2&sort=created_asc');
    expect(second).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(second.items.map((item) => item.id)).toEqual([borisId]);
    const row = all.items.find((item) => item.id === annaId);
    expect(row).toMatchObject({ name: 'Анна Петрова', ordersCount: 1, requestsCount: 1 });
    expect(row?.lastSeenAt).not.toBeNull();
    expect((await admin.get('/api/admin/clients?sort=random')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/clients?page=0')).statusCode).toBe(400);
  });

  it('finds a client by phone in any spelling, by e-mail and by name', async () => {
    for (const phone of ['8 921 555 44 33', '+7 (921) 555-44-33', '89215554433', '9215554433', '555-44-33']) {
      const found = await search(`?q=${encodeURIComponent(phone)}`);
      expect({ phone, ids: found.items.map((item) => item.id) }).toEqual({ phone, ids: [annaId] });
    }
    expect((await search(`?q=${encodeURIComponent('8 921 000 00 00')}`)).total).toBe(0);
    expect((await search('?q=YANDEX')).items.map((item) => item.id)).toEqual([borisId]);
    expect((await search(`?q=${encodeURIComponent('петрова')}`)).items.map((item) => item.id)).toEqual([
      annaId,
    ]);
    expect((await search(`?q=${encodeURIComponent('_')}`)).total).toBe(0);
  });

  it('shows the client card: orders, requests, favourites, subscription, sessions', async () => {
    await shop.database.rows(
      sql`insert into subscriptions (email, client_id, promo_code) values (${ANNA}, ${annaId}, 'HOME10')`,
    );
    const response = await admin.get(`/api/admin/clients/${annaId}`);
    expect(response.statusCode).toBe(200);
    const card = response.json() as AdminClientDetail;
    expect(card).toMatchObject({
      id: annaId,
      email: ANNA,
      name: 'Анна Петрова',
      mustChangePassword: false,
      sessionsCount: 1,
      ordersCount: 1,
      requestsCount: 1,
      subscription: { email: ANNA },
    });
    expect(card.orders).toEqual([
      expect.objectContaining({ status: 'new', statusLabel: expect.any(String) }),
    ]);
    expect(card.orders[0]?.total).toBeGreaterThan(0);
    expect(card.requests).toEqual([
      expect.objectContaining({
        kind: 'feedback',
        status: 'new',
        subject: 'Вопрос о доставке',
        repliesCount: 0,
      }),
    ]);
    expect(card.favourites).toEqual([expect.objectContaining({ productId: product })]);
    const requestId = card.requests[0]?.id;
    expect(
      (await admin.post(`/api/admin/client-requests/${requestId}/replies`, { text: 'Привезём в пятницу.' }))
        .statusCode,
    ).toBe(200);
    const answered = (await admin.get(`/api/admin/clients/${annaId}`)).json() as AdminClientDetail;
    expect(answered.requests).toEqual([expect.objectContaining({ id: requestId, repliesCount: 1 })]);
    expect(JSON.stringify(card)).not.toMatch(/password_hash|passwordHash|tempPassword/);
    expect((await admin.get('/api/admin/clients/999999')).statusCode).toBe(404);
    const adminId = (
      await shop.database.rows<{ id: number }>(sql`select id from users where email = ${ADMIN_EMAIL}`)
    )[0]?.id;
    expect((await admin.get(`/api/admin/clients/${adminId}`)).statusCode).toBe(404);
    expect((await admin.get('/api/admin/clients/abc')).statusCode).toBe(400);
  });

  it('ends the client’s sessions: the client is signed out everywhere, and the audit log says who did it', async () => {
    const secondDevice = new Browser(shop.app);
    expect((await secondDevice.login(ANNA, ANNA_PASSWORD)).statusCode).toBe(200);
    expect((await anna.get(`/api/orders/${annaId}`)).statusCode).toBe(200);
    const response = await admin.post(`/api/admin/clients/${annaId}/end-sessions`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    expect((await anna.get(`/api/orders/${annaId}`)).statusCode).toBe(401);
    expect((await secondDevice.get(`/api/orders/${annaId}`)).statusCode).toBe(401);
    expect((await anna.get('/api/check-auth')).json()).toMatchObject({ authenticated: false });
    expect((await admin.get(`/api/admin/clients/${annaId}`)).json()).toMatchObject({ sessionsCount: 0 });
    const audit = await shop.database.rows<{ action: string; actor_kind: string; ip: string }>(
      sql`select action, actor_kind, ip from audit_log where entity_type = 'client' and entity_id = ${String(annaId)}`,
    );
    expect(audit).toEqual([{ action: 'client.sessionsEnded', actor_kind: 'admin', ip: admin.ip }]);
    expect((await admin.post('/api/admin/clients/999999/end-sessions')).statusCode).toBe(404);
  });

  it('sends a password reset by mail only: a temporary password the client can sign in with', async () => {
    const mailsBefore = shop.mailer.to(BORIS).length;
    const response = await admin.post(`/api/admin/clients/${borisId}/password-reset`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.body).not.toMatch(/пароль|password":/i);
    const mails = shop.mailer.to(BORIS);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)?.template).toBe('password-reset');
    const temporary = shop.mailer.tempPasswordOf(BORIS);
    const login = await new Browser(shop.app).login(BORIS, temporary);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ tempPasswordActive: true });
    const audit = await shop.database.rows<{ action: string; after: Record<string, unknown> }>(
      sql`select action, after from audit_log where entity_type = 'client' and entity_id = ${String(borisId)}`,
    );
    expect(audit).toEqual([
      { action: 'client.passwordResetSent', after: { temporaryPasswordMailedTo: BORIS } },
    ]);
    expect(JSON.stringify(audit)).not.toContain(temporary);
    expect((await admin.post('/api/admin/clients/999999/password-reset')).statusCode).toBe(404);
  });

  it('keeps every clients call for administrators (guest 401, client 403)', async () => {
    const client = new Browser(shop.app);
    await client.register('curious-client@mail.ru');
    const guest = new Browser(shop.app);
    const routes: [string, string][] = [
      ['GET', '/api/admin/clients'],
      ['GET', `/api/admin/clients/${borisId}`],
      ['POST', `/api/admin/clients/${borisId}/end-sessions`],
      ['POST', `/api/admin/clients/${borisId}/password-reset`],
    ];
    for (const [method, url] of routes) {
      const route = `${method} ${url}`;
      const body = method === 'POST' ? {} : undefined;
      expect({ route, status: (await guest.request(method as 'GET', url, body)).statusCode }).toEqual({
        route,
        status: 401,
      });
      expect({ route, status: (await client.request(method as 'GET', url, body)).statusCode }).toEqual({
        route,
        status: 403,
      });
      expect({ route, status: (await admin.request(method as 'GET', url, body)).statusCode }).toEqual({
        route,
        status: 200,
      });
    }
  });
});
