import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { screenChecker, signInAdminApi, signInAsAdmin, suiteBrowser } from './support/admin-session';
import { openApp } from './support/browser';

/**
 * Staff in a real browser (issue 26): a staff member turns the second factor on through «Профиль»
 * (the code computed with otpauth from the secret the screen shows), signs out, and signs in again on
 * /admin/login with «Код из приложения» — a wrong code is refused; the owner sees it in «Журнал
 * действий» and resets the factor on «Сотрудники». A manager ticks «Новый заказ» by e-mail and a
 * shopper's order reaches their mailbox through the alert outbox. The shop's own administrator never
 * turns the factor on here: the other suites sign in with the password alone.
 */
const baseUrl = inject('shopBaseUrl');
const outbox = join(inject('shopDataDir'), 'outbox');

const { newPage } = suiteBrowser({ consoleErrors: true });
const checkScreen = screenChecker('staff');

const uniqueEmail = (tag: string): string =>
  `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ru`;

/** The decoded subject and body of every .eml the shop wrote to `to`. */
function mailsTo(to: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  const decodeWord = (value: string) =>
    value.replace(/=\?UTF-8\?B\?([^?]+)\?=/g, (_, base64: string) =>
      Buffer.from(base64, 'base64').toString('utf8'),
    );
  return files
    .map((file) => readFileSync(join(outbox, file), 'utf8'))
    .filter((eml) => eml.includes(`\r\nTo: ${to}\r\n`))
    .map((eml) => {
      const [head = '', body = ''] = eml.split('\r\n\r\n');
      const subject = /\r\nSubject: (.*)\r\n/.exec(`\r\n${head}\r\n`)?.[1] ?? '';
      return `${decodeWord(subject)}\n${Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8')}`;
    });
}

/**
 * The owner adds a staff member through the API; the person signs in once with the mailed temporary
 * password and sets their own (as the invitation asks). Answers the password.
 */
async function addStaffMember(
  owner: APIRequestContext,
  staff: APIRequestContext,
  email: string,
  name: string,
) {
  const created = await owner.post('/api/admin/staff', {
    data: { email, name, role: 'manager' },
    headers: { origin: baseUrl },
  });
  expect(created.status()).toBe(201);
  let temporary = '';
  await expect
    .poll(
      () => {
        temporary = /Временный пароль: (\S+)/.exec(mailsTo(email).join('\n'))?.[1] ?? '';
        return temporary;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  expect(
    (
      await staff.post('/api/admin-login', {
        data: { email, password: temporary },
        headers: { origin: baseUrl },
      })
    ).ok(),
  ).toBe(true);
  const password = `Пароль ${email}`;
  expect(
    (
      await staff.post('/api/change-password', {
        data: { newPassword: password },
        headers: { origin: baseUrl },
      })
    ).ok(),
  ).toBe(true);
  return password;
}

async function signInOnForm(page: Page, email: string, password: string): Promise<void> {
  await openApp(page, `${baseUrl}/admin/login`);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
}

/** The code an authenticator app shows `offset` ms from now (the server takes one step either side). */
const codeAt = (secret: string, offset = 0): string =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset });

