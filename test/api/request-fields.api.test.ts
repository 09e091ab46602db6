import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRequestList, AdminRequestThread } from '../../api/admin-requests';
import { composeRequestText } from '../../shared-rules/request-text-rule';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * Issue 25 item 11: a request's composed lines reach the screens as fields — the back office's thread,
 * the inbox excerpt and the client's own list — and a text in any other shape as written.
 */
describe.each(testDrivers())('request fields (%s)', (driver) => {
  let shop: ShopTestApp;
  let admin: Browser;
  let client: Browser;
  let clientId = 0;

  beforeAll(async () => {
    shop = await startShopApp(driver);
    client = new Browser(shop.app);
    clientId = await client.register('fields@mail.ru');
    admin = new Browser(shop.app);
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const send = async (text: string) => {
    const sent = await client.post('/api/requests', { subject: 'Сообщение с сайта', text });
    expect(sent.statusCode).toBe(201);
    return (sent.json() as { requestId: number }).requestId;
  };

  it('reads the composed lines into fields for the manager and the client', async () => {
    const text = composeRequestText({
      source: 'feedback',
      phone: '+7 921 555-10-20',
      email: 'fields@mail.ru',
      clientId,
      attachment: null,
      comment: 'Когда привезут шкаф?\nЛучше после обеда.',
    });
    const id = await send(text);
    const fields = {
      source: 'feedback',
      phone: '+7 921 555-10-20',
      email: 'fields@mail.ru',
      attachment: null,
      comment: 'Когда привезут шкаф?\nЛучше после обеда.',
    };
    const thread = (await admin.get(`/api/admin/client-requests/${id}`)).json() as AdminRequestThread;
    expect(thread.fields).toEqual(fields);
    expect(thread.text).toBe(text);
    const inbox = (await admin.get('/api/admin/client-requests?limit=100')).json() as AdminRequestList;
    expect(inbox.items.find((item) => item.id === id)?.excerpt).toBe(
      'Когда привезут шкаф? Лучше после обеда.',
    );
    const own = (await client.get(`/api/requests/${clientId}`)).json() as { id: number; fields: unknown }[];
    expect(own.find((request) => request.id === id)?.fields).toEqual(fields);
  });

  it('gives no fields for a text in another shape, which is shown as written', async () => {
    const id = await send('Подойдёт ли диван в комнату 12 м²?');
    const thread = (await admin.get(`/api/admin/client-requests/${id}`)).json() as AdminRequestThread;
    expect(thread.fields).toBeNull();
    expect(thread.excerpt).toBe('Подойдёт ли диван в комнату 12 м²?');
  });
});
