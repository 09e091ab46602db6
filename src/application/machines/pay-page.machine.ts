/**
 * The pay page (/pay/{orderId}), one page for both ways in (issue 22, items 5 and 10): opened from a
 * signed pay link (`?t={token}`, no sign-in) or by the signed-in owner. The server answers the same
 * view for both (POST /api/pay-links/{id}/open, GET /api/payments/page/{id}): the order number, the
 * amount due, the goods and the ways to pay the provider offers for the amount (card, СБП, in parts);
 * the shopper picks one and is sent to the payment service.
 *
 * - `loading`          — the page is being read;
 * - `signInRequired`   — no link and no session (401): only the owner may pay, so the page offers the login;
 * - `missing`          — no link, and the order is not the client's (404);
 * - `invalid`          — the link opens nothing (wrong, expired, re-issued, or the order paid or
 *                        cancelled: the server does not say which);
 * - `loadFailed`       — the read itself failed (connection): the page asks to reload;
 * - `awaitingApproval` — not payable yet (a manager confirms the order first);
 * - `alreadyPaid`      — the owner's paid order (a second payment is never offered);
 * - `notPayable`       — anything else, or the server refused the payment (409: paid or changed meanwhile);
 * - `ready`            — the amount, the methods and «Оплатить»;
 * - `startingPayment`  — the payment is being created (tag `busy`);
 * - `redirecting`      — the browser is leaving for the payment service (tag `busy`);
 * - `failed`           — creating the payment failed: the message, and the button to try again.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { OnlinePaymentMethod } from '../../../shared-rules/installment-rule';
import { failureMessage } from '../ports/failure-message';
import type { Order } from '../ports/orders.port';
import { PAYMENTS_PORT, type PaymentStart, type PayPageView } from '../ports/payments.port';
import { isPortFailure } from '../ports/port-failure';
import { defineUseCase } from '../use-case';

const PAY_START_FAILED_MESSAGE = 'Не удалось перейти к оплате. Попробуйте ещё раз.';

/**
 * Whether the shopper may pay the order online now: it waits for payment or prepayment (the manager
 * allowed it) and is not paid — the server's own rule, so the account's pay link never leads to a
 * refusal.
 */
export function isOrderPayable(order: Pick<Order, 'paymentAllowed' | 'paid' | 'status'>): boolean {
  return (
    order.paymentAllowed &&
    !order.paid &&
    (order.status === 'awaiting_payment' || order.status === 'awaiting_prepayment')
  );
}

/** How a pay-page call failed, as the machine decides on it. */
interface PayPageRefusal {
  readonly _tag: 'PayPageRefusal';
  readonly status: number | null;
  readonly message: string;
}

function isPayPageRefusal(value: unknown): value is PayPageRefusal {
  return (
    typeof value === 'object' && value !== null && (value as { _tag?: unknown })._tag === 'PayPageRefusal'
  );
}

function refusalOf(error: unknown): PayPageRefusal {
  return {
    _tag: 'PayPageRefusal',
    status: isPortFailure(error) ? (error.status ?? null) : null,
    message: failureMessage(error, PAY_START_FAILED_MESSAGE),
  };
}

interface PayPageInput {
  readonly orderId: number;
  /** A signed pay link's token; null on the owner's page. */
  readonly token: string | null;
}

interface PayPageContext extends PayPageInput {
  readonly view: PayPageView | null;
  readonly method: OnlinePaymentMethod;
  readonly error: string | null;
}

type PayPageEvent =
  | { readonly type: 'payPage.methodChosen'; readonly method: OnlinePaymentMethod }
  | { readonly type: 'payPage.startRequested' };

function notProvided(kind: string, name: string): never {
  throw new Error(`pay page machine: ${kind} ${name} not provided`);
}

const statusIs = (error: unknown, status: number) => isPayPageRefusal(error) && error.status === status;

