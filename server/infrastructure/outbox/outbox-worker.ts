import { sql } from 'drizzle-orm';
import { afterFailedAttempt, type MailRetryPolicy } from '../../domain/mail-retry';
import { rowsOf } from '../admin-catalogue/catalogue-sql';
import type { AppDb } from '../db/database';

/** The timing of an outbox worker (each channel has its defaults; tests shorten them). */
export interface OutboxSettings {
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

/** The outbox tables: each has id, status (pending / sent / failed), attempts, next_attempt_at_ms, last_error, body, sent_at_ms. */
type OutboxTable = 'mail_outbox' | 'staff_alert_deliveries';

/** What one outbox row is, for the generic loop. */
export interface OutboxRow {
  readonly id: number;
  /** Attempts including the one just claimed. */
  readonly attempts: number;
}

/** One channel of delivery: how its rows are read, sent and described. */
export interface OutboxSender<Row extends OutboxRow> {
  readonly table: OutboxTable;
  /** The claimed rows in full, by id. */
  load(ids: readonly number[]): Promise<readonly Row[]>;
  send(row: Row): Promise<void>;
  /** An answer no retry changes (Telegram's 403, a chat that is gone): given up at once, the batch goes on. */
  refusedForGood(error: unknown): boolean;
  /** A short description of the error for the row and the log, without addresses or tokens. */
  describe(error: unknown): string;
  /** Logs a failed attempt (retry scheduled, or given up). */
  failed(row: Row, outcome: 'retry' | 'give_up', error: string): void;
}

/** Raised when a delivery outlives `deliveryTimeoutMs`; described by its code like a network error. */
class DeliveryTimeout extends Error {
  readonly code = 'ETIMEDOUT_DELIVERY';
}

/** How long shutdown waits for a delivery in progress. */
const STOP_WAIT_MS = 5_000;

/**
 * Delivers the rows of one outbox table through a sender. Rows are claimed in one statement
 * (`FOR UPDATE SKIP LOCKED` + a lease), so several server processes can run workers on one database
 * without sending a row twice at the same time; a row survives restarts until it is sent or given up.
 * A failure is retried with exponential backoff (`retry`), given up after `retry.maxAttempts` (status
 * `failed`, body erased). Delivery is at least once: a worker killed after the other side accepted a
 * message but before the row was marked sent sends it again after the lease.
 */
export class OutboxQueue<Row extends OutboxRow> {
  constructor(
    private readonly db: AppDb,
    private readonly sender: OutboxSender<Row>,
    private readonly settings: OutboxSettings,
    private readonly now: () => number,
  ) {}

  /**
   * Claims due rows and tries them in id order. After a failure to retry, the rest of the batch is
   * handed back unattempted (the other side is probably down, and a batch of slow failures must not
   * outlive its lease while another process could claim the same rows).
   */
  async runOnce(): Promise<{ readonly claimed: number; readonly failed: boolean }> {
    const table = sql.raw(this.sender.table);
    const now = this.now();
    const claimedIds = rowsOf<{ id: number | string }>(
      await this.db.execute(sql`
        UPDATE ${table} SET attempts = attempts + 1, next_attempt_at_ms = ${now + this.settings.leaseMs}
        WHERE status = 'pending' AND id IN (
          SELECT id FROM ${table} WHERE status = 'pending' AND next_attempt_at_ms <= ${now}
          ORDER BY next_attempt_at_ms, id LIMIT ${this.settings.batchSize} FOR UPDATE SKIP LOCKED)
        RETURNING id`),
    ).map((row) => Number(row.id));
    if (claimedIds.length === 0) return { claimed: 0, failed: false };
    const claimed = [...(await this.sender.load(claimedIds))].sort((a, b) => a.id - b.id);
    for (const [index, row] of claimed.entries()) {
      if ((await this.deliver(row)) !== 'failed') continue;
      const rest = claimed.slice(index + 1).map((other) => other.id);
      if (rest.length > 0)
        await this.db.execute(sql`UPDATE ${table} SET attempts = attempts - 1, next_attempt_at_ms = ${this.now()}
          WHERE status = 'pending' AND id IN (${sql.join(
            rest.map((id) => sql`${id}`),
            sql`, `,
          )})`);
      return { claimed: claimedIds.length, failed: true };
    }
    return { claimed: claimedIds.length, failed: false };
  }

