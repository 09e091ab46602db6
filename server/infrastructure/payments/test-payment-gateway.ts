import { createHmac, timingSafeEqual } from 'node:crypto';
import { Schema } from 'effect';
import { TestGatewayNotification } from '../../../api/payments';
import type {
  CancelResult,
  CreatePaymentInput,
  CreatePaymentResult,
  ParsedNotification,
  PaymentGateway,
  Receipt,
  ReceiptResult,
  RefundInput,
  RefundResult,
  SettlementReceiptInput,
} from '../../application/payment-gateway.port';

export const TEST_GATEWAY_SIGNATURE_HEADER = 'x-test-gateway-signature';

/** Test cards of the built-in gateway (like real providers' sandboxes). */
export const TEST_CARDS = { success: '4111111111111111', declined: '4000000000000002' } as const;

export type TestGatewayNotificationBody = typeof TestGatewayNotification.Type;

/** Ids, outcome and amount checked by the contract's schema (a NUL in `paymentId` was a 500). */
const isNotificationBody = Schema.is(TestGatewayNotification);

/**
 * The built-in payment gateway: its card page lives on this server (/api/payments/test-gateway/:id),
 * and it confirms payments with an HMAC-SHA256-signed notification that goes through the same
 * verification and idempotent processing as a real provider's. The secret comes from configuration
 * (or is random per process), so nobody outside can forge a notification.
 */
export class TestPaymentGateway implements PaymentGateway {
  readonly name = 'test' as const;

  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  async createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult> {
    // Like a shop with 54-FZ receipts on: a payment whose receipt does not add up is refused.
    if (!receiptCovers(input.receipt, input.amount)) return { ok: false, error: 'provider_refused' };
    return {
      ok: true,
      providerPaymentId: input.paymentId,
      confirmationUrl: `${this.publicUrl}/api/payments/test-gateway/${encodeURIComponent(input.paymentId)}`,
    };
  }

  /** No real money moved, so a refund is confirmed at once; the key makes the id stable. */
  async refund(input: RefundInput): Promise<RefundResult> {
    if (!receiptCovers(input.receipt, input.amount)) return { ok: false, error: 'provider_refused' };
    return { ok: true, providerRefundId: `test-refund-${input.idempotenceKey}`, status: 'succeeded' };
  }

  /** The card page refuses a payment the shop voided (it reads the payment's status). */
  async cancel(): Promise<CancelResult> {
    return { ok: true };
  }

  async issueSettlementReceipt(input: SettlementReceiptInput): Promise<ReceiptResult> {
    if (!receiptCovers(input.receipt, input.prepaid + input.remainder)) {
      return { ok: false, error: 'provider_refused' };
    }
    return { ok: true, providerReceiptId: `test-receipt-${input.idempotenceKey}` };
  }

  sign(rawBody: string): string {
    return createHmac('sha256', this.secret).update(rawBody).digest('hex');
  }

  /** What the card page's "Pay" produces: a signed notification (body and headers). */
  notification(body: TestGatewayNotificationBody): { rawBody: string; headers: Record<string, string> } {
    const rawBody = JSON.stringify(body);
    return { rawBody, headers: { [TEST_GATEWAY_SIGNATURE_HEADER]: this.sign(rawBody) } };
  }

  async parseNotification(
    rawBody: string,
    headers: Readonly<Record<string, string | undefined>>,
  ): Promise<ParsedNotification> {
    const signature = headers[TEST_GATEWAY_SIGNATURE_HEADER] ?? '';
    const expected = Buffer.from(this.sign(rawBody), 'hex');
    const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, error: 'bad_signature' };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      return { ok: false, error: 'malformed' };
    }
    if (!isNotificationBody(parsed)) return { ok: false, error: 'malformed' };
    return {
      ok: true,
      notification: {
        eventId: parsed.eventId,
        providerPaymentId: parsed.paymentId,
        outcome: parsed.outcome,
        amount: parsed.amount,
      },
    };
  }
}

/** Σ unit × quantity of the receipt equals `amount`, with a customer contact and whole kopecks. */
function receiptCovers(receipt: Receipt, amount: number): boolean {
  const contact = receipt.customer.email ?? receipt.customer.phone ?? '';
  if (contact === '' || receipt.items.length === 0) return false;
  let sum = 0;
  for (const item of receipt.items) {
    if (!Number.isSafeInteger(item.unitAmount) || item.unitAmount < 0 || !Number.isSafeInteger(item.quantity))
      return false;
    sum += item.unitAmount * item.quantity;
  }
  return sum === amount;
}
