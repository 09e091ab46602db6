import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/** Spec §7 "POST /api/payments/create": where to send the shopper to pay an order. */
export interface PaymentStart {
  readonly paymentId: string;
  readonly confirmationUrl: string;
}

export interface PaymentsPort {
  create(orderId: number, options?: CallOptions): Promise<PaymentStart>;
}

export const PAYMENTS_PORT: PortToken<PaymentsPort> = portToken<PaymentsPort>('PaymentsPort');
