import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '../../../server/application/payment-gateway.port';
import { readAccountsConfig } from '../../../server/infrastructure/accounts.config';
import {
  TEST_GATEWAY_SIGNATURE_HEADER,
  TestPaymentGateway,
} from '../../../server/infrastructure/payments/test-payment-gateway';
import { YooKassaPaymentGateway } from '../../../server/infrastructure/payments/yookassa-payment-gateway';
import { FAKE_SECRET_KEY, FAKE_SHOP_ID, FakeYooKassa } from '../../api/support/fake-yookassa';

/** A receipt of `lines` (unit kopecks × quantity) for a customer e-mail. */
const receiptOf = (
  lines: readonly [number, number][],
  mode: 'full_prepayment' | 'partial_prepayment' | 'full_payment' = 'full_prepayment',
): Receipt => ({
  customer: { email: 'buyer@mail.ru' },
  items: lines.map(([unitAmount, quantity], index) => ({
    description: `Товар ${index + 1}`,
    quantity,
    unitAmount,
    vatCode: 1,
    paymentSubject: 'commodity',
    paymentMode: mode,
  })),
});

describe('built-in test gateway', () => {
  const gateway = new TestPaymentGateway('s3cret-for-tests', 'http://localhost:3000');

  it('sends the shopper to its own card page', async () => {
    const result = await gateway.createPayment({
      paymentId: 'pay_abcdefgh',
      orderId: 1,
      amount: 1000,
      description: 'Заказ № 1',
      returnUrl: 'http://localhost:3000/thank-you',
      idempotenceKey: 'k',
      receipt: receiptOf([[1000, 1]]),
    });
    expect(result).toEqual({
      ok: true,
      providerPaymentId: 'pay_abcdefgh',
      confirmationUrl: 'http://localhost:3000/api/payments/test-gateway/pay_abcdefgh',
    });
  });

  it('accepts its own signed notification and refuses forged, re-signed or tampered ones', async () => {
    const body = { eventId: 'ev1', paymentId: 'pay_abcdefgh', outcome: 'succeeded', amount: 1000 } as const;
    const { rawBody, headers } = gateway.notification(body);
    expect(await gateway.parseNotification(rawBody, headers)).toEqual({
      ok: true,
      notification: { eventId: 'ev1', providerPaymentId: 'pay_abcdefgh', outcome: 'succeeded', amount: 1000 },
    });
    const forger = new TestPaymentGateway('another-secret', 'http://x');
    const forged = forger.notification(body);
    expect(await gateway.parseNotification(forged.rawBody, forged.headers)).toEqual({
      ok: false,
      error: 'bad_signature',
    });
    const tampered = rawBody.replace('1000', '1');
    expect(await gateway.parseNotification(tampered, headers)).toEqual({ ok: false, error: 'bad_signature' });
    expect(await gateway.parseNotification(rawBody, {})).toEqual({ ok: false, error: 'bad_signature' });
    expect(await gateway.parseNotification(rawBody, { [TEST_GATEWAY_SIGNATURE_HEADER]: 'zz' })).toEqual({
      ok: false,
      error: 'bad_signature',
    });
  });

  it('refuses a payment or refund whose receipt does not add up, and confirms refunds under a stable id', async () => {
    const base = {
      paymentId: 'pay_receipts',
      orderId: 2,
      amount: 3000,
      description: 'Заказ № 2',
      returnUrl: 'http://localhost:3000/thank-you',
      idempotenceKey: 'pay_receipts',
    };
    expect(await gateway.createPayment({ ...base, receipt: receiptOf([[1000, 2]]) })).toEqual({
      ok: false,
      error: 'provider_refused',
    });
    expect((await gateway.createPayment({ ...base, receipt: receiptOf([[1000, 3]]) })).ok).toBe(true);
    const refund = {
      providerPaymentId: 'pay_receipts',
      amount: 3000,
      description: 'Возврат',
      idempotenceKey: 'rf_1',
    };
    expect(await gateway.refund({ ...refund, receipt: receiptOf([[1000, 3]]) })).toEqual({
      ok: true,
      providerRefundId: 'test-refund-rf_1',
      status: 'succeeded',
    });
    expect(await gateway.refund({ ...refund, receipt: receiptOf([[999, 3]]) })).toEqual({
      ok: false,
      error: 'provider_refused',
    });
  });
});

