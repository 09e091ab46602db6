import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  CART_CLEAR_FAILED_MESSAGE,
  CART_ITEMS_DROPPED_MESSAGE,
  CART_SYNC_FAILED_MESSAGE,
  cartSyncMachine,
} from '../../src/application/machines/cart-sync.machine';
import { type Cart, cartQuantities } from '../../src/domain/cart';
import { controlledActor, flush } from './support/controlled-actor';
import { afterEvent, doneEvent, errorEvent, unreachableStates } from './support/state-graph';

const sofa = { id: 1, name: 'Диван', price: 50_000 };
const lamp = { id: 2, name: 'Лампа', price: 3_000 };
const rug = { id: 3, name: 'Ковёр', price: 12_000 };

function quantities(cart: Cart): Record<number, number> {
  return Object.fromEntries(cartQuantities(cart));
}

function startCartSync(localCart: Cart = [], localBackup: Cart = []) {
  const backups: (Cart | null)[] = [];
  const loadServerCart = controlledActor<Cart, { clientId: number }>('loadServerCart');
  const saveServerCart = controlledActor<Cart, { clientId: number; cart: Cart }>('saveServerCart');
  const savedLocally: Cart[] = [];
  const toasts: string[] = [];
  const actor = createActor(
    cartSyncMachine.provide({
      actors: { loadServerCart: loadServerCart.logic, saveServerCart: saveServerCart.logic },
      actions: {
        saveLocalCart: (_, { cart }) => savedLocally.push(cart),
        saveGuestBackup: (_, { cart }) => backups.push(cart),
        notify: (_, { message }) => toasts.push(message),
      },
    }),
    { input: { localCart, localBackup } },
  ).start();
  const cart = () => quantities(actor.getSnapshot().context.cart);
  return { actor, loadServerCart, saveServerCart, savedLocally, toasts, cart, backups };
}

const signIn = (clientId = 42) => ({ type: 'auth.changed', isAuthenticated: true, clientId }) as const;
const signOut = { type: 'auth.changed', isAuthenticated: false, clientId: null } as const;

