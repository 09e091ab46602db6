import type { BackgroundJob } from '../../application/accounts.services';
import type { EventLog } from '../../application/auth.service';
import type { PaymentsService } from '../../application/payments.service';

/**
 * How often refunds the gateway has not confirmed (unreachable, or still pending there) and settlement
 * receipts it did not accept are retried.
 */
const REFUND_RETRY_INTERVAL_MS = 5 * 60_000;

/**
 * Retries pending refunds until the gateway confirms them, then pending settlement receipts. Each
 * carries a stable Idempotence-Key, so a retry (or two server processes retrying at once) never returns
 * the money or fiscalises a receipt twice.
 */
export class RefundRetryJob implements BackgroundJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly payments: PaymentsService,
    private readonly log: EventLog,
    private readonly intervalMs: number = REFUND_RETRY_INTERVAL_MS,
  ) {}

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      if (this.running !== null) return;
      this.running = this.payments
        .retryPendingRefunds()
        .then(() => this.payments.retryPendingReceipts())
        .then(() => undefined)
        .catch((error: unknown) => {
          this.log.warn({ event: 'refund_retry_failed', error: String(error) }, 'refund retry round failed');
        })
        .finally(() => {
          this.running = null;
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
