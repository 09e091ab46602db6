// tsyringe needs a Reflect metadata polyfill before it loads: @abraham/reflection (~1 kB gzip) rather
// than reflect-metadata (~3 kB), since the shop registers factories and values only, no decorators.
import '@abraham/reflection';
import { container, type DependencyContainer, instanceCachingFactory } from 'tsyringe';
import type { AnswerRead } from '../../api/page-bootstrap';
import { ADMIN_ALERTS_PORT, type AdminAlertsPort } from '../application/ports/admin-alerts.port';
import { ADMIN_CATEGORIES_PORT, type AdminCategoriesPort } from '../application/ports/admin-categories.port';
import { ADMIN_CLIENTS_PORT, type AdminClientsPort } from '../application/ports/admin-clients.port';
import { ADMIN_CONSENTS_PORT, type AdminConsentsPort } from '../application/ports/admin-consents.port';
import { ADMIN_CONTENT_PORT, type AdminContentPort } from '../application/ports/admin-content.port';
import { ADMIN_DELIVERIES_PORT, type AdminDeliveriesPort } from '../application/ports/admin-deliveries.port';
import { ADMIN_DICTS_PORT, type AdminDictsPort } from '../application/ports/admin-dicts.port';
import { ADMIN_NEWS_PORT, type AdminNewsPort } from '../application/ports/admin-news.port';
import { ADMIN_ORDERS_PORT, type AdminOrdersPort } from '../application/ports/admin-orders.port';
import { ADMIN_PAGES_PORT, type AdminPagesPort } from '../application/ports/admin-pages.port';
import { ADMIN_PRODUCTS_PORT, type AdminProductsPort } from '../application/ports/admin-products.port';
import { ADMIN_PROMO_PORT, type AdminPromoPort } from '../application/ports/admin-promo.port';
import { ADMIN_REQUESTS_PORT, type AdminRequestsPort } from '../application/ports/admin-requests.port';
import { ADMIN_STAFF_PORT, type AdminStaffPort } from '../application/ports/admin-staff.port';
import { ADMIN_TARIFFS_PORT, type AdminTariffsPort } from '../application/ports/admin-tariffs.port';
import { ANALYTICS_PORT } from '../application/ports/analytics.port';
import { AUTH_PORT, type AuthPort } from '../application/ports/auth.port';
import { CART_PORT, type CartPort } from '../application/ports/cart.port';
import { CART_COOKIE_PORT, type CartCookiePort } from '../application/ports/cart-cookie.port';
import { CATALOGUE_PORT, type CataloguePort } from '../application/ports/catalogue.port';
import { CLIENTS_PORT, type ClientsPort } from '../application/ports/clients.port';
import { CLOCK_PORT, type ClockPort } from '../application/ports/clock.port';
import { CONSENTS_PORT, type ConsentsPort } from '../application/ports/consents.port';
import { COOKIES_PORT } from '../application/ports/cookies.port';
import { DELIVERY_PORT, type DeliveryPort } from '../application/ports/delivery.port';
import { FAVOURITES_PORT, type FavouritesPort } from '../application/ports/favourites.port';
import { GEO_PORT, type GeoPort } from '../application/ports/geo.port';
import { KEY_VALUE_STORAGE_PORT } from '../application/ports/key-value-storage.port';
import { LOGGER_PORT, type LoggerPort } from '../application/ports/logger.port';
import { NAVIGATION_PORT } from '../application/ports/navigation.port';
import { NEWS_PORT, type NewsPort } from '../application/ports/news.port';
import {
  NOTIFICATIONS_SUMMARY_PORT,
  type NotificationsSummaryPort,
} from '../application/ports/notifications-summary.port';
import { NOTIFIER_PORT } from '../application/ports/notifier.port';
import { ORDERS_PORT, type OrdersPort } from '../application/ports/orders.port';
import { PAGES_PORT, type PagesPort } from '../application/ports/pages.port';
import { PAYMENTS_PORT, type PaymentsPort } from '../application/ports/payments.port';
import type { PortToken } from '../application/ports/port-token';
import { portToken } from '../application/ports/port-token';
import { REQUESTS_PORT, type RequestsPort } from '../application/ports/requests.port';
import { SPEECH_RECOGNITION_PORT } from '../application/ports/speech-recognition.port';
import { SUBSCRIBE_PORT, type SubscribePort } from '../application/ports/subscribe.port';
import { VIEWED_PORT, type ViewedPort } from '../application/ports/viewed.port';
import type { ShopRuntime } from '../application/shop-runtime';
import type { UseCase, UseCaseRunner } from '../application/use-case';
import { BrowserNavigationAdapter, type NavigateCallback } from './browser-navigation.adapter';
import { ConsoleLogger } from './console-logger.adapter';
import {
  DocumentCartCookieAdapter,
  DocumentCookiesAdapter,
  RequestCartCookieAdapter,
} from './document-cookies.adapter';
import { type AnsweringFetch, answeringFetch } from './http/answers-fetch';
import type { HttpAdapters } from './http/http-adapters';
import { type AsyncPort, lazyPort } from './lazy-port';
import { browserLocalStorage, LocalStorageAdapter } from './local-storage.adapter';
import { loadMachineInspector } from './machine-inspector';
import {
  documentPortCalls,
  type PortCallLayer,
  PortCallRecorder,
  SERVER_RENDER_API_BASE,
} from './port-calls';
import { type ShopSystem, type ShopSystemOptions, startShopSystem } from './shop-system';
import { SystemClock } from './system-clock.adapter';
import { loadToastify } from './toastify-loader';
import { ToastifyNotifierAdapter } from './toastify-notifier.adapter';
import { type SpeechGlobals, WebSpeechRecognitionAdapter } from './web-speech-recognition.adapter';
import { fetchCounterSettings, NoAnalytics, YandexMetrikaAdapter } from './yandex-metrika.adapter';

