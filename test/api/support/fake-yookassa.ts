import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the YooKassa API v3 (payments, cancel, refunds, receipts) on 127.0.0.1, strict
 * like a shop with 54-FZ receipts switched on: Basic auth, an Idempotence-Key on every POST (a replay
 * with the same key answers the first response), and a receipt whose item sums equal the amount —
 * otherwise 400 invalid_request, as the real API answers. Tests drive the "bank side" with `succeed`.
 */
export const FAKE_SHOP_ID = '506751';
export const FAKE_SECRET_KEY = 'test_fake_secret_key';

interface Money {
  value: string;
  currency: string;
}
interface ReceiptItemJson {
  description?: unknown;
  quantity?: unknown;
  amount?: Money;
  vat_code?: unknown;
  payment_subject?: unknown;
  payment_mode?: unknown;
}
interface ReceiptJson {
  customer?: { email?: unknown; phone?: unknown };
  items?: ReceiptItemJson[];
}
export interface FakePayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  amount: Money;
  receipt: ReceiptJson;
  metadata: Record<string, string>;
  refunded: number;
  /** payment_method_data.type the shop asked for (bank_card, sbp, installments), if any. */
  methodType: string | null;
}
export interface FakeRefund {
  id: string;
  payment_id: string;
  status: 'succeeded';
  amount: Money;
  receipt: ReceiptJson;
}
export interface FakeReceipt {
  id: string;
  type: string;
  payment_id: string;
  items: ReceiptItemJson[];
  settlements: { type: string; amount: Money }[];
}
export interface SeenRequest {
  method: string;
  url: string;
  key: string | undefined;
  status: number;
  body: unknown;
}

const kopecks = (money: Money | undefined): number | null =>
  money && money.currency === 'RUB' && /^\d+(\.\d{1,2})?$/.test(money.value)
    ? Math.round(Number(money.value) * 100)
    : null;

/** Why YooKassa would refuse this receipt for `amount` kopecks; null when it is acceptable. */
function receiptProblem(
  receipt: ReceiptJson | undefined,
  amount: number,
  modes: readonly string[],
): string | null {
  if (!receipt || !Array.isArray(receipt.items) || receipt.items.length === 0) return 'receipt is missing';
  const email = receipt.customer?.email;
  const phone = receipt.customer?.phone;
  if (typeof email !== 'string' && typeof phone !== 'string') return 'receipt.customer needs email or phone';
  if (typeof phone === 'string' && !/^\d{11,15}$/.test(phone)) return 'receipt.customer.phone is not E.164';
  let sum = 0;
  for (const item of receipt.items) {
    if (
      typeof item.description !== 'string' ||
      item.description.length === 0 ||
      item.description.length > 128
    )
      return 'item description must be 1–128 characters';
    if (typeof item.quantity !== 'number' || item.quantity <= 0) return 'item quantity must be positive';
    const unit = kopecks(item.amount);
    if (unit === null) return 'item amount is not RUB money';
    if (
      typeof item.vat_code !== 'number' ||
      !Number.isInteger(item.vat_code) ||
      item.vat_code < 1 ||
      item.vat_code > 12
    )
      return 'item vat_code must be 1–12';
    if (item.payment_subject !== 'commodity') return 'item payment_subject must be commodity';
    if (typeof item.payment_mode !== 'string' || !modes.includes(item.payment_mode))
      return `item payment_mode must be one of ${modes.join(', ')}`;
    sum += Math.round(unit * item.quantity);
  }
  return sum === amount ? null : `receipt items sum to ${sum}, the amount is ${amount}`;
}

/**
 * payment_method_data as YooKassa documents it: a known type, and the amount within the method's
 * published limits (СБП up to 700 000 ₽; «Заплатить по частям» 3 000 – 150 000 ₽).
 */
