import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  accountCreatedMail,
  orderPlacedMail,
  orderStatusChangedMail,
  passwordResetMail,
  paymentReceivedMail,
  requestReplyMail,
  subscriptionPromoMail,
} from '../../../server/application/mail-templates';
import { maskEmail, OutboxMailer } from '../../../server/infrastructure/mail/outbox-mailer';

const shop = { publicUrl: 'https://dom-uyut.example', shopName: 'Дом и Стиль' };
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('mail templates', () => {
  it('writes every message in Russian with the details it is about', () => {
    const created = accountCreatedMail(shop, 'ivan@mail.ru', 'TmpPass234xyz', 'request');
    expect(created.subject).toBe('Доступ в личный кабинет «Дом и Стиль»');
    expect(created.text).toContain('Временный пароль: TmpPass234xyz');
    expect(created.text).toContain('https://dom-uyut.example/login');
    expect(passwordResetMail(shop, 'a@b.ru', 'Abcdefgh23456k').text).toContain('действует 24 часа');
    expect(subscriptionPromoMail(shop, 'a@b.ru', 'HOME10').text).toContain('Ваш промокод: HOME10');
    const placed = orderPlacedMail(
      shop,
      'a@b.ru',
      { id: 42, total: 5_199_990, lines: [{ name: 'Диван', quantity: 1, lineTotal: 5_199_990 }] },
      7,
    );
    expect(placed.subject).toBe('Заказ № 42 принят — «Дом и Стиль»');
    expect(placed.text).toMatch(/Итого: 51\s999,90\s₽/);
    // Issue 22: the mail prints the discount and the total exactly as the screens do (formatKopecks).
    const discounted = orderPlacedMail(
      shop,
      'a@b.ru',
      {
        id: 43,
        total: 13_886_400,
        discount: 2_450_600,
        lines: [{ name: 'Шкаф «Берген»', quantity: 1, lineTotal: 16_337_000 }],
      },
      7,
    );
    expect(discounted.text).toContain('• Шкаф «Берген» × 1 — 163\u00a0370\u00a0₽');
    expect(discounted.text).toContain('Скидка: \u221224\u00a0506\u00a0₽\nИтого: 138\u00a0864\u00a0₽');
    expect(orderStatusChangedMail(shop, 'a@b.ru', 42, 'shipped', 7).text).toContain('Передан в доставку');
    expect(paymentReceivedMail(shop, 'a@b.ru', 42, 100_000).text).toMatch(/1\s000\s₽/);
    expect(requestReplyMail(shop, 'a@b.ru', 5, 'Добрый день!', 7).text).toContain('Добрый день!');
  });
});

describe('outbox mailer', () => {
  it('writes an .eml file and logs one line without the body or the full address', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    dirs.push(dir);
    const lines: { details: Record<string, unknown>; message: string }[] = [];
    const mailer = new OutboxMailer(dir, 'Дом и Стиль <shop@example.ru>', {
      info: (details, message) => lines.push({ details, message }),
    });
    await mailer.send(accountCreatedMail(shop, 'ivan@mail.ru', 'SecretTemp2345', 'subscription'));
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const eml = await readFile(join(dir, files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: ivan@mail.ru');
    expect(eml).toContain('Subject: =?UTF-8?B?');
    const bodyBase64 = eml.split('\r\n\r\n')[1]?.replace(/\r\n/g, '') ?? '';
    expect(Buffer.from(bodyBase64, 'base64').toString('utf8')).toContain('SecretTemp2345');
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain('SecretTemp2345');
    expect(JSON.stringify(lines)).not.toContain('ivan@mail.ru');
    expect(lines[0]?.details).toMatchObject({ template: 'account-created', to: 'iv***@mail.ru' });
  });

  it('masks addresses', () => {
    expect(maskEmail('a@b.ru')).toBe('a***@b.ru');
    expect(maskEmail('broken')).toBe('***');
  });
});
