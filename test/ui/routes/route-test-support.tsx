import {
  type AnyRoute,
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, type RenderResult, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AUTH_PORT, type AuthPort } from '../../../src/application/ports/auth.port';
import { CART_PORT, type CartPort } from '../../../src/application/ports/cart.port';
import {
  CATALOGUE_PORT,
  type CatalogueCategory,
  type CataloguePort,
  type ProductDetail,
  type ProductFacets,
  type ProductPage,
} from '../../../src/application/ports/catalogue.port';
import { CLIENTS_PORT, type ClientsPort } from '../../../src/application/ports/clients.port';
import { CLOCK_PORT, type ClockPort } from '../../../src/application/ports/clock.port';
import { DELIVERY_PORT, type DeliveryPort } from '../../../src/application/ports/delivery.port';
import { FAVOURITES_PORT, type FavouritesPort } from '../../../src/application/ports/favourites.port';
import { NEWS_PORT, type NewsPort } from '../../../src/application/ports/news.port';
import { ORDERS_PORT, type OrdersPort } from '../../../src/application/ports/orders.port';
import { PAGES_PORT, type PagesPort } from '../../../src/application/ports/pages.port';
import { PAYMENTS_PORT, type PaymentsPort } from '../../../src/application/ports/payments.port';
import { REQUESTS_PORT, type RequestsPort } from '../../../src/application/ports/requests.port';
import {
  SPEECH_RECOGNITION_PORT,
  type SpeechRecognitionPort,
} from '../../../src/application/ports/speech-recognition.port';
import type { ShopRuntime } from '../../../src/application/shop-runtime';
import type { ProductSummary } from '../../../src/domain/product';
import type { ProductCardActions } from '../../../src/ui/components/home-view';
import { NotFoundContent } from '../../../src/ui/components/not-found-content';
import { APP_ROUTER_DEFAULTS } from '../../../src/ui/router';
import type { RouterContext } from '../../../src/ui/router-context';
import { Route as RealRoot } from '../../../src/ui/routes/__root';
import { ProductActionsProvider } from '../../../src/ui/routes/-components/product-actions';
import { Route as ArticleRoute } from '../../../src/ui/routes/articles/$slug';
import { Route as CategoriesRoute } from '../../../src/ui/routes/categories';
import { Route as CategorySplatRoute } from '../../../src/ui/routes/category/$/route';
import { Route as InspirationTopicRoute } from '../../../src/ui/routes/category/vdohnovenie/$topicSlug/route';
import { Route as InspirationRoute } from '../../../src/ui/routes/category/vdohnovenie/index';
import { Route as ConsentRoute } from '../../../src/ui/routes/consent';
import { Route as NewsItemRoute } from '../../../src/ui/routes/news/$slug';
import { Route as StaticPageRoute } from '../../../src/ui/routes/pages/$slug';
import { Route as NewsListRoute } from '../../../src/ui/routes/pages/news';
import { Route as PrivacyRoute } from '../../../src/ui/routes/privacy';
import { Route as ProductRoute } from '../../../src/ui/routes/product/$slug';
import { Route as SearchRoute } from '../../../src/ui/routes/search';
import { Route as TermsRoute } from '../../../src/ui/routes/terms';
import { ShopRuntimeProvider } from '../../../src/ui/shell/shop-context';
import { type PortProvision, provide, testUseCases } from '../../support/test-ports';

/**
 * Renders the real route tree in a memory-history router over fake ports: every port method a
 * test does not give fails loudly ("CataloguePort: unimplemented listProducts"), so a route that
 * calls something unexpected is caught instead of silently rendering defaults.
 */
export function strictFake<T extends object>(name: string, given: Partial<T>): T {
  return new Proxy(given, {
    get(target, property, receiver) {
      if (property in target) return Reflect.get(target, property, receiver);
      if (property === 'then') return undefined;
      return () => {
        throw new Error(`${name}: unimplemented ${String(property)}`);
      };
    },
  }) as T;
}

export interface FakePorts {
  readonly catalogue?: Partial<CataloguePort>;
  readonly news?: Partial<NewsPort>;
  readonly pages?: Partial<PagesPort>;
  readonly speech?: Partial<SpeechRecognitionPort>;
  /** Issue 23: the product page's delivery date (a failing read shows nothing). */
  readonly delivery?: Partial<DeliveryPort>;
}

