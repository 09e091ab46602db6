import type { OnlinePaymentMethod } from '../../../shared-rules/installment-rule';
import { isKopecks, KOPECKS_PER_ROUBLE, kopecksToDecimal } from '../../../shared-rules/money-rule';
import type {
  CancelResult,
  CreatePaymentInput,
  CreatePaymentResult,
  GatewayError,
  ParsedNotification,
  PaymentGateway,
  Receipt,
  ReceiptResult,
  RefundInput,
  RefundResult,
  SettlementReceiptInput,
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

/**
 * YooKassa's payment_method_data.type of each way to pay the shop offers: a card; СБП (the shopper
 * scans a QR code or picks a bank app, confirmation by redirect); «Заплатить по частям» (YooKassa's
 * installments, 3 000 – 150 000 ₽, redirect).
 */
const YOOKASSA_METHOD_TYPES: Readonly<Record<OnlinePaymentMethod, string>> = {
  card: 'bank_card',
  sbp: 'sbp',
  installments: 'installments',
};
// docs/money.md: kopecks become YooKassa's «138864.00» here, at the edge, and nowhere else.
const money = (kopecks: number) => ({ value: kopecksToDecimal(kopecks), currency: 'RUB' });

/** A receipt in YooKassa's shape (54-FZ data: VAT code, payment subject and mode, the customer). */
function yooKassaReceipt(receipt: Receipt) {
  return {
    customer: receipt.customer,
    items: receipt.items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      amount: money(item.unitAmount),
      vat_code: item.vatCode,
      payment_subject: item.paymentSubject,
      payment_mode: item.paymentMode,
    })),
  };
}
/** «138864.5» / «138864.50» → 13 886 450 kopecks, read digit by digit (no float in between). */
export function valueToKopecks(value: string | undefined): number | null {
  const match = value === undefined ? null : /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value);
  if (match === null) return null;
  const amount = Number(match[1]) * KOPECKS_PER_ROUBLE + Number((match[2] ?? '').padEnd(2, '0'));
  return isKopecks(amount) ? amount : null;
}

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
          amount: money(input.amount),
          capture: true,
          payment_method_data: { type: YOOKASSA_METHOD_TYPES[input.method ?? 'card'] },
          confirmation: { type: 'redirect', return_url: input.returnUrl },
          description: input.description.slice(0, 128),
          metadata: { paymentId: input.paymentId, orderId: String(input.orderId) },
          receipt: yooKassaReceipt(input.receipt),
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

  /** POST /v3/refunds: a full refund with its refund receipt; the key makes a retry the same refund. */
  async refund(input: RefundInput): Promise<RefundResult> {
    const sent = await this.post('/v3/refunds', input.idempotenceKey, {
      payment_id: input.providerPaymentId,
      amount: money(input.amount),
      description: input.description.slice(0, 250),
      receipt: yooKassaReceipt(input.receipt),
    });
    if (!sent.ok) return sent;
    const refund = sent.body as { id?: unknown; status?: unknown } | null;
    if (typeof refund?.id !== 'string') return { ok: false, error: 'provider_refused' };
    if (refund.status === 'succeeded') return { ok: true, providerRefundId: refund.id, status: 'succeeded' };
    if (refund.status === 'pending') return { ok: true, providerRefundId: refund.id, status: 'pending' };
    return { ok: false, error: 'provider_refused' };
  }

  /**
   * POST /v3/payments/{id}/cancel works only for waiting_for_capture. With capture:true a payment is
   * pending until paid and then succeeded: neither can be cancelled (a paid one is refunded instead).
   */
  async cancel(providerPaymentId: string, idempotenceKey: string): Promise<CancelResult> {
    const sent = await this.post(
      `/v3/payments/${encodeURIComponent(providerPaymentId)}/cancel`,
      idempotenceKey,
      {},
    );
    if (!sent.ok) return sent.error === 'provider_refused' ? { ok: false, error: 'not_cancellable' } : sent;
    const payment = sent.body as { status?: unknown } | null;
    return payment?.status === 'canceled' ? { ok: true } : { ok: false, error: 'not_cancellable' };
  }

  /** POST /v3/receipts: receipt №2 on handover, the prepayment counted against the goods. */
  async issueSettlementReceipt(input: SettlementReceiptInput): Promise<ReceiptResult> {
    const sent = await this.post('/v3/receipts', input.idempotenceKey, {
      ...yooKassaReceipt(input.receipt),
      payment_id: input.providerPaymentId,
      type: 'payment',
      send: true,
      settlements: [
        { type: 'prepayment', amount: money(input.prepaid) },
        ...(input.remainder > 0 ? [{ type: 'postpayment', amount: money(input.remainder) }] : []),
      ],
    });
    if (!sent.ok) return sent;
    const receipt = sent.body as { id?: unknown } | null;
    return typeof receipt?.id === 'string'
      ? { ok: true, providerReceiptId: receipt.id }
      : { ok: false, error: 'provider_refused' };
  }

  private async post(
    path: string,
    idempotenceKey: string,
    body: unknown,
  ): Promise<{ ok: true; body: unknown } | { ok: false; error: GatewayError }> {
    let response: Response;
    try {
      response = await this.call(path, {
        method: 'POST',
        headers: { 'idempotence-key': idempotenceKey },
        body: JSON.stringify(body),
      });
    } catch {
      return { ok: false, error: 'provider_unavailable' };
    }
    // 429 and 5xx are temporary: the caller retries under the same key.
    if (response.status >= 500 || response.status === 429)
      return { ok: false, error: 'provider_unavailable' };
    if (!response.ok) return { ok: false, error: 'provider_refused' };
    return { ok: true, body: await response.json().catch(() => null) };
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
