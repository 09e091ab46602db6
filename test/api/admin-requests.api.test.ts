import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRequestList, AdminRequestThread, AdminUser } from '../../api/admin-requests';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  PUBLIC_URL,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

const BOUNDARY = '----admin-requests-boundary-Qx81';

function multipart(
  fields: Record<string, string>,
  file: { name: string; type: string; data: Buffer },
): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachment"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from('\r\n'),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  );
  return Buffer.concat(parts);
}

/** A real PNG signature: the store sniffs the bytes, not the name or the declared type. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(1500, 7),
]);
const CLIENT_EMAIL = 'inbox-client@mail.ru';

describe.each(testDrivers())('admin client requests (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let client: Browser;
  let clientId = 0;
  let consultationId = 0;
  let feedbackId = 0;
  let startedAt = '';

  beforeAll(async () => {
    shop = await startShopApp(driver);
    startedAt = new Date(Date.now() - 1000).toISOString();
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/requests',
      remoteAddress: '203.0.113.77',
      headers: { origin: PUBLIC_URL, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(
        {
          subject: 'Подбор дивана',
          text: 'Источник: главная\nТелефон: 8 (921) 555-44-33\nКомментарий: нужен угловой диван',
          email: CLIENT_EMAIL,
        },
        { name: 'план комнаты.png', type: 'image/png', data: PNG },
      ),
    });
    expect(created.statusCode).toBe(201);
    consultationId = (created.json() as { requestId: number }).requestId;
    client = new Browser(shop.app);
    const state = (await client.login(CLIENT_EMAIL, shop.mailer.tempPasswordOf(CLIENT_EMAIL))).json() as {
      clientId: number;
    };
    clientId = state.clientId;
    const feedback = await new Browser(shop.app).post('/api/requests', {
      subject: 'Отзыв о доставке',
      text: 'Сообщение: всё привезли вовремя',
      email: 'feedback-author@mail.ru',
    });
    feedbackId = (feedback.json() as { requestId: number }).requestId;
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const list = async (query = '') => {
    const response = await admin.get(`/api/admin/client-requests${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as AdminRequestList;
  };

  it('lists new requests unread, waiting and unanswered, with a total', async () => {
    const page = await list();
    expect(page.total).toBe(2);
    const consultation = page.items.find((item) => item.id === consultationId);
    expect(consultation).toMatchObject({
      kind: 'consultation',
      status: 'new',
      subject: 'Подбор дивана',
      email: CLIENT_EMAIL,
      clientId,
      unread: true,
      hasAttachment: true,
      messagesCount: 0,
      firstReplyAt: null,
      assignee: null,
    });
    expect(consultation?.waitingSince).toBe(consultation?.createdAt);
    expect(consultation?.excerpt).toContain('угловой диван');
    const summary = (
      await admin.get(`/api/admin/unread-summary?since=${encodeURIComponent(startedAt)}`)
    ).json();
    expect(summary).toMatchObject({ newRequests: 2, newRequestMessages: 0 });
  });

  it('filters by type, status, dates, assignee and searches text, e-mail and phone digits', async () => {
    expect((await list('?type=feedback')).items.map((item) => item.id)).toEqual([feedbackId]);
    expect((await list('?type=consultation')).items.map((item) => item.id)).toEqual([consultationId]);
    expect((await list('?status=closed')).total).toBe(0);
    expect((await list('?status=new')).total).toBe(2);
    expect((await list('?assignee=none')).total).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=2000-01-01&to=2099-12-31`)).total).toBe(2);
    expect((await list('?to=2000-01-01')).total).toBe(0);
    expect((await list(`?from=2099-01-01`)).total).toBe(0);
    expect((await admin.get(`/api/admin/client-requests?from=${today}&to=2000-01-01`)).statusCode).toBe(400);
    for (const phone of ['+7 (921) 555-44-33', '8 921 555 44 33', '79215554433', '921-555-44']) {
      const found = await list(`?q=${encodeURIComponent(phone)}`);
      expect({ phone, ids: found.items.map((item) => item.id) }).toEqual({ phone, ids: [consultationId] });
    }
    expect((await list(`?q=${encodeURIComponent('УГЛОВОЙ')}`)).items.map((item) => item.id)).toEqual([
      consultationId,
    ]);
    expect((await list('?q=feedback-author')).items.map((item) => item.id)).toEqual([feedbackId]);
    expect((await list(`?q=${encodeURIComponent('100%')}`)).total).toBe(0);
    expect((await list('?limit=1&page=2')).items).toHaveLength(1);
    const bad = await admin.get('/api/admin/client-requests?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/status/);
    expect((await admin.get('/api/admin/client-requests?from=2026-02-31')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/client-requests?limit=1000')).statusCode).toBe(400);
  });

  it('opens the thread with the attachment, marks it read and keeps it first only while unread', async () => {
    const response = await admin.get(`/api/admin/client-requests/${consultationId}`);
    expect(response.statusCode).toBe(200);
    const thread = response.json() as AdminRequestThread;
    expect(thread.text).toContain('Телефон: 8 (921) 555-44-33');
    expect(thread.attachment).toEqual({
      mime: 'image/png',
      size: PNG.length,
      fileName: `zayavka-${consultationId}.png`,
      url: `/api/admin/client-requests/${consultationId}/attachment`,
    });
    expect(thread.messages).toEqual([]);
    const page = await list();
    expect(page.items.find((item) => item.id === consultationId)?.unread).toBe(false);
    // Unread first: the unopened feedback now comes before the opened consultation.
    expect(page.items.map((item) => item.id)).toEqual([feedbackId, consultationId]);
    expect((await admin.get('/api/admin/client-requests/999999')).statusCode).toBe(404);
  });

  it('downloads the attachment only for administrators, as a sandboxed attachment', async () => {
    const url = `/api/admin/client-requests/${consultationId}/attachment`;
    const file = await admin.get(url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="zayavka-${consultationId}.png"; filename*=UTF-8''zayavka-${consultationId}.png`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(String(file.headers['content-security-policy'])).toMatch(/^sandbox/);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect((await new Browser(shop.app).get(url)).statusCode).toBe(401);
    expect((await client.get(url)).statusCode).toBe(403);
    expect((await admin.get(`/api/admin/client-requests/${feedbackId}/attachment`)).statusCode).toBe(404);
    expect((await admin.get('/api/admin/client-requests/abc/attachment')).statusCode).toBe(404);
  });

  it('replies: the client is mailed, the counter rises, the account lists the reply, the audit log records it', async () => {
    const beforeReply = new Date(Date.now() - 1000).toISOString();
    const before = (
      await client.get(`/api/client/unread-summary?since=${encodeURIComponent(beforeReply)}`)
    ).json() as { requestReplies: number };
    expect(before.requestReplies).toBe(0);
    const waitingIds = async (): Promise<number[]> =>
      (
        (await admin.get('/api/admin/client-requests?waiting=true&limit=100')).json() as {
          items: { id: number; status: string }[];
        }
      ).items.map((item) => item.id);
    // «Ждут ответа»: open requests where the client spoke last; a reply takes it off the list.
    expect(await waitingIds()).toContain(consultationId);
    const response = await admin.post(`/api/admin/client-requests/${consultationId}/replies`, {
      text: '  Здравствуйте! Подберём угловой диван, позвоним завтра.  ',
    });
    expect(response.statusCode).toBe(200);
    const thread = response.json() as AdminRequestThread;
    expect(thread.status).toBe('waiting_client');
    expect(thread.firstReplyAt).not.toBeNull();
    expect(thread.waitingSince).toBeNull();
    expect(await waitingIds()).not.toContain(consultationId);
    expect(thread.messages).toEqual([
      expect.objectContaining({
        author: 'admin',
        authorName: ADMIN_EMAIL,
        text: 'Здравствуйте! Подберём угловой диван, позвоним завтра.',
      }),
    ]);
    const mail = shop.mailer.to(CLIENT_EMAIL).filter((message) => message.template === 'request-reply');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain('Подберём угловой диван');
    expect(mail[0]?.text).toContain(`/orders/${clientId}?tab=requests`);
    const after = (
      await client.get(`/api/client/unread-summary?since=${encodeURIComponent(beforeReply)}`)
    ).json() as { requestReplies: number };
    expect(after.requestReplies).toBe(1);
    const own = (await client.get(`/api/requests/${clientId}`)).json() as {
      id: number;
      status?: string;
      replies: { text: string }[];
    }[];
    expect(own.find((request) => request.id === consultationId)?.replies).toEqual([
      expect.objectContaining({ text: 'Здравствуйте! Подберём угловой диван, позвоним завтра.' }),
    ]);
    // Opening the requests tab resets the client's counter (the app's clock is the test's).
    shop.clock.now = Date.now();
    expect((await client.patch('/api/client/unread-summary/reset', { type: 'requests' })).statusCode).toBe(
      200,
    );
    const reset = (
      await client.get(`/api/client/unread-summary?since=${encodeURIComponent(beforeReply)}`)
    ).json() as { requestReplies: number };
    expect(reset.requestReplies).toBe(0);
    const audit = await shop.database.rows<{
      action: string;
      actor_kind: string;
      actor_id: number;
      ip: string;
    }>(
      sql`select action, actor_kind, actor_id, ip from audit_log where entity_type = 'request' and entity_id = ${String(consultationId)}`,
    );
    expect(audit).toEqual([
      expect.objectContaining({ action: 'request.replied', actor_kind: 'admin', ip: admin.ip }),
    ]);
    expect(Number(audit[0]?.actor_id)).toBeGreaterThan(0);
    expect(
      (await admin.post(`/api/admin/client-requests/${consultationId}/replies`, { text: '   ' })).statusCode,
    ).toBe(400);
    expect(
      (await admin.post('/api/admin/client-requests/999999/replies', { text: 'Ответ' })).statusCode,
    ).toBe(404);
  });

  it('changes status and assignee, audits the change, and filters by assignee', async () => {
    const admins = (await admin.get('/api/admin/admins')).json() as AdminUser[];
    const me = admins.find((user) => user.email === ADMIN_EMAIL);
    expect(me).toBeDefined();
    const response = await admin.patch(`/api/admin/client-requests/${feedbackId}`, {
      status: 'in_work',
      assigneeId: me?.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'in_work',
      assignee: { id: me?.id, email: ADMIN_EMAIL },
    });
    expect((await list(`?assignee=${me?.id}`)).items.map((item) => item.id)).toEqual([feedbackId]);
    expect((await list('?assignee=none')).items.map((item) => item.id)).toEqual([consultationId]);
    expect((await list('?status=in_work')).items.map((item) => item.id)).toEqual([feedbackId]);
    const audit = await shop.database.rows<{ action: string; before: unknown; after: unknown }>(
      sql`select action, before, after from audit_log where entity_type = 'request' and entity_id = ${String(feedbackId)}`,
    );
    expect(audit).toEqual([
      {
        action: 'request.updated',
        before: { status: 'new', assigneeId: null },
        after: { status: 'in_work', assigneeId: me?.id },
      },
    ]);
    const closed = await admin.patch(`/api/admin/client-requests/${feedbackId}`, {
      status: 'closed',
      assigneeId: null,
    });
    expect(closed.json()).toMatchObject({ status: 'closed', assignee: null, waitingSince: null });
    expect(
      (await admin.patch(`/api/admin/client-requests/${feedbackId}`, { assigneeId: clientId })).statusCode,
    ).toBe(422);
    expect(
      (await admin.patch(`/api/admin/client-requests/${feedbackId}`, { status: 'lost' })).statusCode,
    ).toBe(400);
    expect((await admin.patch('/api/admin/client-requests/999999', { status: 'closed' })).statusCode).toBe(
      404,
    );
  });

  it('takes the client’s follow-up, counts it since a moment and shows the request unread and waiting again', async () => {
    // Strictly after the two requests (a fast run creates them within the same second).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const since = new Date().toISOString();
    shop.clock.now = Date.now() + 5000;
    // PGlite's clock has millisecond precision: the message must land in a later millisecond.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const followUp = await client.post(`/api/requests/${clientId}/${consultationId}/messages`, {
      text: 'Удобно после 18:00',
    });
    expect(followUp.statusCode).toBe(201);
    // The client wrote back while the shop waited for them: the request is in work again.
    expect(followUp.json()).toMatchObject({ id: consultationId, status: 'in_work' });
    expect(
      (followUp.json() as { messages: { author: string; text: string }[] }).messages.map((message) => [
        message.author,
        message.text,
      ]),
    ).toEqual([
      ['admin', 'Здравствуйте! Подберём угловой диван, позвоним завтра.'],
      ['client', 'Удобно после 18:00'],
    ]);
    const stranger = new Browser(shop.app);
    await stranger.register('stranger-inbox@mail.ru');
    const strangerId = (await stranger.get('/api/check-auth')).json().clientId as number;
    expect(
      (await stranger.post(`/api/requests/${strangerId}/${consultationId}/messages`, { text: 'Чужая' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await stranger.post(`/api/requests/${clientId}/${consultationId}/messages`, { text: 'Чужая' }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await new Browser(shop.app).post(`/api/requests/${clientId}/${consultationId}/messages`, {
          text: 'x',
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await client.post(`/api/requests/${clientId}/${consultationId}/messages`, { text: ' ' })).statusCode,
    ).toBe(400);
    const summary = (await admin.get(`/api/admin/unread-summary?since=${encodeURIComponent(since)}`)).json();
    expect(summary).toMatchObject({ newRequests: 0, newRequestMessages: 1 });
    const row = (await list()).items.find((item) => item.id === consultationId);
    expect(row).toMatchObject({ unread: true, messagesCount: 2 });
    expect(row?.waitingSince).not.toBeNull();
    const thread = (
      await admin.get(`/api/admin/client-requests/${consultationId}`)
    ).json() as AdminRequestThread;
    expect(thread.messages.map((message) => [message.author, message.text])).toEqual([
      ['admin', 'Здравствуйте! Подберём угловой диван, позвоним завтра.'],
      ['client', 'Удобно после 18:00'],
    ]);
  });

  it('keeps every inbox call for administrators (guest 401, client 403)', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/client-requests'],
      ['GET', `/api/admin/client-requests/${consultationId}`],
      ['POST', `/api/admin/client-requests/${consultationId}/replies`, { text: 'Ещё ответ' }],
      ['PATCH', `/api/admin/client-requests/${consultationId}`, { status: 'in_work' }],
      ['GET', `/api/admin/client-requests/${consultationId}/attachment`],
      ['GET', '/api/admin/admins'],
    ];
    const guest = new Browser(shop.app);
    for (const [method, url, body] of routes) {
      const route = `${method} ${url}`;
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
