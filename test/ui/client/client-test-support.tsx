import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, type RenderResult, render } from '@testing-library/react';
import { AUTH_PORT, type AuthAnswer, type AuthPort } from '../../../src/application/ports/auth.port';
import { CART_PORT, type CartPort } from '../../../src/application/ports/cart.port';
import { CATALOGUE_PORT, type CataloguePort } from '../../../src/application/ports/catalogue.port';
import { CLIENTS_PORT, type ClientsPort } from '../../../src/application/ports/clients.port';
import { CLOCK_PORT, type ClockPort } from '../../../src/application/ports/clock.port';
import { DELIVERY_PORT, type DeliveryPort } from '../../../src/application/ports/delivery.port';
import { FAVOURITES_PORT, type FavouritesPort } from '../../../src/application/ports/favourites.port';
import { NEWS_PORT, type NewsPort } from '../../../src/application/ports/news.port';
import { ORDERS_PORT, type Order, type OrdersPort } from '../../../src/application/ports/orders.port';
import { PAGES_PORT, type PagesPort } from '../../../src/application/ports/pages.port';
import { PAYMENTS_PORT, type PaymentsPort } from '../../../src/application/ports/payments.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { REQUESTS_PORT, type RequestsPort } from '../../../src/application/ports/requests.port';
import {
  SPEECH_RECOGNITION_PORT,
  type SpeechRecognitionPort,
} from '../../../src/application/ports/speech-recognition.port';
import { CART_SLOT, FAVOURITES_SLOT } from '../../../src/application/ports/storage-slots';
import type { SubscribePort } from '../../../src/application/ports/subscribe.port';
import type { ShopRuntime } from '../../../src/application/shop-runtime';
import type { Cart } from '../../../src/domain/cart';
import type { Favourites } from '../../../src/domain/favourites';
import type { ClientResetType } from '../../../src/domain/notification-counters';
import type { ShopSystem } from '../../../src/infrastructure/shop-system';
import { routeTree } from '../../../src/ui/route-tree.gen';
import { type PortProvision, provide } from '../../support/test-ports';
import { startWiredTestShop } from '../../support/wired-shop-system';
import { strictFake } from '../routes/route-test-support';

/**
 * The client routes under test run in the real route tree with the real shop system, wired exactly as
 * the app wires it (test/support/wired-shop-system.ts) over the fake ports below, each registered under
 * its token (test/support/test-ports.ts), so a test sees exactly what the auth, cart and favourites
 * machines and the routes' use cases make of a port's answer.
 */

export const GUEST: AuthAnswer = {
  authenticated: false,
  role: 'user',
  clientId: null,
  tempPasswordActive: false,
};
export const CLIENT_7: AuthAnswer = {
  authenticated: true,
  role: 'user',
  clientId: 7,
  tempPasswordActive: false,
};
export const ADMIN: AuthAnswer = {
  authenticated: true,
  role: 'admin',
  clientId: null,
  tempPasswordActive: false,
};

/** A fake session: whatever `session.answer` says is what /api/check-auth answers. */
export interface FakeSession {
  answer: AuthAnswer;
}

export interface ClientFakes {
  readonly auth?: Partial<AuthPort>;
  readonly cart?: Partial<CartPort>;
  readonly clients?: Partial<ClientsPort>;
  readonly orders?: Partial<OrdersPort>;
  readonly payments?: Partial<PaymentsPort>;
  readonly requests?: Partial<RequestsPort>;
  readonly favourites?: Partial<FavouritesPort> | null;
  /** Issue 23: the checkout's delivery days (unlisted calls fail like a network failure). */
  readonly delivery?: Partial<DeliveryPort>;
}

/** A port whose unlisted methods reject like a network failure (for screens a test only passes by). */
function offlineFake<T extends object>(given: Partial<T>): T {
  return new Proxy(given, {
    get(target, property, receiver) {
      if (property in target) return Reflect.get(target, property, receiver);
      if (property === 'then') return undefined;
      return () =>
        Promise.reject(new PortFailure({ kind: 'network', message: `offline ${String(property)}` }));
    },
  }) as T;
}

/** A client test's fake ports, each under its token. */
export type ClientPorts = readonly PortProvision[];

export function clientPorts(session: FakeSession, fakes: ClientFakes = {}): ClientPorts {
  return [
    // Redirects may land on the home page: its catalogue reads fail quietly, as when offline.
    provide(CATALOGUE_PORT, offlineFake<CataloguePort>({ listCategories: async () => [] })),
    provide(NEWS_PORT, offlineFake<NewsPort>({})),
    provide(PAGES_PORT, offlineFake<PagesPort>({})),
    provide(SPEECH_RECOGNITION_PORT, strictFake<SpeechRecognitionPort>('SpeechRecognitionPort', {})),
    provide(
      AUTH_PORT,
      strictFake<AuthPort>('AuthPort', {
        checkAuth: async () => session.answer,
        logout: async () => {
          session.answer = GUEST;
        },
        ...fakes.auth,
      }),
    ),
    provide(
      CART_PORT,
      strictFake<CartPort>('CartPort', {
        load: async () => [],
        save: async (_clientId, cart) => cart,
        ...fakes.cart,
      }),
    ),
    provide(CLIENTS_PORT, strictFake<ClientsPort>('ClientsPort', fakes.clients ?? {})),
    provide(DELIVERY_PORT, offlineFake<DeliveryPort>(fakes.delivery ?? {})),
    provide(ORDERS_PORT, strictFake<OrdersPort>('OrdersPort', fakes.orders ?? {})),
    provide(PAYMENTS_PORT, strictFake<PaymentsPort>('PaymentsPort', fakes.payments ?? {})),
    provide(REQUESTS_PORT, strictFake<RequestsPort>('RequestsPort', fakes.requests ?? {})),
    provide(CLOCK_PORT, strictFake<ClockPort>('ClockPort', { now: () => 1_700_000_000_000 })),
    provide(
      FAVOURITES_PORT,
      // `favourites: null` gives a port that fails every call (as when the server cannot be reached).
      strictFake<FavouritesPort>(
        'FavouritesPort',
        fakes.favourites === null
          ? {}
          : {
              list: async () => [],
              add: async () => undefined,
              remove: async () => undefined,
              clear: async () => undefined,
              ...fakes.favourites,
            },
      ),
    ),
  ];
}