describe('YooKassa adapter against a local fake of its API (receipts on)', () => {
  const fake = new FakeYooKassa();
  let gateway: YooKassaPaymentGateway;
  const input = (paymentId: string, amount: number, receipt: Receipt) => ({
    paymentId,
    orderId: 7,
    amount,
    description: 'Заказ № 7',
    returnUrl: 'https://shop.example/thank-you',
    idempotenceKey: paymentId,
    receipt,
  });

  beforeAll(async () => {
    await fake.start();
    gateway = new YooKassaPaymentGateway({
      shopId: FAKE_SHOP_ID,
      secretKey: FAKE_SECRET_KEY,
      apiBase: fake.base,
    });
  });
  afterAll(async () => {
    await fake.stop();
  });

  it('creates a payment with Basic auth, an idempotence key, the amount in roubles and a 54-FZ receipt', async () => {
    const result = await gateway.createPayment(input('pay_1', 5_199_990, receiptOf([[2_599_995, 2]])));
    expect(result.ok).toBe(true);
    expect(result.ok && result.confirmationUrl).toMatch(/^https:\/\/yoomoney\.example\//);
    const request = fake.seen.at(-1);
    expect(request?.key).toBe('pay_1');
    expect(request?.body).toMatchObject({
      amount: { value: '51999.90', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: 'https://shop.example/thank-you' },
      metadata: { paymentId: 'pay_1', orderId: '7' },
      receipt: {
        customer: { email: 'buyer@mail.ru' },
        items: [
          {
            description: 'Товар 1',
            quantity: 2,
            amount: { value: '25999.95', currency: 'RUB' },
            vat_code: 1,
            payment_subject: 'commodity',
            payment_mode: 'full_prepayment',
          },
        ],
      },
    });
    // A retry under the same key is the same provider payment.
    const again = await gateway.createPayment(input('pay_1', 5_199_990, receiptOf([[2_599_995, 2]])));
    expect(again.ok && result.ok && again.providerPaymentId === result.providerPaymentId).toBe(true);
  });

  it('is refused like a shop with receipts on when the receipt is missing or does not add up', async () => {
    expect(await gateway.createPayment(input('pay_bad', 10_000, receiptOf([[3_333, 3]])))).toEqual({
      ok: false,
      error: 'provider_refused',
    });
    expect(fake.seen.at(-1)?.status).toBe(400);
  });

  it('believes a notification only after the API confirms the status and amount', async () => {
    const created = await gateway.createPayment(input('pay_2', 10_000, receiptOf([[10_000, 1]])));
    if (!created.ok) throw new Error('create failed');
    const id = created.providerPaymentId;
    const claim = JSON.stringify({
      type: 'notification',
      event: 'payment.succeeded',
      object: { id, status: 'succeeded' },
    });
    // The fake still says pending: a notification claiming success proves nothing.
    expect(await gateway.parseNotification(claim)).toEqual({ ok: false, error: 'unverified' });
    fake.succeed(id);
    expect(await gateway.parseNotification(claim)).toEqual({
      ok: true,
      notification: {
        eventId: `${id}:succeeded`,
        providerPaymentId: id,
        outcome: 'succeeded',
        amount: 10_000,
      },
    });
    expect(await gateway.parseNotification('{"object":{"id":"unknown-id"}}')).toEqual({
      ok: false,
      error: 'unverified',
    });
    expect(await gateway.parseNotification('not json')).toEqual({ ok: false, error: 'malformed' });
  });

  it('refunds through POST /v3/refunds with its key and a refund receipt, once per key', async () => {
    const created = await gateway.createPayment(
      input(
        'pay_3',
        30_001,
        receiptOf([
          [10_000, 2],
          [10_001, 1],
        ]),
      ),
    );
    if (!created.ok) throw new Error('create failed');
    fake.succeed(created.providerPaymentId);
    const refund = {
      providerPaymentId: created.providerPaymentId,
      amount: 30_001,
      description: 'Возврат по заказу № 7',
      idempotenceKey: 'rf_pay_3',
      receipt: receiptOf([
        [10_000, 2],
        [10_001, 1],
      ]),
    };
    const first = await gateway.refund(refund);
    const retry = await gateway.refund(refund);
    expect(first).toMatchObject({ ok: true, status: 'succeeded' });
    expect(retry).toEqual(first);
    expect(fake.refunds.filter((each) => each.payment_id === created.providerPaymentId)).toHaveLength(1);
    const request = fake.seen.find((each) => each.url === '/v3/refunds');
    expect(request?.key).toBe('rf_pay_3');
    expect(request?.body).toMatchObject({
      payment_id: created.providerPaymentId,
      amount: { value: '300.01', currency: 'RUB' },
      receipt: { customer: { email: 'buyer@mail.ru' } },
    });
    // A second refund (another key) of money already returned is refused by the provider.
    expect(await gateway.refund({ ...refund, idempotenceKey: 'rf_other' })).toEqual({
      ok: false,
      error: 'provider_refused',
    });
  });

  it('cancels only a payment waiting for capture; a captured one is refunded instead', async () => {
    const created = await gateway.createPayment(input('pay_4', 5_000, receiptOf([[5_000, 1]])));
    if (!created.ok) throw new Error('create failed');
    expect(await gateway.cancel(created.providerPaymentId, 'cancel-pay_4')).toEqual({
      ok: false,
      error: 'not_cancellable',
    });
    const waiting = fake.payments.get(created.providerPaymentId);
    if (waiting) waiting.status = 'waiting_for_capture';
    expect(await gateway.cancel(created.providerPaymentId, 'cancel-pay_4b')).toEqual({ ok: true });
    expect(fake.seen.at(-1)).toMatchObject({
      method: 'POST',
      url: `/v3/payments/${created.providerPaymentId}/cancel`,
      key: 'cancel-pay_4b',
    });
  });

  it('sends the settlement receipt (full payment, prepayment counted) through POST /v3/receipts', async () => {
    const created = await gateway.createPayment(
      input('pay_5', 10_000, receiptOf([[5_000, 2]], 'partial_prepayment')),
    );
    if (!created.ok) throw new Error('create failed');
    fake.succeed(created.providerPaymentId);
    const result = await gateway.issueSettlementReceipt({
      providerPaymentId: created.providerPaymentId,
      idempotenceKey: 'settlement-7-1',
      receipt: receiptOf([[50_000, 2]], 'full_payment'),
      prepaid: 10_000,
      remainder: 90_000,
    });
    expect(result).toMatchObject({ ok: true });
    expect(fake.receipts.at(-1)).toMatchObject({
      payment_id: created.providerPaymentId,
      settlements: [
        { type: 'prepayment', amount: { value: '100.00', currency: 'RUB' } },
        { type: 'postpayment', amount: { value: '900.00', currency: 'RUB' } },
      ],
    });
    const wrong = await gateway.issueSettlementReceipt({
      providerPaymentId: created.providerPaymentId,
      idempotenceKey: 'settlement-7-2',
      receipt: receiptOf([[50_000, 2]], 'full_payment'),
      prepaid: 10_000,
      remainder: 0,
    });
    expect(wrong).toEqual({ ok: false, error: 'provider_refused' });
  });

  it('reports wrong credentials, an outage and an unreachable API as typed errors', async () => {
    const receipt = receiptOf([[100, 1]]);
    const wrong = new YooKassaPaymentGateway({ shopId: FAKE_SHOP_ID, secretKey: 'nope', apiBase: fake.base });
    expect(await wrong.createPayment(input('p', 100, receipt))).toEqual({
      ok: false,
      error: 'provider_refused',
    });
    fake.unavailableFor = 1;
    expect(
      await gateway.refund({
        providerPaymentId: 'x',
        amount: 100,
        description: 'x',
        idempotenceKey: 'k',
        receipt,
      }),
    ).toEqual({ ok: false, error: 'provider_unavailable' });
    const down = new YooKassaPaymentGateway({
      shopId: FAKE_SHOP_ID,
      secretKey: FAKE_SECRET_KEY,
      apiBase: 'http://127.0.0.1:1',
      timeoutMs: 2000,
    });
    expect(await down.createPayment(input('p', 100, receipt))).toEqual({
      ok: false,
      error: 'provider_unavailable',
    });
  });
});

describe('receipt VAT code configuration', () => {
  it('defaults to 1 (без НДС), accepts YooKassa codes 1–12 and stops the start on anything else', () => {
    const config = (value?: string) =>
      readAccountsConfig(value === undefined ? {} : { RECEIPT_VAT_CODE: value });
    const vat = (value?: string) => {
      const result = config(value);
      return result.ok ? result.config.receiptVatCode : result.message;
    };
    expect(vat()).toBe(1);
    expect(vat('4')).toBe(4);
    expect(vat('12')).toBe(12);
    for (const bad of ['0', '13', '1.5', 'двадцать', '-1']) {
      expect(vat(bad)).toBe('RECEIPT_VAT_CODE должен быть кодом НДС ЮKassa от 1 до 12 (1 — без НДС).');
    }
  });
});
