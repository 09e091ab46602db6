import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  CreatePaymentInput,
  CreatePaymentResult,
  ParsedNotification,
  PaymentGateway,
} from '../../application/payment-gateway.port';

export const TEST_GATEWAY_SIGNATURE_HEADER = 'x-test-gateway-signature';

/** Test cards of the built-in gateway (like real providers' sandboxes). */
export const TEST_CARDS = { success: '4111111111111111', declined: '4000000000000002' } as const;

export interface TestGatewayNotificationBody {
  readonly eventId: string;
  readonly paymentId: string;
  readonly outcome: 'succeeded' | 'cancelled';
  readonly amount: number;
}

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
    return {
      ok: true,
      providerPaymentId: input.paymentId,
      confirmationUrl: `${this.publicUrl}/api/payments/test-gateway/${encodeURIComponent(input.paymentId)}`,
    };
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

function isNotificationBody(value: unknown): value is TestGatewayNotificationBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.eventId === 'string' &&
    typeof v.paymentId === 'string' &&
    (v.outcome === 'succeeded' || v.outcome === 'cancelled') &&
    typeof v.amount === 'number' &&
    Number.isSafeInteger(v.amount)
  );
}
