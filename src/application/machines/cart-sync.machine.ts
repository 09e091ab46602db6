/**
 * Cart synchronisation (spec §4 "Cart", §8 cart toasts, §9 "Cart server save delay 500 ms").
 *
 * Top-level states model whose cart this is:
 * - `awaitingAuth` — start-up, before the auth machine has answered: the local cart is used as it is;
 * - `guest`        — nobody (or an administrator, who has no cart) is signed in: the cart lives only
 *                    under the local key 'cart';
 * - `client`       — a client with a positive clientId: merged with the server cart on entry, then
 *                    every change is saved locally at once and to the server 500 ms after the last one.
 *
 * The local change always stays: a server failure only produces the spec's toast. Whatever the state,
 * every change is applied to the context and written locally first. The rules themselves (adding to an
 * existing line, larger quantity wins, "differs") come from the domain module cart.ts.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  addToCart,
  type Cart,
  type CartProduct,
  cartsDiffer,
  clearCart,
  keepSavedLines,
  mergeCarts,
  normaliseCart,
  removeFromCart,
  setCartQuantity,
} from '../../domain/cart';

export const CART_SYNC_FAILED_MESSAGE = 'Не удалось синхронизировать корзину с сервером';
export const CART_CLEAR_FAILED_MESSAGE = 'Не удалось очистить корзину на сервере';
/** Not in the spec (its texts cover failures only): said when the server's save dropped products. */
export const CART_ITEMS_DROPPED_MESSAGE = 'Некоторых товаров больше нет в продаже — мы убрали их из корзины';

export interface CartSyncInput {
  /** The cart read (and decoded) from the local key 'cart' at start-up. */
  readonly localCart: Cart;
  /**
   * The guest's cart kept locally at sign-in (GUEST_CART_BACKUP_SLOT), so a logout after a reload still
   * restores it; empty when there is none.
   */
  readonly localBackup?: Cart;
}

interface CartSyncContext {
  readonly cart: Cart;
  /** The signed-in client, when there is one with a positive clientId. */
  readonly clientId: number | null;
  /** The guest's cart as it was at sign-in, restored on logout (spec: "backed up and restored"). */
  readonly anonymousBackup: Cart | null;
  /** A change arrived while a server call was in flight, so another save must follow it. */
  readonly dirty: boolean;
}

type CartSyncEvent =
  /** Relayed from the auth machine's `auth.stateChanged`. */
  | { readonly type: 'auth.changed'; readonly isAuthenticated: boolean; readonly clientId: number | null }
  | { readonly type: 'cart.itemAdded'; readonly product: CartProduct; readonly quantity?: number }
  | { readonly type: 'cart.quantityChanged'; readonly id: number; readonly quantity: number }
  | { readonly type: 'cart.itemRemoved'; readonly id: number }
  | { readonly type: 'cart.cleared' }
  /**
   * An order was placed from this cart: the server emptied the client's cart in the order's own
   * transaction, so the cart is emptied here only (no PUT of an empty cart the server already has).
   */
  | { readonly type: 'cart.orderPlaced' }
  /** Another tab wrote 'cart' (the storage adapter decodes the new value). */
  | { readonly type: 'cart.storageChanged'; readonly cart: Cart };

type CartChangeEvent = Extract<
  CartSyncEvent,
  { type: 'cart.itemAdded' | 'cart.quantityChanged' | 'cart.itemRemoved' }
>;

function notProvided(kind: string, name: string): never {
  throw new Error(`cart sync machine: ${kind} ${name} not provided`);
}

/** A usable client id: server calls need a positive integer (spec §5 call preconditions). */
function clientIdOf(event: { isAuthenticated: boolean; clientId: number | null }): number | null {
  const { clientId } = event;
  return event.isAuthenticated &&
    typeof clientId === 'number' &&
    Number.isSafeInteger(clientId) &&
    clientId > 0
    ? clientId
    : null;
}