/** The catalogue, content and speech ports under their tokens: the given methods, every other failing loudly. */
export function fakePorts(given: FakePorts): readonly PortProvision[] {
  return [
    provide(CATALOGUE_PORT, strictFake<CataloguePort>('CataloguePort', given.catalogue ?? {})),
    provide(NEWS_PORT, strictFake<NewsPort>('NewsPort', given.news ?? {})),
    provide(PAGES_PORT, strictFake<PagesPort>('PagesPort', given.pages ?? {})),
    provide(
      SPEECH_RECOGNITION_PORT,
      strictFake<SpeechRecognitionPort>('SpeechRecognitionPort', given.speech ?? {}),
    ),
    provide(DELIVERY_PORT, strictFake<DeliveryPort>('DeliveryPort', given.delivery ?? {})),
  ];
}

/** The storefront's other ports, which the catalogue and content routes must not call. */
const UNCALLED_PORTS: readonly PortProvision[] = [
  provide(AUTH_PORT, strictFake<AuthPort>('AuthPort', {})),
  provide(CART_PORT, strictFake<CartPort>('CartPort', {})),
  provide(CLIENTS_PORT, strictFake<ClientsPort>('ClientsPort', {})),
  provide(FAVOURITES_PORT, strictFake<FavouritesPort>('FavouritesPort', {})),
  provide(ORDERS_PORT, strictFake<OrdersPort>('OrdersPort', {})),
  provide(PAYMENTS_PORT, strictFake<PaymentsPort>('PaymentsPort', {})),
  provide(REQUESTS_PORT, strictFake<RequestsPort>('RequestsPort', {})),
  provide(CLOCK_PORT, strictFake<ClockPort>('ClockPort', {})),
];

/**
 * A shop runtime for routes rendered without the root layout: its use cases are built from the test's
 * fake ports; its machines belong to the root layout (not rendered here), so any use fails loudly.
 */
export function routeTestShop(ports: readonly PortProvision[]): ShopRuntime {
  return strictFake<ShopRuntime>('ShopRuntime', { resolve: testUseCases([...UNCALLED_PORTS, ...ports]) });
}

/** Gives a file route a place under the test root (the generated tree is not imported here). */
function attach<R extends { update: (options: never) => R }>(route: R, path: string, root: AnyRoute): R {
  return route.update({ id: path, path, getParentRoute: () => root } as never);
}

/**
 * For client navigation tests (issue 27, item 4): a router over the real root route's loader and cache
 * rules (the menu's category list) and one real page route, without the shop's chrome; `/` is a page
 * holding only `homeLink`, the link the test follows.
 */
export function navigationRouter<R extends { update: (options: never) => R }>(options: {
  readonly path: string;
  readonly ports: readonly PortProvision[];
  readonly page: R;
  readonly pagePath: string;
  readonly homeLink: () => ReactNode;
}) {
  const shop = routeTestShop(options.ports);
  const root = createRootRouteWithContext<RouterContext>()({
    loader: RealRoot.options.loader,
    staleTime: RealRoot.options.staleTime,
    shouldReload: RealRoot.options.shouldReload,
    component: () => (
      <ShopRuntimeProvider shop={shop}>
        <ProductActionsProvider value={null}>
          <Outlet />
        </ProductActionsProvider>
      </ShopRuntimeProvider>
    ),
  });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: options.homeLink });
  const page = attach(options.page, options.pagePath, root) as unknown as AnyRoute;
  return createRouter({
    routeTree: root.addChildren([home, page]),
    context: { shop },
    history: createMemoryHistory({ initialEntries: [options.path] }),
    defaultPendingMs: 0,
    defaultPreload: APP_ROUTER_DEFAULTS.defaultPreload,
  });
}

/**
 * The catalogue and content routes under a bare root: the real root layout runs the whole shop
 * (machines, header, mega menu), which these tests are not about. Cart and favourites come from
 * `actions` through the same ProductActionsProvider seam the views use.
 */
