import type { Mailer, MailMessage } from '../../application/mailer.port';
import type { AppDb } from '../db/database';
import { mailOutbox } from '../db/schema/abuse-outbox.schema';

/**
 * The shop's Mailer: `send` only inserts a row into `mail_outbox` (a few milliseconds, no network), so
 * no request ever waits for SMTP and a mail outage cannot fail a checkout. The mail worker
 * (mail-outbox-worker.ts) delivers the row; `queued` wakes this process's worker at once.
 */
export class DbOutboxMailer implements Mailer {
  constructor(
    private readonly db: AppDb,
    private readonly queued: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const now = this.now();
    await this.db.insert(mailOutbox).values({
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      template: message.template,
      nextAttemptAtMs: now,
      createdAtMs: now,
    });
    this.queued();
  }
}