  /** Tries one row: sent, refused for good (given up), or failed (to retry, or given up at the last attempt). */
  private async deliver(row: Row): Promise<'sent' | 'refused' | 'failed'> {
    const table = sql.raw(this.sender.table);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.sender.send(row),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new DeliveryTimeout('delivery timed out')),
            this.settings.deliveryTimeoutMs,
          );
        }),
      ]);
    } catch (error) {
      const refused = this.sender.refusedForGood(error);
      const verdict = refused
        ? ({ kind: 'give_up' } as const)
        : afterFailedAttempt(this.settings.retry, row.attempts, this.now());
      const lastError = this.sender.describe(error);
      await this.db.execute(
        verdict.kind === 'retry'
          ? sql`UPDATE ${table} SET next_attempt_at_ms = ${verdict.nextAttemptAtMs}, last_error = ${lastError}
              WHERE id = ${row.id} AND status = 'pending'`
          : // Given up: the text (a temporary password, a buyer's name) is no longer needed.
            sql`UPDATE ${table} SET status = 'failed', last_error = ${lastError}, body = ''
              WHERE id = ${row.id} AND status = 'pending'`,
      );
      this.sender.failed(row, verdict.kind, lastError);
      return refused ? 'refused' : 'failed';
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
    // Sent: the body is no longer needed.
    await this.db.execute(sql`UPDATE ${table} SET status = 'sent', sent_at_ms = ${this.now()}, body = '',
      last_error = NULL WHERE id = ${row.id}`);
    return 'sent';
  }
}

/**
 * The schedule of a background worker: a round now when woken (after the current one, when a round is
 * in progress), else every `pollIntervalMs`; `stop` ends polling and waits a little for the round in
 * progress. A delivery still hanging after that is abandoned: its row stays claimed until the lease
 * ends, then a worker (this one after a restart, or another process) sends it.
 */
export class WorkerSchedule {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly round: () => Promise<void>,
    private readonly settings: Pick<OutboxSettings, 'pollIntervalMs' | 'deliveryTimeoutMs'>,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
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
}

/**
 * One outbox worker: the schedule, then each round `before` (work that fills the outbox, such as the
 * alerts' dispatch) and the queue until it is drained or a delivery failed. A round that throws (the
 * database briefly away) is logged through `roundFailed` and the next poll tries again.
 */
export class OutboxWorker<Row extends OutboxRow> {
  private readonly schedule: WorkerSchedule;
  readonly queue: OutboxQueue<Row> | null;

  constructor(
    private readonly options: {
      readonly db: AppDb;
      /** Null when the channel is off (no Telegram bot): only `before` runs. */
      readonly sender: OutboxSender<Row> | null;
      readonly settings: OutboxSettings;
      readonly now: () => number;
      /** Work before the deliveries (given whether the worker was stopped meanwhile). */
      readonly before?: (stopped: () => boolean) => Promise<void>;
      readonly roundFailed: (error: unknown) => void;
    },
  ) {
    this.queue =
      options.sender === null
        ? null
        : new OutboxQueue(options.db, options.sender, options.settings, options.now);
    this.schedule = new WorkerSchedule(() => this.round(), options.settings);
  }

  start(): void {
    this.schedule.start();
  }

  /** Runs a round now (after the current one when a round is in progress). */
  wake(): void {
    this.schedule.wake();
  }

  stop(): Promise<void> {
    return this.schedule.stop();
  }

  private async round(): Promise<void> {
    try {
      await this.options.before?.(() => this.schedule.isStopped);
      // Keep going while full batches come back: a backlog drains without waiting for the poll.
      while (this.queue !== null && !this.schedule.isStopped) {
        const { claimed, failed } = await this.queue.runOnce();
        if (claimed < this.options.settings.batchSize || failed) break;
      }
    } catch (error) {
      this.options.roundFailed(error);
    }
  }
}
