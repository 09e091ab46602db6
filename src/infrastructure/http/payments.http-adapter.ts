import * as PayLinks from '../../../api/pay-links';
import * as Payments from '../../../api/payments';
import type { OnlinePaymentMethod } from '../../../shared-rules/installment-rule';
import type {
  PaymentOptions,
  PaymentStart,
  PaymentsPort,
  PayPageView,
} from '../../application/ports/payments.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

export class PaymentsHttpAdapter implements PaymentsPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  create(orderId: number, method: OnlinePaymentMethod, options: CallOptions = {}): Promise<PaymentStart> {
    return this.api.call(Payments.createPayment, { ...options, body: { orderId, method } });
  }

  page(orderId: number, options: CallOptions = {}): Promise<PayPageView> {
    return this.api.call(PayLinks.ownPayPage, { ...options, params: { orderId } });
  }

  openLink(orderId: number, token: string, options: CallOptions = {}): Promise<PayPageView> {
    // The token travels in the body, never in an API address (docs/security.md «Signed pay links»).
    return this.api.call(PayLinks.openPayLink, { ...options, params: { orderId }, body: { token } });
  }

  payByLink(
    orderId: number,
    token: string,
    method: OnlinePaymentMethod,
    options: CallOptions = {},
  ): Promise<PaymentStart> {
    return this.api.call(PayLinks.payByLink, { ...options, params: { orderId }, body: { token, method } });
  }

  options(options: CallOptions = {}): Promise<PaymentOptions> {
    return this.api.call(PayLinks.paymentOptions, options);
  }
}