/** The cart after a local change; a change the domain refuses leaves the cart as it was. */
function applyChange(cart: Cart, event: CartChangeEvent): Cart {
  switch (event.type) {
    case 'cart.itemAdded': {
      const result = addToCart(cart, event.product, event.quantity ?? 1);
      return result.ok ? result.value : cart;
    }
    case 'cart.quantityChanged': {
      const result = setCartQuantity(cart, event.id, event.quantity);
      return result.ok ? result.value : cart;
    }
    case 'cart.itemRemoved':
      return removeFromCart(cart, event.id);
  }
}

const cartSyncSetup = setup({
  types: {
    context: {} as CartSyncContext,
    events: {} as CartSyncEvent,
    input: {} as CartSyncInput,
  },
  actors: {
    loadServerCart: fromPromise<Cart, { clientId: number }>(async () =>
      notProvided('actor', 'loadServerCart'),
    ),
    /**
     * PUT /api/cart/{clientId} with the whole cart; clearing sends the empty cart. Answers with the
     * lines the server kept (a product no longer sold is dropped).
     */
    saveServerCart: fromPromise<Cart, { clientId: number; cart: Cart }>(async () =>
      notProvided('actor', 'saveServerCart'),
    ),
  },
  actions: {
    saveLocalCart: (_, _params: { cart: Cart }) => notProvided('action', 'saveLocalCart'),
    /** Keeps the guest's cart locally while a client is signed in; null removes it. */
    saveGuestBackup: (_, _params: { cart: Cart | null }) => notProvided('action', 'saveGuestBackup'),
    notify: (_, _params: { message: string }) => notProvided('action', 'notify'),
    markDirty: assign({ dirty: true }),
    markClean: assign({ dirty: false }),
  },
  guards: {
    isClient: (_, params: { clientId: number | null }) => params.clientId !== null,
    isOtherClient: ({ context }, params: { clientId: number | null }) =>
      params.clientId !== null && params.clientId !== context.clientId,
    isNotClient: (_, params: { clientId: number | null }) => params.clientId === null,
    isDirty: ({ context }) => context.dirty,
    mergeDiffersFromServer: ({ context }, params: { server: Cart }) =>
      cartsDiffer(mergeCarts(context.cart, params.server), params.server),
  },
  delays: {
    saveDebounce: 500,
  },
});

/** Applies a change to the context and writes it locally: the step every state shares. */
const applyLocally = cartSyncSetup.enqueueActions(({ context, event, enqueue }) => {
  let next: Cart;
  if (event.type === 'cart.storageChanged') {
    // The other tab already wrote the value: take it, do not write it back.
    enqueue.assign({ cart: normaliseCart(event.cart) });
    return;
  }
  if (event.type === 'cart.cleared' || event.type === 'cart.orderPlaced') next = clearCart();
  else if (
    event.type === 'cart.itemAdded' ||
    event.type === 'cart.quantityChanged' ||
    event.type === 'cart.itemRemoved'
  )
    next = applyChange(context.cart, event);
  else return;
  enqueue.assign({ cart: next });
  enqueue({ type: 'saveLocalCart', params: { cart: next } });
});

/** On logout the guest's cart comes back (an empty one when the page started signed in). */
const restoreAnonymousCart = cartSyncSetup.enqueueActions(({ context, enqueue }) => {
  const restored = context.anonymousBackup ?? clearCart();
  enqueue.assign({ cart: restored, anonymousBackup: null, clientId: null, dirty: false });
  enqueue({ type: 'saveLocalCart', params: { cart: restored } });
  enqueue({ type: 'saveGuestBackup', params: { cart: null } });
});

/** Sign-in: the guest's cart is kept, in memory and locally (a reload must not lose it). */
const backUpGuestCart = cartSyncSetup.enqueueActions(({ context, event, enqueue }) => {
  if (event.type !== 'auth.changed') return;
  enqueue.assign({ clientId: clientIdOf(event), anonymousBackup: context.cart });
  enqueue({ type: 'saveGuestBackup', params: { cart: context.cart } });
});

