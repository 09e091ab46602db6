/**
 * The thank-you page (/thank-you?order={id}, and ?orderId= on the way back from the payment service):
 * which details of the order it can show.
 *
 * - `waitingForAuth`  — the order was not placed in this tab and the auth machine has not answered;
 * - `loading`         — a signed-in client: their copy of the order is being read;
 * - `shown`           — the order's details are known (placed in this tab, or read back);
 * - `withoutDetails`  — a guest, an order that is not the client's, or a failed read: the page still
 *                       thanks for the order by its number (a guest cannot read orders back: they
 *                       belong to the account of the contact e-mail).
 */
import { assign, fromPromise, setup } from 'xstate';
import { ORDERS_PORT, type Order, type OrdersPort } from '../ports/orders.port';
import { defineUseCase } from '../use-case';

export interface ThankYouInput {
  readonly orderId: number;
  /** The order as placed in this tab, when it was. */
  readonly placed: Order | null;
}

export interface ThankYouContext {
  readonly orderId: number;
  readonly order: Order | null;
  readonly clientId: number | null;
}

export type ThankYouEvent =
  /** The auth machine's answer: a client id, or null for a guest or an administrator. */
  { readonly type: 'thankYou.authKnown'; readonly clientId: number | null };

function isClientId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

export const thankYouMachine = setup({
  types: {
    context: {} as ThankYouContext,
    events: {} as ThankYouEvent,
    input: {} as ThankYouInput,
  },
  actors: {
    /** The client's own order by id; null when it is not theirs or gone. */
    loadOrder: fromPromise<Order | null, { clientId: number; orderId: number }>(async () => {
      throw new Error('thank-you machine: actor loadOrder not provided');
    }),
  },
  guards: {
    placedHere: ({ context }) => context.order !== null,
    isClient: (_, params: { clientId: number | null }) => isClientId(params.clientId),
    found: (_, params: { order: Order | null }) => params.order !== null,
  },
}).createMachine({
  id: 'thankYou',
  context: ({ input }) => ({ orderId: input.orderId, order: input.placed, clientId: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'placedHere', target: 'shown' }, { target: 'waitingForAuth' }],
    },
    waitingForAuth: {
      on: {
        'thankYou.authKnown': [
          {
            guard: { type: 'isClient', params: ({ event }) => ({ clientId: event.clientId }) },
            target: 'loading',
            actions: assign({ clientId: ({ event }) => event.clientId }),
          },
          { target: 'withoutDetails' },
        ],
      },
    },
    loading: {
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        // Entered only with a client id (see `waitingForAuth`).
        input: ({ context }) => ({ clientId: context.clientId ?? 0, orderId: context.orderId }),
        onDone: [
          {
            guard: { type: 'found', params: ({ event }) => ({ order: event.output }) },
            target: 'shown',
            actions: assign({ order: ({ event }) => event.output }),
          },
          { target: 'withoutDetails' },
        ],
        // Without the details the page still thanks for the order by its number.
        onError: 'withoutDetails',
      },
    },
    shown: {},
    withoutDetails: {},
  },
});

/** The machine with its read bound to the orders port (the view never calls it). */
export function thankYouMachineFor(orders: Pick<OrdersPort, 'listByClient'>) {
  return thankYouMachine.provide({
    actors: {
      loadOrder: fromPromise<Order | null, { clientId: number; orderId: number }>(({ input, signal }) =>
        ownOrder(orders, input.clientId, input.orderId, signal),
      ),
    },
  });
}

/** The order with this id among the client's own, or null. */
async function ownOrder(
  orders: Pick<OrdersPort, 'listByClient'>,
  clientId: number,
  orderId: number,
  signal: AbortSignal,
): Promise<Order | null> {
  const list = await orders.listByClient(clientId, { signal });
  return list.find((candidate) => candidate.id === orderId) ?? null;
}

/** The thank-you page's order reader, provided with this page's orders port. */
export const thankYou = defineUseCase('checkout.thankYouMachine', { orders: ORDERS_PORT }, ({ orders }) =>
  thankYouMachineFor(orders),
);
