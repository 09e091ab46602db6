import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { AuthCheckAnswer } from '../../../src/application/machines/auth.machine';
import type { SubscribeOutcome } from '../../../src/application/machines/subscribe.machine';
import type { AuthPort } from '../../../src/application/ports/auth.port';
import type { CartPort } from '../../../src/application/ports/cart.port';
import type { ClientContact, ClientsPort } from '../../../src/application/ports/clients.port';
import type { FavouritesPort } from '../../../src/application/ports/favourites.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import type {
  RequestAnswer,
  RequestPayload,
  RequestsPort,
} from '../../../src/application/ports/requests.port';
import {
  CART_SLOT,
  CLIENT_COUNTERS_SLOT,
  FAVOURITES_SLOT,
  RECENTLY_VIEWED_SLOT,
} from '../../../src/application/ports/storage-slots';
import type { ShopRuntime } from '../../../src/application/shop-runtime';
import type { Cart } from '../../../src/domain/cart';
import type { Favourites } from '../../../src/domain/favourites';
import type { ClientCounters } from '../../../src/domain/notification-counters';
import type { RouterContext } from '../../../src/ui/router-context';
import { ShopRuntimeProvider } from '../../../src/ui/shell/shop-context';
import { startWiredTestShop } from '../../support/wired-shop-system';
import { type FakePorts, fakePorts, strictFake } from '../routes/route-test-support';

/** Everything the fake ports were asked to do, in order, so tests can assert on the side effects. */
export interface ShopCalls {
  /** Port calls by name: 'checkAuth' (each session check), 'logout'. */
  readonly log: string[];
  /** The requests the consultation and feedback forms sent (the payload the API gets). */
  readonly submitted: RequestPayload[];
  /** Cookies written (the city). */
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
  /** What POST /api/requests answers (a rejecting promise for a failure); the request id is added. */
  readonly submitRequest?: (payload: RequestPayload) => Promise<Omit<RequestAnswer, 'requestId'>>;
  readonly clientContacts?: ClientContact;
  /** What the subscribe form gets: `forbidden` arrives as the API's 403, as in the browser. */
  readonly subscribe?: (email: string) => Promise<SubscribeOutcome>;
  readonly detectCity?: () => Promise<string | null>;
  /** The catalogue, content and speech fakes the shell's use cases reach (speech unsupported unless given). */
  readonly ports?: FakePorts;
}

const GUEST_ANSWER: AuthCheckAnswer = {
  authenticated: false,
  role: 'user',
  clientId: null,
  tempPasswordActive: false,
};

/** How many times the session was checked (the start, then every refresh the wiring asks for). */
export function sessionChecks(calls: ShopCalls): number {
  return calls.log.filter((entry) => entry === 'checkAuth').length;
}

/** The temporary password the auth machine holds (reported by a request or subscription). */
export function heldTempPassword(shop: ShopRuntime): string | null {
  return shop.system.getSnapshot().children.auth?.getSnapshot().context.tempPassword ?? null;
}

const never = <T,>() => new Promise<T>(() => undefined);

/**
 * The app's own shop system (test/support/wired-shop-system.ts: the real wiring of every machine to
 * its ports) over in-memory fake ports that record what they were asked (no module mocks).
 */