describe('cart sync machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the guest cart locally at sign-in and restores it on logout after a reload', async () => {
    // Before the reload: a guest with a sofa signs in; the backup is written locally.
    const before = startCartSync();
    before.actor.send(signOut);
    before.actor.send({ type: 'cart.itemAdded', product: sofa });
    before.actor.send(signIn());
    const backup = before.backups.at(-1);
    expect(quantities(backup ?? [])).toEqual({ 1: 1 });
    before.actor.stop();

    // After the reload: the page starts signed in with the client's cart and the stored backup.
    const after = startCartSync([{ ...lamp, quantity: 2 }], backup ?? []);
    after.actor.send(signIn());
    after.loadServerCart.next().resolve([{ ...lamp, quantity: 2 }]);
    await flush();
    after.actor.send(signOut);
    expect(after.cart()).toEqual({ 1: 1 });
    expect(after.backups.at(-1)).toBeNull();
  });

  it('keeps the lines the server kept after a save, and says when products were dropped', async () => {
    const { actor, loadServerCart, saveServerCart, cart, toasts, savedLocally } = startCartSync();
    actor.send(signIn());
    loadServerCart.next().resolve([]);
    await flush();
    actor.send({ type: 'cart.itemAdded', product: sofa, quantity: 2 });
    actor.send({ type: 'cart.itemAdded', product: lamp });
    await vi.advanceTimersByTimeAsync(500);
    // The lamp is no longer sold: the server kept the sofa only.
    saveServerCart.next().resolve([{ ...sofa, quantity: 2 }]);
    await flush();
    expect(cart()).toEqual({ 1: 2 });
    expect(quantities(savedLocally.at(-1) ?? [])).toEqual({ 1: 2 });
    expect(toasts).toEqual([CART_ITEMS_DROPPED_MESSAGE]);
    expect(actor.getSnapshot().context.cart[0]?.name).toBe('Диван');
  });

  it('empties only the local cart after an order: the server emptied its own, and no save is sent', async () => {
    const { actor, loadServerCart, saveServerCart, cart } = startCartSync();
    actor.send(signIn());
    loadServerCart.next().resolve([]);
    await flush();
    actor.send({ type: 'cart.itemAdded', product: sofa });
    actor.send({ type: 'cart.orderPlaced' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(cart()).toEqual({});
    expect(saveServerCart.calls).toHaveLength(0);
    expect(actor.getSnapshot().value).toEqual({ client: 'idle' });
  });

  it('drops a backup left by an old session when the page starts as a guest', () => {
    const { actor, backups, cart } = startCartSync([{ ...rug, quantity: 1 }], [{ ...sofa, quantity: 1 }]);
    actor.send(signOut);
    expect(backups).toEqual([null]);
    expect(actor.getSnapshot().context.anonymousBackup).toBeNull();
    expect(cart()).toEqual({ 3: 1 });
  });

  it('keeps a guest cart locally only: adding an existing id adds to its quantity', () => {
    const { actor, savedLocally, saveServerCart, loadServerCart, cart } = startCartSync();
    actor.send(signOut);
    actor.send({ type: 'cart.itemAdded', product: sofa });
    actor.send({ type: 'cart.itemAdded', product: sofa, quantity: 2 });

    expect(actor.getSnapshot().value).toBe('guest');
    expect(cart()).toEqual({ 1: 3 });
    expect(quantities(savedLocally.at(-1) ?? [])).toEqual({ 1: 3 });
    expect(saveServerCart.calls).toHaveLength(0);
    expect(loadServerCart.calls).toHaveLength(0);
  });

  it('removes a line when its quantity drops below 1', () => {
    const { actor, cart } = startCartSync([{ ...sofa, quantity: 1 }]);
    actor.send({ type: 'cart.quantityChanged', id: 1, quantity: 0 });
    expect(cart()).toEqual({});
  });

  it('ignores a change the domain refuses (a fractional quantity) without losing the cart', () => {
    const { actor, cart } = startCartSync([{ ...sofa, quantity: 2 }]);
    actor.send({ type: 'cart.itemAdded', product: lamp, quantity: 1.5 });
    actor.send({ type: 'cart.quantityChanged', id: 1, quantity: 2.5 });
    expect(cart()).toEqual({ 1: 2 });
  });

  it('merges with the server on sign-in (larger quantity wins, one-sided lines kept) and pushes when it differs', async () => {
    const { actor, loadServerCart, saveServerCart, savedLocally, cart } = startCartSync([
      { ...sofa, quantity: 3 },
      { ...lamp, quantity: 1 },
    ]);
    actor.send(signIn());
    expect(loadServerCart.next().input).toEqual({ clientId: 42 });
    loadServerCart.next().resolve([
      { ...sofa, quantity: 1 },
      { ...rug, quantity: 2 },
    ]);
    await flush();

    expect(cart()).toEqual({ 1: 3, 2: 1, 3: 2 });
    expect(quantities(savedLocally.at(-1) ?? [])).toEqual({ 1: 3, 2: 1, 3: 2 });
    const push = saveServerCart.next();
    expect(push.input.clientId).toBe(42);
    expect(quantities(push.input.cart)).toEqual({ 1: 3, 2: 1, 3: 2 });
  });

  it('does not push when the merged cart equals the server cart', async () => {
    const { actor, loadServerCart, saveServerCart } = startCartSync([{ ...sofa, quantity: 1 }]);
    actor.send(signIn());
    loadServerCart.next().resolve([{ ...sofa, quantity: 2 }]);
    await flush();

    expect(actor.getSnapshot().value).toEqual({ client: 'idle' });
    expect(saveServerCart.calls).toHaveLength(0);
  });

  it('falls back to the local cart when the server cart cannot be loaded, without a toast', async () => {
    const { actor, loadServerCart, saveServerCart, toasts, cart } = startCartSync([{ ...sofa, quantity: 1 }]);
    actor.send(signIn());
    loadServerCart.next().reject(new Error('offline'));
    await flush();

    expect(cart()).toEqual({ 1: 1 });
    expect(actor.getSnapshot().value).toEqual({ client: 'idle' });
    expect(saveServerCart.calls).toHaveLength(0);
    expect(toasts).toEqual([]);
  });

  it('saves to the server 500 ms after the last change, once', async () => {
    const { actor, loadServerCart, saveServerCart } = startCartSync();
    actor.send(signIn());
    loadServerCart.next().resolve([]);
    await flush();

    actor.send({ type: 'cart.itemAdded', product: sofa });
    await vi.advanceTimersByTimeAsync(499);
    actor.send({ type: 'cart.itemAdded', product: lamp });
    await vi.advanceTimersByTimeAsync(499);
    expect(saveServerCart.calls).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1);
    expect(saveServerCart.calls).toHaveLength(1);
    expect(quantities(saveServerCart.next().input.cart)).toEqual({ 1: 1, 2: 1 });
  });

  it('a change during a save is saved after it', async () => {
    const { actor, loadServerCart, saveServerCart } = startCartSync();
    actor.send(signIn());
    loadServerCart.next().resolve([]);
    await flush();
    actor.send({ type: 'cart.itemAdded', product: sofa });
    await vi.advanceTimersByTimeAsync(500);
    const first = saveServerCart.next();

    actor.send({ type: 'cart.itemAdded', product: lamp });
    first.resolve(first.input.cart);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ client: 'debouncing' });
    await vi.advanceTimersByTimeAsync(500);
    expect(quantities(saveServerCart.next().input.cart)).toEqual({ 1: 1, 2: 1 });
  });

  it('keeps the local change and shows the sync toast when the save fails', async () => {
    const { actor, loadServerCart, saveServerCart, toasts, cart } = startCartSync();
    actor.send(signIn());
    loadServerCart.next().resolve([]);
    await flush();
    actor.send({ type: 'cart.itemAdded', product: sofa });
    await vi.advanceTimersByTimeAsync(500);
    saveServerCart.next().reject(new Error('500'));
    await flush();

    expect(cart()).toEqual({ 1: 1 });
    expect(toasts).toEqual([CART_SYNC_FAILED_MESSAGE]);
  });

  it('clearing empties both carts at once, dropping the pending save; a failure shows the clear toast', async () => {
    const { actor, loadServerCart, saveServerCart, toasts, cart, savedLocally } = startCartSync();
    actor.send(signIn());
    loadServerCart.next().resolve([]);
    await flush();
    actor.send({ type: 'cart.itemAdded', product: sofa });
    actor.send({ type: 'cart.cleared' });

    expect(cart()).toEqual({});
    expect(savedLocally.at(-1)).toEqual([]);
    const clear = saveServerCart.next();
    expect(clear.input).toEqual({ clientId: 42, cart: [] });
    clear.reject(new Error('500'));
    await flush();
    await vi.advanceTimersByTimeAsync(1000);

    expect(saveServerCart.calls).toHaveLength(1);
    expect(toasts).toEqual([CART_CLEAR_FAILED_MESSAGE]);
  });

  it('backs up the guest cart at sign-in and restores it on logout', async () => {
    const { actor, loadServerCart, saveServerCart, cart, savedLocally } = startCartSync();
    actor.send(signOut);
    actor.send({ type: 'cart.itemAdded', product: lamp });
    actor.send(signIn());
    loadServerCart.next().resolve([{ ...sofa, quantity: 4 }]);
    await flush();
    const saving = saveServerCart.next();
    saving.resolve(saving.input.cart);
    await flush();
    expect(cart()).toEqual({ 1: 4, 2: 1 });

    actor.send(signOut);
    expect(actor.getSnapshot().value).toBe('guest');
    expect(cart()).toEqual({ 2: 1 });
    expect(quantities(savedLocally.at(-1) ?? [])).toEqual({ 2: 1 });
  });

  it('a logout drops a pending server save', async () => {
    const { actor, loadServerCart, saveServerCart } = startCartSync();
    actor.send(signIn());
    loadServerCart.next().resolve([]);
    await flush();
    actor.send({ type: 'cart.itemAdded', product: sofa });
    actor.send(signOut);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saveServerCart.calls).toHaveLength(0);
  });

  it('a page that starts signed in empties the cart on logout (there is no guest cart to restore)', async () => {
    const { actor, loadServerCart, cart } = startCartSync([{ ...sofa, quantity: 1 }]);
    actor.send(signIn());
    loadServerCart.next().resolve([{ ...sofa, quantity: 1 }]);
    await flush();
    actor.send(signOut);
    expect(cart()).toEqual({});
  });

  it('applies a change from another tab without writing it back; a guest pushes nothing', async () => {
    const { actor, cart, savedLocally, saveServerCart } = startCartSync();
    actor.send(signOut);
    actor.send({ type: 'cart.storageChanged', cart: [{ ...rug, quantity: 2 }] });
    expect(cart()).toEqual({ 3: 2 });
    expect(savedLocally).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saveServerCart.calls).toHaveLength(0);
  });

  it('a signed-in client also saves a cart from another tab, so a late save of ours cannot win a race', async () => {
    const { actor, loadServerCart, saveServerCart, savedLocally } = startCartSync();
    actor.send(signIn());
    loadServerCart.next().resolve([]);
    await flush();
    actor.send({ type: 'cart.storageChanged', cart: [{ ...rug, quantity: 2 }] });
    await vi.advanceTimersByTimeAsync(500);
    expect(quantities(saveServerCart.next().input.cart)).toEqual({ 3: 2 });
    expect(savedLocally).toHaveLength(1);
  });

  it('an administrator has no server cart', () => {
    const { actor, loadServerCart } = startCartSync();
    actor.send({ type: 'auth.changed', isAuthenticated: true, clientId: null });
    expect(actor.getSnapshot().value).toBe('guest');
    expect(loadServerCart.calls).toHaveLength(0);
  });

  it('merges again when another client signs in without a logout', async () => {
    const { actor, loadServerCart } = startCartSync();
    actor.send(signIn(42));
    loadServerCart.next().resolve([]);
    await flush();
    actor.send(signIn(43));
    expect(loadServerCart.next().input).toEqual({ clientId: 43 });
  });
});

const graphEvents = [
  signIn(),
  signOut,
  { type: 'cart.itemAdded', product: sofa },
  { type: 'cart.cleared' },
  doneEvent('loadServerCart', []),
  doneEvent('loadServerCart', [{ ...rug, quantity: 1 }]),
  errorEvent('loadServerCart'),
  doneEvent('saveServerCart', undefined),
  errorEvent('saveServerCart'),
  doneEvent('clearServerCart', undefined),
  errorEvent('clearServerCart'),
  afterEvent('saveDebounce', 'cartSync.client.debouncing'),
] as never[];

describe('cart sync machine graph', () => {
  it('reaches every state', () => {
    expect(
      unreachableStates(cartSyncMachine, {
        events: graphEvents,
        input: { localCart: [] },
        serializeState: (snapshot) =>
          // Ids only: quantities grow without bound under repeated adds.
          JSON.stringify([
            snapshot.value,
            snapshot.context.cart.map((line) => line.id),
            snapshot.context.dirty,
          ]),
      }),
    ).toEqual([]);
  });
});
