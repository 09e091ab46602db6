/**
 * The cart page's stock check (issue 22, item 9): when the cart loads or changes, after
 * `availabilityDelay` (`waiting`) the server's checkout quote is asked (`loading`) for each line's
 * units on hand, so a line above the stock is flagged in the cart («В наличии только 2 шт.»), not at
 * submit. A change meanwhile starts over (the latest answer wins); a failure (`failed`) flags nothing
 * — the order's own transaction still decides. `idle` while the cart is empty.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Cart } from '../../domain/cart';
import { EMPTY_CHECKOUT, quoteRequestOf } from '../../domain/checkout';
import { ORDERS_PORT, type OrdersPort } from '../ports/orders.port';
import { defineUseCase } from '../use-case';

/** The pause after the last change of the cart before its stock is checked. */
export const AVAILABILITY_DELAY_MS = 400;

/** Product id → units on hand, for the lines whose stock is limited. */
export type Availability = Readonly<Record<number, number>>;

export type CartAvailabilityEvent = { readonly type: 'availability.cartShown'; readonly cart: Cart };

function notProvided(name: string): never {
  throw new Error(`cart availability machine: actor ${name} not provided`);
}

export const cartAvailabilityMachine = setup({
  types: {
    context: {} as { readonly cart: Cart; readonly available: Availability },
    events: {} as CartAvailabilityEvent,
  },
  actors: {
    /** POST /api/orders/quote for the cart; the lines with a limited stock. */
    checkAvailability: fromPromise<Availability, { cart: Cart }>(async () =>
      notProvided('checkAvailability'),
    ),
  },
  delays: { availabilityDelay: AVAILABILITY_DELAY_MS },
  guards: {
    cartEmpty: ({ event }) => event.cart.length === 0,
  },
}).createMachine({
  id: 'cartAvailability',
  context: { cart: [], available: {} },
  initial: 'idle',
  on: {
    'availability.cartShown': [
      { guard: 'cartEmpty', target: '.idle', actions: assign({ cart: [], available: {} }) },
      { target: '.waiting', reenter: true, actions: assign({ cart: ({ event }) => event.cart }) },
    ],
  },
  states: {
    idle: {},
    waiting: { after: { availabilityDelay: 'loading' } },
    loading: {
      invoke: {
        id: 'checkAvailability',
        src: 'checkAvailability',
        input: ({ context }) => ({ cart: context.cart }),
        onDone: { target: 'ready', actions: assign({ available: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ available: {} }) },
      },
    },
    ready: {},
    failed: {},
  },
});

/** The machine with its call bound to the orders port (views never call it). */
export function cartAvailabilityMachineFor(ports: { readonly orders: Pick<OrdersPort, 'quote'> }) {
  return cartAvailabilityMachine.provide({
    actors: {
      checkAvailability: fromPromise<Availability, { cart: Cart }>(async ({ input, signal }) => {
        const quote = await ports.orders.quote(
          quoteRequestOf({ ...EMPTY_CHECKOUT, delivery: 'pickup' }, input.cart),
          { signal },
        );
        const available: Record<number, number> = {};
        for (const line of quote.items)
          if (line.available !== null) available[line.productId] = line.available;
        return available;
      }),
    },
  });
}

/** The cart's availability check, provided with this page's orders port (the cart view runs it). */
export const cartAvailability = defineUseCase('cart.availabilityMachine', { orders: ORDERS_PORT }, (ports) =>
  cartAvailabilityMachineFor(ports),
);
