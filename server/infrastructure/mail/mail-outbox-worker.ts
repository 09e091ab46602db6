import { inArray } from 'drizzle-orm';
import type { Mailer } from '../../application/mailer.port';
import { MAIL_RETRY } from '../../domain/mail-retry';
import type { AppDb } from '../db/database';
import { mailOutbox } from '../db/schema/abuse-outbox.schema';
import { type OutboxSender, type OutboxSettings, OutboxWorker } from '../outbox/outbox-worker';
import { maskEmail } from './outbox-mailer';

export interface MailWorkerLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export type MailWorkerSettings = OutboxSettings;

export const MAIL_WORKER_DEFAULTS: MailWorkerSettings = {
  pollIntervalMs: 2_000,
  batchSize: 20,
  leaseMs: 300_000,
  deliveryTimeoutMs: 60_000,
  retry: MAIL_RETRY,
};

/** A short, address-free description of a delivery error for the row and the log. */
function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as Error & { code?: unknown }).code;
    const responseCode = (error as Error & { responseCode?: unknown }).responseCode;
    return [
      typeof code === 'string' ? code : error.name,
      typeof responseCode === 'number' ? responseCode : '',
    ]
      .join(' ')
      .trim()
      .slice(0, 200);
  }
  return 'unknown error';
}

type MailRow = typeof mailOutbox.$inferSelect;

/** The mail channel of the outbox worker: rows of `mail_outbox` through a transport. */
function mailSender(db: AppDb, transport: Mailer, log: MailWorkerLog): OutboxSender<MailRow> {
  return {
    table: 'mail_outbox',
    load: (ids) =>
      db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.id, [...ids])),
    send: (row) =>
      transport.send({ to: row.recipient, subject: row.subject, text: row.body, template: row.template }),
    // Every SMTP failure may pass (a full mailbox today, a server back tomorrow): retried until the last attempt.
    refusedForGood: () => false,
    describe: describeError,
    failed: (row, outcome, error) =>
      log.warn(
        {
          event: outcome === 'retry' ? 'mail_retry_scheduled' : 'mail_given_up',
          mailId: row.id,
          template: row.template,
          to: maskEmail(row.recipient),
          attempts: row.attempts,
          error,
        },
        outcome === 'retry' ? 'mail delivery failed; will retry' : 'mail delivery failed; given up',
      ),
  };
}

/**
 * Sends the rows of `mail_outbox` through a transport (SMTP, or .eml files when SMTP_URL is unset):
 * the shop's generic outbox worker (server/infrastructure/outbox/outbox-worker.ts — claims with
 * `FOR UPDATE SKIP LOCKED` and a lease, backoff, giving up, stopping on shutdown) with the mail sender.
 */
export class MailOutboxWorker extends OutboxWorker<MailRow> {
  constructor(
    db: AppDb,
    transport: Mailer,
    log: MailWorkerLog,
    settings: MailWorkerSettings = MAIL_WORKER_DEFAULTS,
    now: () => number = Date.now,
  ) {
    super({
      db,
      sender: mailSender(db, transport, log),
      settings,
      now,
      // The database may be briefly unavailable: the next poll tries again.
      roundFailed: (error) =>
        log.warn({ event: 'mail_worker_error', error: describeError(error) }, 'mail worker round failed'),
    });
  }

  /** One batch: claims due rows and tries them in turn; returns how many were claimed. */
  async runOnce(): Promise<number> {
    return (await this.queue?.runOnce())?.claimed ?? 0;
  }
}
