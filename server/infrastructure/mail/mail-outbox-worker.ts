import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Mailer } from '../../application/mailer.port';
import { afterFailedAttempt, MAIL_RETRY, type MailRetryPolicy } from '../../domain/mail-retry';
import type { AppDb } from '../db/database';
import { mailOutbox } from '../db/schema/abuse-outbox.schema';
import { maskEmail } from './outbox-mailer';

export interface MailWorkerLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface MailWorkerSettings {
  /** How often due rows are looked for when nothing woke the worker (other processes, retries). */
  readonly pollIntervalMs: number;
  /** Rows claimed per round. */
  readonly batchSize: number;
  /**
   * A claimed row is not due again for this long; a worker that dies mid-send leaves it to be retried
   * after the lease. Longer than `deliveryTimeoutMs`.
   */
  readonly leaseMs: number;
  /** One delivery is abandoned (and retried later) after this long, whatever the transport does. */
  readonly deliveryTimeoutMs: number;
  readonly retry: MailRetryPolicy;
}

export const MAIL_WORKER_DEFAULTS: MailWorkerSettings = {
  pollIntervalMs: 2_000,
  batchSize: 20,
  leaseMs: 300_000,
  deliveryTimeoutMs: 60_000,
  retry: MAIL_RETRY,
};

/** How long shutdown waits for a delivery in progress. */
const STOP_WAIT_MS = 5_000;

class DeliveryTimeout extends Error {
  readonly code = 'ETIMEDOUT_DELIVERY';
}

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

/**
 * Sends the rows of `mail_outbox` through a transport (SMTP, or .eml files when SMTP_URL is unset).
 * Rows are claimed in one statement (`FOR UPDATE SKIP LOCKED` + a lease), so several server processes
 * can run workers on one database without sending a row twice at the same time; a row survives
 * restarts until it is sent or given up. Delivery is at least once: a worker killed after the SMTP
 * server accepted a message but before the row was marked sent sends it again after the lease.
 */
export class MailOutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: AppDb,
    private readonly transport: Mailer,
    private readonly log: MailWorkerLog,
    private readonly settings: MailWorkerSettings = MAIL_WORKER_DEFAULTS,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  /** Runs a round now (after the current one when a round is in progress). */
  wake(): void {
    if (this.stopped) return;
    if (this.running !== null) {
      this.again = true;
      return;
    }
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.round().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.settings.pollIntervalMs);
        this.timer.unref();
      }
    });
  }

  /**
   * Stops polling and waits a little for the round in progress. A delivery still hanging after that is
   * abandoned: its row stays claimed until the lease ends, then a worker (this one after a restart, or
   * another process) sends it.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.running === null) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.running,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, Math.min(this.settings.deliveryTimeoutMs, STOP_WAIT_MS));
      }),
    ]);
    if (timer !== undefined) clearTimeout(timer);
  }

  private async round(): Promise<void> {
    try {
      // Keep going while full batches come back: a backlog drains without waiting for the poll.
      while (!this.stopped && (await this.runOnce()) === this.settings.batchSize && !this.lastFailed) {}
    } catch (error) {
      // The database may be briefly unavailable: the next poll tries again.
      this.log.warn({ event: 'mail_worker_error', error: describeError(error) }, 'mail worker round failed');
    }
  }

  /**
   * Claims due rows and tries them in turn; returns how many were claimed. After a failure the rest of
   * the batch is handed back unattempted (the server is probably down, and a batch of slow failures
   * must not outlive its lease while another process could claim the same rows).
   */
  async runOnce(): Promise<number> {
    const now = this.now();
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAtMs, now)))
      .orderBy(asc(mailOutbox.nextAttemptAtMs), asc(mailOutbox.id))
      .limit(this.settings.batchSize)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAtMs: now + this.settings.leaseMs })
      .where(and(inArray(mailOutbox.id, due), eq(mailOutbox.status, 'pending')))
      .returning();
    this.lastFailed = false;
    for (const [index, row] of claimed.entries()) {
      if (await this.deliver(row)) continue;
      this.lastFailed = true;
      const rest = claimed.slice(index + 1).map((other) => other.id);
      if (rest.length > 0) {
        await this.db
          .update(mailOutbox)
          .set({ attempts: sql`${mailOutbox.attempts} - 1`, nextAttemptAtMs: this.now() })
          .where(and(inArray(mailOutbox.id, rest), eq(mailOutbox.status, 'pending')));
      }
      break;
    }
    return claimed.length;
  }

  /** Whether the last round stopped at a failed delivery. */
  private lastFailed = false;

  /** Tries one row; true when it was sent. */
  private async deliver(row: typeof mailOutbox.$inferSelect): Promise<boolean> {
    const message = { to: row.recipient, subject: row.subject, text: row.body, template: row.template };
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.transport.send(message),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new DeliveryTimeout('delivery timed out')),
            this.settings.deliveryTimeoutMs,
          );
        }),
      ]);
    } catch (error) {
      const verdict = afterFailedAttempt(this.settings.retry, row.attempts, this.now());
      const lastError = describeError(error);
      await this.db
        .update(mailOutbox)
        .set(
          verdict.kind === 'retry'
            ? { nextAttemptAtMs: verdict.nextAttemptAtMs, lastError }
            : { status: 'failed', lastError, body: '' },
        )
        .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'pending')));
      this.log.warn(
        {
          event: verdict.kind === 'retry' ? 'mail_retry_scheduled' : 'mail_given_up',
          mailId: row.id,
          template: row.template,
          to: maskEmail(row.recipient),
          attempts: row.attempts,
          error: lastError,
        },
        verdict.kind === 'retry' ? 'mail delivery failed; will retry' : 'mail delivery failed; given up',
      );
      return false;
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
    // Sent: the body (which may hold a temporary password) is no longer needed.
    await this.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAtMs: this.now(), body: '', lastError: null })
      .where(eq(mailOutbox.id, row.id));
    return true;
  }
}
