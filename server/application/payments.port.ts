import type { OnlinePaymentMethod } from '../../shared-rules/installment-rule';
import type { OrderStatus } from '../domain/order-lifecycle.machine';
import type { RefundBasis, RefundedLine } from '../domain/order-money';
import type { ReceiptSourceLine } from '../domain/payment-receipt';
import type { Receipt } from './payment-gateway.port';

/**
 * Payments storage. The database, not the code, guarantees the money rules: one live (pending or
 * succeeded) payment per order (a partial unique index), one refund per payment, one settlement receipt
 * per order, and a settle that changes the payment, the order's status and its paid_amount together.
 */
type PaymentStatus = 'pending' | 'succeeded' | 'cancelled' | 'refund_pending' | 'refunded';

/** Money in kopecks. */
export interface PaymentRecord {
  readonly id: string;
  readonly orderId: number;
  readonly provider: string;
  readonly providerPaymentId: string | null;
  readonly amount: number;
  readonly status: PaymentStatus;
  readonly confirmationUrl: string;
  /** How the shopper pays at the provider. */
  readonly method: OnlinePaymentMethod;
}

/** What paying an order needs to know about it. */
export interface PayableOrder {
  readonly id: number;
  readonly clientId: number;
  readonly status: OrderStatus;
  readonly paymentAllowed: boolean;
  readonly total: number;
  /** Taken online and not refunded. */
  readonly paidAmount: number;
  readonly prepaymentAmount: number | null;
  readonly lines: readonly ReceiptSourceLine[];
  readonly email: string;
  readonly phone: string;
}

export interface RefundRecord {
  /** Also the gateway's Idempotence-Key. */
  readonly id: string;
  readonly paymentId: string;
  readonly orderId: number;
  readonly amount: number;
  readonly reason: string;
  readonly status: 'pending' | 'succeeded';
  readonly provider: string;
  readonly providerPaymentId: string | null;
  /** A partial refund's receipt, fixed when it was decided (issue 22); absent for full refunds. */
  readonly receipt?: Receipt | null;
}

/** A manager's partial refund (issue 22), decided under the order's lock. */
export interface PartialRefundInput {
  readonly orderId: number;
  readonly adminId: number;
  readonly ip: string | null;
  readonly reason: string;
  /** Decides the refund from what the locked rows say (pure); `receipt` is what the gateway gets. */
  readonly decide: (basis: RefundBasis) => PartialRefundDecision;
}

type PartialRefundDecision =
  | {
      readonly ok: true;
      readonly amount: number;
      readonly lines: readonly RefundedLine[];
      readonly receipt: (paymentReceipt: StoredReceipt | null) => Receipt;
    }
  | { readonly ok: false; readonly error: PartialRefundFailure; readonly refundable?: number };

export type PartialRefundFailure =
  | 'not_found'
  | 'nothing_to_refund'
  | 'refund_too_large'
  | 'invalid_refund_line'
  /** Every unit of the order by line before the handover: that is a cancel. */
  | 'refund_all_goods';

export type SettleResult =
  /** The provider event was processed before: nothing changes. */
  | { readonly kind: 'duplicate' }
  /** Nothing to change (already settled the same way, or unknown). */
  | { readonly kind: 'ignored' }
  | { readonly kind: 'cancelled' }
  /** The order took the money: its status moved as the lifecycle chart decided. */
  | { readonly kind: 'applied'; readonly from: OrderStatus; readonly to: OrderStatus }
  /** Money the order was not waiting for (cancelled order, duplicate, voided payment): to be refunded. */
  | { readonly kind: 'refund'; readonly refund: RefundRecord };

export interface ReceiptInput {
  readonly orderId: number;
  readonly paymentId: string | null;
  /** A partial refund's receipt names its refund (a payment may have several). */
  readonly refundId?: string;
  readonly kind: 'payment' | 'refund' | 'settlement';
  readonly provider: string;
  readonly amount: number;
  readonly body: StoredReceipt;
}

/** A receipt as recorded: what was sent, in kopecks (settlements for receipt №2). */
export interface StoredReceipt extends Receipt {
  readonly settlements?: readonly { readonly type: 'prepayment' | 'postpayment'; readonly amount: number }[];
}

export interface ReceiptRecord extends ReceiptInput {
  readonly id: number;
  readonly status: 'pending' | 'sent';
  readonly providerReceiptId: string | null;
}

export interface PaymentsRepository {
  findOrder(orderId: number): Promise<PayableOrder | null>;
  findById(id: string): Promise<PaymentRecord | null>;
  findByProviderId(provider: string, providerPaymentId: string): Promise<PaymentRecord | null>;
  /** The order's live (pending or succeeded) payment: there is at most one. */
  findLive(orderId: number): Promise<PaymentRecord | null>;
  /** Inserts a pending payment; false when the order already has a live one (the unique index decided). */
  insertLive(payment: PaymentRecord): Promise<boolean>;
  /** Records the provider's id once (a concurrent registration under the same key sets the same). */
  setProviderPayment(id: string, providerPaymentId: string, confirmationUrl: string): Promise<void>;
  /** pending → cancelled for the order's pending payments (or only `paymentId`); returns those voided. */
  voidPending(orderId: number, paymentId?: string): Promise<PaymentRecord[]>;
  /**
   * One transaction: records the provider event (a replay is 'duplicate'), then for a success runs the
   * lifecycle chart on the locked order: money it waits for settles the payment and raises paid_amount;
   * any other money moves the payment to refund_pending with a refund row.
   */
  settle(input: {
    readonly provider: string;
    readonly eventId: string;
    readonly paymentId: string;
    readonly outcome: 'succeeded' | 'cancelled';
  }): Promise<SettleResult>;
  /**
   * One transaction: every succeeded payment of the order → refund_pending with a refund row, and
   * paid_amount lowered by it. Returns the order's refunds not yet carried out (new and earlier).
   */
  startRefunds(orderId: number, reason: string): Promise<RefundRecord[]>;
  /**
   * One transaction under the order's lock (so two refunds racing never exceed the payment): reads
   * the order's succeeded payment and its refunds, lets `decide` size the refund, then records it
   * (with the administrator in the audit log) and lowers paid_amount by it.
   */
  startPartialRefund(
    input: PartialRefundInput,
  ): Promise<
    | { readonly ok: true; readonly refund: RefundRecord }
    | { readonly ok: false; readonly error: PartialRefundFailure; readonly refundable?: number }
  >;
  /** Refunds accepted but not yet confirmed by the gateway (of one order, or all). */
  pendingRefunds(orderId?: number): Promise<RefundRecord[]>;
  /** The refund went through: refund succeeded, payment refunded. */
  finishRefund(refundId: string, providerRefundId: string): Promise<void>;
  refundAttemptFailed(refundId: string, error: string): Promise<void>;
  /** Records a receipt; null when this payment (or order, for a settlement) already has one of its kind. */
  recordReceipt(receipt: ReceiptInput): Promise<ReceiptRecord | null>;
  markReceiptSent(id: number, providerReceiptId: string): Promise<void>;
  findReceipt(
    key:
      | { readonly paymentId: string; readonly kind: 'payment' | 'refund' }
      | { readonly settlementOf: number },
  ): Promise<ReceiptRecord | null>;
  receiptsOf(orderId: number): Promise<ReceiptRecord[]>;
  /** Orders whose settlement receipt was recorded but not yet accepted by the gateway. */
  pendingSettlements(): Promise<number[]>;
}