/** A page that starts as a guest has no sign-in to undo: a backup left by an old session goes. */
const dropStaleBackup = cartSyncSetup.enqueueActions(({ context, enqueue }) => {
  if (context.anonymousBackup === null) return;
  enqueue.assign({ anonymousBackup: null });
  enqueue({ type: 'saveGuestBackup', params: { cart: null } });
});

/**
 * The server's answer to a save, when no change came in meanwhile: the cart keeps the lines the server
 * kept, and the shopper hears when products were dropped.
 */
const applySavedCart = cartSyncSetup.enqueueActions(({ context, event, enqueue }) => {
  if (!('output' in event) || !Array.isArray(event.output)) return;
  const { cart, dropped } = keepSavedLines(context.cart, event.output as Cart);
  if (!cartsDiffer(cart, context.cart)) return;
  enqueue.assign({ cart });
  enqueue({ type: 'saveLocalCart', params: { cart } });
  if (dropped.length > 0) enqueue({ type: 'notify', params: { message: CART_ITEMS_DROPPED_MESSAGE } });
});

const localChanges = {
  'cart.orderPlaced': { actions: applyLocally },
  'cart.itemAdded': { actions: applyLocally },
  'cart.quantityChanged': { actions: applyLocally },
  'cart.itemRemoved': { actions: applyLocally },
  'cart.cleared': { actions: applyLocally },
  'cart.storageChanged': { actions: applyLocally },
} as const;

