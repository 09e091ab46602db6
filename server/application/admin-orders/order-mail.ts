import type { AdminOrdersRepository } from '../admin-orders.port';
import type { EventLog } from '../auth.service';
import type { Mailer, MailMessage } from '../mailer.port';

/** Sends and records a mail about an order; waits at most `waitMs`, never throws. */
export type MailAboutOrder = (orderId: number, message: MailMessage) => Promise<void>;

export interface OrderMailPorts {
  readonly mailer: Mailer;
  readonly orders: Pick<AdminOrdersRepository, 'recordMail'>;
  readonly log: EventLog;
  /** How long a command waits for a mail before answering (the mail still goes). */
  readonly waitMs?: number;
}

/**
 * A slow or failing mail never makes a manager's change fail or hang: the answer goes after the
 * mail is handed over or after `waitMs`, whichever is first; a failure is only logged.
 */
export function mailAboutOrder({ mailer, orders, log, waitMs = 3000 }: OrderMailPorts): MailAboutOrder {
  return async (orderId, message) => {
    const sending = mailer
      .send(message)
      .then(() =>
        orders.recordMail(orderId, { template: message.template, subject: message.subject, to: message.to }),
      )
      .catch((error: unknown) => {
        log.warn(
          { event: 'order_mail_failed', orderId, template: message.template, error: String(error) },
          'order mail failed',
        );
      });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    await Promise.race([sending, wait]);
    clearTimeout(timer);
  };
}
