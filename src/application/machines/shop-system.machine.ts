/**
 * The page's actor system (architecture.md "Long-lived machines run as one actor system started once
 * per page"): a parent that invokes the long-lived machines — auth, cart sync, favourites sync,
 * recently viewed, admin and client counters, city — and relays the auth machine's emitted
 * `auth.stateChanged` to the others as the event `auth.changed`. No machine reads another's context;
 * they only exchange events.
 *
 * It has a single top-level state, `running`, for as long as the page lives. Views reach a child
 * through `snapshot.children.<id>` (or `actor.system.get(<id>)`) and send it events; the composition
 * root provides every child already `.provide()`d with its adapters.
 */
import { type AnyActorRef, assign, enqueueActions, fromCallback, setup } from 'xstate';
import type { AdminCounterKey, ClientCounterKey } from '../../domain/notification-counters';
import { adminCountersMachine } from './admin-counters.machine';
import { type AuthStateChange, authMachine } from './auth.machine';
import { type CartSyncInput, cartSyncMachine } from './cart-sync.machine';
import { type CityInput, cityMachine } from './city.machine';
import { clientCountersMachine } from './client-counters.machine';
import { type FavouritesSyncInput, favouritesSyncMachine } from './favourites-sync.machine';
import { type RecentlyViewedInput, recentlyViewedMachine } from './recently-viewed.machine';
import type { UnreadCountersInput } from './unread-counters.machine';

/** What the composition root reads at start-up (storage, cookies, clock) for the children. */
export interface ShopSystemInput {
  readonly cart: CartSyncInput;
  readonly favourites: FavouritesSyncInput;
  readonly viewed: RecentlyViewedInput;
  readonly adminCounters: UnreadCountersInput<AdminCounterKey>;
  readonly clientCounters: UnreadCountersInput<ClientCounterKey>;
  readonly city: CityInput;
}

export interface ShopSystemContext {
  readonly input: ShopSystemInput;
  /** The last auth state relayed, for inspection; `null` until the auth check settles. */
  readonly auth: AuthStateChange | null;
}

export type ShopSystemEvent = {
  readonly type: 'auth.changed';
  readonly isAuthenticated: boolean;
  readonly clientId: number | null;
};

/** The machines that follow the auth state, by child id. */
const AUTH_FOLLOWERS = [
  'cartSync',
  'favouritesSync',
  'recentlyViewed',
  'adminCounters',
  'clientCounters',
] as const;

function isAuthStateChange(value: unknown): value is AuthStateChange {
  if (typeof value !== 'object' || value === null) return false;
  const { isAuthenticated, clientId } = value as Record<string, unknown>;
  return typeof isAuthenticated === 'boolean' && (clientId === null || typeof clientId === 'number');
}

/**
 * Listens to the auth child's emitted `auth.stateChanged` and sends it back to the parent as an event.
 * The auth child is found through the system (its systemId is 'auth'), not through its internals.
 */
const authRelay = fromCallback<ShopSystemEvent, void>(({ system, sendBack }) => {
  const auth = system.get('auth') as AnyActorRef | undefined;
  if (!auth) throw new Error('shop system: the auth actor is not running');
  const subscription = auth.on('auth.stateChanged', (emitted: unknown) => {
    if (isAuthStateChange(emitted)) {
      sendBack({
        type: 'auth.changed',
        isAuthenticated: emitted.isAuthenticated,
        clientId: emitted.clientId,
      });
    }
  });
  return () => subscription.unsubscribe();
});

export const shopSystemMachine = setup({
  types: {
    context: {} as ShopSystemContext,
    events: {} as ShopSystemEvent,
    input: {} as ShopSystemInput,
    children: {} as {
      auth: 'auth';
      cartSync: 'cartSync';
      favouritesSync: 'favouritesSync';
      recentlyViewed: 'recentlyViewed';
      adminCounters: 'adminCounters';
      clientCounters: 'clientCounters';
      city: 'city';
      authRelay: 'authRelay';
    },
  },
  actors: {
    auth: authMachine,
    cartSync: cartSyncMachine,
    favouritesSync: favouritesSyncMachine,
    recentlyViewed: recentlyViewedMachine,
    adminCounters: adminCountersMachine,
    clientCounters: clientCountersMachine,
    city: cityMachine,
    authRelay,
  },
}).createMachine({
  id: 'shop',
  context: ({ input }) => ({ input, auth: null }),
  initial: 'running',
  states: {
    running: {
      // Invocation order matters: auth is created (and registered as 'auth') before the relay starts.
      invoke: [
        { id: 'auth', systemId: 'auth', src: 'auth' },
        { id: 'cartSync', systemId: 'cartSync', src: 'cartSync', input: ({ context }) => context.input.cart },
        {
          id: 'favouritesSync',
          systemId: 'favouritesSync',
          src: 'favouritesSync',
          input: ({ context }) => context.input.favourites,
        },
        {
          id: 'recentlyViewed',
          systemId: 'recentlyViewed',
          src: 'recentlyViewed',
          input: ({ context }) => context.input.viewed,
        },
        {
          id: 'adminCounters',
          systemId: 'adminCounters',
          src: 'adminCounters',
          input: ({ context }) => context.input.adminCounters,
        },
        {
          id: 'clientCounters',
          systemId: 'clientCounters',
          src: 'clientCounters',
          input: ({ context }) => context.input.clientCounters,
        },
        { id: 'city', systemId: 'city', src: 'city', input: ({ context }) => context.input.city },
        { id: 'authRelay', src: 'authRelay' },
      ],
      on: {
        'auth.changed': {
          actions: [
            assign({
              auth: ({ event }) => ({ isAuthenticated: event.isAuthenticated, clientId: event.clientId }),
            }),
            enqueueActions(({ event, enqueue }) => {
              for (const id of AUTH_FOLLOWERS) enqueue.sendTo(id, event);
            }),
          ],
        },
      },
    },
  },
});