export const payPageMachine = setup({
  types: {
    context: {} as PayPageContext,
    events: {} as PayPageEvent,
    input: {} as PayPageInput,
    tags: {} as 'busy',
  },
  actors: {
    /** The link's view (POST /api/pay-links/{id}/open) or the owner's (GET /api/payments/page/{id}). */
    openPage: fromPromise<PayPageView, PayPageInput>(async () => notProvided('actor', 'openPage')),
    /** POST /api/pay-links/{id}/pay or POST /api/payments/create; rejects with a PayPageRefusal. */
    startPayment: fromPromise<PaymentStart, PayPageInput & { method: OnlinePaymentMethod }>(async () =>
      notProvided('actor', 'startPayment'),
    ),
  },
  actions: {
    /** A full navigation to the payment service's page, away from the app. */
    leaveFor: (_, _params: { url: string }) => notProvided('action', 'leaveFor'),
  },
  guards: {
    stateIs: (_, params: { view: PayPageView; state: PayPageView['state'] }) =>
      params.view.state === params.state,
    refusedWith: (_, params: { error: unknown; status: number }) => statusIs(params.error, params.status),
    /** A 404 on a link: «invalid», whatever the cause (the server does not say). */
    linkRefused: ({ context }, params: { error: unknown }) =>
      context.token !== null && statusIs(params.error, 404),
    offered: ({ context }, params: { method: OnlinePaymentMethod }) =>
      context.view?.methods.includes(params.method) === true,
  },
}).createMachine({
  id: 'payPage',
  context: ({ input }) => ({
    orderId: input.orderId,
    token: input.token,
    view: null,
    method: 'card',
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'openPage',
        src: 'openPage',
        input: ({ context }) => ({ orderId: context.orderId, token: context.token }),
        onDone: [
          {
            guard: {
              type: 'stateIs',
              params: ({ event }) => ({ view: event.output, state: 'payable' as const }),
            },
            target: 'ready',
            actions: assign({
              view: ({ event }) => event.output,
              method: ({ event }) => event.output.chosen,
            }),
          },
          {
            guard: {
              type: 'stateIs',
              params: ({ event }) => ({ view: event.output, state: 'paid' as const }),
            },
            target: 'alreadyPaid',
            actions: assign({ view: ({ event }) => event.output }),
          },
          {
            guard: {
              type: 'stateIs',
              params: ({ event }) => ({ view: event.output, state: 'closed' as const }),
            },
            target: 'notPayable',
            actions: assign({ view: ({ event }) => event.output }),
          },
          { target: 'awaitingApproval', actions: assign({ view: ({ event }) => event.output }) },
        ],
        onError: [
          {
            guard: { type: 'refusedWith', params: ({ event }) => ({ error: event.error, status: 401 }) },
            target: 'signInRequired',
          },
          {
            guard: { type: 'linkRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
          },
          {
            guard: { type: 'refusedWith', params: ({ event }) => ({ error: event.error, status: 404 }) },
            target: 'missing',
          },
          { target: 'loadFailed' },
        ],
      },
    },
    signInRequired: {},
    missing: {},
    invalid: {},
    loadFailed: {},
    awaitingApproval: {},
    alreadyPaid: {},
    notPayable: {},
    ready: {
      on: {
        'payPage.methodChosen': {
          guard: { type: 'offered', params: ({ event }) => ({ method: event.method }) },
          actions: assign({ method: ({ event }) => event.method }),
        },
        'payPage.startRequested': 'startingPayment',
      },
    },
    startingPayment: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'startPayment',
        src: 'startPayment',
        input: ({ context }) => ({ orderId: context.orderId, token: context.token, method: context.method }),
        onDone: {
          target: 'redirecting',
          actions: { type: 'leaveFor', params: ({ event }) => ({ url: event.output.confirmationUrl }) },
        },
        onError: [
          {
            guard: { type: 'refusedWith', params: ({ event }) => ({ error: event.error, status: 401 }) },
            target: 'signInRequired',
          },
          {
            guard: { type: 'linkRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
          },
          {
            guard: { type: 'refusedWith', params: ({ event }) => ({ error: event.error, status: 404 }) },
            target: 'missing',
          },
          {
            guard: { type: 'refusedWith', params: ({ event }) => ({ error: event.error, status: 409 }) },
            target: 'notPayable',
          },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) =>
                isPayPageRefusal(event.error) ? event.error.message : PAY_START_FAILED_MESSAGE,
            }),
          },
        ],
      },
    },
    redirecting: { tags: ['busy'] },
    failed: {
      on: {
        'payPage.methodChosen': {
          guard: { type: 'offered', params: ({ event }) => ({ method: event.method }) },
          target: 'ready',
          actions: assign({ method: ({ event }) => event.method, error: null }),
        },
        'payPage.startRequested': 'startingPayment',
      },
    },
  },
});

/**
 * The pay page's machine, its calls bound to the payments port: the link's calls with a token, the
 * owner's without (the view never calls a port; it provides only where to send the browser).
 */
export const payPage = defineUseCase('payments.payPage', { payments: PAYMENTS_PORT }, ({ payments }) =>
  payPageMachine.provide({
    actors: {
      openPage: fromPromise<PayPageView, PayPageInput>(async ({ input, signal }) => {
        try {
          return input.token === null
            ? await payments.page(input.orderId, { signal })
            : await payments.openLink(input.orderId, input.token, { signal });
        } catch (error) {
          throw refusalOf(error);
        }
      }),
      startPayment: fromPromise<PaymentStart, PayPageInput & { method: OnlinePaymentMethod }>(
        async ({ input, signal }) => {
          try {
            return input.token === null
              ? await payments.create(input.orderId, input.method, { signal })
              : await payments.payByLink(input.orderId, input.token, input.method, { signal });
          } catch (error) {
            throw refusalOf(error);
          }
        },
      ),
    },
  }),
);
