import type pg from 'pg';
import { LISTENER_BACKOFF, reconnectDelayMs } from '../../domain/database-outage';

/** Where the database layer reports connection trouble (main.ts passes its pino logger). */
export interface DatabaseLog {
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

export const SILENT_DATABASE_LOG: DatabaseLog = { warn: () => {}, info: () => {} };

/** Whether every subscription is live; when not, the reason (one line, no secrets). */
export type ListenerStatus = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * How often an idle LISTEN connection proves it is alive. A dropped socket is noticed at once, but a
 * frozen server or a silent network partition is not (TCP keepalive takes minutes): without the
 * heartbeat the process would miss every change until restarted.
 */
const HEARTBEAT_MS = 10_000;
/** Longest wait for a close of a connection that may hang (a frozen server). */
const CLOSE_WAIT_MS = 1000;

export function describeDatabaseError(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const line = (message.split('\n')[0] ?? '').slice(0, 200);
  return typeof code === 'string' ? `${code}: ${line}` : line;
}

interface ListenerOptions {
  readonly channel: string;
  /** A new, unconnected client with the connection settings of the pool. */
  readonly newClient: () => pg.Client;
  readonly onMessage: (payload: string) => void;
  /**
   * Called after a lost connection was replaced: notifications sent while it was down are lost, so
   * whatever they keep fresh must be refreshed now.
   */
  readonly onResumed: () => void;
  readonly log: DatabaseLog;
  /** Per-query read timeout of the heartbeat. */
  readonly heartbeatTimeoutMs: number;
  readonly random?: () => number;
}

/**
 * One `LISTEN` on a dedicated connection (outside the pool, so it never takes a request's slot) that
 * survives the database: a dropped, killed or frozen connection is replaced, with capped exponential
 * backoff and jitter (`LISTENER_BACKOFF`, 0.25 s doubling up to 5 s), each loss and recovery logged;
 * `status()` says «down» meanwhile (GET /readyz reports it as degraded).
 */
export class NotificationListener {
  private client: pg.Client | null = null;
  private stopped = false;
  /** When the subscription went down (or started); null while listening. */
  private downSince: number | null = Date.now();
  private lastError = 'not connected yet';
  private attempt = 0;
  private everListened = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: ListenerOptions) {}

  /** Resolves after the first attempt: listening, or retrying in the background (never rejects). */
  start(): Promise<void> {
    return this.connect();
  }

  status(): ListenerStatus {
    if (this.downSince === null) return { ok: true };
    const seconds = Math.round((Date.now() - this.downSince) / 1000);
    return {
      ok: false,
      reason: `LISTEN ${this.options.channel} down for ${seconds} s, reconnecting (${this.lastError})`,
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimers();
    const client = this.client;
    this.client = null;
    if (client !== null) await closeQuietly(client);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = this.options.newClient();
    // Before connect: an error at any moment (refused, reset, killed by pg_terminate_backend, the
    // server shutting down) must reach `lose`, never the process's uncaught-exception path.
    client.on('error', (error: Error) => this.lose(client, error));
    client.on('end', () => this.lose(client, new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel === this.options.channel) this.options.onMessage(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.options.channel}`);
    } catch (error) {
      void closeQuietly(client);
      this.retryLater(error);
      return;
    }
    if (this.stopped) {
      await closeQuietly(client);
      return;
    }
    const downMs = this.downSince === null ? 0 : Date.now() - this.downSince;
    const resumed = this.everListened;
    this.client = client;
    this.downSince = null;
    this.everListened = true;
    const attempts = this.attempt;
    this.attempt = 0;
    this.heartbeatTimer = setInterval(() => this.heartbeat(client), HEARTBEAT_MS);
    this.heartbeatTimer.unref();
    // After a loss, or after a first start that needed retries: say so, and refresh what may be stale.
    if (resumed || attempts > 0) {
      this.options.log.info(
        { event: 'db_listener_restored', channel: this.options.channel, downMs, attempts },
        'Подписка LISTEN восстановлена',
      );
      this.options.onResumed();
    }
  }

  private heartbeat(client: pg.Client): void {
    // A frozen server never answers: the timer declares the connection lost (closing it fails the query).
    const timer = setTimeout(
      () => this.lose(client, new Error(`heartbeat unanswered for ${this.options.heartbeatTimeoutMs} ms`)),
      this.options.heartbeatTimeoutMs,
    );
    timer.unref();
    client.query('SELECT 1').then(
      () => clearTimeout(timer),
      (error: unknown) => {
        clearTimeout(timer);
        this.lose(client, error);
      },
    );
  }

  private lose(client: pg.Client, error: unknown): void {
    if (client !== this.client || this.stopped) return;
    this.client = null;
    this.clearTimers();
    this.downSince = Date.now();
    this.options.log.warn(
      { event: 'db_listener_lost', channel: this.options.channel, error: describeDatabaseError(error) },
      'Подписка LISTEN потеряна: переподключаюсь',
    );
    void closeQuietly(client);
    this.retryLater(error);
  }

  private retryLater(error: unknown): void {
    if (this.stopped) return;
    this.lastError = describeDatabaseError(error);
    const delayMs = reconnectDelayMs(LISTENER_BACKOFF, this.attempt, (this.options.random ?? Math.random)());
    this.attempt += 1;
    this.options.log.warn(
      {
        event: 'db_listener_retry',
        channel: this.options.channel,
        attempt: this.attempt,
        delayMs,
        error: this.lastError,
      },
      'Подписка LISTEN: нет соединения, повтор',
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delayMs);
    this.retryTimer.unref();
  }

  private clearTimers(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    if (this.heartbeatTimer !== null) clearInterval(this.heartbeatTimer);
    this.retryTimer = null;
    this.heartbeatTimer = null;
  }
}

/** Ends a client without waiting long: a frozen server never answers the goodbye. */
async function closeQuietly(client: pg.Client): Promise<void> {
  client.removeAllListeners('notification');
  client.removeAllListeners('end');
  client.removeAllListeners('error');
  // Late errors of a connection being closed are expected; without a listener they would crash.
  client.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    client.end().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_WAIT_MS);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}
