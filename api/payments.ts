import { Schema } from 'effect';
import { defineEndpoint } from './endpoint';
import { OnlinePaymentMethod } from './pay-links';
import { Id } from './query-fields';

/**
 * Online payment. The shopper asks for a payment of an order an administrator allowed to be paid and
 * is sent to `confirmationUrl` (the built-in test gateway's card page, or YooKassa). The provider
 * confirms through a signed notification; the browser never marks anything paid.
 */
export const createPayment = defineEndpoint({
  method: 'POST',
  path: '/api/payments/create',
  summary: 'Starts a payment for an own order that may be paid',
  tag: 'payments',
  /** `method`: card (default), sbp or installments — one the provider offers for the amount (else 422). */
  body: Schema.Struct({ orderId: Id, method: Schema.optionalKey(OnlinePaymentMethod) }),
  response: Schema.Struct({ paymentId: Schema.String, confirmationUrl: Schema.String }),
  successStatus: 201,
  errorStatuses: [401, 403, 404, 409, 415, 422, 502],
});

/**
 * The test gateway's page posts here (JSON): a test card number for a card payment, or `approve`
 * (the bank app's «Подтвердить» / «Отказаться») for СБП and installments; the gateway then notifies
 * the shop like a provider.
 */
export const testGatewayPay = defineEndpoint({
  method: 'POST',
  path: '/api/payments/test-gateway/:paymentId/pay',
  summary: 'Test gateway only: pays with a test card number and returns where to send the shopper',
  tag: 'payments',
  params: Schema.Struct({
    paymentId: Schema.String.pipe(Schema.check(Schema.isPattern(/^[A-Za-z0-9_-]{8,64}$/))),
  }),
  body: Schema.Struct({
    cardNumber: Schema.optionalKey(Schema.String.pipe(Schema.check(Schema.isMaxLength(32)))),
    approve: Schema.optionalKey(Schema.Boolean),
  }),
  response: Schema.Struct({ redirectUrl: Schema.String }),
  errorStatuses: [404, 409, 415, 422],
});

/** A payment's id at the test gateway (base64url, like the card page's address). */
const TestGatewayPaymentId = Schema.String.pipe(Schema.check(Schema.isPattern(/^[A-Za-z0-9_-]{8,64}$/)));
/** The id that makes a notification idempotent: printable ASCII word characters, `.`, `:` and `-`. */
const TestGatewayEventId = Schema.String.pipe(Schema.check(Schema.isPattern(/^[A-Za-z0-9_.:-]{1,128}$/)));

/**
 * What the built-in test gateway POSTs to `/api/payments/notify/test`, signed with HMAC-SHA256 of the
 * raw body (header `X-Test-Gateway-Signature`). Read only after the signature holds; anything else —
 * a NUL or an over-long string in any field included — is refused with 400 before the database sees it.
 */
export const TestGatewayNotification = Schema.Struct({
  eventId: TestGatewayEventId,
  paymentId: TestGatewayPaymentId,
  outcome: Schema.Literals(['succeeded', 'cancelled']),
  amount: Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }))),
});
