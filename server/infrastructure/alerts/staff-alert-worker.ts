import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { isStaffAlertEvent } from '../../../shared-rules/staff-alert-rule';
import type { TelegramBot } from '../../application/staff-alerts/staff-alerts.port';
import { afterFailedAttempt, type MailRetryPolicy } from '../../domain/mail-retry';
import { type AlertStaff, alertMessage, recipientsOf } from '../../domain/staff-alerts';
import type { AppDb } from '../db/database';
import { mailOutbox } from '../db/schema/abuse-outbox.schema';
import { users } from '../db/schema/accounts.schema';
import {
  staffAlertDeliveries,
  staffAlertEvents,
  staffAlertPreferences,
  staffTelegramChats,
} from '../db/schema/staff-alerts.schema';

export interface AlertWorkerLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface AlertWorkerSettings {
  /** How often events and due messages are looked for when nothing woke the worker. */
  readonly pollIntervalMs: number;
  readonly batchSize: number;
  /** A claimed Telegram message is not due again for this long (a worker that died mid-send). */
  readonly leaseMs: number;
  /** One Bot API call is abandoned (and retried later) after this long. */
  readonly deliveryTimeoutMs: number;
  readonly retry: MailRetryPolicy;
}

/** 5 s, 10 s, 20 s … capped at 30 min; 20 attempts ≈ 6 hours before a Telegram message is given up. */
const ALERT_WORKER_DEFAULTS: AlertWorkerSettings = {
  pollIntervalMs: 2_000,
  batchSize: 20,
  leaseMs: 120_000,
  deliveryTimeoutMs: 30_000,
  retry: { baseDelayMs: 5_000, maxDelayMs: 1_800_000, maxAttempts: 20 },
};

export interface AlertWorkerOptions {
  readonly db: AppDb;
  /** Null while TELEGRAM_BOT_TOKEN is unset: no Telegram message is queued or sent. */
  readonly bot: TelegramBot | null;
  readonly publicUrl: string;
  readonly shopAlertEmail: string | null;
  /** Wakes the mail worker after alert e-mails were queued (else its next poll, ≤ 2 s, finds them). */
  readonly mailQueued?: () => void;
  readonly log: AlertWorkerLog;
  readonly settings?: AlertWorkerSettings;
  readonly now?: () => number;
}

const STOP_WAIT_MS = 5_000;

/**
 * Telegram's «no» that no retry changes: 400 (chat not found, bad request) and 403 (the bot was blocked
 * or removed from the chat). Such a message is given up at once and the batch goes on — unlike an outage
 * (network errors, 5xx, 429), which is retried with backoff.
 */
function isRefusedForGood(error: unknown): boolean {
  const code = error instanceof Error ? (error as Error & { error_code?: unknown }).error_code : undefined;
  return code === 400 || code === 403;
}

/** A short, token-free description of a Bot API error (grammy's GrammyError / HttpError). */
function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as Error & { error_code?: unknown }).error_code;
    return [error.name, typeof code === 'number' ? code : ''].join(' ').trim().slice(0, 200);
  }
  return 'unknown error';
}

/**
 * The alert worker (docs/alerts.md). Each round it
 * 1. dispatches pending `staff_alert_events` (claimed `FOR UPDATE SKIP LOCKED`, so several processes
 *    never dispatch one twice): in one transaction it writes one e-mail per recipient into the mail
 *    outbox (the mail worker sends it, with its own retries), one Telegram message per linked chat into
 *    `staff_alert_deliveries`, and marks the event dispatched — all or nothing;
 * 2. sends due Telegram messages through the Bot API, claimed with a lease like the mail outbox, and
 *    retried with exponential backoff after a failure.
 * Nothing here runs inside a shopper's request, and every row survives restarts.
 */
