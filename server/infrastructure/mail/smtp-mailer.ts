import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from '../../application/mailer.port';
import { type MailLog, maskEmail } from './outbox-mailer';

/** How long one SMTP conversation may take before the attempt fails (and the outbox retries it). */
export interface SmtpTimeouts {
  /** TCP (and TLS) connection. */
  readonly connectionMs: number;
  /** The server's 220 greeting after connecting. */
  readonly greetingMs: number;
  /** Silence on an open connection. */
  readonly socketMs: number;
}

export const SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/**
 * SMTP delivery (nodemailer) when SMTP_URL is set, e.g. smtps://user:pass@smtp.example.ru:465. It is
 * the mail worker's transport: requests never call it (they queue rows in the outbox).
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: MailLog,
    timeouts: SmtpTimeouts = SMTP_TIMEOUTS,
  ) {
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
    this.log.info({ template: message.template, to: maskEmail(message.to) }, 'mail sent over SMTP');
  }

  close(): void {
    this.transport.close();
  }
}
