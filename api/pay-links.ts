import { Schema } from 'effect';
import { ONLINE_PAYMENT_METHODS } from '../shared-rules/installment-rule';
import { defineEndpoint } from './endpoint';
import { Kopecks } from './money';
import { IdFromString } from './query-fields';

/**
 * Signed pay links and the online ways to pay (issue 22, items 5 and 10).
 *
 * `/pay/{orderId}?t={token}` — the link in the shop's mails, on the order-success screen and on the
 * back office's order card — opens that order's pay page without signing in. The page sends the token
 * in a POST body (never in an API URL). Every way a token can be wrong (guessed, altered, truncated,
 * expired, re-issued, another order's, or the order paid, cancelled or deleted) gets the same 404; the
 * token grants this page and this order's payment, nothing else (no session, no account).
 */
export const OnlinePaymentMethod = Schema.Literals(ONLINE_PAYMENT_METHODS);

const PayLinkToken = Schema.String.pipe(Schema.check(Schema.isMaxLength(80)));
const PayLinkParams = Schema.Struct({ orderId: IdFromString });

/** Installments as the provider offers them: «от monthly ₽/мес» over `months`. */
const InstallmentOffer = Schema.Struct({ months: Schema.Int, monthly: Kopecks });

/**
 * The pay page (/pay/{orderId}), opened by a signed link or by the signed-in owner: one view, built by
 * one server function, so both offer the same ways to pay for the same amount.
 */
export const PayLinkView = Schema.Struct({
  orderId: Schema.Int,
  /**
   * payable: «Оплатить» works; awaiting_approval: a manager has not allowed payment yet; paid and
   * closed only on the owner's page (a link to such an order opens nothing: 404).
   */
  state: Schema.Literals(['payable', 'awaiting_approval', 'paid', 'closed']),
  /** Charged now: the rest of the total, or the prepayment; 0 while awaiting approval. */
  amountDue: Kopecks,
  total: Kopecks,
  prepayment: Schema.Boolean,
  lines: Schema.Array(Schema.Struct({ name: Schema.String, quantity: Schema.Int, lineTotal: Kopecks })),
  methods: Schema.Array(OnlinePaymentMethod),
  chosen: OnlinePaymentMethod,
  installment: Schema.NullOr(InstallmentOffer),
});
export type PayLinkView = typeof PayLinkView.Type;

export const openPayLink = defineEndpoint({
  method: 'POST',
  path: '/api/pay-links/:orderId/open',
  summary: 'What a signed pay link shows: the amount due and the goods (404 for any unusable token)',
  tag: 'payments',
  params: PayLinkParams,
  body: Schema.Struct({ token: PayLinkToken }),
  response: PayLinkView,
  errorStatuses: [404, 415, 429],
});

export const payByLink = defineEndpoint({
  method: 'POST',
  path: '/api/pay-links/:orderId/pay',
  summary: 'Starts the payment of the order a signed pay link opens, with the chosen method',
  tag: 'payments',
  params: PayLinkParams,
  body: Schema.Struct({ token: PayLinkToken, method: OnlinePaymentMethod }),
  response: Schema.Struct({ paymentId: Schema.String, confirmationUrl: Schema.String }),
  successStatus: 201,
  errorStatuses: [404, 409, 415, 422, 429, 502],
});

/**
 * The signed-in owner's pay page (/pay/{orderId} without a token): the same view as a pay link's, for
 * the caller's own order (401 for a guest, 403 for an administrator, 404 for another client's order).
 */
export const ownPayPage = defineEndpoint({
  method: 'GET',
  path: '/api/payments/page/:orderId',
  summary: "The signed-in owner's pay page: the amount due, the goods and the ways to pay",
  tag: 'payments',
  params: PayLinkParams,
  response: PayLinkView,
  errorStatuses: [401, 403, 404],
});

/** The online methods the configured provider offers, and its installment limits. */
export const paymentOptions = defineEndpoint({
  method: 'GET',
  path: '/api/payment-options',
  summary: 'Online ways to pay (card, СБП, installments) and the installment plan, if offered',
  tag: 'payments',
  response: Schema.Struct({
    methods: Schema.Array(OnlinePaymentMethod),
    installments: Schema.NullOr(
      Schema.Struct({ minAmount: Kopecks, maxAmount: Kopecks, months: Schema.Int }),
    ),
  }),
});

/** Back office: the order's current pay link (for the card's copy field). */
export const adminOrderPayLink = defineEndpoint({
  area: 'orders',
  method: 'GET',
  path: '/api/admin/orders/:orderId/pay-link',
  summary: 'The signed pay link of an order (administrators)',
  tag: 'admin-orders',
  params: PayLinkParams,
  response: Schema.Struct({ url: Schema.String }),
  errorStatuses: [401, 403, 404],
});

/** Back office: «Отправить ссылку на оплату заново» — earlier links stop working, the new one is mailed. */
export const reissueAdminOrderPayLink = defineEndpoint({
  area: 'orders',
  method: 'POST',
  path: '/api/admin/orders/:orderId/pay-link/reissue',
  summary: 'Re-issues the pay link (earlier links stop working) and mails it to the client',
  tag: 'admin-orders',
  params: PayLinkParams,
  response: Schema.Struct({ url: Schema.String, mailed: Schema.Boolean }),
  errorStatuses: [401, 403, 404, 409],
});
