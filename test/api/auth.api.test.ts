import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LIFETIMES } from '../../server/domain/session-policy';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  PUBLIC_URL,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

describe.each(testDrivers())('accounts and sessions (%s)', (driver) => {
  let shop: ShopTestApp;
  beforeAll(async () => {
    shop = await startShopApp(driver);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('answers a guest as unauthenticated', async () => {
    const response = await new Browser(shop.app).get('/api/check-auth');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ authenticated: false, tempPasswordActive: false });
  });

  it('registers, signs in with an httpOnly SameSite=Lax cookie, and reports the client', async () => {
    const browser = new Browser(shop.app);
    const response = await browser.post('/api/register', {
      email: 'Anna@Mail.ru',
      password: 'лето в Петербурге',
    });
    expect(response.statusCode).toBe(201);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    const state = response.json();
    expect(state).toMatchObject({ authenticated: true, userRole: 'user', tempPasswordActive: false });
    expect(state.clientId).toBeGreaterThan(0);
    expect((await browser.get('/api/check-auth')).json()).toEqual(state);
  });

  it('refuses a second account for the same e-mail, a weak password and a malformed e-mail', async () => {
    const browser = new Browser(shop.app);
    await browser.register('dup@mail.ru');
    const again = await new Browser(shop.app).post('/api/register', {
      email: 'DUP@mail.ru',
      password: 'другой пароль 2',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Пользователь с таким email уже зарегистрирован. Войдите или восстановите пароль.',
    );
    const weak = await new Browser(shop.app).post('/api/register', {
      email: 'weak@mail.ru',
      password: 'short',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().message).toBe('Пароль должен содержать не менее 8 символов.');
    const bad = await new Browser(shop.app).post('/api/register', {
      email: 'no at sign',
      password: 'длинный пароль',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('gives a new session id at login and ends the old one (no fixation)', async () => {
    const first = new Browser(shop.app);
    await first.register('fixation@mail.ru', 'пароль для проверки');
    const before = first.cookie;
    const response = await first.login('fixation@mail.ru', 'пароль для проверки');
    expect(response.statusCode).toBe(200);
    expect(first.cookie).not.toBe(before);
    const stale = new Browser(shop.app);
    stale.cookie = before;
    expect((await stale.get('/api/check-auth')).json().authenticated).toBe(false);
  });

  it('fails the same way for an unknown e-mail and a wrong password', async () => {
    await new Browser(shop.app).register('known@mail.ru', 'правильный пароль');
    const unknown = await new Browser(shop.app).login('unknown@mail.ru', 'какой-то пароль');
    const wrong = await new Browser(shop.app).login('known@mail.ru', 'неправильный пароль');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({ error: 'unauthorized', message: 'Неверный email или пароль.' });
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('destroys the session at logout: the old cookie is refused afterwards', async () => {
    const browser = new Browser(shop.app);
    await browser.register('logout@mail.ru');
    const cookie = browser.cookie;
    expect((await browser.post('/api/logout')).json()).toEqual({ ok: true });
    const replay = new Browser(shop.app);
    replay.cookie = cookie;
    for (let i = 0; i < 5; i += 1) {
      expect((await replay.get('/api/check-auth')).json().authenticated).toBe(false);
    }
  });

  it('keeps clients and administrators on their own forms', async () => {
    const admin = new Browser(shop.app);
    const asClient = await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(asClient.statusCode).toBe(401);
    const response = await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      authenticated: true,
      userRole: 'admin',
      staffRole: 'owner',
      tempPasswordActive: false,
    });
    expect(String(response.headers['set-cookie'])).toContain(
      `Max-Age=${SESSION_LIFETIMES.admin.absoluteMs / 1000}`,
    );
    const client = new Browser(shop.app);
    await client.register('not-admin@mail.ru', 'пароль клиента 1');
    expect((await client.login('not-admin@mail.ru', 'пароль клиента 1', '/api/admin-login')).statusCode).toBe(
      401,
    );
  });

  it('expires an admin session after the idle timeout and any session after the absolute one', async () => {
    const admin = new Browser(shop.app);
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login');
    const start = shop.clock.now;
    try {
      shop.clock.now = start + SESSION_LIFETIMES.admin.idleMs + 1000;
      expect((await admin.get('/api/check-auth')).json().authenticated).toBe(false);
      shop.clock.now = start;
      const client = new Browser(shop.app);
      await client.register('absolute@mail.ru');
      for (let t = 0; t < SESSION_LIFETIMES.user.absoluteMs; t += SESSION_LIFETIMES.user.idleMs / 2) {
        shop.clock.now = start + t;
        expect((await client.get('/api/check-auth')).json().authenticated).toBe(true);
      }
      shop.clock.now = start + SESSION_LIFETIMES.user.absoluteMs + 1000;
      expect((await client.get('/api/check-auth')).json().authenticated).toBe(false);
    } finally {
      shop.clock.now = start;
    }
  });

  it('e-mails a single-use temporary password, flags it, and ends every session when the password changes', async () => {
    const email = 'forgot@mail.ru';
    const laptop = new Browser(shop.app);
    await laptop.register(email, 'старый пароль 1');
    const known = await new Browser(shop.app).post('/api/forgot-password', { email });
    const unknown = await new Browser(shop.app).post('/api/forgot-password', { email: 'nobody@mail.ru' });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(shop.mailer.to('nobody@mail.ru')).toEqual([]);
    const temp = shop.mailer.tempPasswordOf(email);

    const phone = new Browser(shop.app);
    const signedIn = await phone.login(email, temp);
    expect(signedIn.json()).toMatchObject({ authenticated: true, tempPasswordActive: true });
    expect((await new Browser(shop.app).login(email, temp)).statusCode).toBe(401);

    const changed = await phone.post('/api/change-password', { newPassword: 'новый надёжный пароль' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().tempPasswordActive).toBe(false);
    expect((await phone.get('/api/check-auth')).json().authenticated).toBe(true);
    expect((await laptop.get('/api/check-auth')).json().authenticated).toBe(false);
    expect((await new Browser(shop.app).login(email, 'старый пароль 1')).statusCode).toBe(401);
    expect((await new Browser(shop.app).login(email, 'новый надёжный пароль')).statusCode).toBe(200);
  });

  it('asks for the current password outside the temporary-password case', async () => {
    const browser = new Browser(shop.app);
    await browser.register('change@mail.ru', 'текущий пароль 1');
    const wrong = await browser.post('/api/change-password', {
      currentPassword: 'не тот',
      newPassword: 'новый пароль 12',
    });
    expect(wrong.statusCode).toBe(401);
    const missing = await browser.post('/api/change-password', { newPassword: 'новый пароль 12' });
    expect(missing.statusCode).toBe(401);
    const anonymous = await new Browser(shop.app).post('/api/change-password', {
      newPassword: 'новый пароль 12',
    });
    expect(anonymous.statusCode).toBe(401);
    const ok = await browser.post('/api/change-password', {
      currentPassword: 'текущий пароль 1',
      newPassword: 'новый пароль 12',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('rate-limits guessing per IP and account without locking the real user out elsewhere', async () => {
    const email = 'target@mail.ru';
    await new Browser(shop.app).register(email, 'настоящий пароль');
    const attacker = new Browser(shop.app, '198.51.100.66');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push((await attacker.login(email, `guess-${i}-xxxx`)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    const limited = await attacker.login(email, 'настоящий пароль');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const owner = new Browser(shop.app, '192.0.2.44');
    expect((await owner.login(email, 'настоящий пароль')).statusCode).toBe(200);
  });

  it('refuses cross-site state changes: a foreign Origin, a cross-site fetch and a form post', async () => {
    const foreign = await shop.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await shop.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'csrf@mail.ru', password: 'пароль пароль' }),
    });
    expect(crossSite.statusCode).toBe(403);
    const form = await shop.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.ru&password=12345678',
    });
    expect(form.statusCode).toBe(415);
    const textPlain = await shop.app.inject({
      method: 'POST',
      url: '/api/subscribe',
      headers: { 'content-type': 'text/plain' },
      payload: '{"email":"a@b.ru"}',
    });
    expect(textPlain.statusCode).toBe(415);
  });
});
