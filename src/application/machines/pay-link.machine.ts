/**
 * The pay page opened from a signed pay link (/pay/{orderId}?t={token}, issue 22 item 5): no sign-in.
 * The server says what the link opens; the shopper picks how to pay (card, СБП, in parts — what the
 * provider offers for the amount) and is sent to the payment service.
 *
 * - `loading`          — the link is being checked (POST /api/pay-links/{id}/open);
 * - `invalid`          — the link opens nothing (wrong, expired, re-issued, or the order paid or
 *                        cancelled: the server does not say which);
 * - `loadFailed`       — the check itself failed (connection): the page asks to reload;
 * - `awaitingApproval` — the order is not payable yet (a manager confirms it first);
 * - `ready`            — the amount, the methods and «Оплатить»;
 * - `startingPayment`  — the payment is being created (tag `busy`);
 * - `redirecting`      — the browser is leaving for the payment service (tag `busy`);
 * - `notPayable`       — the server refused the payment (409: paid or changed meanwhile);
 * - `failed`           — creating the payment failed: the message, and the button to try again.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { OnlinePaymentMethod } from '../../../shared-rules/installment-rule';
import { failureMessage } from '../ports/failure-message';
import type { PayLinkView, PaymentStart, PaymentsPort } from '../ports/payments.port';
import { isPortFailure } from '../ports/port-failure';

const PAY_LINK_START_FAILED_MESSAGE = 'Не удалось перейти к оплате. Попробуйте ещё раз.';

/** How a pay-link call failed, as the machine decides on it. */
interface PayLinkRefusal {
  readonly _tag: 'PayLinkRefusal';
  readonly status: number | null;
  readonly message: string;
}

function isPayLinkRefusal(value: unknown): value is PayLinkRefusal {
  return (
    typeof value === 'object' && value !== null && (value as { _tag?: unknown })._tag === 'PayLinkRefusal'
  );
}

function refusalOf(error: unknown): PayLinkRefusal {
  return {
    _tag: 'PayLinkRefusal',
    status: isPortFailure(error) ? (error.status ?? null) : null,
    message: failureMessage(error, PAY_LINK_START_FAILED_MESSAGE),
  };
}

interface PayLinkInput {
  readonly orderId: number;
  readonly token: string;
}

interface PayLinkContext extends PayLinkInput {
  readonly view: PayLinkView | null;
  readonly method: OnlinePaymentMethod;
  readonly error: string | null;
}

type PayLinkEvent =
  | { readonly type: 'payLink.methodChosen'; readonly method: OnlinePaymentMethod }
  | { readonly type: 'payLink.startRequested' };

function notProvided(kind: string, name: string): never {
  throw new Error(`pay link machine: ${kind} ${name} not provided`);
}

const statusIs = (error: unknown, status: number) => isPayLinkRefusal(error) && error.status === status;

export const payLinkMachine = setup({
  types: {
    context: {} as PayLinkContext,
    events: {} as PayLinkEvent,
    input: {} as PayLinkInput,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /api/pay-links/{id}/open; rejects with a PayLinkRefusal. */
    openLink: fromPromise<PayLinkView, PayLinkInput>(async () => notProvided('actor', 'openLink')),
    /** POST /api/pay-links/{id}/pay; rejects with a PayLinkRefusal. */
    payByLink: fromPromise<PaymentStart, PayLinkInput & { method: OnlinePaymentMethod }>(async () =>
      notProvided('actor', 'payByLink'),
    ),
  },
  actions: {
    /** A full navigation to the payment service's page, away from the app. */
    leaveFor: (_, _params: { url: string }) => notProvided('action', 'leaveFor'),
  },
  guards: {
    isPayable: (_, params: { view: PayLinkView }) => params.view.state === 'payable',
    refusedWith: (_, params: { error: unknown; status: number }) => statusIs(params.error, params.status),
    offered: ({ context }, params: { method: OnlinePaymentMethod }) =>
      context.view?.methods.includes(params.method) === true,
  },
}).createMachine({
  id: 'payLink',
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
        id: 'openLink',
        src: 'openLink',
        input: ({ context }) => ({ orderId: context.orderId, token: context.token }),
        onDone: [
          {
            guard: { type: 'isPayable', params: ({ event }) => ({ view: event.output }) },
            target: 'ready',
            actions: assign({
              view: ({ event }) => event.output,
              method: ({ event }) => event.output.chosen,
            }),
          },
          { target: 'awaitingApproval', actions: assign({ view: ({ event }) => event.output }) },
        ],
        onError: [
          {
            guard: { type: 'refusedWith', params: ({ event }) => ({ error: event.error, status: 404 }) },
            target: 'invalid',
          },
          { target: 'loadFailed' },
        ],
      },
    },
    invalid: {},
    loadFailed: {},
    awaitingApproval: {},
    notPayable: {},
    ready: {
      on: {
        'payLink.methodChosen': {
          guard: { type: 'offered', params: ({ event }) => ({ method: event.method }) },
          actions: assign({ method: ({ event }) => event.method }),
        },
        'payLink.startRequested': 'startingPayment',
      },
    },
    startingPayment: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'payByLink',
        src: 'payByLink',
        input: ({ context }) => ({ orderId: context.orderId, token: context.token, method: context.method }),
        onDone: {
          target: 'redirecting',
          actions: { type: 'leaveFor', params: ({ event }) => ({ url: event.output.confirmationUrl }) },
        },
        onError: [
          {
            guard: { type: 'refusedWith', params: ({ event }) => ({ error: event.error, status: 404 }) },
            target: 'invalid',
          },
          {
            guard: { type: 'refusedWith', params: ({ event }) => ({ error: event.error, status: 409 }) },
            target: 'notPayable',
          },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) =>
                isPayLinkRefusal(event.error) ? event.error.message : PAY_LINK_START_FAILED_MESSAGE,
            }),
          },
        ],
      },
    },
    redirecting: { tags: ['busy'] },
    failed: {
      on: {
        'payLink.methodChosen': {
          guard: { type: 'offered', params: ({ event }) => ({ method: event.method }) },
          target: 'ready',
          actions: assign({ method: ({ event }) => event.method, error: null }),
        },
        'payLink.startRequested': 'startingPayment',
      },
    },
  },
});

/** The machine with its calls bound to the payments port (the view never calls it). */
export function payLinkMachineFor(payments: Pick<PaymentsPort, 'openLink' | 'payByLink'>) {
  return payLinkMachine.provide({
    actors: {
      openLink: fromPromise<PayLinkView, PayLinkInput>(async ({ input, signal }) => {
        try {
          return await payments.openLink(input.orderId, input.token, { signal });
        } catch (error) {
          throw refusalOf(error);
        }
      }),
      payByLink: fromPromise<PaymentStart, PayLinkInput & { method: OnlinePaymentMethod }>(
        async ({ input, signal }) => {
          try {
            return await payments.payByLink(input.orderId, input.token, input.method, { signal });
          } catch (error) {
            throw refusalOf(error);
          }
        },
      ),
    },
  });
}