/**
 * The composition root: the only place that knows which adapter serves which port.
 * src/main.tsx is the single view-side file allowed to import it (see .dependency-cruiser.cjs).
 *
 * Every adapter is registered by factory (or as a ready value) with its collaborators resolved by
 * token, so nothing relies on emitted decorator metadata (stack.md: interfaces and `import type`
 * become `Object`). One adapter per container: factories are instance-caching, and the HTTP ports
 * are lazy stand-ins made once per container.
 */
export interface AppConfig {
  /** Where /api/... lives; defaults to the build's `__API_BASE_URL__` (see build-config.d.ts). */
  readonly apiBaseUrl?: string;
  /** A fetch to use instead of the browser's (tests). */
  readonly fetch?: typeof globalThis.fetch;
  /** The browser window; null runs every browser adapter in its "no browser" mode (tests, SSR). */
  readonly window?: Window | null;
  readonly logger?: LoggerPort;
  readonly clock?: ClockPort;
  /**
   * What the HTTP ports' calls pass through: the server renderer's recorder; by default in the browser
   * (without a given fetch) the record the page's document carries (port-calls.ts).
   */
  readonly portCalls?: PortCallLayer;
  /**
   * The server renderer: the cart cookie's value the page's request carried (null for none). The
   * render reads it and writes no cookie; left out, the browser's own cookie is used.
   */
  readonly requestCartCookie?: string | null;
}

/** The navigation adapter itself, so main.tsx can attach the router once it exists. */
const BROWSER_NAVIGATION: PortToken<BrowserNavigationAdapter> = portToken<BrowserNavigationAdapter>(
  'infrastructure.BrowserNavigation',
);

function currentWindow(): Window | null {
  return typeof window === 'undefined' ? null : window;
}

function configuredBaseUrl(): string {
  return typeof __API_BASE_URL__ === 'string' ? __API_BASE_URL__ : '/';
}

