import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetMail } from '../../../server/application/mail-templates';
import { readAccountsConfig } from '../../../server/infrastructure/accounts.config';
import { SmtpMailer } from '../../../server/infrastructure/mail/smtp-mailer';

/** A minimal SMTP server speaking just enough of RFC 5321 for one plain-text delivery. */
function fakeSmtp(received: string[]): Server {
  return createServer((socket: Socket) => {
    let inData = false;
    let buffer = '';
    let message = '';
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index = buffer.indexOf('\r\n');
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(message);
            message = '';
            socket.write('250 OK queued\r\n');
          } else message += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250-fake.smtp\r\n250 8BITMIME\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) {
          socket.write('221 bye\r\n');
          socket.end();
        } else socket.write('250 OK\r\n');
        index = buffer.indexOf('\r\n');
      }
    });
  });
}

describe('SMTP mailer', () => {
  const received: string[] = [];
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = fakeSmtp(received);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the message over SMTP and logs one line without the body', async () => {
    const lines: string[] = [];
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'shop@shop.test', {
      info: (details, message) => lines.push(`${message} ${JSON.stringify(details)}`),
    });
    await mailer.send(
      passwordResetMail(
        { publicUrl: 'http://shop.test', shopName: 'Дом и Стиль' },
        'ivan@mail.ru',
        'Tmp9secretPass',
      ),
    );
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('To: ivan@mail.ru');
    expect(lines).toEqual(['mail sent over SMTP {"template":"password-reset","to":"iv***@mail.ru"}']);
  });
});

describe('accounts configuration', () => {
  it('defaults to the test gateway, the outbox and a generated admin password', () => {
    const result = readAccountsConfig({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config).toMatchObject({
      publicUrl: 'http://localhost:3000',
      adminEmail: 'admin@domistil.local',
      adminPassword: undefined,
      smtpUrl: undefined,
      subscribePromoCode: 'HOME10',
    });
    expect(result.config.payment.kind).toBe('test');
  });

  it('selects YooKassa with both credentials and refuses half a configuration or a bad URL', () => {
    const yookassa = readAccountsConfig({
      YOOKASSA_SHOP_ID: '123',
      YOOKASSA_SECRET_KEY: 'live_x',
      PUBLIC_URL: 'https://shop.ru/',
    });
    expect(yookassa.ok && yookassa.config.payment).toEqual({
      kind: 'yookassa',
      shopId: '123',
      secretKey: 'live_x',
      apiBase: 'https://api.yookassa.ru',
    });
    expect(yookassa.ok && yookassa.config.publicUrl).toBe('https://shop.ru');
    expect(readAccountsConfig({ YOOKASSA_SHOP_ID: '123' }).ok).toBe(false);
    expect(readAccountsConfig({ SMTP_URL: 'http://mail' }).ok).toBe(false);
    expect(readAccountsConfig({ PUBLIC_URL: 'ftp://x' }).ok).toBe(false);
  });
});
