import {
  type InstallmentPlan,
  installmentsCover,
  type OnlinePaymentMethod,
} from '../../shared-rules/installment-rule';
import { isPayable } from '../domain/order-lifecycle.machine';
import { type RefundBasis, type RefundedLine, settlementOf } from '../domain/order-money';
import {
  amountDue,
  paymentModeOf,
  type ReceiptLine,
  receiptLines,
  receiptSum,
} from '../domain/payment-receipt';
import type { Caller, EventLog } from './auth.service';
import { paymentReceivedMail, paymentRefundedMail, type ShopIdentity } from './mail-templates';
import type { Mailer } from './mailer.port';
import type { OrderPaymentEffects } from './order-payment-effects.port';
import type { PaymentGateway, Receipt, ReceiptItem } from './payment-gateway.port';
import type {
  PartialRefundFailure,
  PayableOrder,
  PaymentRecord,
  PaymentsRepository,
  RefundRecord,
  StoredReceipt,
} from './payments.port';
import type { Secrets } from './secrets.port';

export type CreatePaymentOutcome =
  | { readonly ok: true; readonly paymentId: string; readonly confirmationUrl: string }
  | { readonly ok: false; readonly status: 401 | 403 | 404 | 409 | 422 | 502; readonly error: string };

/** The online ways to pay the configured provider offers (PAYMENT_METHODS, INSTALLMENT_*). */
export interface OnlineMethodsConfig {
  readonly offered: readonly OnlinePaymentMethod[];
  readonly installments: InstallmentPlan;
}

export type PartialRefundOutcome =
  | { readonly ok: true; readonly amount: number; readonly confirmed: boolean }
  | { readonly ok: false; readonly error: PartialRefundFailure; readonly refundable?: number };

/**
 * A manager's refund as its use case planned it from the order's refund basis: the amount, the lines
 * it returns (none for a refund by amount) and the refund receipt's lines (Σ = the amount).
 */
export type RefundDecision =
  | {
      readonly ok: true;
      readonly amount: number;
      readonly lines: readonly RefundedLine[];
      readonly receiptLines: readonly ReceiptLine[];
    }
  | { readonly ok: false; readonly error: PartialRefundFailure; readonly refundable?: number };

export type NotificationOutcome = 'applied' | 'refunded' | 'duplicate' | 'ignored' | 'rejected';

export interface PaymentsDeps {
  readonly payments: PaymentsRepository;
  readonly gateway: PaymentGateway;
  readonly mailer: Mailer;
  readonly secrets: Secrets;
  readonly shop: ShopIdentity;
  readonly log: EventLog;
  /** 54-FZ VAT code of the goods (YooKassa vat_code; 1 = без НДС). */
  readonly vatCode: number;
  /** Card only when absent. */
  readonly methods?: OnlineMethodsConfig;
}

/** How many times a concurrent create re-reads the winner before giving up (never in practice). */
const CREATE_ATTEMPTS = 4;

/**
 * Online payments: one live payment per order (the database refuses a second), settled only by an
 * authenticated provider notification, and every kopeck the order was not waiting for goes back
 * automatically. Also what the order lifecycle asks of payments (OrderPaymentEffects).
 */
export class PaymentsService implements OrderPaymentEffects {
  constructor(private readonly deps: PaymentsDeps) {}

  get providerName(): string {
    return this.deps.gateway.name;
  }

  /**
   * Starts (or resumes) the payment of an own order that waits for payment or prepayment. Concurrent
   * calls get the same payment: the second insert loses on the unique index and reads the winner, and
   * registering under the payment's id as Idempotence-Key gives both the same provider payment.
   */
  async create(
    caller: Caller,
    orderId: number,
    method: OnlinePaymentMethod = 'card',
  ): Promise<CreatePaymentOutcome> {
    if (caller.kind === 'anonymous') return { ok: false, status: 401, error: 'unauthorized' };
    if (caller.kind !== 'client') return { ok: false, status: 403, error: 'forbidden' };
    const order = await this.deps.payments.findOrder(orderId);
    if (order === null || order.clientId !== caller.clientId)
      return { ok: false, status: 404, error: 'not_found' };
    return this.startFor(order, method);
  }

