import type { OnlinePaymentMethod } from '../../shared-rules/installment-rule';

/**
 * A payment provider. `createPayment` registers a payment and says where to send the shopper;
 * `parseNotification` checks a provider notification's authenticity and says what it reports.
 * Only a notification that passes `parseNotification` can mark an order paid. `refund`, `cancel` and
 * `issueSettlementReceipt` carry out what the order lifecycle asks (each with an idempotence key, so
 * a retry never refunds or fiscalises twice).
 */

/** A 54-FZ receipt line: `unitAmount` kopecks × `quantity`. */
export interface ReceiptItem {
  readonly description: string;
  readonly quantity: number;
  readonly unitAmount: number;
  /** YooKassa vat_code (1 = без НДС, …); configurable (RECEIPT_VAT_CODE). */
  readonly vatCode: number;
  /** «товар» or «услуга» (delivery and the services of issue 23). */
  readonly paymentSubject: 'commodity' | 'service';
  readonly paymentMode: 'full_prepayment' | 'partial_prepayment' | 'full_payment';
}

/** The receipt data a payment, refund or settlement carries (the provider fiscalises it). */
export interface Receipt {
  readonly customer: { readonly email?: string; readonly phone?: string };
  /** Σ unitAmount × quantity equals the amount of the payment, refund or settlement. */
  readonly items: readonly ReceiptItem[];
}

export interface CreatePaymentInput {
  /** Our payment id (random), echoed back by the provider. */
  readonly paymentId: string;
  readonly orderId: number;
  /** Kopecks. */
  readonly amount: number;
  readonly description: string;
  /** Where the provider sends the shopper afterwards (/thank-you). */
  readonly returnUrl: string;
  /** Makes a retried create call return the same provider payment. */
  readonly idempotenceKey: string;
  readonly receipt: Receipt;
  /** card (also when absent), sbp: СБП (QR or bank app), installments: paying in parts. */
  readonly method?: OnlinePaymentMethod;
}

export type GatewayError = 'provider_unavailable' | 'provider_refused';

export interface RefundInput {
  readonly providerPaymentId: string;
  /** Kopecks. */
  readonly amount: number;
  readonly description: string;
  readonly idempotenceKey: string;
  readonly receipt: Receipt;
}

export type RefundResult =
  | {
      readonly ok: true;
      readonly providerRefundId: string;
      /** `pending`: accepted, not final yet (the same key asks again later). */
      readonly status: 'succeeded' | 'pending';
    }
  | { readonly ok: false; readonly error: GatewayError };

export type CancelResult =
  | { readonly ok: true }
  /** `not_cancellable`: the provider cannot cancel it (not yet paid, or already captured). */
  | { readonly ok: false; readonly error: GatewayError | 'not_cancellable' };

export interface SettlementReceiptInput {
  /** The prepayment this receipt settles (the provider links the receipt to it). */
  readonly providerPaymentId: string;
  readonly idempotenceKey: string;
  /** Items in full_payment mode, summing to the order total. */
  readonly receipt: Receipt;
  /** Kopecks received before handover, counted against the items (54-FZ «зачёт предоплаты»). */
  readonly prepaid: number;
  /** Kopecks taken at handover, if any (postpayment). */
  readonly remainder: number;
}

export type ReceiptResult =
  | { readonly ok: true; readonly providerReceiptId: string }
  | { readonly ok: false; readonly error: GatewayError };

export type CreatePaymentResult =
  | { readonly ok: true; readonly providerPaymentId: string; readonly confirmationUrl: string }
  | { readonly ok: false; readonly error: 'provider_unavailable' | 'provider_refused' };

interface PaymentNotification {
  /** Unique per provider event; a replay carries the same id and is ignored. */
  readonly eventId: string;
  readonly providerPaymentId: string;
  readonly outcome: 'succeeded' | 'cancelled';
  /** Kopecks, as the provider reports it; compared with the order total. */
  readonly amount: number;
}

export type ParsedNotification =
  | { readonly ok: true; readonly notification: PaymentNotification }
  | { readonly ok: false; readonly error: 'bad_signature' | 'malformed' | 'unverified' };

export interface PaymentGateway {
  readonly name: 'test' | 'yookassa';
  createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult>;
  /** Returns a succeeded payment's money (fully) with a refund receipt. */
  refund(input: RefundInput): Promise<RefundResult>;
  /** Cancels a payment that is not yet captured, so the shopper can no longer pay it. */
  cancel(providerPaymentId: string, idempotenceKey: string): Promise<CancelResult>;
  /** 54-FZ receipt №2 on delivery of an order paid before handover. */
  issueSettlementReceipt(input: SettlementReceiptInput): Promise<ReceiptResult>;
  /** `rawBody` is the exact bytes received; `headers` lower-cased. */
  parseNotification(
    rawBody: string,
    headers: Readonly<Record<string, string | undefined>>,
  ): Promise<ParsedNotification>;
}

/** The built-in test gateway's own card page (absent when a real provider is configured). */
export interface TestCheckout {
  /** What the card page shows; null for an unknown payment. */
  describe(paymentId: string): Promise<{
    readonly orderId: number;
    readonly amount: number;
    readonly status: string;
    readonly method: OnlinePaymentMethod;
  } | null>;
  /** Pays with a test card: the gateway then sends its signed notification through the normal path. */
  pay(
    paymentId: string,
    answer: TestCheckoutAnswer,
  ): Promise<
    | { readonly ok: true; readonly redirectUrl: string }
    | { readonly ok: false; readonly error: 'not_found' | 'already_settled' | 'invalid_card' }
  >;
}

/** The test page's answer: a test card number (card), or the bank app's confirm/decline (СБП, parts). */
export interface TestCheckoutAnswer {
  readonly cardNumber?: string;
  readonly approve?: boolean;
}
