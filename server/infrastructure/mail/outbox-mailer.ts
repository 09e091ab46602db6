import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailMessage } from '../../application/mailer.port';

export interface MailLog {
  info(details: Record<string, unknown>, message: string): void;
}

/** RFC 2047 encoded-word for a non-ASCII header value. */
const encodeHeader = (value: string): string =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;

/** Renders a message as an RFC 5322 .eml file (UTF-8, base64 body). */
function renderEml(message: MailMessage, from: string, date: Date, messageId: string): string {
  const body = Buffer.from(message.text.replace(/\r?\n/g, '\r\n'), 'utf8')
    .toString('base64')
    .replace(/.{76}/g, '$&\r\n');
  return [
    `From: ${from}`,
    `To: ${message.to}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${messageId}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    body,
    '',
  ].join('\r\n');
}

/** Masks the local part of an address for logs: «iv***@mail.ru». */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/**
 * The default mailer: every message becomes an .eml file under DATA_DIR/outbox, and one log line says
 * which template went to whom (masked) — never the body, which may hold a temporary password.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly outboxDir: string,
    private readonly from: string,
    private readonly log: MailLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.outboxDir, { recursive: true });
    const date = this.now();
    const id = `${date.getTime()}-${randomBytes(6).toString('hex')}`;
    const file = join(this.outboxDir, `${id}.eml`);
    await writeFile(file, renderEml(message, this.from, date, `${id}@outbox.local`), { flag: 'wx' });
    this.log.info(
      { template: message.template, to: maskEmail(message.to), file: `${id}.eml` },
      'mail written to outbox',
    );
  }
}