function catalogueRouteTree(shop: ShopRuntime, actions: ProductCardActions | null) {
  const root = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <ShopRuntimeProvider shop={shop}>
        <ProductActionsProvider value={actions}>
          <Outlet />
        </ProductActionsProvider>
      </ShopRuntimeProvider>
    ),
    notFoundComponent: NotFoundContent,
  });
  return root.addChildren([
    attach(CategoriesRoute, '/categories', root),
    attach(CategorySplatRoute, '/category/$', root),
    attach(InspirationRoute, '/category/vdohnovenie/', root),
    attach(InspirationTopicRoute, '/category/vdohnovenie/$topicSlug', root),
    attach(ProductRoute, '/product/$slug', root),
    attach(SearchRoute, '/search', root),
    attach(NewsListRoute, '/pages/news', root),
    attach(StaticPageRoute, '/pages/$slug', root),
    attach(NewsItemRoute, '/news/$slug', root),
    attach(ArticleRoute, '/articles/$slug', root),
    attach(PrivacyRoute, '/privacy', root),
    attach(TermsRoute, '/terms', root),
    attach(ConsentRoute, '/consent', root),
  ]);
}

export async function renderRoute(
  path: string,
  ports: readonly PortProvision[],
  actions: ProductCardActions | null = null,
) {
  const shop = routeTestShop(ports);
  const router = createRouter({
    routeTree: catalogueRouteTree(shop, actions),
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

export function product(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: 1,
    slug: 'divan-verona',
    name: 'Диван «Верона» модульный, велюр, серый',
    tovar_pic1_url_site: '/media/product/sofa-01-640.webp',
    price: 165_390,
    price_old: null,
    badge: 'new',
    width: 175,
    depth: 103,
    height: 86,
    specs: { MATERIAL: 'Велюр', COLOR: 'Серый' },
    ...overrides,
  };
}

export function productDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...product(),
    price: 208_590,
    price_old: 311_290,
    sku: 'DS-000109',
    description: 'Угловой диван «Селангор» — удобная модель для ежедневного отдыха.',
    category: { id: 13, slug: 'uglovye-divany', name: 'Угловые диваны', path: 'mebel/divany/uglovye-divany' },
    collection: 'Селангор',
    style: 'Бохо',
    material: 'Велюр',
    colour: 'Синий',
    brand: 'Kuala Home',
    country: 'Малайзия',
    created_at: '2026-01-10T10:00:00Z',
    images: [
      {
        url: '/media/product/sofa-02-640.webp',
        alt: 'Угловой диван «Селангор»',
        sources: [
          { width: 320, url: '/media/product/sofa-02-320.webp' },
          { width: 640, url: '/media/product/sofa-02-640.webp' },
        ],
      },
    ],
    ...overrides,
  };
}

function category(
  id: number,
  name: string,
  slug: string,
  parent: number | null,
  path: string,
): CatalogueCategory {
  return {
    id,
    name,
    slug,
    active: true,
    parent_id: parent,
    refs: [],
    path,
    level: path.split('/').length - 1,
    sort_order: id,
    image: null,
    description: `${name}: описание раздела.`,
  };
}

export const CATEGORIES: readonly CatalogueCategory[] = [
  category(10, 'Мебель', 'mebel', null, 'mebel'),
  category(11, 'Диваны', 'divany', 10, 'mebel/divany'),
  category(13, 'Угловые диваны', 'uglovye-divany', 11, 'mebel/divany/uglovye-divany'),
  category(30, 'Декор', 'dekor', null, 'dekor'),
];

const FACETS: ProductFacets = {
  material: [
    { value: 'Велюр', count: 8 },
    { value: 'Рогожка', count: 9 },
  ],
  color: [{ value: 'Серый', count: 7 }],
  style: [{ value: 'Бохо', count: 6 }],
  badge: [{ value: 'new', count: 5 }],
  price: { min: 38_090, max: 288_390 },
  width: { min: 160, max: 320 },
  depth: { min: 85, max: 190 },
  height: { min: 78, max: 94 },
};

export function productPage(items: readonly ProductSummary[], total = items.length): ProductPage {
  return { items, total, limit: 24, offset: 0, facets: FACETS };
}
