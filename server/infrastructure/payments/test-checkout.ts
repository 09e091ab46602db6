import type { OnlinePaymentMethod } from '../../../shared-rules/installment-rule';
import type { TestCheckout, TestCheckoutAnswer } from '../../application/payment-gateway.port';
import type { PaymentsService } from '../../application/payments.service';
import { newRandomId } from '../auth/session-token';
import { TEST_CARDS, type TestPaymentGateway } from './test-payment-gateway';

/**
 * The test gateway's "bank side": the card form posts here, and the outcome reaches the shop only as
 * a signed notification through PaymentsService.handleNotification — the same path as a provider's.
 */
export class TestGatewayCheckout implements TestCheckout {
  constructor(
    private readonly gateway: TestPaymentGateway,
    private readonly payments: PaymentsService,
    private readonly publicUrl: string,
  ) {}

  async describe(paymentId: string) {
    const payment = await this.payments.findPayment(paymentId);
    if (payment === null || payment.provider !== 'test') return null;
    return {
      orderId: payment.orderId,
      amount: payment.amount,
      status: payment.status,
      method: payment.method,
    };
  }

  async pay(paymentId: string, answer: TestCheckoutAnswer) {
    const payment = await this.payments.findPayment(paymentId);
    if (payment === null || payment.provider !== 'test') return { ok: false, error: 'not_found' } as const;
    if (payment.status !== 'pending') return { ok: false, error: 'already_settled' } as const;
    const outcome = outcomeOf(payment.method, answer);
    if (outcome === null) return { ok: false, error: 'invalid_card' } as const;
    const { rawBody, headers } = this.gateway.notification({
      eventId: newRandomId(),
      paymentId: payment.providerPaymentId ?? payment.id,
      outcome,
      amount: payment.amount,
    });
    const handled = await this.payments.handleNotification(rawBody, headers);
    // Money the order no longer waited for (cancelled meanwhile) went straight back: not a payment.
    const paid = outcome === 'succeeded' && handled !== 'refunded';
    const query = paid ? `orderId=${payment.orderId}` : `orderId=${payment.orderId}&payment=failed`;
    return { ok: true, redirectUrl: `${this.publicUrl}/thank-you?${query}` } as const;
  }
}

/**
 * What the shopper did on the test page: a card pays with a test card number; СБП and installments
 * are confirmed (or declined) on the bank's side, which the page imitates with two buttons.
 */
function outcomeOf(
  method: OnlinePaymentMethod,
  answer: TestCheckoutAnswer,
): 'succeeded' | 'cancelled' | null {
  if (method !== 'card')
    return typeof answer.approve === 'boolean' ? (answer.approve ? 'succeeded' : 'cancelled') : null;
  const digits = (answer.cardNumber ?? '').replace(/[\s-]/g, '');
  if (digits === TEST_CARDS.success) return 'succeeded';
  if (digits === TEST_CARDS.declined) return 'cancelled';
  return null;
}
