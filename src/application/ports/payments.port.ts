import type { OnlinePaymentMethod } from '../../../shared-rules/installment-rule';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/** Spec §7 "POST /api/payments/create": where to send the shopper to pay an order. */
export interface PaymentStart {
  readonly paymentId: string;
  readonly confirmationUrl: string;
}

/**
 * What the pay page shows, opened by a signed link or by the signed-in owner (api/pay-links.ts): only
 * what paying needs. Money in kopecks. `paid` / `closed` only on the owner's page.
 */
export interface PayPageView {
  readonly orderId: number;
  readonly state: 'payable' | 'awaiting_approval' | 'paid' | 'closed';
  readonly amountDue: number;
  readonly total: number;
  readonly prepayment: boolean;
  readonly lines: readonly { readonly name: string; readonly quantity: number; readonly lineTotal: number }[];
  readonly methods: readonly OnlinePaymentMethod[];
  readonly chosen: OnlinePaymentMethod;
  readonly installment: { readonly months: number; readonly monthly: number } | null;
}

/** The online ways to pay the shop's provider offers; installments with its limits (kopecks). */
export interface PaymentOptions {
  readonly methods: readonly OnlinePaymentMethod[];
  readonly installments: {
    readonly minAmount: number;
    readonly maxAmount: number;
    readonly months: number;
  } | null;
}

export interface PaymentsPort {
  /** Starts the payment of the signed-in client's own order with the chosen method. */
  create(orderId: number, method: OnlinePaymentMethod, options?: CallOptions): Promise<PaymentStart>;
  /** The signed-in owner's pay page; rejects with 401 for a guest, 404 for another client's order. */
  page(orderId: number, options?: CallOptions): Promise<PayPageView>;
  /** The order a signed pay link opens; rejects with a 404 PortFailure for any unusable link. */
  openLink(orderId: number, token: string, options?: CallOptions): Promise<PayPageView>;
  /** Starts the payment through a signed pay link with the chosen method. */
  payByLink(
    orderId: number,
    token: string,
    method: OnlinePaymentMethod,
    options?: CallOptions,
  ): Promise<PaymentStart>;
  options(options?: CallOptions): Promise<PaymentOptions>;
}

export const PAYMENTS_PORT: PortToken<PaymentsPort> = portToken<PaymentsPort>('PaymentsPort');