export const cartSyncMachine = cartSyncSetup.createMachine({
  id: 'cartSync',
  context: ({ input }) => ({
    cart: normaliseCart(input.localCart),
    clientId: null,
    anonymousBackup:
      input.localBackup !== undefined && input.localBackup.length > 0
        ? normaliseCart(input.localBackup)
        : null,
    dirty: false,
  }),
  initial: 'awaitingAuth',
  states: {
    awaitingAuth: {
      on: {
        ...localChanges,
        'auth.changed': [
          {
            guard: { type: 'isClient', params: ({ event }) => ({ clientId: clientIdOf(event) }) },
            target: 'client',
            actions: assign({ clientId: ({ event }) => clientIdOf(event) }),
          },
          { target: 'guest', actions: dropStaleBackup },
        ],
      },
    },
    guest: {
      on: {
        ...localChanges,
        'auth.changed': {
          guard: { type: 'isClient', params: ({ event }) => ({ clientId: clientIdOf(event) }) },
          target: 'client',
          actions: backUpGuestCart,
        },
      },
    },
    client: {
      initial: 'merging',
      on: {
        'auth.changed': [
          {
            guard: { type: 'isNotClient', params: ({ event }) => ({ clientId: clientIdOf(event) }) },
            target: 'guest',
            actions: restoreAnonymousCart,
          },
          {
            // Another client signed in without a logout in between: merge with that client's cart.
            guard: { type: 'isOtherClient', params: ({ event }) => ({ clientId: clientIdOf(event) }) },
            target: '.merging',
            reenter: true,
            actions: assign({ clientId: ({ event }) => clientIdOf(event), dirty: false }),
          },
        ],
        // Spec §4: clearing empties the local and the server cart; any pending save is dropped.
        'cart.cleared': { target: '.clearing', reenter: true, actions: [applyLocally, 'markClean'] },
        // The order's transaction emptied the server cart: only the local one is emptied, and a save
        // in flight or pending is abandoned (it would put the ordered lines back).
        'cart.orderPlaced': { target: '.idle', reenter: true, actions: [applyLocally, 'markClean'] },
      },
      states: {
        merging: {
          on: {
            // The merge below uses the cart as it is when the server answers, so these are kept.
            'cart.itemAdded': { actions: applyLocally },
            'cart.quantityChanged': { actions: applyLocally },
            'cart.itemRemoved': { actions: applyLocally },
            'cart.storageChanged': { actions: applyLocally },
          },
          invoke: {
            id: 'loadServerCart',
            src: 'loadServerCart',
            input: ({ context }) => ({ clientId: context.clientId ?? 0 }),
            onDone: [
              {
                // Spec §4: the merged cart is pushed only if it differs from the server's.
                guard: { type: 'mergeDiffersFromServer', params: ({ event }) => ({ server: event.output }) },
                target: 'saving',
                actions: [
                  assign({ cart: ({ context, event }) => mergeCarts(context.cart, event.output) }),
                  { type: 'saveLocalCart', params: ({ context }) => ({ cart: context.cart }) },
                ],
              },
              {
                target: 'idle',
                actions: [
                  assign({ cart: ({ context, event }) => mergeCarts(context.cart, event.output) }),
                  { type: 'saveLocalCart', params: ({ context }) => ({ cart: context.cart }) },
                ],
              },
            ],
            // Spec §8: a failed load falls back to the local data; nothing is pushed over the server.
            onError: { target: 'idle' },
          },
        },
        idle: {
          on: {
            'cart.itemAdded': { target: 'debouncing', actions: applyLocally },
            'cart.quantityChanged': { target: 'debouncing', actions: applyLocally },
            'cart.itemRemoved': { target: 'debouncing', actions: applyLocally },
            // Another tab's cart is saved too (an idempotent PUT): if that tab's own save races with
            // one of ours, the server still ends with the cart both tabs now hold.
            'cart.storageChanged': { target: 'debouncing', actions: applyLocally },
          },
        },
        debouncing: {
          on: {
            // Each change restarts the 500 ms wait: only the last one is saved.
            'cart.itemAdded': { target: 'debouncing', reenter: true, actions: applyLocally },
            'cart.quantityChanged': { target: 'debouncing', reenter: true, actions: applyLocally },
            'cart.itemRemoved': { target: 'debouncing', reenter: true, actions: applyLocally },
            'cart.storageChanged': { target: 'debouncing', reenter: true, actions: applyLocally },
          },
          after: { saveDebounce: 'saving' },
        },
        saving: {
          entry: 'markClean',
          on: {
            'cart.itemAdded': { actions: [applyLocally, 'markDirty'] },
            'cart.quantityChanged': { actions: [applyLocally, 'markDirty'] },
            'cart.itemRemoved': { actions: [applyLocally, 'markDirty'] },
            'cart.storageChanged': { actions: [applyLocally, 'markDirty'] },
          },
          invoke: {
            id: 'saveServerCart',
            src: 'saveServerCart',
            input: ({ context }) => ({ clientId: context.clientId ?? 0, cart: context.cart }),
            onDone: [
              { guard: 'isDirty', target: 'debouncing' },
              { target: 'idle', actions: applySavedCart },
            ],
            onError: [
              {
                guard: 'isDirty',
                target: 'debouncing',
                actions: { type: 'notify', params: { message: CART_SYNC_FAILED_MESSAGE } },
              },
              { target: 'idle', actions: { type: 'notify', params: { message: CART_SYNC_FAILED_MESSAGE } } },
            ],
          },
        },
        clearing: {
          on: {
            'cart.itemAdded': { actions: [applyLocally, 'markDirty'] },
            'cart.quantityChanged': { actions: [applyLocally, 'markDirty'] },
            'cart.itemRemoved': { actions: [applyLocally, 'markDirty'] },
            'cart.storageChanged': { actions: [applyLocally, 'markDirty'] },
          },
          invoke: {
            id: 'clearServerCart',
            src: 'saveServerCart',
            input: ({ context }) => ({ clientId: context.clientId ?? 0, cart: clearCart() }),
            onDone: [{ guard: 'isDirty', target: 'debouncing' }, { target: 'idle' }],
            onError: [
              {
                guard: 'isDirty',
                target: 'debouncing',
                actions: { type: 'notify', params: { message: CART_CLEAR_FAILED_MESSAGE } },
              },
              { target: 'idle', actions: { type: 'notify', params: { message: CART_CLEAR_FAILED_MESSAGE } } },
            ],
          },
        },
      },
    },
  },
});
