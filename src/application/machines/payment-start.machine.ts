/**
 * The payment page (/pay/{orderId}): the signed-in owner's order is read from the server (the amount
 * must be current), and «Оплатить картой» asks the server for a payment (POST /api/payments/create)
 * and sends the browser to the payment service's page.
 *
 * - `waitingForAuth`   — the auth machine has not answered yet (the page shows its loading screen);
 * - `signInRequired`   — a guest: only the owner may pay, so the page offers the login;
 * - `loadingOrder`     — the owner's orders are being read;
 * - `missing`          — no such order among the client's own;
 * - `loadFailed`       — the read failed (the page asks to reload it);
 * - `ready`            — the order may be paid now: the button;
 * - `alreadyPaid`      — the order is paid (a second payment is never offered);
 * - `awaitingApproval` — new or confirmed: a manager has not allowed payment yet;
 * - `notPayable`       — anything else, or the server refused the payment (409 not_payable);
 * - `startingPayment`  — the payment is being created (tag `busy`: the button is disabled);
 * - `redirecting`      — the browser is leaving for the payment service (tag `busy`);
 * - `failed`           — creating the payment failed: the message, and the button to try again.
 * Which of ready / alreadyPaid / awaitingApproval / notPayable an order is: `paymentAvailability`,
 * the server's own rule, so the button never leads to a refusal.
 */
import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../ports/failure-message';
import type { Order, OrdersPort } from '../ports/orders.port';
import type { PaymentStart, PaymentsPort } from '../ports/payments.port';
import { isPortFailure } from '../ports/port-failure';

export const PAYMENT_START_FAILED_MESSAGE = 'Не удалось перейти к оплате. Попробуйте ещё раз.';

type PaymentRelevant = Pick<Order, 'paymentAllowed' | 'paid' | 'status'>;

/**
 * Whether the shopper may pay the order online now: it waits for payment or prepayment (the manager
 * allowed it) and is not paid — the server's own rule, so a pay link never leads to a refusal.
 */
export function isOrderPayable(order: PaymentRelevant): boolean {
  return (
    order.paymentAllowed &&
    !order.paid &&
    (order.status === 'awaiting_payment' || order.status === 'awaiting_prepayment')
  );
}

export type PaymentAvailability = 'payable' | 'paid' | 'awaiting-approval' | 'closed';

/** Why an order can or cannot be paid now. */
export function paymentAvailability(order: PaymentRelevant): PaymentAvailability {
  if (order.paid || order.status === 'paid') return 'paid';
  if (isOrderPayable(order)) return 'payable';
  if (order.status === 'new' || order.status === 'confirmed') return 'awaiting-approval';
  return 'closed';
}

/** How creating a payment failed, as the machine decides on it. */
export interface PaymentRefusal {
  readonly _tag: 'PaymentRefusal';
  /** The server says the order cannot be paid now (HTTP 409). */
  readonly notPayable: boolean;
  readonly message: string;
}

function isPaymentRefusal(value: unknown): value is PaymentRefusal {
  return (
    typeof value === 'object' && value !== null && (value as { _tag?: unknown })._tag === 'PaymentRefusal'
  );
}

export interface PaymentStartInput {
  readonly orderId: number;
}

export interface PaymentStartContext {
  readonly orderId: number;
  readonly clientId: number | null;
  /** The order as the server answered it; null until loaded. */
  readonly order: Order | null;
  /** The message of a failed start, shown above the button. */
  readonly error: string | null;
}

export type PaymentStartEvent =
  /** The auth machine's answer: a client id, or null for a guest or an administrator. */
  | { readonly type: 'payment.authKnown'; readonly clientId: number | null }
  | { readonly type: 'payment.startRequested' };

function notProvided(kind: string, name: string): never {
  throw new Error(`payment start machine: ${kind} ${name} not provided`);
}

function isClientId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

