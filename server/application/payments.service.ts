import { isPayable } from '../domain/order-lifecycle.machine';
import type { Caller, EventLog } from './auth.service';
import { paymentReceivedMail, type ShopIdentity } from './mail-templates';
import type { Mailer } from './mailer.port';
import type { OrdersRepository, PaymentsRepository } from './orders.port';
import type { PaymentGateway } from './payment-gateway.port';
import type { Secrets } from './secrets.port';

export type CreatePaymentOutcome =
  | { readonly ok: true; readonly paymentId: string; readonly confirmationUrl: string }
  | { readonly ok: false; readonly status: 401 | 403 | 404 | 409 | 502; readonly error: string };

export type NotificationOutcome = 'applied' | 'duplicate' | 'ignored' | 'rejected';

export interface PaymentsDeps {
  readonly orders: OrdersRepository;
  readonly payments: PaymentsRepository;
  readonly gateway: PaymentGateway;
  readonly mailer: Mailer;
  readonly secrets: Secrets;
  readonly shop: ShopIdentity;
  readonly log: EventLog;
}

export class PaymentsService {
  constructor(private readonly deps: PaymentsDeps) {}

  get providerName(): string {
    return this.deps.gateway.name;
  }

  /** Starts (or resumes) the payment of an own order that an administrator allowed to be paid. */
  async create(caller: Caller, orderId: number): Promise<CreatePaymentOutcome> {
    if (caller.kind === 'anonymous') return { ok: false, status: 401, error: 'unauthorized' };
    if (caller.kind !== 'client') return { ok: false, status: 403, error: 'forbidden' };
    const order = await this.deps.orders.findById(orderId);
    if (order === null || order.clientId !== caller.clientId)
      return { ok: false, status: 404, error: 'not_found' };
    if (order.paidAt !== null || !order.paymentAllowed || !isPayable(order.status)) {
      return { ok: false, status: 409, error: 'not_payable' };
    }
    const pending = await this.deps.payments.findPendingForOrder(order.id, this.deps.gateway.name);
    if (pending !== null && pending.amount === order.total && pending.providerPaymentId !== null) {
      return { ok: true, paymentId: pending.id, confirmationUrl: pending.confirmationUrl };
    }
    const paymentId = this.deps.secrets.newRandomId();
    await this.deps.payments.create({
      id: paymentId,
      orderId: order.id,
      provider: this.deps.gateway.name,
      providerPaymentId: null,
      amount: order.total,
      status: 'pending',
      confirmationUrl: '',
    });
    const created = await this.deps.gateway.createPayment({
      paymentId,
      orderId: order.id,
      amount: order.total,
      description: `Заказ № ${order.id}`,
      returnUrl: `${this.deps.shop.publicUrl}/thank-you?orderId=${order.id}`,
      idempotenceKey: paymentId,
    });
    if (!created.ok) {
      this.deps.log.warn(
        { event: 'payment_create_failed', orderId: order.id, error: created.error },
        'payment not created',
      );
      return { ok: false, status: 502, error: 'payment_provider_error' };
    }
    await this.deps.payments.setProviderPayment(
      paymentId,
      created.providerPaymentId,
      created.confirmationUrl,
    );
    this.deps.log.info({ event: 'payment_created', orderId: order.id, paymentId }, 'payment created');
    return { ok: true, paymentId, confirmationUrl: created.confirmationUrl };
  }

  /**
   * The one path that can mark an order paid: a notification the gateway authenticated, for a known
   * payment, with the amount of that payment. Replays are recorded once and change nothing.
   */
  async handleNotification(
    rawBody: string,
    headers: Readonly<Record<string, string | undefined>>,
  ): Promise<NotificationOutcome> {
    const parsed = await this.deps.gateway.parseNotification(rawBody, headers);
    if (!parsed.ok) {
      this.deps.log.warn(
        { event: 'payment_notification_rejected', reason: parsed.error },
        'payment notification rejected',
      );
      return 'rejected';
    }
    const { notification } = parsed;
    const payment = await this.deps.payments.findByProviderId(
      this.deps.gateway.name,
      notification.providerPaymentId,
    );
    if (payment === null) {
      this.deps.log.warn({ event: 'payment_notification_unknown' }, 'notification for an unknown payment');
      return 'rejected';
    }
    if (notification.outcome === 'succeeded' && notification.amount !== payment.amount) {
      this.deps.log.warn(
        {
          event: 'payment_amount_mismatch',
          paymentId: payment.id,
          expected: payment.amount,
          got: notification.amount,
        },
        'payment amount differs from the order',
      );
      return 'rejected';
    }
    const outcome = await this.deps.payments.settle({
      provider: this.deps.gateway.name,
      eventId: notification.eventId,
      paymentId: payment.id,
      outcome: notification.outcome,
    });
    this.deps.log.info(
      { event: 'payment_notification', paymentId: payment.id, outcome },
      'payment notification processed',
    );
    if (outcome === 'applied' && notification.outcome === 'succeeded') {
      const order = await this.deps.orders.findById(payment.orderId);
      if (order !== null) {
        await this.deps.mailer.send(
          paymentReceivedMail(this.deps.shop, order.contact.email, order.id, payment.amount),
        );
      }
    }
    return outcome;
  }

  /** For the test gateway's card page: the payment it shows. */
  findPayment(id: string) {
    return this.deps.payments.findById(id);
  }
}
