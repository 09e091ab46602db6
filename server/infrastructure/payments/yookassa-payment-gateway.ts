import type {
  CreatePaymentInput,
  CreatePaymentResult,
  ParsedNotification,
  PaymentGateway,
} from '../../application/payment-gateway.port';

export interface YooKassaConfig {
  readonly shopId: string;
  readonly secretKey: string;
  /** https://api.yookassa.ru in production; a local fake in tests. */
  readonly apiBase: string;
  readonly timeoutMs?: number;
}

interface YooKassaPayment {
  readonly id: string;
  readonly status: string;
  readonly amount?: { readonly value?: string; readonly currency?: string };
  readonly confirmation?: { readonly confirmation_url?: string };
}

const kopecksToValue = (kopecks: number): string => (kopecks / 100).toFixed(2);
const valueToKopecks = (value: string | undefined): number | null =>
  value !== undefined && /^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : null;

/**
 * YooKassa (API v3). Its HTTP notifications carry no signature, so a notification is only a hint:
 * the adapter asks the API for the payment named in it (with the shop's credentials) and reports the
 * status and amount the API returns. A forged notification therefore cannot mark anything paid.
 */
export class YooKassaPaymentGateway implements PaymentGateway {
  readonly name = 'yookassa' as const;

  constructor(private readonly config: YooKassaConfig) {}

  private authHeader(): string {
    return `Basic ${Buffer.from(`${this.config.shopId}:${this.config.secretKey}`).toString('base64')}`;
  }

  private async call(path: string, init: RequestInit): Promise<Response> {
    return fetch(`${this.config.apiBase}${path}`, {
      ...init,
      headers: { authorization: this.authHeader(), 'content-type': 'application/json', ...init.headers },
      signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000),
    });
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult> {
    let response: Response;
    try {
      response = await this.call('/v3/payments', {
        method: 'POST',
        headers: { 'idempotence-key': input.idempotenceKey },
        body: JSON.stringify({
          amount: { value: kopecksToValue(input.amount), currency: 'RUB' },
          capture: true,
          confirmation: { type: 'redirect', return_url: input.returnUrl },
          description: input.description.slice(0, 128),
          metadata: { paymentId: input.paymentId, orderId: String(input.orderId) },
        }),
      });
    } catch {
      return { ok: false, error: 'provider_unavailable' };
    }
    if (response.status >= 500) return { ok: false, error: 'provider_unavailable' };
    if (!response.ok) return { ok: false, error: 'provider_refused' };
    const payment = (await response.json().catch(() => null)) as YooKassaPayment | null;
    const url = payment?.confirmation?.confirmation_url;
    if (!payment || typeof payment.id !== 'string' || typeof url !== 'string') {
      return { ok: false, error: 'provider_refused' };
    }
    return { ok: true, providerPaymentId: payment.id, confirmationUrl: url };
  }

  async parseNotification(rawBody: string): Promise<ParsedNotification> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      return { ok: false, error: 'malformed' };
    }
    const object = (parsed as { object?: { id?: unknown } } | null)?.object;
    const id = object?.id;
    if (typeof id !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(id)) return { ok: false, error: 'malformed' };
    let response: Response;
    try {
      response = await this.call(`/v3/payments/${encodeURIComponent(id)}`, { method: 'GET' });
    } catch {
      return { ok: false, error: 'unverified' };
    }
    if (!response.ok) return { ok: false, error: 'unverified' };
    const payment = (await response.json().catch(() => null)) as YooKassaPayment | null;
    if (!payment || payment.id !== id) return { ok: false, error: 'unverified' };
    const amount = valueToKopecks(payment.amount?.value);
    if (amount === null || payment.amount?.currency !== 'RUB') return { ok: false, error: 'unverified' };
    if (payment.status === 'succeeded') {
      return {
        ok: true,
        notification: { eventId: `${id}:succeeded`, providerPaymentId: id, outcome: 'succeeded', amount },
      };
    }
    if (payment.status === 'canceled') {
      return {
        ok: true,
        notification: { eventId: `${id}:canceled`, providerPaymentId: id, outcome: 'cancelled', amount },
      };
    }
    // pending / waiting_for_capture: nothing final to record yet.
    return { ok: false, error: 'unverified' };
  }
}