export interface ShopStart {
  readonly localCart?: Cart;
  readonly localFavourites?: Favourites;
  /** Other browser storage at start-up, by key (e.g. the kept «Поместится?» sizes). */
  readonly stored?: Readonly<Record<string, string>>;
}

export interface TestShop {
  readonly shop: ShopRuntime;
  readonly actor: ShopSystem['actor'];
  /** What the machines wrote locally, newest last. */
  readonly savedCarts: Cart[];
  readonly savedFavourites: Favourites[];
  readonly counterResets: ClientResetType[];
  readonly toasts: string[];
}

const never = <T,>() => new Promise<T>(() => undefined);

/**
 * The app's own shop system (test/support/wired-shop-system.ts: the real `provideShopMachines` wiring
 * in a child container), over the test's fake ports.
 */
export function startTestShop(ports: ClientPorts, start: ShopStart = {}): TestShop {
  const counterResets: ClientResetType[] = [];
  const stored: Record<string, string> = { ...start.stored };
  if (start.localCart !== undefined) stored[CART_SLOT.key] = CART_SLOT.encode(start.localCart);
  if (start.localFavourites !== undefined) {
    stored[FAVOURITES_SLOT.key] = FAVOURITES_SLOT.encode(start.localFavourites);
  }
  const wired = startWiredTestShop(
    {
      // Auth, cart, favourites, clients and requests are among the client's ports (by token).
      geo: { detectCity: async () => null },
      subscribe: strictFake<SubscribePort>('SubscribePort', {}),
      viewed: { list: async () => [], add: async () => undefined, clear: async () => undefined },
      // The unread summaries never answer here: counters stay as the test sets them.
      summaries: {
        adminSummary: () => never(),
        clientSummary: () => never(),
        resetClient: async (group) => {
          counterResets.push(group);
        },
      },
      navigation: { navigate: () => undefined, reload: () => undefined },
      cookies: {
        get: (name) => ({ geoCity: 'Санкт-Петербург', geoConfirmed: 'true' })[name as string] ?? null,
        set: () => undefined,
      },
    },
    stored,
    ports,
  );
  return {
    shop: wired.shop,
    actor: wired.system.actor,
    savedCarts: wired.record.writesTo(CART_SLOT),
    savedFavourites: wired.record.writesTo(FAVOURITES_SLOT),
    counterResets,
    toasts: wired.record.toasts,
  };
}

/** The real route tree over the test's shop (its use cases are built from the test's fake ports). */
export async function renderClientRoute(path: string, _ports: ClientPorts, shop: ShopRuntime) {
  const router = createRouter({
    routeTree,
    context: { shop },
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultPendingMs: 0,
  });
  let view: RenderResult | undefined;
  await act(async () => {
    await router.load();
    view = render(<RouterProvider router={router} />);
  });
  if (!view) throw new Error('render did not run');
  return { view, router };
}

/** The location the router shows, path and search, as the address bar would. */
export function currentHref(router: { state: { location: { href: string } } }): string {
  return router.state.location.href;
}

export function cartOf(test: TestShop): Cart {
  const cart = test.actor.getSnapshot().children.cartSync;
  if (!cart) throw new Error('cartSync is not running');
  return cart.getSnapshot().context.cart;
}

export function favouritesOf(test: TestShop): Favourites {
  const favourites = test.actor.getSnapshot().children.favouritesSync;
  if (!favourites) throw new Error('favouritesSync is not running');
  return favourites.getSnapshot().context.favourites;
}

export const SOFA = {
  id: 1,
  slug: 'divan-verona',
  name: 'Диван «Верона»',
  tovar_pic1_url_site: '/media/product/sofa-01-640.webp',
  price: 100_000,
  price_old: 120_000,
  badge: null,
  width: 175,
  depth: 103,
  height: 86,
  specs: {},
} as const;

export const LAMP = {
  id: 2,
  slug: 'lampa-luna',
  name: 'Лампа «Луна»',
  tovar_pic1_url_site: null,
  price: 5_000,
  price_old: null,
  badge: null,
  width: null,
  depth: null,
  height: null,
  specs: {},
} as const;

export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 501,
    clientId: 7,
    status: 'new',
    createdAt: '2026-11-20T10:00:00.000Z',
    // Money in kopecks (docs/money.md): 2 × 100 000 ₽ − 20 000 ₽ = 180 000 ₽.
    items: [
      {
        productId: 1,
        name: 'Диван «Верона»',
        quantity: 2,
        unitPrice: 10_000_000,
        lineTotal: 20_000_000,
        discount: 2_000_000,
        netTotal: 18_000_000,
      },
    ],
    subtotal: 20_000_000,
    discount: 2_000_000,
    total: 18_000_000,
    promoCode: 'HOME10',
    contact: { name: 'Анна', phone: '+7 900 123-45-67', email: 'anna@example.ru' },
    delivery: { method: 'courier', address: 'Санкт-Петербург, Невский пр., 1' },
    comment: null,
    paymentMethod: 'online',
    paymentAllowed: false,
    paid: false,
    history: [{ status: 'new', at: '2026-11-20T10:00:00.000Z' }],
    ...overrides,
  };
}
