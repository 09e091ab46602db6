import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createActor, fromPromise } from 'xstate';
import { adminCountersMachine } from '../../../src/application/machines/admin-counters.machine';
import { type AuthCheckAnswer, authMachine } from '../../../src/application/machines/auth.machine';
import { cartSyncMachine } from '../../../src/application/machines/cart-sync.machine';
import { cityMachine } from '../../../src/application/machines/city.machine';
import { clientCountersMachine } from '../../../src/application/machines/client-counters.machine';
import { consultationModalMachine } from '../../../src/application/machines/consultation-modal.machine';
import {
  type FavouritesServerChange,
  favouritesSyncMachine,
} from '../../../src/application/machines/favourites-sync.machine';
import { feedbackModalMachine } from '../../../src/application/machines/feedback-modal.machine';
import { recentlyViewedMachine } from '../../../src/application/machines/recently-viewed.machine';
import type {
  ClientContacts,
  RequestSubmitInput,
  RequestSubmitResult,
} from '../../../src/application/machines/request-modal.machine';
import {
  type ShopSystemInput,
  shopSystemMachine,
} from '../../../src/application/machines/shop-system.machine';
import { type SubscribeOutcome, subscribeMachine } from '../../../src/application/machines/subscribe.machine';
import type { ShopRuntime } from '../../../src/application/shop-runtime';
import type { Cart } from '../../../src/domain/cart';
import type { Favourites } from '../../../src/domain/favourites';
import {
  ADMIN_COUNTER_KEYS,
  type AdminCounterKey,
  type ClientCounterKey,
  type ClientCounters,
  type ClientResetType,
  type ServerTotals,
  zeroCounters,
} from '../../../src/domain/notification-counters';
import type { RouterContext } from '../../../src/ui/router-context';
import { ShopRuntimeProvider } from '../../../src/ui/shell/shop-context';
import { type FakeServices, fakeServices } from '../routes/route-test-support';

/** Everything the stubs were asked to do, in order, so tests can assert on the side effects. */
export interface ShopCalls {
  readonly log: string[];
  readonly submitted: RequestSubmitInput[];
  readonly stored: { name: string; value: string }[];
  readonly navigated: string[];
  reloads: number;
}

export interface TestShopOptions {
  readonly auth?: AuthCheckAnswer;
  readonly cart?: Cart;
  readonly favourites?: Favourites;
  readonly viewed?: readonly number[];
  readonly clientCounters?: ClientCounters;
  readonly city?: { cookieCity: string | null; confirmed: boolean };
  /** What POST /api/requests answers (a rejecting promise for a failure). */
  readonly submitRequest?: (input: RequestSubmitInput) => Promise<RequestSubmitResult>;
  readonly clientContacts?: ClientContacts;
  readonly subscribe?: (email: string) => Promise<SubscribeOutcome>;
  readonly detectCity?: () => Promise<string | null>;
}

const GUEST_ANSWER: AuthCheckAnswer = {
  authenticated: false,
  role: 'user',
  clientId: null,
  tempPasswordActive: false,
};

/**
 * A running shop system made of the real machines, with every port replaced through `.provide()`
 * by in-memory stubs that record what they were asked (no module mocks).
 */
