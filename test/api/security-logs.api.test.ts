import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';

/** ASVS 5.0 16.2.5: no password, temporary password or session token ever reaches the log. */
describe('secrets never reach the log', () => {
  let shop: ShopTestApp;
  beforeAll(async () => {
    shop = await startShopApp('pglite');
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('logs security events without the secrets involved', async () => {
    const secrets: string[] = [ADMIN_PASSWORD];
    const client = new Browser(shop.app);
    const password = 'секретный-пароль-клиента';
    secrets.push(password);
    await client.register('logs@mail.ru', password);
    if (client.cookie) secrets.push(client.cookie.split('=')[1] ?? '');
    await new Browser(shop.app).login('logs@mail.ru', 'неверный-пароль-в-логах');
    secrets.push('неверный-пароль-в-логах');
    await new Browser(shop.app).post('/api/forgot-password', { email: 'logs@mail.ru' });
    const reset = shop.mailer.tempPasswordOf('logs@mail.ru');
    secrets.push(reset);
    const withTemp = new Browser(shop.app);
    await withTemp.login('logs@mail.ru', reset);
    const newPassword = 'новый-секретный-пароль';
    secrets.push(newPassword);
    await withTemp.post('/api/change-password', { newPassword });
    await new Browser(shop.app).post('/api/subscribe', { email: 'logs-sub@mail.ru' });
    secrets.push(shop.mailer.tempPasswordOf('logs-sub@mail.ru'));
    await new Browser(shop.app).post('/api/requests', {
      subject: 'Вопрос',
      text: 'Текст',
      email: 'logs-req@mail.ru',
    });
    secrets.push(shop.mailer.tempPasswordOf('logs-req@mail.ru'));
    const admin = new Browser(shop.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login');
    if (admin.cookie) secrets.push(admin.cookie.split('=')[1] ?? '');

    const log = shop.logLines.join('\n');
    expect(log).toContain('"event":"login_failed"');
    expect(log).toContain('"event":"password_changed"');
    expect(log).toContain('"event":"account_auto_created"');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(7);
      expect(log.includes(secret)).toBe(false);
    }
  });
});
