import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from '../../application/mailer.port';
import { type MailLog, maskEmail } from './outbox-mailer';

/** SMTP delivery (nodemailer) when SMTP_URL is set, e.g. smtps://user:pass@smtp.example.ru:465. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: MailLog,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
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