export function createAppContainer(config: AppConfig = {}): DependencyContainer {
  const app = container.createChildContainer();
  const browser = config.window === undefined ? currentWindow() : config.window;
  const get = <T>(from: DependencyContainer, token: PortToken<T>): T => from.resolve<T>(token);

  app.register<ClockPort>(CLOCK_PORT, { useValue: config.clock ?? new SystemClock() });
  app.register<LoggerPort>(LOGGER_PORT, { useValue: config.logger ?? new ConsoleLogger() });
  // HTTP adapters, one per API group. They live in a chunk of their own (effect + the api/ contract),
  // loaded on the first call; every HTTP port method is async, so a lazy stand-in serves it meanwhile.
  let httpAdapters: Promise<HttpAdapters> | null = null;
  // A server-drawn page's first calls are answered from its document's record, so hydration needs
  // neither the network nor the HTTP adapters' chunk (api/recorded-calls.ts).
  const portCalls =
    config.portCalls ?? (browser !== null && config.fetch === undefined ? documentPortCalls(browser) : null);
  const served = <T extends AsyncPort<T>>(name: string, port: T): T =>
    portCalls === null ? port : portCalls.wrap(name, port);
  const http = (): Promise<HttpAdapters> => {
    if (httpAdapters === null) {
      httpAdapters = import('./http/http-adapters')
        .then(({ createHttpAdapters, pageBootstrapFetch }) => {
          // A given fetch (tests) as is; in the browser, the answers the page's HTML carries first.
          const fetch = config.fetch ?? pageBootstrapFetch(browser);
          return createHttpAdapters(
            {
              baseUrl: config.apiBaseUrl ?? configuredBaseUrl(),
              ...(fetch === undefined ? {} : { fetch }),
            },
            get(app, LOGGER_PORT),
            get(app, CLOCK_PORT),
          );
        })
        .catch((error: unknown) => {
          httpAdapters = null;
          throw error;
        });
    }
    return httpAdapters;
  };
  app.register<AdminOrdersPort>(ADMIN_ORDERS_PORT, {
    useValue: served(
      'adminOrders',
      lazyPort<AdminOrdersPort>(() => http().then((all) => all.adminOrders)),
    ),
  });
  app.register<AdminRequestsPort>(ADMIN_REQUESTS_PORT, {
    useValue: served(
      'adminRequests',
      lazyPort<AdminRequestsPort>(() => http().then((all) => all.adminRequests)),
    ),
  });
  app.register<AdminClientsPort>(ADMIN_CLIENTS_PORT, {
    useValue: served(
      'adminClients',
      lazyPort<AdminClientsPort>(() => http().then((all) => all.adminClients)),
    ),
  });
  // Back-office catalogue (issue 11).
  app.register<AdminProductsPort>(ADMIN_PRODUCTS_PORT, {
    useValue: served(
      'adminProducts',
      lazyPort<AdminProductsPort>(() => http().then((all) => all.adminProducts)),
    ),
  });
  app.register<AdminCategoriesPort>(ADMIN_CATEGORIES_PORT, {
    useValue: served(
      'adminCategories',
      lazyPort<AdminCategoriesPort>(() => http().then((all) => all.adminCategories)),
    ),
  });
  app.register<AdminDictsPort>(ADMIN_DICTS_PORT, {
    useValue: served(
      'adminDicts',
      lazyPort<AdminDictsPort>(() => http().then((all) => all.adminDicts)),
    ),
  });
  app.register<AdminPagesPort>(ADMIN_PAGES_PORT, {
    useValue: served(
      'adminPages',
      lazyPort<AdminPagesPort>(() => http().then((all) => all.adminPages)),
    ),
  });
  app.register<AdminContentPort>(ADMIN_CONTENT_PORT, {
    useValue: served(
      'adminContent',
      lazyPort<AdminContentPort>(() => http().then((all) => all.adminContent)),
    ),
  });
  app.register<AdminNewsPort>(ADMIN_NEWS_PORT, {
    useValue: served(
      'adminNews',
      lazyPort<AdminNewsPort>(() => http().then((all) => all.adminNews)),
    ),
  });
  app.register<AdminPromoPort>(ADMIN_PROMO_PORT, {
    useValue: served(
      'adminPromo',
      lazyPort<AdminPromoPort>(() => http().then((all) => all.adminPromo)),
    ),
  });
  // The delivery tariffs screen (issue 23).
  app.register<AdminTariffsPort>(ADMIN_TARIFFS_PORT, {
    useValue: served(
      'adminTariffs',
      lazyPort<AdminTariffsPort>(() => http().then((all) => all.adminTariffs)),
    ),
  });
  // «Доставки на день» and the order card's slot moves (issue 23, item 5).
  app.register<AdminDeliveriesPort>(ADMIN_DELIVERIES_PORT, {
    useValue: served(
      'adminDeliveries',
      lazyPort<AdminDeliveriesPort>(() => http().then((all) => all.adminDeliveries)),
    ),
  });
  // Alerts to staff (issue 26, item 2).
  app.register<AdminAlertsPort>(ADMIN_ALERTS_PORT, {
    useValue: served(
      'adminAlerts',
      lazyPort<AdminAlertsPort>(() => http().then((all) => all.adminAlerts)),
    ),
  });
  app.register<AdminStaffPort>(ADMIN_STAFF_PORT, {
    useValue: served(
      'adminStaff',
      lazyPort<AdminStaffPort>(() => http().then((all) => all.adminStaff)),
    ),
  });
  app.register<AuthPort>(AUTH_PORT, {
    useValue: served(
      'auth',
      lazyPort<AuthPort>(() => http().then((all) => all.auth)),
    ),
  });
  app.register<CartPort>(CART_PORT, {
    useValue: served(
      'cart',
      lazyPort<CartPort>(() => http().then((all) => all.cart)),
    ),
  });
  app.register<CataloguePort>(CATALOGUE_PORT, {
    useValue: served(
      'catalogue',
      lazyPort<CataloguePort>(() => http().then((all) => all.catalogue)),
    ),
  });
  app.register<ClientsPort>(CLIENTS_PORT, {
    useValue: served(
      'clients',
      lazyPort<ClientsPort>(() => http().then((all) => all.clients)),
    ),
  });
  app.register<FavouritesPort>(FAVOURITES_PORT, {
    useValue: served(
      'favourites',
      lazyPort<FavouritesPort>(() => http().then((all) => all.favourites)),
    ),
  });
  app.register<DeliveryPort>(DELIVERY_PORT, {
    useValue: served(
      'delivery',
      lazyPort<DeliveryPort>(() => http().then((all) => all.delivery)),
    ),
  });
  app.register<GeoPort>(GEO_PORT, {
    useValue: served(
      'geo',
      lazyPort<GeoPort>(() => http().then((all) => all.geo)),
    ),
  });
  app.register<NewsPort>(NEWS_PORT, {
    useValue: served(
      'news',
      lazyPort<NewsPort>(() => http().then((all) => all.news)),
    ),
  });
  app.register<NotificationsSummaryPort>(NOTIFICATIONS_SUMMARY_PORT, {
    useValue: served(
      'notificationsSummary',
      lazyPort<NotificationsSummaryPort>(() => http().then((all) => all.notificationsSummary)),
    ),
  });
  app.register<OrdersPort>(ORDERS_PORT, {
    useValue: served(
      'orders',
      lazyPort<OrdersPort>(() => http().then((all) => all.orders)),
    ),
  });
  app.register<PagesPort>(PAGES_PORT, {
    useValue: served(
      'pages',
      lazyPort<PagesPort>(() => http().then((all) => all.pages)),
    ),
  });
  app.register<PaymentsPort>(PAYMENTS_PORT, {
    useValue: served(
      'payments',
      lazyPort<PaymentsPort>(() => http().then((all) => all.payments)),
    ),
  });
  app.register<RequestsPort>(REQUESTS_PORT, {
    useValue: served(
      'requests',
      lazyPort<RequestsPort>(() => http().then((all) => all.requests)),
    ),
  });
  app.register<AdminConsentsPort>(ADMIN_CONSENTS_PORT, {
    useValue: served(
      'adminConsents',
      lazyPort<AdminConsentsPort>(() => http().then((all) => all.adminConsents)),
    ),
  });
  app.register<ConsentsPort>(CONSENTS_PORT, {
    useValue: served(
      'consents',
      lazyPort<ConsentsPort>(() => http().then((all) => all.consents)),
    ),
  });
  app.register<SubscribePort>(SUBSCRIBE_PORT, {
    useValue: served(
      'subscribe',
      lazyPort<SubscribePort>(() => http().then((all) => all.subscribe)),
    ),
  });
  app.register<ViewedPort>(VIEWED_PORT, {
    useValue: served(
      'viewed',
      lazyPort<ViewedPort>(() => http().then((all) => all.viewed)),
    ),
  });

  // Browser adapters.
  app.register(KEY_VALUE_STORAGE_PORT, {
    useFactory: instanceCachingFactory(
      (c) =>
        new LocalStorageAdapter(
          browser === null ? null : browserLocalStorage(),
          browser,
          get(c, LOGGER_PORT),
        ),
    ),
  });
  app.register(COOKIES_PORT, {
    useFactory: instanceCachingFactory(
      () => new DocumentCookiesAdapter(browser === null ? null : browser.document),
    ),
  });
  app.register<CartCookiePort>(CART_COOKIE_PORT, {
    useFactory: instanceCachingFactory((): CartCookiePort => {
      const cookie =
        config.requestCartCookie !== undefined
          ? new RequestCartCookieAdapter(config.requestCartCookie)
          : new DocumentCartCookieAdapter(browser === null ? null : browser.document, {
              secure: browser?.location.protocol === 'https:',
            });
      // The read passes through the page's call record like an API read: the server render's is
      // recorded, and the hydration is answered the lines the server drew even when the cookie has
      // changed since the request (another tab); later reads are the browser's own.
      const reading = served('cartCookie', { read: () => cookie.read() });
      return { read: () => reading.read(), write: (lines) => cookie.write(lines) };
    }),
  });
  app.register(SPEECH_RECOGNITION_PORT, {
    useFactory: instanceCachingFactory(
      () => new WebSpeechRecognitionAdapter(browser === null ? null : (browser as unknown as SpeechGlobals)),
    ),
  });
  app.register(BROWSER_NAVIGATION, {
    useFactory: instanceCachingFactory(
      () => new BrowserNavigationAdapter(browser === null ? null : browser.location),
    ),
  });
  app.register(NAVIGATION_PORT, { useFactory: (c) => get(c, BROWSER_NAVIGATION) });
  // Analytics only in a real page (not the server renderer, not a test's own fetch): issue 26, item 4.
  app.register(ANALYTICS_PORT, {
    useFactory: instanceCachingFactory((c) =>
      browser === null || config.fetch !== undefined
        ? new NoAnalytics()
        : new YandexMetrikaAdapter(
            browser,
            get(c, KEY_VALUE_STORAGE_PORT),
            fetchCounterSettings(
              browser.fetch.bind(browser),
              new URL(
                'api/analytics-settings',
                new URL(config.apiBaseUrl ?? configuredBaseUrl(), browser.location.href),
              ).href,
            ),
            get(c, LOGGER_PORT),
          ),
    ),
  });
  app.register(NOTIFIER_PORT, {
    useFactory: instanceCachingFactory(
      (c) =>
        new ToastifyNotifierAdapter(
          () =>
            browser === null
              ? Promise.reject(new Error('Toasts need a browser document'))
              : loadToastify(browser.document),
          get(c, LOGGER_PORT),
        ),
    ),
  });

  return app;
}