function methodProblem(data: unknown, amount: number): string | null {
  if (data === undefined) return null;
  const type = (data as { type?: unknown } | null)?.type;
  if (type !== 'bank_card' && type !== 'sbp' && type !== 'installments')
    return 'payment_method_data.type is not a supported method';
  if (type === 'sbp' && amount > 70_000_000) return 'sbp: amount above 700 000 RUB';
  if (type === 'installments' && (amount < 300_000 || amount > 15_000_000))
    return 'installments: amount must be 3 000 – 150 000 RUB';
  return null;
}

/** Every method the shop uses confirms by redirect, with the page to come back to. */
function confirmationProblem(confirmation: unknown): string | null {
  const value = confirmation as { type?: unknown; return_url?: unknown } | undefined;
  if (
    value?.type !== 'redirect' ||
    typeof value.return_url !== 'string' ||
    !/^https?:\/\//.test(value.return_url)
  )
    return 'confirmation must be {type: redirect, return_url}';
  return null;
}

export class FakeYooKassa {
  readonly payments = new Map<string, FakePayment>();
  readonly refunds: FakeRefund[] = [];
  readonly receipts: FakeReceipt[] = [];
  readonly seen: SeenRequest[] = [];
  /** POSTs answered 503 before the fake answers normally again (a provider outage). */
  unavailableFor = 0;
  private readonly replies = new Map<string, { status: number; body: unknown }>();
  private server: Server | null = null;
  private counter = 0;
  base = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The shopper paid (the bank side): the payment becomes succeeded. */
  succeed(id: string): void {
    const payment = this.payments.get(id);
    if (!payment) throw new Error(`fake YooKassa has no payment ${id}`);
    payment.status = 'succeeded';
  }