export function createTestShop(options: TestShopOptions = {}): {
  shop: ShopRuntime;
  calls: ShopCalls;
  stop: () => void;
} {
  const calls: ShopCalls = { log: [], submitted: [], stored: [], navigated: [], reloads: 0 };
  const send = async (payload: RequestPayload): Promise<RequestAnswer> => {
    calls.submitted.push(payload);
    if (!options.submitRequest)
      throw new Error('This test gave the request port no answer (options.submitRequest)');
    return { requestId: calls.submitted.length, ...(await options.submitRequest(payload)) };
  };
  const cookies: Record<string, string> = {};
  if (options.city?.cookieCity != null) cookies.geoCity = options.city.cookieCity;
  if (options.city?.confirmed === true) cookies.geoConfirmed = 'true';
  const stored: Record<string, string> = {};
  if (options.cart !== undefined) stored[CART_SLOT.key] = CART_SLOT.encode(options.cart);
  if (options.favourites !== undefined)
    stored[FAVOURITES_SLOT.key] = FAVOURITES_SLOT.encode(options.favourites);
  if (options.viewed !== undefined)
    stored[RECENTLY_VIEWED_SLOT.key] = RECENTLY_VIEWED_SLOT.encode(options.viewed);
  if (options.clientCounters !== undefined) {
    stored[CLIENT_COUNTERS_SLOT.key] = CLIENT_COUNTERS_SLOT.encode(options.clientCounters);
  }
  const wired = startWiredTestShop(
    {
      auth: strictFake<AuthPort>('AuthPort', {
        checkAuth: async () => {
          calls.log.push('checkAuth');
          return options.auth ?? GUEST_ANSWER;
        },
        logout: async () => {
          calls.log.push('logout');
        },
      }),
      cart: strictFake<CartPort>('CartPort', {
        load: async () => [],
        save: async (_clientId, cart) => cart,
      }),
      favourites: strictFake<FavouritesPort>('FavouritesPort', {
        list: async () => [],
        add: async () => undefined,
        remove: async () => undefined,
        clear: async () => undefined,
      }),
      clients: strictFake<ClientsPort>('ClientsPort', {
        getContact: async () => {
          if (!options.clientContacts)
            throw new Error('This test gave the clients port no contacts (options.clientContacts)');
          return options.clientContacts;
        },
      }),
      requests: strictFake<RequestsPort>('RequestsPort', {
        sendConsultation: ({ attachment: _attachment, ...payload }) => send(payload),
        sendFeedback: (payload) => send(payload),
      }),
      geo: { detectCity: async () => (options.detectCity ? options.detectCity() : null) },
      subscribe: {
        subscribe: async (email) => {
          if (!options.subscribe)
            throw new Error('This test gave the subscribe port no answer (options.subscribe)');
          const outcome = await options.subscribe(email);
          if (outcome.status === 'forbidden') {
            throw new PortFailure({
              kind: 'bad-request',
              message: 'forbidden',
              status: 403,
              ...(outcome.message === null ? {} : { serverMessage: outcome.message }),
            });
          }
          return { status: outcome.status, promoCode: outcome.promoCode };
        },
      },
      viewed: {
        list: async () => options.viewed ?? [],
        add: async () => undefined,
        clear: async () => undefined,
      },
      summaries: {
        // The unread summaries never answer here: the counters stay as the test stored them.
        adminSummary: () => never(),
        clientSummary: () => never(),
        resetClient: async () => undefined,
      },
      navigation: {
        navigate: (to) => {
          calls.navigated.push(to);
        },
        reload: () => {
          calls.reloads += 1;
        },
      },
      cookies: {
        get: (name) => cookies[name] ?? null,
        set: (name, value) => {
          cookies[name] = value;
          calls.stored.push({ name, value });
        },
      },
    },
    stored,
    fakePorts({ speech: { isSupported: () => false }, ...options.ports }),
  );
  return { shop: wired.shop, calls, stop: wired.system.stop };
}

/**
 * Renders a shell view with the shop in context, inside a real router (memory history). The views
 * reach ports only through the shop's use cases (createTestShop's `ports`).
 */
export async function renderWithShop(
  ui: ReactElement,
  shop: ShopRuntime,
  path = '/',
): Promise<
  RenderResult & { readonly router: { readonly state: { readonly location: { readonly href: string } } } }
> {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: () => <ShopRuntimeProvider shop={shop}>{ui}</ShopRuntimeProvider>,
  });
  const router = createRouter({
    routeTree: rootRoute,
    context: { shop },
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