export function resolvePort<T>(from: DependencyContainer, token: PortToken<T>): T {
  return from.resolve<T>(token);
}

/**
 * Hands the router's navigate to the navigation adapter (main.tsx builds the container before the
 * router). Until this is called, navigation is a full page load.
 */
export function attachRouterNavigation(from: DependencyContainer, navigate: NavigateCallback): void {
  from.resolve<BrowserNavigationAdapter>(BROWSER_NAVIGATION).attachRouter(navigate);
}

/**
 * Starts the long-lived machines of the page (auth, cart and favourites sync, recently viewed, city,
 * unread counters; see shop-system.ts), with the Stately inspector attached when a development build
 * runs with `?inspect` in the URL.
 * The machines with their ports provided (modals included) are `system.machines`.
 */
export async function startPageShopSystem(
  from: DependencyContainer,
  options: Pick<ShopSystemOptions, 'focusDialog' | 'deferStart'> = {},
): Promise<ShopSystem> {
  const search = typeof window === 'undefined' ? '' : window.location.search;
  const inspect = await loadMachineInspector(search);
  return startShopSystem(from, { ...options, ...(inspect === undefined ? {} : { inspect }) });
}

/**
 * The container of the server-side renderer (src/entry-server.tsx): no browser, and HTTP answered
 * in-process by the server, recorded for the page document (http/answers-fetch.ts). Of the request's
 * cookies it sees the cart cookie only (the cart page's lines): the city and the session are the
 * browser's, so a page drawn for one visitor stays right for the next (server/domain/page-cache-rule.ts).
 */
