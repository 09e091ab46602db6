import * as Payments from '../../../api/payments';
import type { PaymentStart, PaymentsPort } from '../../application/ports/payments.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

export class PaymentsHttpAdapter implements PaymentsPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  create(orderId: number, options: CallOptions = {}): Promise<PaymentStart> {
    return this.api.call(Payments.createPayment, { ...options, body: { orderId } });
  }
}
