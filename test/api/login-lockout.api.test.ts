import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../server/domain/rate-limit';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  type ShopTestApp,
  startShopApp,
} from './support/session-client';
import { testDrivers } from './support/test-database';

/**
 * "Throttle the attacker, not the owner" (issue 12, item 4; docs/security.md): failures from other
 * addresses never make the owner's correct password answer 429, while each attacking address is
 * blocked with growing delays.
 */
const PASSWORD = 'настоящий пароль владельца';

async function attack(
  shop: ShopTestApp,
  email: string,
  addresses: number,
  perAddress: number,
  path = '/api/login',
): Promise<{ attackers: Browser[]; statuses: number[] }> {
  const attackers = Array.from(
    { length: addresses },
    (_, index) => new Browser(shop.app, `203.0.113.${index + 10}`),
  );
  const statuses: number[] = [];
  await Promise.all(
    attackers.map(async (attacker, index) => {
      for (let attempt = 0; attempt < perAddress; attempt += 1) {
        statuses.push((await attacker.login(email, `guess-${index}-${attempt}-xx`, path)).statusCode);
      }
    }),
  );
  return { attackers, statuses };
}

describe.each(testDrivers())('login throttling (%s)', (driver) => {
  let shop: ShopTestApp;

  beforeAll(async () => {
    shop = await startShopApp(driver);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('lets the owner in after 100 wrong passwords from 10 addresses, and keeps the attackers throttled', async () => {
    const email = `owner-${driver}@mail.ru`;
    await new Browser(shop.app).register(email, PASSWORD);
    const ownBrowser = new Browser(shop.app, '192.0.2.10');
    expect((await ownBrowser.login(email, PASSWORD)).statusCode).toBe(200);
    expect(ownBrowser.deviceCookie).toMatch(/^did=d1\./);
    await ownBrowser.post('/api/logout');

    const { attackers, statuses } = await attack(shop, email, 10, 10);
    // Wrong passwords are refused (401) until the address's allowance is spent (429); once the account
    // is under attack each address gets only a few evaluated guesses.
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    const evaluated = statuses.filter((status) => status === 401).length;
    expect(evaluated).toBeGreaterThanOrEqual(10 * LOGIN_THROTTLE.addressAccountUnderAttack.freeFailures);
    expect(evaluated).toBeLessThan(100);
    // A fresh address now gets only the under-attack allowance.
    const latecomer = new Browser(shop.app, '203.0.113.200');
    const late: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      late.push((await latecomer.login(email, `late-${attempt}-xxxx`)).statusCode);
    expect(late).toEqual([401, 401, 401, 429, 429]);

    // The owner's own browser (device cookie) from yet another address: in, without waiting.
    ownBrowser.cookie = null;
    const knownStarted = Date.now();
    const known = await new Browser(shop.app, '192.0.2.11').request(
      'POST',
      '/api/login',
      { email, password: PASSWORD },
      {
        cookie: ownBrowser.deviceCookie ?? '',
      },
    );
    expect(known.statusCode).toBe(200);
    expect(Date.now() - knownStarted).toBeLessThan(LOGIN_THROTTLE.unknownDeviceDelayMs + 900);

    // A new phone (no device cookie) with the correct password: in too, after the fixed short wait.
    const newDevice = new Browser(shop.app, '192.0.2.12');
    const unknownStarted = Date.now();
    expect((await newDevice.login(email, PASSWORD)).statusCode).toBe(200);
    expect(Date.now() - unknownStarted).toBeGreaterThanOrEqual(LOGIN_THROTTLE.unknownDeviceDelayMs - 50);

    // The owner's browser even from an attacking address is judged by its device, not the address.
    const fromAttackerAddress = await shop.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: attackers[0]?.ip ?? '',
      headers: {
        origin: 'http://shop.test',
        'content-type': 'application/json',
        cookie: ownBrowser.deviceCookie ?? '',
      },
      payload: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(fromAttackerAddress.statusCode).toBe(200);

    // Every attacking address is blocked, even when it finally guesses right.
    for (const attacker of attackers) {
      const refused = await attacker.login(email, PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
    }
  }, 120_000);

  it('blocks an address with growing delays and forgets them after a successful login', async () => {
    const email = `progressive-${driver}@mail.ru`;
    await new Browser(shop.app).register(email, PASSWORD);
    const attacker = new Browser(shop.app, '203.0.113.99');
    for (let attempt = 0; attempt < LOGIN_THROTTLE.addressAccount.freeFailures; attempt += 1)
      expect((await attacker.login(email, `wrong-${attempt}-xxxx`)).statusCode).toBe(401);
    const first = await attacker.login(email, 'wrong-again-xxxx');
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBe(60);
    shop.clock.now += 61_000;
    expect((await attacker.login(email, 'wrong-after-wait')).statusCode).toBe(401);
    const second = await attacker.login(email, 'wrong-again-xxxx');
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBe(120);
    // After the wait the right password gets in and the record of this address starts afresh.
    shop.clock.now += 121_000;
    expect((await attacker.login(email, PASSWORD)).statusCode).toBe(200);
    expect((await attacker.login(email, 'one-typo-xxxx')).statusCode).toBe(401);
    shop.clock.now += 3 * 3_600_000;
  });

  it('counts an IPv6 attacker by its /64 network, so rotating addresses inside it buys nothing', async () => {
    const email = `ipv6-${driver}@mail.ru`;
    await new Browser(shop.app).register(email, PASSWORD);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGIN_THROTTLE.addressAccount.freeFailures + 2; attempt += 1) {
      const rotating = new Browser(shop.app, `2001:db8:77:1::${(attempt + 1).toString(16)}`);
      statuses.push((await rotating.login(email, `wrong-${attempt}-xxxx`)).statusCode);
    }
    expect(statuses.slice(-2)).toEqual([429, 429]);
    // Another network is another address.
    expect((await new Browser(shop.app, '2001:db8:78:1::1').login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like an existing one', async () => {
    const existing = `exists-${driver}@mail.ru`;
    await new Browser(shop.app).register(existing, PASSWORD);
    const answers = async (email: string, ip: string) => {
      const browser = new Browser(shop.app, ip);
      const out: string[] = [];
      for (let attempt = 0; attempt < LOGIN_THROTTLE.addressAccount.freeFailures + 2; attempt += 1) {
        const response = await browser.login(email, `not-it-${attempt}-xxx`);
        out.push(`${response.statusCode} ${response.headers['retry-after'] ?? ''} ${response.body}`);
      }
      return out;
    };
    expect(await answers(`nobody-${driver}@mail.ru`, '203.0.113.150')).toEqual(
      await answers(existing, '203.0.113.151'),
    );
  });

  it('throttles the administrator form the same way without locking the administrator out', async () => {
    const { attackers, statuses } = await attack(shop, ADMIN_EMAIL, 3, 12, '/api/admin-login');
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(30);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(6);
    const admin = new Browser(shop.app, '192.0.2.200');
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
    expect((await attackers[0]?.login(ADMIN_EMAIL, ADMIN_PASSWORD, '/api/admin-login'))?.statusCode).toBe(
      429,
    );
  }, 60_000);

  it('ignores a forged or foreign device cookie', async () => {
    const email = `forged-${driver}@mail.ru`;
    const other = `other-${driver}@mail.ru`;
    await new Browser(shop.app).register(email, PASSWORD);
    await new Browser(shop.app).register(other, PASSWORD);
    const otherBrowser = new Browser(shop.app, '192.0.2.77');
    await otherBrowser.login(other, PASSWORD);
    const attacker = new Browser(shop.app, '203.0.113.77');
    for (const cookie of [otherBrowser.deviceCookie ?? '', 'did=d1.AAAAAAAAAAAAAAAAAAAAAA.zzzzzzzz.forged']) {
      attacker.deviceCookie = cookie;
      for (let attempt = 0; attempt < LOGIN_THROTTLE.addressAccount.freeFailures; attempt += 1)
        await attacker.login(email, `wrong-${attempt}-xxxx`);
      // Counted on the address (the cookie is not this account's), so the address is now blocked.
      expect((await attacker.login(email, PASSWORD)).statusCode).toBe(429);
      shop.clock.now += 3 * 3_600_000;
    }
  });
});