describe('staff: the second factor, the audit log and alerts', () => {
  it('turns the code on in «Профиль», then signs in with «Код из приложения»; the owner sees it and resets it', async () => {
    const owner = await newPage();
    await signInAsAdmin(owner.page);
    const email = uniqueEmail('totp-manager');
    const person = await newPage();
    const password = await addStaffMember(owner.page.request, person.page.request, email, 'Мария Код');
    await person.context.clearCookies();

    await signInOnForm(person.page, email, password);
    await person.page.waitForURL(/\/admin$/);
    await openApp(person.page, `${baseUrl}/admin/profile`);
    await person.page.getByRole('heading', { level: 1, name: 'Профиль' }).waitFor();
    await checkScreen(person.page, 'profile');
    await person.page.getByRole('button', { name: 'Подключить' }).click();
    const secret = (await person.page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await person.page.getByLabel('Код из приложения').fill(codeAt(secret));
    await person.page.getByRole('button', { name: 'Включить' }).click();
    const codes = person.page.getByRole('list', { name: 'Коды восстановления' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await person.page.getByRole('button', { name: 'Я сохранил коды' }).click();
    await person.page.getByRole('form', { name: 'Отключение кода' }).waitFor();

    // Signed out, the password alone no longer signs in: the form asks for the code.
    await person.page.getByRole('button', { name: 'Выйти' }).first().click();
    await person.page.waitForURL((url) => !url.pathname.startsWith('/admin/profile'));
    await signInOnForm(person.page, email, password);
    const code = person.page.getByLabel('Код из приложения');
    await code.waitFor();
    const wrong = codeAt(secret, 30_000) === '000000' ? '111111' : '000000';
    await code.fill(wrong);
    await person.page.getByRole('button', { name: 'Войти', exact: true }).click();
    await person.page.getByText('Неверный код из приложения', { exact: false }).waitFor();
    expect(person.page.url()).toMatch(/\/admin\/login$/);
    // The next time step: the one confirmed on the profile is never taken twice.
    await code.fill(codeAt(secret, 30_000));
    await person.page.getByRole('button', { name: 'Войти', exact: true }).click();
    await person.page.waitForURL(/\/admin$/);

    // The owner's «Журнал действий»: the person turned it on.
    await openApp(owner.page, `${baseUrl}/admin/audit?q=secondFactorOn`);
    await owner.page.getByRole('heading', { level: 1, name: 'Журнал действий' }).waitFor();
    await owner.page.getByRole('row').filter({ hasText: 'Мария Код' }).first().waitFor();
    await checkScreen(owner.page, 'audit');

    // «Сотрудники»: the owner resets the lost factor; the person's session ends at once.
    await openApp(owner.page, `${baseUrl}/admin/staff`);
    const row = owner.page.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Сбросить второй фактор' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Сбросить второй фактор?' });
    await dialog.getByRole('button', { name: 'Сбросить' }).click();
    await owner.page.getByRole('status').filter({ hasText: 'Второй фактор сброшен' }).waitFor();
    expect((await person.page.request.get('/api/admin/profile')).status()).toBe(401);
    expect(owner.errors).toEqual([]);
  });

  it('a manager who ticked «Новый заказ» by e-mail gets the alert of a shopper’s order', async () => {
    const ownerApi = await newPage();
    await signInAdminApi(ownerApi.page.request);
    const email = uniqueEmail('alert-manager');
    const manager = await newPage();
    const password = await addStaffMember(ownerApi.page.request, manager.page.request, email, 'Анна Алерт');
    await manager.context.clearCookies();
    await signInOnForm(manager.page, email, password);
    await manager.page.waitForURL(/\/admin$/);
    await openApp(manager.page, `${baseUrl}/admin/alerts`);
    await manager.page.getByRole('heading', { level: 1, name: 'Уведомления' }).waitFor();
    const tick = manager.page.getByRole('checkbox', { name: 'Новый заказ: E-mail' });
    if (!(await tick.isChecked())) await tick.check();
    await manager.page.getByRole('button', { name: 'Сохранить' }).click();
    await manager.page.getByRole('status').filter({ hasText: 'Настройки уведомлений сохранены.' }).waitFor();

    // A shopper orders through the checkout.
    const products = (await (await fetch(`${baseUrl}/api/products?limit=24&sort=new`)).json()) as {
      items: { slug: string; price: number | null }[];
    };
    const product = products.items.find((item) => typeof item.price === 'number' && item.price > 0);
    if (product === undefined) throw new Error('the seed has no priced product');
    const shopper = await newPage(1280);
    await openApp(shopper.page, `${baseUrl}/product/${product.slug}`);
    await shopper.page.getByRole('button', { name: 'В корзину' }).first().click();
    await shopper.page.getByRole('button', { name: 'В корзине' }).first().waitFor();
    await openApp(shopper.page, `${baseUrl}/checkout`);
    await shopper.page.getByLabel('Имя').fill('Пётр Покупатель');
    await shopper.page.getByLabel('Телефон').fill('+7 921 555-12-34');
    await shopper.page.getByLabel('Email').fill(uniqueEmail('alert-shopper'));
    await shopper.page.getByRole('radio', { name: /Самовывоз/ }).check();
    await shopper.page.getByRole('radio', { name: /Картой онлайн/ }).check();
    await shopper.page.getByRole('checkbox', { name: /обработку персональных данных/ }).check();
    await shopper.page.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await shopper.page.waitForURL(/\/thank-you\?order=\d+$/);
    const orderId = Number(new URL(shopper.page.url()).searchParams.get('order'));

    // The alert worker dispatches the event into the mail outbox; the manager's mailbox gets it.
    await expect
      .poll(() => mailsTo(email).find((mail) => mail.startsWith(`Новый заказ № ${orderId}`)) ?? '', {
        timeout: 30_000,
      })
      .toContain(`/admin/orders/${orderId}`);
    expect(manager.errors).toEqual([]);
  });
});
