import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { adminCountersMachine } from '../../src/application/machines/admin-counters.machine';
import { type AuthCheckAnswer, authMachine } from '../../src/application/machines/auth.machine';
import { cartSyncMachine } from '../../src/application/machines/cart-sync.machine';
import { cityMachine } from '../../src/application/machines/city.machine';
import { clientCountersMachine } from '../../src/application/machines/client-counters.machine';
import { favouritesSyncMachine } from '../../src/application/machines/favourites-sync.machine';
import { recentlyViewedMachine } from '../../src/application/machines/recently-viewed.machine';
import { type ShopSystemInput, shopSystemMachine } from '../../src/application/machines/shop-system.machine';
import type { Cart } from '../../src/domain/cart';
import type { Favourites } from '../../src/domain/favourites';
import {
  ADMIN_COUNTER_KEYS,
  type AdminCounterKey,
  CLIENT_COUNTER_KEYS,
  type ClientCounterKey,
  type ServerTotals,
  zeroCounters,
} from '../../src/domain/notification-counters';
import type { RecentlyViewed } from '../../src/domain/recently-viewed';
import { controlledActor, flush } from './support/controlled-actor';

const input: ShopSystemInput = {
  cart: { localCart: [{ id: 1, quantity: 2 }] },
  favourites: { localFavourites: [] },
  viewed: { localViewed: [] },
  adminCounters: { accumulated: zeroCounters(ADMIN_COUNTER_KEYS), lastSeen: null, startedAt: 0 },
  clientCounters: { accumulated: zeroCounters(CLIENT_COUNTER_KEYS), lastSeen: null, startedAt: 0 },
  city: { cookieCity: 'Казань', confirmed: true },
};

function startSystem() {
  const checkAuth = controlledActor<AuthCheckAnswer>('checkAuth');
  const loadServerCart = controlledActor<Cart, { clientId: number }>('loadServerCart');
  const announced: unknown[] = [];
  const calls: string[] = [];
  const never = <T>() => new Promise<T>(() => undefined);
  const system = shopSystemMachine.provide({
    actors: {
      auth: authMachine.provide({
        actors: { checkAuth: checkAuth.logic, logout: fromPromise<void, void>(async () => undefined) },
        actions: { announceAuthState: (_, params) => announced.push(params) },
      }),
      cartSync: cartSyncMachine.provide({
        actors: {
          loadServerCart: loadServerCart.logic,
          saveServerCart: fromPromise<Cart, { clientId: number; cart: Cart }>(
            async ({ input }) => input.cart,
          ),
        },
        actions: {
          saveLocalCart: () => undefined,
          saveGuestBackup: () => undefined,
          notify: () => undefined,
        },
      }),
      favouritesSync: favouritesSyncMachine.provide({
        actors: {
          loadServerFavourites: fromPromise<Favourites, { clientId: number }>(async () => {
            calls.push('loadServerFavourites');
            return never<Favourites>();
          }),
        },
        actions: {
          saveLocalFavourites: () => undefined,
          saveGuestBackup: () => undefined,
          notify: () => undefined,
        },
      }),
      recentlyViewed: recentlyViewedMachine.provide({
        actors: {
          loadServerViewed: fromPromise<RecentlyViewed, void>(async () => {
            calls.push('loadServerViewed');
            return never<RecentlyViewed>();
          }),
        },
        actions: { saveLocalViewed: () => undefined, removeLocalViewed: () => undefined },
      }),
      adminCounters: adminCountersMachine.provide({
        actors: {
          fetchSummary: fromPromise<ServerTotals<AdminCounterKey>, { since: number }>(async () => {
            calls.push('adminSummary');
            return never<ServerTotals<AdminCounterKey>>();
          }),
        },
        actions: { persistCounters: () => undefined },
      }),
      clientCounters: clientCountersMachine.provide({
        actors: {
          fetchSummary: fromPromise<ServerTotals<ClientCounterKey>, { since: number }>(async () => {
            calls.push('clientSummary');
            return never<ServerTotals<ClientCounterKey>>();
          }),
        },
        actions: { persistCounters: () => undefined },
      }),
      city: cityMachine.provide({}),
    },
  });
  const actor = createActor(system, { input }).start();
  return { actor, checkAuth, loadServerCart, announced, calls };
}

describe('shop system machine', () => {
  it('starts every long-lived machine once, reachable by id', () => {
    const { actor } = startSystem();
    const children = actor.getSnapshot().children;
    expect(Object.keys(children).sort()).toEqual(
      [
        'adminCounters',
        'auth',
        'authRelay',
        'cartSync',
        'city',
        'clientCounters',
        'favouritesSync',
        'recentlyViewed',
      ].sort(),
    );
    expect(actor.system.get('city')?.getSnapshot().value).toBe('settled');
    expect(children.cartSync?.getSnapshot().context.cart).toEqual([{ id: 1, quantity: 2 }]);
  });

  it('relays the auth state to the machines that follow it, which then sync', async () => {
    const { actor, checkAuth, loadServerCart, announced, calls } = startSystem();
    checkAuth.next().resolve({ authenticated: true, role: 'user', clientId: 77, tempPasswordActive: false });
    await flush();

    expect(announced).toEqual([{ isAuthenticated: true, clientId: 77 }]);
    expect(actor.getSnapshot().context.auth).toEqual({ isAuthenticated: true, clientId: 77 });
    expect(loadServerCart.next().input).toEqual({ clientId: 77 });
    expect(calls.sort()).toEqual(['clientSummary', 'loadServerFavourites', 'loadServerViewed']);
    expect(actor.getSnapshot().children.adminCounters?.getSnapshot().value).toBe('inactive');
    expect(actor.getSnapshot().children.recentlyViewed?.getSnapshot().value).toEqual({ client: 'loading' });
  });

  it('an administrator starts the admin counters only', async () => {
    const { actor, checkAuth, calls } = startSystem();
    checkAuth
      .next()
      .resolve({ authenticated: true, role: 'admin', clientId: null, tempPasswordActive: false });
    await flush();
    expect(calls).toEqual(['adminSummary']);
    expect(actor.getSnapshot().children.cartSync?.getSnapshot().value).toBe('guest');
  });
});