  /** The online methods the provider offers for `amount` kopecks (installments only within limits). */
  methodsFor(amount: number): OnlinePaymentMethod[] {
    const config = this.deps.methods;
    if (config === undefined) return ['card'];
    return config.offered.filter(
      (method) => method !== 'installments' || installmentsCover(config.installments, amount),
    );
  }

  /** What the pay page and checkout may offer: the methods and the installment plan (if offered). */
  get onlineMethods(): OnlineMethodsConfig {
    return (
      this.deps.methods ?? { offered: ['card'], installments: { minAmount: 0, maxAmount: 0, months: 0 } }
    );
  }

  /** The order as the pay page shows it (null for an unknown or deleted order). */
  payableOrder(orderId: number): Promise<PayableOrder | null> {
    return this.deps.payments.findOrder(orderId);
  }

  /**
   * Starts (or resumes) the payment of an order the caller may pay (the owner, or a signed pay link):
   * `method` must be one the provider offers for the amount due.
   */
  async startFor(order: PayableOrder, method: OnlinePaymentMethod): Promise<CreatePaymentOutcome> {
    const due = amountDue(order);
    if (!order.paymentAllowed || !isPayable(order.status) || due <= 0) {
      return { ok: false, status: 409, error: 'not_payable' };
    }
    if (!this.methodsFor(due).includes(method)) {
      return { ok: false, status: 422, error: 'method_not_offered' };
    }
    const orderId = order.id;
    for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt += 1) {
      const live = await this.deps.payments.findLive(order.id);
      if (live !== null) {
        if (live.status === 'succeeded') return { ok: false, status: 409, error: 'not_payable' };
        if (live.provider === this.deps.gateway.name && live.amount === due && live.method === method) {
          if (live.providerPaymentId !== null) {
            return { ok: true, paymentId: live.id, confirmationUrl: live.confirmationUrl };
          }
          return this.register(order, live);
        }
        // The amount, the method (the shopper chose another) or the provider changed: the old
        // payment must not be paid.
        await this.voidOne(live);
        continue;
      }
      const payment: PaymentRecord = {
        id: this.deps.secrets.newRandomId(),
        orderId: order.id,
        provider: this.deps.gateway.name,
        providerPaymentId: null,
        amount: due,
        status: 'pending',
        confirmationUrl: '',
        method,
      };
      if (await this.deps.payments.insertLive(payment)) return this.register(order, payment);
    }
    this.deps.log.warn({ event: 'payment_create_contended', orderId }, 'payment not created: contention');
    return { ok: false, status: 409, error: 'not_payable' };
  }

  /** Registers a pending payment at the gateway (idempotent by the payment id) with its receipt. */
  private async register(order: PayableOrder, payment: PaymentRecord): Promise<CreatePaymentOutcome> {
    const receipt = this.receiptFor(order, payment.amount, paymentModeOf(payment.amount, order));
    const created = await this.deps.gateway.createPayment({
      paymentId: payment.id,
      orderId: order.id,
      amount: payment.amount,
      description: `Заказ № ${order.id}`,
      returnUrl: `${this.deps.shop.publicUrl}/thank-you?orderId=${order.id}`,
      idempotenceKey: payment.id,
      receipt,
      method: payment.method,
    });
    if (!created.ok) {
      // The pending row stays: the next attempt registers it again under the same key.
      this.deps.log.warn(
        { event: 'payment_create_failed', orderId: order.id, error: created.error },
        'payment not created',
      );
      return { ok: false, status: 502, error: 'payment_provider_error' };
    }
    await this.deps.payments.setProviderPayment(
      payment.id,
      created.providerPaymentId,
      created.confirmationUrl,
    );
    await this.deps.payments.recordReceipt({
      orderId: order.id,
      paymentId: payment.id,
      kind: 'payment',
      provider: this.deps.gateway.name,
      amount: payment.amount,
      body: receipt,
    });
    this.deps.log.info(
      { event: 'payment_created', orderId: order.id, paymentId: payment.id },
      'payment created',
    );
    return { ok: true, paymentId: payment.id, confirmationUrl: created.confirmationUrl };
  }

  /**
   * The one path that can mark an order paid: a notification the gateway authenticated, for a known
   * payment, with the amount of that payment. Replays are recorded once and change nothing; money the
   * order was not waiting for (cancelled order, a second payment) is refunded at once.
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
    const result = await this.deps.payments.settle({
      provider: this.deps.gateway.name,
      eventId: notification.eventId,
      paymentId: payment.id,
      outcome: notification.outcome,
    });
    this.deps.log.info(
      { event: 'payment_notification', paymentId: payment.id, outcome: result.kind },
      'payment notification processed',
    );
    switch (result.kind) {
      case 'applied': {
        const order = await this.deps.payments.findOrder(payment.orderId);
        if (order !== null) {
          await this.deps.mailer.send(
            paymentReceivedMail(this.deps.shop, order.email, order.id, payment.amount),
          );
        }
        return 'applied';
      }
      case 'refund':
        this.deps.log.warn(
          {
            event: 'payment_unexpected_refunded',
            orderId: payment.orderId,
            paymentId: payment.id,
            reason: result.refund.reason,
          },
          'money the order was not waiting for is refunded',
        );
        await this.carryOutRefund(result.refund);
        return 'refunded';
      case 'cancelled':
        return 'applied';
      default:
        return result.kind;
    }
  }

  /** For the test gateway's card page: the payment it shows. */
  findPayment(id: string) {
    return this.deps.payments.findById(id);
  }

  /** Receipts recorded for an order (payment, refund, settlement), oldest first. */
  receiptsOf(orderId: number) {
    return this.deps.payments.receiptsOf(orderId);
  }

  // ── OrderPaymentEffects ────────────────────────────────────────────────────────────────────────

  async voidPending(orderId: number): Promise<void> {
    const voided = await this.deps.payments.voidPending(orderId);
    for (const payment of voided) await this.cancelAtGateway(payment);
  }

  async refundAll(orderId: number, reason: string): Promise<void> {
    const refunds = await this.deps.payments.startRefunds(orderId, reason);
    for (const refund of refunds) await this.carryOutRefund(refund);
  }

  async issueSettlementReceipt(orderId: number): Promise<void> {
    const order = await this.deps.payments.findOrder(orderId);
    if (order === null || order.paidAmount <= 0) return;
    const existing = await this.deps.payments.findReceipt({ settlementOf: orderId });
    if (existing?.status === 'sent') return;
    const paid = await this.deps.payments.findLive(orderId);
    if (
      paid === null ||
      paid.status !== 'succeeded' ||
      paid.providerPaymentId === null ||
      paid.provider !== this.deps.gateway.name
    ) {
      this.deps.log.warn(
        { event: 'settlement_receipt_without_payment', orderId },
        'settlement receipt not issued: no succeeded online payment through the configured gateway',
      );
      return;
    }
    // The goods handed over are the order's lines now (a line refunded before the handover left
    // them), so the receipt's items sum to the total settled (docs/money.md).
    const settlement = settlementOf(order);
    const prepaid = settlement.prepaid;
    const remainder = settlement.postpaid;
    const receipt = this.itemsOf(order, settlement.lines, 'full_payment');
    const record =
      existing ??
      (await this.deps.payments.recordReceipt({
        orderId,
        paymentId: paid.id,
        kind: 'settlement',
        provider: this.deps.gateway.name,
        amount: order.total,
        body: {
          ...receipt,
          settlements: [
            { type: 'prepayment', amount: prepaid },
            ...(remainder > 0 ? [{ type: 'postpayment' as const, amount: remainder }] : []),
          ],
        },
      })) ??
      (await this.deps.payments.findReceipt({ settlementOf: orderId }));
    if (record === null || record.status === 'sent') return;
    const sent = await this.deps.gateway.issueSettlementReceipt({
      providerPaymentId: paid.providerPaymentId,
      idempotenceKey: `settlement-${orderId}-${record.id}`,
      receipt: record.body,
      prepaid,
      remainder,
    });
    if (!sent.ok) {
      this.deps.log.warn(
        { event: 'settlement_receipt_failed', orderId, error: sent.error },
        'settlement receipt not sent',
      );
      throw new Error(`settlement receipt not sent: ${sent.error}`);
    }
    await this.deps.payments.markReceiptSent(record.id, sent.providerReceiptId);
    this.deps.log.info({ event: 'settlement_receipt_issued', orderId }, 'settlement receipt issued');
  }

  /**
   * Books and sends a manager's refund (issue 22) as `plan` sizes it from the refund basis read under
   * the order's lock (so racing refunds cannot exceed the payment): records it, lowers what the order
   * keeps, and sends the gateway a refund receipt of the planned lines in the payment's mode. What is
   * returned — which lines, how much — is the use case's (admin-orders/refund-order.ts); an
   * unconfirmed refund is retried by the background job like any other.
   */
  async refundAsPlanned(
    actor: { readonly adminId: number; readonly ip: string | null },
    orderId: number,
    reason: string,
    plan: (basis: RefundBasis) => RefundDecision,
  ): Promise<PartialRefundOutcome> {
    const order = await this.deps.payments.findOrder(orderId);
    if (order === null) return { ok: false, error: 'not_found' };
    const started = await this.deps.payments.startPartialRefund({
      orderId,
      adminId: actor.adminId,
      ip: actor.ip,
      reason,
      decide: (basis) => {
        const decision = plan(basis);
        if (!decision.ok) return decision;
        return {
          ok: true,
          amount: decision.amount,
          lines: decision.lines,
          receipt: (paid) => this.partialRefundReceipt(order, paid, decision.receiptLines),
        };
      },
    });
    if (!started.ok) return started;
    this.deps.log.info(
      { event: 'partial_refund_started', orderId, refundId: started.refund.id, adminId: actor.adminId },
      'partial refund started',
    );
    const confirmed = await this.carryOutRefund(started.refund);
    return { ok: true, amount: started.refund.amount, confirmed };
  }

  /** Retries refunds the gateway has not confirmed yet (a background job calls this). */
  async retryPendingRefunds(): Promise<number> {
    const pending = await this.deps.payments.pendingRefunds();
    let done = 0;
    for (const refund of pending) if (await this.carryOutRefund(refund)) done += 1;
    return done;
  }

  /** Re-sends settlement receipts the gateway did not accept yet (same Idempotence-Key). */
  async retryPendingReceipts(): Promise<number> {
    let done = 0;
    for (const orderId of await this.deps.payments.pendingSettlements()) {
      try {
        await this.issueSettlementReceipt(orderId);
        done += 1;
      } catch {
        // Logged by issueSettlementReceipt; the next round tries again.
      }
    }
    return done;
  }

  // ── internals ─────────────────────────────────────────────────────────────────────────────────

  private async voidOne(payment: PaymentRecord): Promise<void> {
    const voided = await this.deps.payments.voidPending(payment.orderId, payment.id);
    for (const each of voided) await this.cancelAtGateway(each);
  }

  /**
   * Best effort: a provider that cannot cancel a not-yet-paid payment (YooKassa with capture) lets it
   * expire; should the shopper pay it anyway, the notification path refunds the money.
   */
  private async cancelAtGateway(payment: PaymentRecord): Promise<void> {
    if (payment.providerPaymentId === null || payment.provider !== this.deps.gateway.name) return;
    const cancelled = await this.deps.gateway.cancel(payment.providerPaymentId, `cancel-${payment.id}`);
    this.deps.log.info(
      {
        event: 'payment_voided',
        orderId: payment.orderId,
        paymentId: payment.id,
        atGateway: cancelled.ok ? 'cancelled' : cancelled.error,
      },
      'pending payment voided',
    );
  }

  /** Sends one refund (its id is the Idempotence-Key); true when the gateway confirmed it. */
  private async carryOutRefund(refund: RefundRecord): Promise<boolean> {
    if (refund.providerPaymentId === null || refund.provider !== this.deps.gateway.name) {
      await this.deps.payments.refundAttemptFailed(refund.id, 'provider_not_configured');
      this.deps.log.warn(
        { event: 'refund_needs_manual_action', orderId: refund.orderId, refundId: refund.id },
        'refund not possible through the configured gateway',
      );
      return false;
    }
    const receipt = await this.refundReceipt(refund);
    const result = await this.deps.gateway.refund({
      providerPaymentId: refund.providerPaymentId,
      amount: refund.amount,
      description: `Возврат по заказу № ${refund.orderId}`,
      idempotenceKey: refund.id,
      receipt,
    });
    if (!result.ok || result.status !== 'succeeded') {
      await this.deps.payments.refundAttemptFailed(refund.id, result.ok ? 'refund_pending' : result.error);
      this.deps.log.warn(
        {
          event: 'refund_not_confirmed',
          orderId: refund.orderId,
          refundId: refund.id,
          error: result.ok ? 'pending' : result.error,
        },
        'refund not confirmed yet; it will be retried',
      );
      return false;
    }
    await this.deps.payments.finishRefund(refund.id, result.providerRefundId);
    await this.deps.payments.recordReceipt({
      orderId: refund.orderId,
      paymentId: refund.paymentId,
      ...(refund.receipt ? { refundId: refund.id } : {}),
      kind: 'refund',
      provider: refund.provider,
      amount: refund.amount,
      body: receipt,
    });
    this.deps.log.info(
      { event: 'payment_refunded', orderId: refund.orderId, refundId: refund.id, amount: refund.amount },
      'payment refunded',
    );
    const order = await this.deps.payments.findOrder(refund.orderId);
    if (order?.email.includes('@')) {
      await this.deps.mailer.send(paymentRefundedMail(this.deps.shop, order.email, order.id, refund.amount));
    }
    return true;
  }

  /** A partial refund's receipt: its lines, in the payment's mode, to the payment's customer. */
  private partialRefundReceipt(
    order: PayableOrder,
    paid: StoredReceipt | null,
    lines: readonly ReceiptLine[],
  ): Receipt {
    const fallback = this.receiptFor(order, 0, 'full_prepayment');
    const mode = paid?.items[0]?.paymentMode ?? 'full_prepayment';
    return {
      customer: paid?.customer ?? fallback.customer,
      items: lines.map(
        (line): ReceiptItem => ({
          description: line.description,
          quantity: line.quantity,
          unitAmount: line.unitAmount,
          vatCode: this.deps.vatCode,
          paymentSubject: line.subject,
          paymentMode: mode,
        }),
      ),
    };
  }

  /** A refund receipt repeats the lines of the payment's own receipt (a partial one has its own). */
  private async refundReceipt(refund: RefundRecord): Promise<Receipt> {
    if (refund.receipt) return refund.receipt;
    const paid = await this.deps.payments.findReceipt({ paymentId: refund.paymentId, kind: 'payment' });
    if (paid !== null && receiptSum(paid.body.items) === refund.amount) {
      return { customer: paid.body.customer, items: paid.body.items };
    }
    const order = await this.deps.payments.findOrder(refund.orderId);
    return this.receiptFor(
      order ?? {
        id: refund.orderId,
        clientId: 0,
        status: 'cancelled',
        paymentAllowed: false,
        total: refund.amount,
        paidAmount: 0,
        prepaymentAmount: null,
        lines: [{ name: `Заказ № ${refund.orderId}`, quantity: 1, netTotal: refund.amount }],
        email: '',
        phone: '',
      },
      refund.amount,
      'full_prepayment',
    );
  }

  private receiptFor(order: PayableOrder, amount: number, mode: ReceiptItem['paymentMode']): Receipt {
    return this.itemsOf(order, receiptLines(order.lines, amount), mode);
  }

  private itemsOf(
    order: PayableOrder,
    lines: readonly ReceiptLine[],
    mode: ReceiptItem['paymentMode'],
  ): Receipt {
    const items = lines.map(
      (line): ReceiptItem => ({
        description: line.description,
        quantity: line.quantity,
        unitAmount: line.unitAmount,
        vatCode: this.deps.vatCode,
        paymentSubject: line.subject,
        paymentMode: mode,
      }),
    );
    const phone = order.phone.replace(/\D/g, '');
    const customer = order.email.includes('@') ? { email: order.email } : { phone };
    return { customer, items };
  }
}
