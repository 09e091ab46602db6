import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, StaffMember, StaffProfile } from '../../api/admin-staff';
import { ADMIN_EMAIL, Browser, type ShopTestApp, startShopApp } from './support/session-client';
import { addStaff, type SignedInStaff, STAFF_PASSWORD, signInOwner } from './support/staff';
import { testDrivers } from './support/test-database';

/** The code an authenticator app shows for `secret` at `at` (what the staff member types). */
const codeAt = (secret: string, at: number): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at,
  });

describe.each(testDrivers())(
  'staff accounts, blocking, the audit log and the second factor (%s)',
  (driver) => {
    let shop: ShopTestApp;
    let owner: Browser;
    let ownerId = 0;
    let manager: SignedInStaff;

    beforeAll(async () => {
      shop = await startShopApp(driver);
      owner = await signInOwner(shop);
      ownerId = Number(
        (await shop.database.rows<{ id: number }>(sql`select id from users where email = ${ADMIN_EMAIL}`))[0]
          ?.id,
      );
    });
    afterAll(async () => {
      await shop?.close();
    });

    it('makes the first administrator the owner', async () => {
      const staff = (await owner.get('/api/admin/staff')).json() as StaffMember[];
      expect(staff).toEqual([expect.objectContaining({ email: ADMIN_EMAIL, role: 'owner', blocked: false })]);
    });

    it('creates a staff member whose temporary password only their mailbox gets', async () => {
      const created = await owner.post('/api/admin/staff', {
        email: 'Olga.Manager@Shop.test',
        name: 'Ольга Смирнова',
        role: 'manager',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual(
        expect.objectContaining({ email: 'olga.manager@shop.test', name: 'Ольга Смирнова', role: 'manager' }),
      );
      expect(created.body).not.toMatch(/парол|password/i);
      const mail = shop.mailer.to('olga.manager@shop.test').at(-1);
      expect(mail?.template).toBe('staff-invitation');
      expect(mail?.text).toContain('«Менеджер»');
      expect(mail?.text).toContain('/admin/login');
      // She signs in as herself on the admin form and sets her own password.
      const olga = new Browser(shop.app);
      const first = await olga.login(
        'olga.manager@shop.test',
        shop.mailer.tempPasswordOf('olga.manager@shop.test'),
        '/api/admin-login',
      );
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual(
        expect.objectContaining({ userRole: 'admin', staffRole: 'manager', tempPasswordActive: true }),
      );
      expect((await olga.post('/api/change-password', { newPassword: STAFF_PASSWORD })).statusCode).toBe(200);
      manager = { browser: olga, id: (created.json() as StaffMember).id, email: 'olga.manager@shop.test' };
      // The client storefront form does not take a staff member.
      expect((await new Browser(shop.app).login(manager.email, STAFF_PASSWORD)).statusCode).toBe(401);
    });

    it('refuses an e-mail that already has an account, and a manager managing staff', async () => {
      await new Browser(shop.app).register('client@mail.ru');
      const client = await owner.post('/api/admin/staff', {
        email: 'client@mail.ru',
        name: 'Клиент',
        role: 'content',
      });
      expect(client.statusCode).toBe(409);
      expect((client.json() as { message: string }).message).toContain('клиенту');
      const twice = await owner.post('/api/admin/staff', {
        email: manager.email,
        name: 'Ещё раз',
        role: 'content',
      });
      expect(twice.statusCode).toBe(409);
      const byManager = await manager.browser.post('/api/admin/staff', {
        email: 'x@shop.test',
        name: 'X',
        role: 'owner',
      });
      expect(byManager.statusCode).toBe(403);
      expect((byManager.json() as { message: string }).message).toBe(
        'Раздел «Сотрудники» недоступен вашей роли. Обратитесь к владельцу магазина.',
      );
    });

    it('applies a role change to the very next request', async () => {
      expect((await manager.browser.get('/api/admin/orders')).statusCode).toBe(200);
      expect((await manager.browser.get('/api/admin/products')).statusCode).toBe(403);
      expect((await owner.patch(`/api/admin/staff/${manager.id}`, { role: 'content' })).statusCode).toBe(200);
      expect((await manager.browser.get('/api/admin/orders')).statusCode).toBe(403);
      expect((await manager.browser.get('/api/admin/products')).statusCode).toBe(200);
      expect(((await manager.browser.get('/api/check-auth')).json() as { staffRole: string }).staffRole).toBe(
        'content',
      );
      expect((await owner.patch(`/api/admin/staff/${manager.id}`, { role: 'manager' })).statusCode).toBe(200);
    });

    it('ends a blocked person’s sessions at once and refuses their sign-in until unblocked', async () => {
      const second = new Browser(shop.app);
      expect((await second.login(manager.email, STAFF_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
      const blocked = await owner.patch(`/api/admin/staff/${manager.id}`, { blocked: true });
      expect(blocked.statusCode).toBe(200);
      expect(blocked.json()).toEqual(expect.objectContaining({ blocked: true }));
      for (const browser of [manager.browser, second]) {
        expect((await browser.get('/api/admin/orders')).statusCode).toBe(401);
        expect((await browser.get('/api/check-auth')).json()).toEqual(
          expect.objectContaining({ authenticated: false }),
        );
      }
      const again = await manager.browser.login(manager.email, STAFF_PASSWORD, '/api/admin-login');
      expect(again.statusCode).toBe(403);
      expect((again.json() as { message: string }).message).toContain('закрыт');
      // A wrong password still gets the ordinary answer: the block is told only to the password's holder.
      expect(
        (await new Browser(shop.app).login(manager.email, 'не тот пароль', '/api/admin-login')).statusCode,
      ).toBe(401);
      // Blocked staff are not offered as assignees.
      const assignees = (await owner.get('/api/admin/admins')).json() as { id: number }[];
      expect(assignees.map((each) => each.id)).not.toContain(manager.id);
      expect((await owner.patch(`/api/admin/staff/${manager.id}`, { blocked: false })).statusCode).toBe(200);
      expect(
        (await manager.browser.login(manager.email, STAFF_PASSWORD, '/api/admin-login')).statusCode,
      ).toBe(200);
      expect((await manager.browser.get('/api/admin/orders')).statusCode).toBe(200);
    });

    it('keeps one unblocked owner and never lets the owner block themselves', async () => {
      const demote = await owner.patch(`/api/admin/staff/${ownerId}`, { role: 'manager' });
      expect(demote.statusCode).toBe(409);
      expect((demote.json() as { message: string }).message).toBe(
        'В магазине должен остаться хотя бы один владелец.',
      );
      expect((await owner.patch(`/api/admin/staff/${ownerId}`, { blocked: true })).statusCode).toBe(409);
      expect((await owner.patch('/api/admin/staff/987654', { role: 'manager' })).statusCode).toBe(404);
      const assignees = (await owner.get('/api/admin/admins')).json() as {
        id: number;
        name: string | null;
      }[];
      expect(assignees.map((each) => each.id).sort()).toEqual([ownerId, manager.id].sort());
    });

    it('two owners demoting each other at once leave exactly one owner', async () => {
      const second = await addStaff(shop, owner, 'owner', 'second.owner@shop.test', 'Второй Владелец');
      const [a, b] = await Promise.all([
        owner.patch(`/api/admin/staff/${second.id}`, { role: 'manager' }),
        second.browser.patch(`/api/admin/staff/${ownerId}`, { role: 'manager' }),
      ]);
      const statuses = [a.statusCode, b.statusCode].sort();
      // One applies; the other is refused — 409 (one owner left) or 403 (its caller is no owner now).
      expect([
        [200, 403],
        [200, 409],
      ]).toContainEqual(statuses);
      const owners = (
        (
          await (a.statusCode === 200 ? owner : second.browser).get('/api/admin/staff')
        ).json() as StaffMember[]
      ).filter((each) => each.role === 'owner' && !each.blocked);
      // When the owner demoted themselves the other session may no longer open «Сотрудники»; count by SQL.
      const counted = await shop.database.rows<{ n: number }>(
        sql`select count(*)::int as n from users where staff_role = 'owner' and blocked_at is null`,
      );
      expect(Number(counted[0]?.n)).toBe(1);
      expect(owners.length === 1 || owners.length === 0).toBe(true);
      // Put the original owner back in charge for the tests below.
      if (b.statusCode === 200) {
        expect(
          (await second.browser.patch(`/api/admin/staff/${ownerId}`, { role: 'owner' })).statusCode,
        ).toBe(200);
        owner = await signInOwner(shop);
      }
    });

    it('logs every staff change with the person, and filters the log by person, area and day with paging', async () => {
      const page = (
        await owner.get(`/api/admin/audit?actorId=${ownerId}&area=staff&limit=2`)
      ).json() as AuditPage;
      expect(page.total).toBeGreaterThanOrEqual(6);
      expect(page.items).toHaveLength(2);
      expect(page.items.every((entry) => entry.actor?.id === ownerId && entry.area === 'staff')).toBe(true);
      const all = (
        await owner.get(`/api/admin/audit?actorId=${ownerId}&area=staff&limit=100`)
      ).json() as AuditPage;
      const blocked = all.items.find((entry) => entry.action === 'staff.blocked');
      expect(blocked).toEqual(
        expect.objectContaining({
          entityId: String(manager.id),
          changes: [{ field: 'blocked', before: 'false', after: 'true' }],
        }),
      );
      const created = all.items.find(
        (entry) => entry.action === 'staff.created' && entry.entityId === String(manager.id),
      );
      // jsonb keeps keys in its own order; the fields are what matters.
      expect([...(created?.changes ?? [])].sort((a, b) => a.field.localeCompare(b.field))).toEqual([
        { field: 'email', before: null, after: 'olga.manager@shop.test' },
        { field: 'name', before: null, after: 'Ольга Смирнова' },
        { field: 'role', before: null, after: 'manager' },
      ]);
      const second = (
        await owner.get(`/api/admin/audit?actorId=${ownerId}&area=staff&limit=2&page=2`)
      ).json() as AuditPage;
      expect(second.items.map((entry) => entry.id)).not.toContain(page.items[0]?.id);
      const today = new Date(shop.clock.now + 3 * 3_600_000).toISOString().slice(0, 10);
      const byDay = (
        await owner.get(`/api/admin/audit?actorId=${ownerId}&from=${today}&to=${today}&area=staff`)
      ).json() as AuditPage;
      expect(byDay.total).toBe(all.total);
      const yesterday = new Date(shop.clock.now + 3 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
      expect(((await owner.get(`/api/admin/audit?to=${yesterday}`)).json() as AuditPage).total).toBe(0);
      expect(
        ((await owner.get(`/api/admin/audit?actorId=${manager.id}&area=staff`)).json() as AuditPage).total,
      ).toBe(0);
      expect((await owner.get('/api/admin/audit?area=nowhere')).statusCode).toBe(400);
      // Text: in the action, the thing changed, a value before or after; LIKE's own signs are literal.
      const byText = async (q: string) =>
        (await owner.get(`/api/admin/audit?q=${encodeURIComponent(q)}&limit=100`)).json() as AuditPage;
      expect((await byText('Смирнова')).items.map((entry) => entry.action)).toEqual(['staff.created']);
      expect((await byText('STAFF.BLOCKED')).items.every((entry) => entry.action === 'staff.blocked')).toBe(
        true,
      );
      expect((await byText('STAFF.BLOCKED')).total).toBeGreaterThan(0);
      // The screen shows Russian labels (shared-rules/audit-action-rule.ts); searching one finds the
      // entries stored under its code: an action's label, and a role's («Менеджер» is `manager`).
      const byLabel = await byText('сотрудник ЗАБЛОКИРОВАН');
      expect(byLabel.total).toBe((await byText('staff.blocked')).total);
      expect(byLabel.items.every((entry) => entry.action === 'staff.blocked')).toBe(true);
      expect(
        (await byText('Менеджер')).items.some(
          (entry) => entry.action === 'staff.created' && entry.entityId === String(manager.id),
        ),
      ).toBe(true);
      expect((await byText('%')).total).toBe(0);
      expect((await owner.get('/api/admin/audit?q=')).statusCode).toBe(400);
    });

    it('turns the second factor on with a code, then asks for one at sign-in (once per code), with recovery codes', async () => {
      const staffer = await addStaff(shop, owner, 'content', 'totp.editor@shop.test', 'Ирина Редактор');
      const setup = await staffer.browser.post('/api/admin/profile/totp/setup');
      expect(setup.statusCode).toBe(200);
      const { secret, otpauthUrl, qrCode } = setup.json() as {
        secret: string;
        otpauthUrl: string;
        qrCode: string;
      };
      expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
      expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(qrCode.split(',')[1] ?? '', 'base64').toString('utf8')).toContain('<svg');
      // Stored sealed, never as the plain secret.
      const stored = await shop.database.rows<{ totp_secret: string }>(
        sql`select totp_secret from users where id = ${staffer.id}`,
      );
      expect(stored[0]?.totp_secret).toMatch(/^v1\./);
      expect(stored[0]?.totp_secret).not.toContain(secret);
      // Still off until confirmed: sign-in does not ask yet.
      expect(
        (await new Browser(shop.app).login(staffer.email, STAFF_PASSWORD, '/api/admin-login')).statusCode,
      ).toBe(200);
      const wrong = await staffer.browser.post('/api/admin/profile/totp/confirm', { code: '000000' });
      expect(wrong.statusCode).toBe(422);
      const confirmed = await staffer.browser.post('/api/admin/profile/totp/confirm', {
        code: codeAt(secret, shop.clock.now),
      });
      expect(confirmed.statusCode).toBe(200);
      const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
      expect(recoveryCodes).toHaveLength(10);
      expect((await staffer.browser.get('/api/admin/profile')).json() as StaffProfile).toEqual(
        expect.objectContaining({ totpEnabled: true, recoveryCodesLeft: 10, role: 'content' }),
      );

      // Sign-in: the password alone now asks for «Код из приложения».
      const browser = new Browser(shop.app);
      const asked = await browser.login(staffer.email, STAFF_PASSWORD, '/api/admin-login');
      expect(asked.statusCode).toBe(401);
      expect(asked.json()).toEqual({
        error: 'second_factor_required',
        message: 'Введите код из приложения.',
      });
      expect(browser.cookie).toBeNull();
      // The code confirmed on the profile cannot be replayed at sign-in: the next one works.
      shop.clock.now += 30_000;
      const code = codeAt(secret, shop.clock.now);
      const bad = await browser.post('/api/admin-login', {
        email: staffer.email,
        password: STAFF_PASSWORD,
        code: '123456' === code ? '654321' : '123456',
      });
      expect(bad.statusCode).toBe(401);
      expect((bad.json() as { error: string }).error).toBe('second_factor_invalid');
      const signedIn = await browser.post('/api/admin-login', {
        email: staffer.email,
        password: STAFF_PASSWORD,
        code,
      });
      expect(signedIn.statusCode).toBe(200);
      const replay = await new Browser(shop.app).post('/api/admin-login', {
        email: staffer.email,
        password: STAFF_PASSWORD,
        code,
      });
      expect(replay.statusCode).toBe(401);
      // A recovery code works once.
      const recovery = recoveryCodes[0] ?? '';
      const rescued = await new Browser(shop.app).post('/api/admin-login', {
        email: staffer.email,
        password: STAFF_PASSWORD,
        code: recovery,
      });
      expect(rescued.statusCode).toBe(200);
      expect(
        (
          await new Browser(shop.app).post('/api/admin-login', {
            email: staffer.email,
            password: STAFF_PASSWORD,
            code: recovery,
          })
        ).statusCode,
      ).toBe(401);
      expect(((await browser.get('/api/admin/profile')).json() as StaffProfile).recoveryCodesLeft).toBe(9);

      // Turning it off needs a current code; the log names the person.
      expect((await browser.post('/api/admin/profile/totp/disable', { code: '000000' })).statusCode).toBe(
        422,
      );
      shop.clock.now += 30_000;
      const off = await browser.post('/api/admin/profile/totp/disable', {
        code: codeAt(secret, shop.clock.now),
      });
      expect(off.statusCode).toBe(200);
      expect((off.json() as StaffProfile).totpEnabled).toBe(false);
      expect(
        (await new Browser(shop.app).login(staffer.email, STAFF_PASSWORD, '/api/admin-login')).statusCode,
      ).toBe(200);
      const log = (await owner.get(`/api/admin/audit?actorId=${staffer.id}`)).json() as AuditPage;
      expect(log.items.map((entry) => entry.action)).toEqual([
        'staff.secondFactorOff',
        'staff.secondFactorOn',
      ]);
      expect(log.items[0]?.actor?.name).toBe('Ирина Редактор');
    });

    it('lets the owner reset a lost second factor: the person’s sessions end, the password alone signs in, the log says who', async () => {
      const staffer = await addStaff(shop, owner, 'manager', 'totp.lost@shop.test', 'Мария Менеджер');
      const { secret } = (await staffer.browser.post('/api/admin/profile/totp/setup')).json() as {
        secret: string;
      };
      shop.clock.now += 30_000;
      expect(
        (
          await staffer.browser.post('/api/admin/profile/totp/confirm', {
            code: codeAt(secret, shop.clock.now),
          })
        ).statusCode,
      ).toBe(200);
      const reset = `/api/admin/staff/${staffer.id}/second-factor/reset`;
      // Only the owner, never for themselves, only when it is on, only for staff.
      expect((await staffer.browser.post(reset)).statusCode).toBe(403);
      const own = await owner.post(`/api/admin/staff/${ownerId}/second-factor/reset`);
      expect(own.statusCode).toBe(409);
      expect((own.json() as { message: string }).message).toMatch(/в профиле/);
      expect((await owner.post('/api/admin/staff/999999/second-factor/reset')).statusCode).toBe(404);

      const done = await owner.post(reset);
      expect(done.statusCode).toBe(200);
      expect(done.json() as StaffMember).toEqual(
        expect.objectContaining({ id: staffer.id, totpEnabled: false, blocked: false }),
      );
      // Signed out at once, and the password alone signs in again; recovery codes are gone too.
      expect((await staffer.browser.get('/api/admin/profile')).statusCode).toBe(401);
      const again = new Browser(shop.app);
      expect((await again.login(staffer.email, STAFF_PASSWORD, '/api/admin-login')).statusCode).toBe(200);
      expect((await again.get('/api/admin/profile')).json() as StaffProfile).toEqual(
        expect.objectContaining({ totpEnabled: false, recoveryCodesLeft: 0 }),
      );
      const stored = await shop.database.rows<{ totp_secret: string | null }>(
        sql`select totp_secret from users where id = ${staffer.id}`,
      );
      expect(stored[0]?.totp_secret).toBeNull();
      const second = await owner.post(reset);
      expect(second.statusCode).toBe(409);
      expect((second.json() as { message: string }).message).toBe(
        'У сотрудника не включён вход по коду из приложения.',
      );

      const log = (await owner.get(`/api/admin/audit?actorId=${ownerId}&area=staff`)).json() as AuditPage;
      const entry = log.items.find((each) => each.action === 'staff.secondFactorReset');
      expect(entry).toEqual(
        expect.objectContaining({
          entityId: String(staffer.id),
          changes: [{ field: 'secondFactor', before: 'true', after: 'false' }],
        }),
      );
    });

    it('throttles wrong codes like wrong passwords', async () => {
      const staffer = await addStaff(shop, owner, 'manager', 'totp.guess@shop.test');
      const { secret } = (await staffer.browser.post('/api/admin/profile/totp/setup')).json() as {
        secret: string;
      };
      shop.clock.now += 30_000;
      expect(
        (
          await staffer.browser.post('/api/admin/profile/totp/confirm', {
            code: codeAt(secret, shop.clock.now),
          })
        ).statusCode,
      ).toBe(200);
      const attacker = new Browser(shop.app);
      const statuses: number[] = [];
      for (let guess = 0; guess < 14; guess += 1) {
        const code = String(100000 + guess);
        statuses.push(
          (await attacker.post('/api/admin-login', { email: staffer.email, password: STAFF_PASSWORD, code }))
            .statusCode,
        );
      }
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.at(-1)).toBe(429);
    });
  },
);
