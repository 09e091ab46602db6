import { asc, eq, inArray, ne } from 'drizzle-orm';
import { isStaffAlertEvent } from '../../../shared-rules/staff-alert-rule';
import type { TelegramBot } from '../../application/staff-alerts/staff-alerts.port';
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
import { type OutboxSender, type OutboxSettings, OutboxWorker } from '../outbox/outbox-worker';

export interface AlertWorkerLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** Events and due Telegram messages: polled, claimed with a lease, retried as the generic outbox worker does. */
export type AlertWorkerSettings = OutboxSettings;

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

type DeliveryRow = typeof staffAlertDeliveries.$inferSelect;

/** The Telegram channel of the outbox worker: due rows of `staff_alert_deliveries` through the Bot API. */
function telegramSender(db: AppDb, bot: TelegramBot, log: AlertWorkerLog): OutboxSender<DeliveryRow> {
  return {
    table: 'staff_alert_deliveries',
    load: (ids) =>
      db
        .select()
        .from(staffAlertDeliveries)
        .where(inArray(staffAlertDeliveries.id, [...ids])),
    send: async (row) => {
      await bot.sendMessage(row.recipient, row.body);
    },
    refusedForGood: isRefusedForGood,
    describe: describeError,
    failed: (row, outcome, error) =>
      log.warn(
        {
          event: outcome === 'retry' ? 'telegram_alert_retry_scheduled' : 'telegram_alert_given_up',
          deliveryId: row.id,
          attempts: row.attempts,
          error,
        },
        outcome === 'retry' ? 'telegram alert failed; will retry' : 'telegram alert failed; given up',
      ),
  };
}

/**
 * The alert worker (docs/alerts.md), the shop's generic outbox worker
 * (server/infrastructure/outbox/outbox-worker.ts) with the Telegram sender. Each round it
 * 1. dispatches pending `staff_alert_events` (claimed `FOR UPDATE SKIP LOCKED`, so several processes
 *    never dispatch one twice): in one transaction it writes one e-mail per recipient into the mail
 *    outbox (the mail worker sends it, with its own retries), one Telegram message per linked chat into
 *    `staff_alert_deliveries`, and marks the event dispatched — all or nothing;
 * 2. sends due Telegram messages through the Bot API, claimed with a lease like the mail outbox, and
 *    retried with exponential backoff after a failure (a 400/403 is given up at once).
 * Nothing here runs inside a shopper's request, and every row survives restarts.
 */
export class StaffAlertWorker {
  private readonly settings: AlertWorkerSettings;
  private readonly now: () => number;
  private readonly worker: OutboxWorker<DeliveryRow>;

  constructor(private readonly options: AlertWorkerOptions) {
    this.settings = options.settings ?? ALERT_WORKER_DEFAULTS;
    this.now = options.now ?? Date.now;
    this.worker = new OutboxWorker({
      db: options.db,
      sender: options.bot === null ? null : telegramSender(options.db, options.bot, options.log),
      settings: this.settings,
      now: this.now,
      before: async (stopped) => {
        while (!stopped() && (await this.dispatchOnce()) === this.settings.batchSize) {}
      },
      roundFailed: (error) =>
        options.log.warn(
          { event: 'alert_worker_error', error: describeError(error) },
          'alert worker round failed',
        ),
    });
  }

  start(): void {
    this.worker.start();
  }

  /** Runs a round now (after the current one when a round is in progress). */
  wake(): void {
    this.worker.wake();
  }

  stop(): Promise<void> {
    return this.worker.stop();
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
    return (await this.worker.queue?.runOnce()) ?? { claimed: 0, failed: false };
  }
}