export function createTestShop(options: TestShopOptions = {}): {
  shop: ShopRuntime;
  calls: ShopCalls;
  stop: () => void;
} {
  const calls: ShopCalls = { log: [], submitted: [], stored: [], navigated: [], reloads: 0 };
  const record = (entry: string) => calls.log.push(entry);
  const requestActors = {
    submitRequest: fromPromise<RequestSubmitResult, RequestSubmitInput>(async ({ input }) => {
      calls.submitted.push(input);
      if (!options.submitRequest) throw new Error('stub: submitRequest not given');
      return options.submitRequest(input);
    }),
    loadClientContacts: fromPromise<ClientContacts, { clientId: number }>(async () => {
      if (!options.clientContacts) throw new Error('stub: no client contacts');
      return options.clientContacts;
    }),
  };
  const requestActions = {
    focusDialog: () => record('focusDialog'),
    reportTempPassword: () => record('reportTempPassword'),
    refreshAuth: () => record('refreshAuth'),
  };
  const readClock = fromPromise<number, void>(async () => 1_700_000_000_000);
  const system = shopSystemMachine.provide({
    actors: {
      auth: authMachine.provide({
        actors: {
          checkAuth: fromPromise<AuthCheckAnswer, void>(async () => options.auth ?? GUEST_ANSWER),
          logout: fromPromise<void, void>(async () => {
            record('logout');
          }),
        },
        actions: { announceAuthState: () => undefined },
      }),
      cartSync: cartSyncMachine.provide({
        actors: {
          loadServerCart: fromPromise<Cart, { clientId: number }>(async () => []),
          saveServerCart: fromPromise<Cart, { clientId: number; cart: Cart }>(
            async ({ input }) => input.cart,
          ),
        },
        actions: {
          saveLocalCart: () => undefined,
          saveGuestBackup: () => undefined,
          notify: (_, params) => record(`notify ${params.message}`),
        },
      }),
      favouritesSync: favouritesSyncMachine.provide({
        actors: {
          loadServerFavourites: fromPromise<Favourites, { clientId: number }>(async () => []),
          pushServerFavourites: fromPromise<void, { clientId: number; productIds: readonly number[] }>(
            async () => undefined,
          ),
          applyServerChange: fromPromise<void, { clientId: number; change: FavouritesServerChange }>(
            async () => undefined,
          ),
        },
        actions: {
          saveLocalFavourites: () => undefined,
          saveGuestBackup: () => undefined,
          notify: (_, params) => record(`notify ${params.message}`),
        },
      }),
      recentlyViewed: recentlyViewedMachine.provide({
        actors: {
          sendViewed: fromPromise<void, { productId: number }>(async () => undefined),
          clearServerViewed: fromPromise<void, void>(async () => undefined),
          loadServerViewed: fromPromise<readonly number[], void>(async () => options.viewed ?? []),
        },
        actions: { saveLocalViewed: () => undefined, removeLocalViewed: () => undefined },
      }),
      adminCounters: adminCountersMachine.provide({
        actors: {
          fetchSummary: fromPromise<ServerTotals<AdminCounterKey>, { since: number }>(async () => ({})),
          readClock,
          resetOnServer: fromPromise<void, { group: 'orders' | 'requests' }>(async () => undefined),
        },
        actions: { persistCounters: () => undefined },
      }),
      clientCounters: clientCountersMachine.provide({
        actors: {
          fetchSummary: fromPromise<ServerTotals<ClientCounterKey>, { since: number }>(async () => ({})),
          readClock,
          resetOnServer: fromPromise<void, { group: ClientResetType }>(async ({ input }) => {
            record(`reset ${input.group}`);
          }),
        },
        actions: { persistCounters: () => undefined },
      }),
      city: cityMachine.provide({
        actors: {
          detectCity: fromPromise<string | null, void>(async () =>
            options.detectCity ? options.detectCity() : null,
          ),
        },
        actions: {
          storeCity: (_, params) => calls.stored.push({ name: 'geoCity', value: params.city }),
          storeConfirmation: () => calls.stored.push({ name: 'geoConfirmed', value: 'true' }),
          reloadPage: () => {
            calls.reloads += 1;
          },
        },
      }),
    },
  });
  const input: ShopSystemInput = {
    cart: { localCart: options.cart ?? [] },
    favourites: { localFavourites: options.favourites ?? [] },
    viewed: { localViewed: options.viewed ?? [] },
    adminCounters: {
      accumulated: zeroCounters(ADMIN_COUNTER_KEYS),
      lastSeen: null,
      startedAt: 1_700_000_000_000,
    },
    clientCounters: {
      accumulated: options.clientCounters ?? { orderStatusChanges: 0, requestReplies: 0, promoUpdates: 0 },
      lastSeen: 1_700_000_000_000,
      startedAt: 1_700_000_000_000,
    },
    city: options.city ?? { cookieCity: null, confirmed: false },
  };
  const actor = createActor(system, { input });
  actor.start();
  const shop: ShopRuntime = {
    system: actor,
    machines: {
      consultationModal: consultationModalMachine.provide({ actors: requestActors, actions: requestActions }),
      feedbackModal: feedbackModalMachine.provide({ actors: requestActors, actions: requestActions }),
      subscribe: subscribeMachine.provide({
        actors: {
          subscribe: fromPromise<SubscribeOutcome, { email: string }>(async ({ input: { email } }) => {
            if (!options.subscribe) throw new Error('stub: subscribe not given');
            return options.subscribe(email);
          }),
        },
        actions: {
          notifyAuthSuccess: () => record('notifyAuthSuccess'),
          navigate: (_, params) => calls.navigated.push(params.to),
        },
      }),
    },
  };
  return { shop, calls, stop: () => actor.stop() };
}

/**
 * Renders a shell view with the shop in context, inside a real router (memory history) whose context
 * carries `services` (every port a test does not give fails loudly; speech recognition is unsupported
 * unless given).
 */
export async function renderWithShop(
  ui: ReactElement,
  shop: ShopRuntime,
  path = '/',
  services: FakeServices = {},
): Promise<
  RenderResult & { readonly router: { readonly state: { readonly location: { readonly href: string } } } }
> {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: () => <ShopRuntimeProvider shop={shop}>{ui}</ShopRuntimeProvider>,
  });
  const router = createRouter({
    routeTree: rootRoute,
    context: {
      shop,
      services: fakeServices({ speech: { isSupported: () => false }, ...services }),
    },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  let result: RenderResult | undefined;
  await act(async () => {
    await router.load();
    result = render(<RouterProvider router={router} />);
  });
  if (!result) throw new Error('render did not run');
  return Object.assign(result, { router });
}