  /** What YooKassa would POST to the shop's notification URL for this payment. */
  notification(id: string): string {
    const payment = this.payments.get(id);
    return JSON.stringify({
      type: 'notification',
      event: `payment.${payment?.status ?? 'succeeded'}`,
      object: { id, status: payment?.status },
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await new Promise<string>((resolve) => {
      let data = '';
      request.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      request.on('end', () => resolve(data));
    });
    const method = request.method ?? 'GET';
    const url = request.url ?? '/';
    const key = request.headers['idempotence-key'] as string | undefined;
    let body: unknown = null;
    try {
      body = raw === '' ? null : JSON.parse(raw);
    } catch {
      body = raw;
    }
    const reply = (status: number, json: unknown) => {
      this.seen.push({ method, url, key, status, body });
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    };
    const refuse = (description: string) =>
      reply(400, { type: 'error', code: 'invalid_request', description });
    const expectedAuth = `Basic ${Buffer.from(`${FAKE_SHOP_ID}:${FAKE_SECRET_KEY}`).toString('base64')}`;
    if (request.headers.authorization !== expectedAuth) {
      reply(401, { type: 'error', code: 'invalid_credentials' });
      return;
    }
    if (method === 'GET') {
      const match = /^\/v3\/payments\/([^/]+)$/.exec(url);
      const payment = match ? this.payments.get(decodeURIComponent(match[1] ?? '')) : undefined;
      if (payment) reply(200, payment);
      else reply(404, { type: 'error', code: 'not_found' });
      return;
    }
    if (method !== 'POST') {
      reply(405, { type: 'error' });
      return;
    }
    if (!key) {
      refuse('Idempotence-Key header is required');
      return;
    }
    if (this.unavailableFor > 0) {
      this.unavailableFor -= 1;
      reply(503, { type: 'error', code: 'internal_server_error' });
      return;
    }
    const replay = this.replies.get(`${url} ${key}`);
    if (replay) {
      reply(replay.status, replay.body);
      return;
    }
    const answer = this.route(url, body);
    if ('problem' in answer) {
      refuse(answer.problem);
      return;
    }
    this.replies.set(`${url} ${key}`, { status: 200, body: answer.body });
    reply(200, answer.body);
  }

  private route(url: string, body: unknown): { body: unknown } | { problem: string } {
    const input = (body ?? {}) as Record<string, unknown>;
    if (url === '/v3/payments') {
      const amount = kopecks(input.amount as Money | undefined);
      if (amount === null || amount <= 0) return { problem: 'amount is invalid' };
      const problem =
        receiptProblem(input.receipt as ReceiptJson | undefined, amount, [
          'full_prepayment',
          'partial_prepayment',
        ]) ??
        methodProblem(input.payment_method_data, amount) ??
        confirmationProblem(input.confirmation);
      if (problem) return { problem };
      this.counter += 1;
      const id = `2f${String(this.counter).padStart(6, '0')}-000f-5000-9000-1b68e7b15f3f`;
      const payment: FakePayment = {
        id,
        status: 'pending',
        amount: input.amount as Money,
        receipt: input.receipt as ReceiptJson,
        metadata: (input.metadata ?? {}) as Record<string, string>,
        refunded: 0,
        methodType: (input.payment_method_data as { type?: string } | undefined)?.type ?? null,
      };
      this.payments.set(id, payment);
      return {
        body: {
          ...payment,
          payment_method: payment.methodType === null ? undefined : { type: payment.methodType, id },
          confirmation: { type: 'redirect', confirmation_url: `https://yoomoney.example/checkout/${id}` },
        },
      };
    }
    const cancel = /^\/v3\/payments\/([^/]+)\/cancel$/.exec(url);
    if (cancel) {
      const payment = this.payments.get(decodeURIComponent(cancel[1] ?? ''));
      if (!payment) return { problem: 'payment not found' };
      if (payment.status !== 'waiting_for_capture') return { problem: `payment is ${payment.status}` };
      payment.status = 'canceled';
      return { body: payment };
    }
    if (url === '/v3/refunds') {
      const payment = this.payments.get(String(input.payment_id));
      if (payment?.status !== 'succeeded') return { problem: 'payment is not succeeded' };
      const amount = kopecks(input.amount as Money | undefined);
      const paid = kopecks(payment.amount) ?? 0;
      if (amount === null || amount <= 0 || amount > paid - payment.refunded)
        return { problem: 'refund amount exceeds what is left' };
      const problem = receiptProblem(input.receipt as ReceiptJson | undefined, amount, [
        'full_prepayment',
        'partial_prepayment',
      ]);
      if (problem) return { problem };
      payment.refunded += amount;
      this.counter += 1;
      const refund: FakeRefund = {
        id: `rf${String(this.counter).padStart(6, '0')}-0015-5000-8000-1c7a9d3b0f6e`,
        payment_id: payment.id,
        status: 'succeeded',
        amount: input.amount as Money,
        receipt: input.receipt as ReceiptJson,
      };
      this.refunds.push(refund);
      return { body: refund };
    }
    if (url === '/v3/receipts') {
      const payment = this.payments.get(String(input.payment_id));
      if (payment?.status !== 'succeeded') return { problem: 'receipt needs a succeeded payment' };
      if (input.type !== 'payment') return { problem: 'type must be payment' };
      const settlements = (input.settlements ?? []) as { type: string; amount: Money }[];
      const settled = settlements.reduce((sum, each) => sum + (kopecks(each.amount) ?? Number.NaN), 0);
      if (!settlements.some((each) => each.type === 'prepayment'))
        return { problem: 'a settlement receipt counts the prepayment' };
      const problem = receiptProblem(input as ReceiptJson, settled, ['full_payment']);
      if (problem) return { problem };
      this.counter += 1;
      const receipt: FakeReceipt = {
        id: `rc${String(this.counter).padStart(6, '0')}`,
        type: 'payment',
        payment_id: payment.id,
        items: (input.items ?? []) as ReceiptItemJson[],
        settlements,
      };
      this.receipts.push(receipt);
      return { body: { ...receipt, status: 'pending' } };
    }
    return { problem: `unknown endpoint ${url}` };
  }
}