export class StaffAlertWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly settings: AlertWorkerSettings;
  private readonly now: () => number;

  constructor(private readonly options: AlertWorkerOptions) {
    this.settings = options.settings ?? ALERT_WORKER_DEFAULTS;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

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
      while (!this.stopped && (await this.dispatchOnce()) === this.settings.batchSize) {}
      while (!this.stopped) {
        const { claimed, failed } = await this.deliverOnce();
        if (claimed < this.settings.batchSize || failed) break;
      }
    } catch (error) {
      this.options.log.warn(
        { event: 'alert_worker_error', error: describeError(error) },
        'alert worker round failed',
      );
    }
  }

  /** Turns pending events into messages; returns how many events were dispatched. */
  async dispatchOnce(): Promise<number> {
    const { db, bot, publicUrl, shopAlertEmail } = this.options;
    let queuedMail = false;
    const count = await db.transaction(async (tx) => {
      const events = await tx
        .select()
        .from(staffAlertEvents)
        .where(eq(staffAlertEvents.status, 'pending'))
        .orderBy(asc(staffAlertEvents.id))
        .limit(this.settings.batchSize)
        .for('update', { skipLocked: true });
      if (events.length === 0) return 0;
      const staff = await this.staff(tx);
      const now = this.now();
      for (const event of events) {
        if (!isStaffAlertEvent(event.kind)) continue;
        const message = alertMessage(event.kind, event.payload, publicUrl);
        for (const to of recipientsOf(event.kind, staff, shopAlertEmail, bot !== null)) {
          if (to.channel === 'email') {
            queuedMail = true;
            await tx.insert(mailOutbox).values({
              recipient: to.recipient,
              subject: message.subject,
              body: message.text,
              template: `staff-alert-${event.kind}`,
              nextAttemptAtMs: now,
              createdAtMs: now,
            });
          } else {
            await tx
              .insert(staffAlertDeliveries)
              .values({
                eventId: event.id,
                userId: to.userId,
                channel: 'telegram',
                recipient: to.recipient,
                subject: message.subject,
                body: message.text,
                nextAttemptAtMs: now,
                createdAtMs: now,
              })
              .onConflictDoNothing();
          }
        }
      }
      await tx
        .update(staffAlertEvents)
        .set({ status: 'dispatched', dispatchedAtMs: now })
        .where(
          inArray(
            staffAlertEvents.id,
            events.map((event) => event.id),
          ),
        );
      return events.length;
    });
    if (queuedMail) this.options.mailQueued?.();
    return count;
  }

  /** Staff (every account that is not a shopper), their choices and linked chats. */
  private async staff(tx: Pick<AppDb, 'select'>): Promise<AlertStaff[]> {
    const rows = await tx
      .select({
        userId: users.id,
        email: users.email,
        chatId: staffTelegramChats.chatId,
        event: staffAlertPreferences.event,
        channel: staffAlertPreferences.channel,
      })
      .from(staffAlertPreferences)
      .innerJoin(users, eq(users.id, staffAlertPreferences.userId))
      .leftJoin(staffTelegramChats, eq(staffTelegramChats.userId, users.id))
      .where(ne(users.role, 'user'))
      .orderBy(asc(users.id));
    const byUser = new Map<number, AlertStaff & { choices: { event: string; channel: string }[] }>();
    for (const row of rows) {
      const member = byUser.get(row.userId) ?? {
        userId: row.userId,
        email: row.email,
        telegramChatId: row.chatId,
        choices: [],
      };
      member.choices.push({ event: row.event, channel: row.channel });
      byUser.set(row.userId, member);
    }
    return [...byUser.values()];
  }

  /** Sends due Telegram messages; stops at the first failure (the Bot API is probably down). */
  async deliverOnce(): Promise<{ claimed: number; failed: boolean }> {
    const { db, bot } = this.options;
    if (bot === null) return { claimed: 0, failed: false };
    const now = this.now();
    const due = db
      .select({ id: staffAlertDeliveries.id })
      .from(staffAlertDeliveries)
      .where(and(eq(staffAlertDeliveries.status, 'pending'), lte(staffAlertDeliveries.nextAttemptAtMs, now)))
      .orderBy(asc(staffAlertDeliveries.nextAttemptAtMs), asc(staffAlertDeliveries.id))
      .limit(this.settings.batchSize)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(staffAlertDeliveries)
      .set({
        attempts: sql`${staffAlertDeliveries.attempts} + 1`,
        nextAttemptAtMs: now + this.settings.leaseMs,
      })
      .where(and(inArray(staffAlertDeliveries.id, due), eq(staffAlertDeliveries.status, 'pending')))
      .returning();
    claimed.sort((a, b) => a.id - b.id);
    for (const [index, row] of claimed.entries()) {
      if ((await this.deliver(bot, row)) !== 'failed') continue;
      const rest = claimed.slice(index + 1).map((other) => other.id);
      if (rest.length > 0) {
        await db
          .update(staffAlertDeliveries)
          .set({ attempts: sql`${staffAlertDeliveries.attempts} - 1`, nextAttemptAtMs: this.now() })
          .where(and(inArray(staffAlertDeliveries.id, rest), eq(staffAlertDeliveries.status, 'pending')));
      }
      return { claimed: claimed.length, failed: true };
    }
    return { claimed: claimed.length, failed: false };
  }

  /** Tries one message: sent, refused for good (given up), or failed (to retry). */
  private async deliver(
    bot: TelegramBot,
    row: typeof staffAlertDeliveries.$inferSelect,
  ): Promise<'sent' | 'refused' | 'failed'> {
    const { db, log } = this.options;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        bot.sendMessage(row.recipient, row.body),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('delivery timed out')), this.settings.deliveryTimeoutMs);
        }),
      ]);
    } catch (error) {
      const refused = isRefusedForGood(error);
      const verdict = refused
        ? ({ kind: 'give_up' } as const)
        : afterFailedAttempt(this.settings.retry, row.attempts, this.now());
      const lastError = describeError(error);
      await db
        .update(staffAlertDeliveries)
        .set(
          verdict.kind === 'retry'
            ? { nextAttemptAtMs: verdict.nextAttemptAtMs, lastError }
            : { status: 'failed', lastError, body: '' },
        )
        .where(and(eq(staffAlertDeliveries.id, row.id), eq(staffAlertDeliveries.status, 'pending')));
      log.warn(
        {
          event: verdict.kind === 'retry' ? 'telegram_alert_retry_scheduled' : 'telegram_alert_given_up',
          deliveryId: row.id,
          attempts: row.attempts,
          error: lastError,
        },
        verdict.kind === 'retry' ? 'telegram alert failed; will retry' : 'telegram alert failed; given up',
      );
      return refused ? 'refused' : 'failed';
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
    // Sent: the text (a buyer's name) is no longer needed, as in the mail outbox.
    await db
      .update(staffAlertDeliveries)
      .set({ status: 'sent', sentAtMs: this.now(), lastError: null, body: '' })
      .where(eq(staffAlertDeliveries.id, row.id));
    return 'sent';
  }
}