export function createPageRenderContainer(
  answer: AnswerRead,
  /** The cart cookie's value the page's request carried, or null (the cart page's lines). */
  cartCookie: string | null = null,
): {
  readonly container: DependencyContainer;
  readonly answers: AnsweringFetch;
  /** Every port call of the render with its answer, for the document (api/recorded-calls.ts). */
  readonly calls: PortCallRecorder;
} {
  const answers = answeringFetch(answer);
  const calls = new PortCallRecorder();
  const container = createAppContainer({
    portCalls: calls,
    window: null,
    apiBaseUrl: SERVER_RENDER_API_BASE,
    fetch: answers.fetch,
    requestCartCookie: cartCookie,
    // A page render logs nothing of its own: a read it lacks simply renders the page's fallback.
    logger: { warn() {}, error() {} },
  });
  return { container, answers, calls };
}

/**
 * The use cases of a container (src/application/use-case.ts): each registered under its own token on
 * first use, by an instance-caching factory, so a page, a server render or a test builds it once from
 * its own ports. `isRegistered(token)` asks this container only: a use case is never shared with a
 * parent container, whose ports may differ.
 */
export function runnerOfUseCases(from: DependencyContainer): UseCaseRunner {
  return <Run>(useCase: UseCase<Run>): Run => {
    if (!from.isRegistered(useCase.token))
      from.register<Run>(useCase.token, { useFactory: instanceCachingFactory((c) => useCase.create(c)) });
    return from.resolve<Run>(useCase.token);
  };
}

/** The running machines and the use cases the routes receive (src/application/shop-runtime.ts). */
export function shopRuntimeOf(system: ShopSystem, from: DependencyContainer): ShopRuntime {
  return {
    system: system.actor,
    resolve: runnerOfUseCases(from),
    machines: {
      consultationModal: system.machines.consultationModal,
      feedbackModal: system.machines.feedbackModal,
      subscribe: system.machines.subscribe,
    },
  };
}

/** The page's machines without a browser (the server-side renderer); stopped after the render. */
export function startRenderShopSystem(from: DependencyContainer): ShopSystem {
  return startShopSystem(from, { events: null });
}

export type {
  AnswerRead,
  DrawnPageHead,
  RenderMiss,
  RenderPage,
  RouteExists,
} from '../../api/page-bootstrap';
/** For the renderer's last check: no drawn page names the renderer's API base (port-calls.ts). */
export { carriesRenderBase } from './port-calls';
export type { ShopSystem } from './shop-system';
