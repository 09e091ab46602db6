/**
 * The cart page's quote (issue 22, item 9; issue 23, item 3): when the cart loads or changes, or the
 * shopper changes the delivery draft («Доставка и услуги»: zone, km beyond КАД, floor, lift,
 * services), after `availabilityDelay` (`waiting`) the server's checkout quote is asked (`loading`) —
 * the same request the checkout makes for the same details (domain `cartQuoteRequestOf`). Its answer
 * flags a line above the stock («В наличии только 2 шт.») and lists the delivery and service lines
 * with the total, so the shopper sees the whole price before checkout. A change meanwhile starts over
 * (the latest answer wins); a failure (`failed`) flags nothing and keeps the last figures with
 * QUOTE_FAILED_MESSAGE — the order's own transaction still decides. `idle` while the cart is empty.
 *
 * The details are the one delivery draft the checkout starts with: read on start
 * (`restoreDeliveryDraft`) and kept on each change (`rememberDeliveryDraft`).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Cart } from '../../domain/cart';
import {
  type CheckoutDeliveryDetails,
  cartQuoteRequestOf,
  EMPTY_DELIVERY_DETAILS,
  QUOTE_FAILED_MESSAGE,
} from '../../domain/checkout';
import { failureMessage } from '../ports/failure-message';
import type { KeyValueStoragePort } from '../ports/key-value-storage.port';
import { KEY_VALUE_STORAGE_PORT } from '../ports/key-value-storage.port';
import { DELIVERY_DRAFT_SLOT } from '../ports/order-draft-slots';
import { ORDERS_PORT, type OrderQuote, type OrdersPort } from '../ports/orders.port';
import { defineUseCase } from '../use-case';

/** The pause after the last change of the cart before its stock is checked. */
export const AVAILABILITY_DELAY_MS = 400;

/** Product id → units on hand, for the lines whose stock is limited. */
export type Availability = Readonly<Record<number, number>>;

/** The quote's answer as the cart shows it: the limited lines and the figures. */
export interface CartQuote {
  readonly available: Availability;
  readonly quote: OrderQuote;
}

export type CartAvailabilityEvent =
  | { readonly type: 'availability.cartShown'; readonly cart: Cart }
  /** Issue 23: the shopper changed the delivery draft in «Доставка и услуги»; quoted again. */
  | {
      readonly type: 'availability.deliveryDetailsChanged';
      readonly details: Partial<CheckoutDeliveryDetails>;
    };

interface CartAvailabilityContext {
  readonly cart: Cart;
  readonly details: CheckoutDeliveryDetails;
  readonly available: Availability;
  /** The latest quote; null before the first. */
  readonly quote: OrderQuote | null;
  /** QUOTE_FAILED_MESSAGE when the last quote failed. */
  readonly quoteMessage: string | null;
}

function notProvided(name: string): never {
  throw new Error(`cart availability machine: actor ${name} not provided`);
}

/** Product id → units on hand of the quote's lines whose stock is limited. */
function availabilityOf(quote: OrderQuote): Availability {
  const available: Record<number, number> = {};
  for (const line of quote.items) if (line.available !== null) available[line.productId] = line.available;
  return available;
}

export const cartAvailabilityMachine = setup({
  types: {
    context: {} as CartAvailabilityContext,
    events: {} as CartAvailabilityEvent,
  },
  actors: {
    /** POST /api/orders/quote for the cart and the delivery draft. */
    quoteCart: fromPromise<CartQuote, { cart: Cart; details: CheckoutDeliveryDetails }>(async () =>
      notProvided('quoteCart'),
    ),
  },
  actions: {
    /** The delivery draft the checkout left becomes the details; without a store they start empty. */
    restoreDeliveryDraft: () => {},
    /** Keeps the details as the one delivery draft the checkout starts with. */
    rememberDeliveryDraft: (_, _params: { details: CheckoutDeliveryDetails }) => {},
  },
  delays: { availabilityDelay: AVAILABILITY_DELAY_MS },
  guards: {
    cartEmpty: ({ event }) => event.type === 'availability.cartShown' && event.cart.length === 0,
    hasCart: ({ context }) => context.cart.length > 0,
  },
}).createMachine({
  id: 'cartAvailability',
  context: {
    cart: [],
    details: EMPTY_DELIVERY_DETAILS,
    available: {},
    quote: null,
    quoteMessage: null,
  },
  entry: 'restoreDeliveryDraft',
  initial: 'idle',
  on: {
    'availability.cartShown': [
      {
        guard: 'cartEmpty',
        target: '.idle',
        actions: assign({ cart: [], available: {}, quote: null, quoteMessage: null }),
      },
      {
        target: '.waiting',
        reenter: true,
        actions: assign({ cart: ({ event }) => (event.type === 'availability.cartShown' ? event.cart : []) }),
      },
    ],
    'availability.deliveryDetailsChanged': [
      {
        guard: 'hasCart',
        target: '.waiting',
        reenter: true,
        actions: [
          assign({ details: ({ context, event }) => ({ ...context.details, ...event.details }) }),
          { type: 'rememberDeliveryDraft', params: ({ context }) => ({ details: context.details }) },
        ],
      },
      {
        actions: [
          assign({ details: ({ context, event }) => ({ ...context.details, ...event.details }) }),
          { type: 'rememberDeliveryDraft', params: ({ context }) => ({ details: context.details }) },
        ],
      },
    ],
  },
  states: {
    idle: {},
    waiting: { after: { availabilityDelay: 'loading' } },
    loading: {
      invoke: {
        id: 'quoteCart',
        src: 'quoteCart',
        input: ({ context }) => ({ cart: context.cart, details: context.details }),
        onDone: {
          target: 'ready',
          actions: assign({
            available: ({ event }) => event.output.available,
            quote: ({ event }) => event.output.quote,
            quoteMessage: null,
          }),
        },
        onError: {
          target: 'failed',
          // The server's reason when it refused the details (a day filled up, a window gone).
          actions: assign({
            available: {},
            quoteMessage: ({ event }) => failureMessage(event.error, QUOTE_FAILED_MESSAGE),
          }),
        },
      },
    },
    ready: {},
    failed: {},
  },
});

/** The machine with its call bound to the orders port and the draft to the page's storage. */
export function cartAvailabilityMachineFor(ports: {
  readonly orders: Pick<OrdersPort, 'quote'>;
  /** Where the delivery draft the checkout shares is kept; absent: none is kept. */
  readonly storage?: Pick<KeyValueStoragePort, 'read' | 'write'>;
}) {
  const { storage } = ports;
  return cartAvailabilityMachine.provide({
    actions:
      storage === undefined
        ? {}
        : {
            restoreDeliveryDraft: assign({ details: () => storage.read(DELIVERY_DRAFT_SLOT) }),
            rememberDeliveryDraft: (_, { details }) => storage.write(DELIVERY_DRAFT_SLOT, details),
          },
    actors: {
      quoteCart: fromPromise<CartQuote, { cart: Cart; details: CheckoutDeliveryDetails }>(
        async ({ input, signal }) => {
          const quote = await ports.orders.quote(cartQuoteRequestOf(input.details, input.cart), { signal });
          return { available: availabilityOf(quote), quote };
        },
      ),
    },
  });
}

/** The cart page's quote, provided with this page's orders port and storage (the cart view runs it). */
export const cartAvailability = defineUseCase(
  'cart.availabilityMachine',
  { orders: ORDERS_PORT, storage: KEY_VALUE_STORAGE_PORT },
  (ports) => cartAvailabilityMachineFor(ports),
);