export const paymentStartMachine = setup({
  types: {
    context: {} as PaymentStartContext,
    events: {} as PaymentStartEvent,
    input: {} as PaymentStartInput,
    tags: {} as 'busy',
  },
  actors: {
    /** The client's own order by id (GET /api/orders/{clientId}); null when it is not theirs or gone. */
    loadOrder: fromPromise<Order | null, { clientId: number; orderId: number }>(async () =>
      notProvided('actor', 'loadOrder'),
    ),
    /** POST /api/payments/create; rejects with a PaymentRefusal. */
    createPayment: fromPromise<PaymentStart, { orderId: number }>(async () =>
      notProvided('actor', 'createPayment'),
    ),
  },
  actions: {
    /** A full navigation to the payment service's page, away from the app. */
    leaveFor: (_, _params: { url: string }) => notProvided('action', 'leaveFor'),
  },
  guards: {
    isGuest: (_, params: { clientId: number | null }) => !isClientId(params.clientId),
    orderMissing: ({ context }) => context.order === null,
    availability: ({ context }, params: { is: PaymentAvailability }) =>
      context.order !== null && paymentAvailability(context.order) === params.is,
    serverSaysNotPayable: (_, params: { error: unknown }) =>
      isPaymentRefusal(params.error) && params.error.notPayable,
  },
}).createMachine({
  id: 'paymentStart',
  context: ({ input }) => ({ orderId: input.orderId, clientId: null, order: null, error: null }),
  initial: 'waitingForAuth',
  states: {
    waitingForAuth: {
      on: {
        'payment.authKnown': [
          {
            guard: { type: 'isGuest', params: ({ event }) => ({ clientId: event.clientId }) },
            target: 'signInRequired',
          },
          { target: 'loadingOrder', actions: assign({ clientId: ({ event }) => event.clientId }) },
        ],
      },
    },
    signInRequired: {},
    loadingOrder: {
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        // Entered only with a client id (see `waitingForAuth`).
        input: ({ context }) => ({ clientId: context.clientId ?? 0, orderId: context.orderId }),
        onDone: { target: 'sorting', actions: assign({ order: ({ event }) => event.output }) },
        onError: 'loadFailed',
      },
    },
    /** Decides what the loaded order allows; no snapshot rests here. */
    sorting: {
      always: [
        { guard: 'orderMissing', target: 'missing' },
        { guard: { type: 'availability', params: { is: 'payable' } }, target: 'ready' },
        { guard: { type: 'availability', params: { is: 'paid' } }, target: 'alreadyPaid' },
        {
          guard: { type: 'availability', params: { is: 'awaiting-approval' } },
          target: 'awaitingApproval',
        },
        { target: 'notPayable' },
      ],
    },
    missing: {},
    loadFailed: {},
    alreadyPaid: {},
    awaitingApproval: {},
    notPayable: {},
    ready: {
      on: { 'payment.startRequested': 'startingPayment' },
    },
    startingPayment: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'createPayment',
        src: 'createPayment',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'redirecting',
          actions: { type: 'leaveFor', params: ({ event }) => ({ url: event.output.confirmationUrl }) },
        },
        onError: [
          {
            guard: { type: 'serverSaysNotPayable', params: ({ event }) => ({ error: event.error }) },
            target: 'notPayable',
          },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) =>
                isPaymentRefusal(event.error) ? event.error.message : PAYMENT_START_FAILED_MESSAGE,
            }),
          },
        ],
      },
    },
    redirecting: { tags: ['busy'] },
    failed: {
      on: { 'payment.startRequested': 'startingPayment' },
    },
  },
});

/** The order with this id among the client's own, or null. */
export async function ownOrder(
  orders: Pick<OrdersPort, 'listByClient'>,
  clientId: number,
  orderId: number,
  signal: AbortSignal,
): Promise<Order | null> {
  const list = await orders.listByClient(clientId, { signal });
  return list.find((candidate) => candidate.id === orderId) ?? null;
}

/** The machine with its calls bound to the orders and payments ports (the view never calls them). */
export function paymentStartMachineFor(ports: {
  readonly orders: Pick<OrdersPort, 'listByClient'>;
  readonly payments: Pick<PaymentsPort, 'create'>;
}) {
  return paymentStartMachine.provide({
    actors: {
      loadOrder: fromPromise<Order | null, { clientId: number; orderId: number }>(({ input, signal }) =>
        ownOrder(ports.orders, input.clientId, input.orderId, signal),
      ),
      createPayment: fromPromise<PaymentStart, { orderId: number }>(async ({ input, signal }) => {
        try {
          return await ports.payments.create(input.orderId, { signal });
        } catch (error) {
          const refusal: PaymentRefusal = {
            _tag: 'PaymentRefusal',
            notPayable: isPortFailure(error) && error.status === 409,
            message: failureMessage(error, PAYMENT_START_FAILED_MESSAGE),
          };
          throw refusal;
        }
      }),
    },
  });
}
