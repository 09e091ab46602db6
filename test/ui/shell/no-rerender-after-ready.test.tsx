import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, Profiler, type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { parseCartCookie } from '../../../shared-rules/cart-cookie-rule';
import type { AuthCheckAnswer } from '../../../src/application/machines/auth.machine';
import type { AuthPort } from '../../../src/application/ports/auth.port';
import type { CartPort } from '../../../src/application/ports/cart.port';
import { CART_COOKIE_PORT } from '../../../src/application/ports/cart-cookie.port';
import type { CataloguePort } from '../../../src/application/ports/catalogue.port';
import type { DeliveryPort } from '../../../src/application/ports/delivery.port';
import type { FavouritesPort } from '../../../src/application/ports/favourites.port';
import { PAYMENTS_PORT, type PaymentsPort } from '../../../src/application/ports/payments.port';
import { PortFailure } from '../../../src/application/ports/port-failure';
import { CART_SLOT, FAVOURITES_SLOT } from '../../../src/application/ports/storage-slots';
import { routeTree } from '../../../src/ui/route-tree.gen';
import { APP_ROUTER_DEFAULTS, createAppRouter } from '../../../src/ui/router';
import { PageHeadCollector, SiteOrigin } from '../../../src/ui/routes/-components/page-head';
import { beginHydration, endHydration } from '../../../src/ui/shell/hydration';
import { type PortProvision, provide } from '../../support/test-ports';
import { startWiredTestShop, type TestPorts, type WiredTestShop } from '../../support/wired-shop-system';
import {
  CATEGORIES,
  fakePorts,
  product,
  productDetail,
  productPage,
  strictFake,
} from '../routes/route-test-support';

/**
 * Issue 27 item 2: «no re-render after ready». The page the server drew is hydrated with the browser's
 * start path (src/main.tsx: machines created but not started, the real router told it renders server
 * markup, `hydrateRoot` in a transition), and every React commit after the hydration's own is counted
 * with the components it rendered, until the shop's machines have started and answered. For an
 * anonymous visitor with empty storage, only what the server cannot know may render again: the city
 * the geo service detects (drawn as «Определяем город...» by the server and by hydration).
 *
 * Which components a commit rendered is read from React's fiber tree, the way React DevTools' profiler
 * reads it: a component rendered if its fiber mounted or performed work in this commit; a subtree React
 * bailed out of keeps the previous commit's children and is not entered.
 */
interface Fiber {
  readonly tag: number;
  readonly type: unknown;
  readonly flags: number;
  readonly child: Fiber | null;
  readonly sibling: Fiber | null;
  readonly alternate: Fiber | null;
  readonly stateNode: unknown;
}

/** React's work tags of components (function, class, forwardRef, memo, simple memo). */
const COMPONENT_TAGS: ReadonlySet<number> = new Set([0, 1, 11, 14, 15]);
/** The flag a fiber carries when its component ran in the commit being made. */
const PERFORMED_WORK = 1;

function componentName(type: unknown): string {
  if (typeof type === 'function') {
    const named = type as { displayName?: string; name?: string };
    return named.displayName || named.name || 'Anonymous';
  }
  if (typeof type === 'object' && type !== null) {
    const wrapper = type as { displayName?: string; render?: unknown; type?: unknown };
    return wrapper.displayName || componentName(wrapper.render ?? wrapper.type);
  }
  return 'Anonymous';
}

/** What one commit did: components drawn for the first time (hydrated), and components drawn again. */
interface Commit {
  readonly mounted: string[];
  readonly rerendered: string[];
}

function walk(fiber: Fiber | null, into: Commit): Commit {
  for (let node = fiber; node !== null; node = node.sibling) {
    const previous = node.alternate;
    if (COMPONENT_TAGS.has(node.tag)) {
      if (previous === null) into.mounted.push(componentName(node.type));
      else if ((node.flags & PERFORMED_WORK) !== 0) into.rerendered.push(componentName(node.type));
    }
    if (previous === null || node.child !== previous.child) walk(node.child, into);
  }
  return into;
}

/** What the commit being made in the root hydrated into `container` rendered. */
function committedNow(container: Element): Commit {
  const key = Object.keys(container).find((name) => name.startsWith('__reactContainer$'));
  const hostRoot = key === undefined ? undefined : (Reflect.get(container, key) as Fiber | undefined);
  const fiberRoot = hostRoot?.stateNode as { current: Fiber } | undefined;
  if (fiberRoot === undefined) throw new Error('no React root in the container');
  return walk(fiberRoot.current.child, { mounted: [], rerendered: [] });
}

declare global {
  // React's flag for tests that drive roots themselves with act().
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const ORIGIN = 'http://localhost:3000';

const GUEST: AuthCheckAnswer = {
  authenticated: false,
  role: 'user',
  clientId: null,
  tempPasswordActive: false,
};

const NO_SEO_TEXT = new PortFailure({ kind: 'bad-request', status: 404, message: 'Текст не найден' });

/** The catalogue the storefront's pages read (home, a category, a product, search). */
const catalogue: Partial<CataloguePort> = {
  listCategories: async () => CATEGORIES,
  seoText: async () => Promise.reject(NO_SEO_TEXT),
  popularTags: async () => [],
  listProducts: async () =>
    productPage([product(), product({ id: 2, slug: 'kreslo-oslo', name: 'Кресло «Осло»', badge: null })], 2),
  productBySlug: async () => productDetail(),
  recommendationsByCollection: async () => [
    product({ id: 3, slug: 'pufik-selangor', name: 'Пуф «Селангор»' }),
  ],
  recommendationsByStyle: async () => [],
  productsByIds: async (ids) => [product()].filter((item) => ids.includes(item.id)),
  search: async ({ q }) => ({
    query: q,
    corrected_query: null,
    items: [product()],
    total: 1,
    page: 1,
    limit: 50,
  }),
};

const delivery: Partial<DeliveryPort> = {
  products: async () => ({ items: [], together: null }),
};

const payments: Partial<PaymentsPort> = {
  options: async () => ({
    methods: ['card', 'sbp'],
    installments: { minAmount: 300_000, maxAmount: 50_000_000, months: 6 },
  }),
};

/** An anonymous visitor's shop: a guest session, nothing stored, the geo service finds no city. */
function visitorPorts(): TestPorts {
  return {
    auth: strictFake<AuthPort>('AuthPort', {
      checkAuth: async () => GUEST,
      logout: async () => undefined,
    }),
    cart: strictFake<CartPort>('CartPort', { load: async () => [], save: async (_id, cart) => cart }),
    favourites: strictFake<FavouritesPort>('FavouritesPort', {
      list: async () => [],
      add: async () => undefined,
      remove: async () => undefined,
      clear: async () => undefined,
    }),
    geo: { detectCity: async () => null },
    subscribe: { subscribe: () => Promise.reject(new Error('nobody subscribes here')) },
    viewed: { list: async () => [], add: async () => undefined, clear: async () => undefined },
    summaries: {
      adminSummary: () => new Promise(() => undefined),
      clientSummary: () => new Promise(() => undefined),
      resetClient: async () => undefined,
    },
    navigation: { navigate: () => undefined, reload: () => undefined },
    cookies: { get: () => null, set: () => undefined },
  };
}

const provisions = (extra: readonly PortProvision[] = []) => [
  ...fakePorts({ catalogue, delivery, speech: { isSupported: () => false } }),
  provide(PAYMENTS_PORT, strictFake<PaymentsPort>('PaymentsPort', payments)),
  ...extra,
];

/**
 * Marks the deferred parts of the loaders' data settled the way React's `use()` reads them, as
 * src/entry-server.tsx's `settleDeferred` does before drawing (the product page's recommendations).
 */
async function settleDeferred(loaderData: readonly unknown[]): Promise<void> {
  const deferred = loaderData.flatMap((data) =>
    typeof data === 'object' && data !== null
      ? Object.values(data).filter((value): value is Promise<unknown> => value instanceof Promise)
      : [],
  );
  await Promise.all(
    deferred.map((promise) =>
      promise.then((value) => {
        Object.assign(promise, { status: 'fulfilled', value });
      }),
    ),
  );
}

/** The page's markup as src/entry-server.tsx draws it: its own shop system, a memory history. */
async function drawOnServer(url: string, extra: readonly PortProvision[]): Promise<string> {
  const server = startWiredTestShop(visitorPorts(), {}, provisions(extra));
  // jsdom has a window: the loaders and the render take the server's shape because hydration says so
  // (hydration.ts).
  beginHydration();
  try {
    // createAppRouter's options, told it runs on the server (the renderer has no `document`; jsdom
    // has one, and a router that thinks it runs in a browser draws Suspense boundaries of its own).
    const router = createRouter({
      routeTree,
      context: { shop: server.shop },
      ...APP_ROUTER_DEFAULTS,
      history: createMemoryHistory({ initialEntries: [url] }),
      isServer: true,
    });
    await router.load();
    await settleDeferred(router.state.matches.map((match) => match.loaderData));
    expect(router.state.matches.every((match) => match.status === 'success')).toBe(true);
    return renderToString(
      <StrictMode>
        <PageHeadCollector.Provider value={() => undefined}>
          <SiteOrigin.Provider value={ORIGIN}>
            <RouterProvider router={router} />
          </SiteOrigin.Provider>
        </PageHeadCollector.Provider>
      </StrictMode>,
    );
  } finally {
    endHydration();
    server.system.stop();
  }
}

/**
 * main.tsx's MarkAppStarted: the shell's hydration has committed (its effect runs after every effect
 * below it); the machines start in a later task. It wraps the page as in main.tsx, so the tree has
 * the server's shape (a sibling beside the router would shift every `useId`). As in main.tsx it does
 * not end hydration: the page below the root route's Suspense boundary hydrates after it.
 */
function MarkReady({ onReady, children }: { onReady: () => void; children: ReactNode }) {
  useEffect(() => {
    onReady();
  }, [onReady]);
  return children;
}

/**
 * A visitor who has not scrolled: nothing below the first screen comes near the viewport (jsdom has
 * no IntersectionObserver; the home page's sliders wait for one).
 */
class NothingIntersects {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}

interface HydratedPage {
  /** The commits React's Profiler saw after ready: the components each rendered. */
  readonly afterReady: readonly Commit[];
  readonly mismatches: readonly unknown[];
}

let mounted: { root: Root; browser: WiredTestShop } | null = null;

afterEach(() => {
  // main.tsx ends hydration at the first client navigation; these tests never navigate.
  endHydration();
  vi.unstubAllGlobals();
  const root = mounted?.root;
  if (root !== undefined) act(() => root.unmount());
  mounted?.browser.system.stop();
  mounted = null;
  document.body.innerHTML = '';
});

/**
 * Hydrates the server's markup of `url` with the browser's start path, starts the machines after
 * ready and waits until they have answered; returns what rendered after ready.
 */
async function hydrateAndStart(
  url: string,
  /** The visitor's localStorage (raw strings by key); the server never has it. */
  stored: Readonly<Record<string, string>> = {},
  /** Ports of what the request carried, for the server and the browser alike (the cart cookie). */
  extra: readonly PortProvision[] = [],
): Promise<HydratedPage> {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.stubGlobal('IntersectionObserver', NothingIntersects);
  const markup = await drawOnServer(url, extra);
  const host = document.createElement('div');
  host.id = 'root';
  host.innerHTML = markup;
  // The router's one-off server scripts (scroll restoration) run and remove themselves while the
  // browser parses the document, before the app starts; markup set through innerHTML never runs them.
  for (const script of host.querySelectorAll('script')) {
    if (script.textContent?.endsWith('document.currentScript.remove()')) script.remove();
  }
  document.body.append(host);
  window.history.replaceState(null, '', url);

  const browser = startWiredTestShop(visitorPorts(), stored, provisions(extra), 'deferred');
  const router = createAppRouter({ shop: browser.shop }, routeTree);
  router.ssr = { manifest: undefined };
  // As main.tsx: hydration begins before the page's loaders run.
  beginHydration();
  await router.load();

  let ready = false;
  const afterReady: Commit[] = [];
  const onReady = () => {
    ready = true;
  };
  const mismatches: unknown[] = [];
  const app: ReactNode = (
    <StrictMode>
      <MarkReady onReady={onReady}>
        <Profiler
          id="page"
          onRender={() => {
            if (ready) afterReady.push(committedNow(host));
          }}
        >
          <SiteOrigin.Provider value={ORIGIN}>
            <RouterProvider router={router} />
          </SiteOrigin.Provider>
        </Profiler>
      </MarkReady>
    </StrictMode>
  );
  let root: Root | null = null;
  await act(async () => {
    startTransition(() => {
      root = hydrateRoot(host, app, { onRecoverableError: (error) => mismatches.push(error) });
    });
  });
  if (root === null) throw new Error('hydrateRoot did not run');
  mounted = { root, browser };
  expect(ready).toBe(true);

  // As main.tsx: the machines start in a task after ready; then every first answer arrives.
  await act(async () => {
    browser.system.start();
    const children = browser.system.actor.getSnapshot().children;
    if (!children.auth || !children.city || !children.cartSync || !children.favouritesSync)
      throw new Error('the shop system has not created its children');
    // The session check answered «guest», the carts and favourites heard it, geo answered.
    await waitFor(children.auth, (snapshot) => snapshot.matches('unauthenticated'));
    await waitFor(children.cartSync, (snapshot) => snapshot.matches('guest'));
    await waitFor(children.favouritesSync, (snapshot) => snapshot.matches('guest'));
    await waitFor(children.city, (snapshot) => !snapshot.hasTag('detecting'));
  });
  // What a test run shows of the count (docs/performance.md «No re-render after ready»).
  console.info(
    `${url}: ${afterReady.length} commit(s) after ready, ${afterReady.reduce((sum, { mounted }) => sum + mounted.length, 0)} components hydrated, ${afterReady.reduce((sum, { rerendered }) => sum + rerendered.length, 0)} rendered again:`,
    afterReady.map(({ rerendered }) => rerendered.join(' ')).filter((line) => line !== ''),
  );
  return { afterReady, mismatches };
}

/**
 * TanStack Router's own bookkeeping: MatchesInner acknowledges the first render (Transitioner) and
 * renders again with its error boundary; the memoised match below bails out, so nothing of the page
 * renders with it.
 */
const ROUTER_ACKNOWLEDGEMENT = ['MatchesInner', 'CatchBoundary'];
/**
 * The info bar, which draws the city the geo service detects (a visitor value), and its pieces (its
 * links, the map pin icon and the icon's unnamed inner component).
 */
const CITY_VIEW: ReadonlySet<string> = new Set(['ShopInfoBar', 'InfoBar', 'AppLink', 'MapPin', 'Anonymous']);

describe('no re-render after ready (issue 27 item 2)', () => {
  it.each([
    ['home', '/'],
    ['category', '/category/mebel/divany'],
    ['product', '/product/divan-verona'],
    ['search', '/search?q=диван'],
  ])('%s: after hydration, only the detected city renders again', async (_page, url) => {
    const page = await hydrateAndStart(url);
    expect(page.mismatches).toEqual([]);
    const again = page.afterReady.map((commit) => commit.rerendered).filter((names) => names.length > 0);
    for (const names of again) {
      if (names[0] === 'ShopInfoBar') expect(names.filter((name) => !CITY_VIEW.has(name))).toEqual([]);
      else expect(names).toEqual(ROUTER_ACKNOWLEDGEMENT);
    }
    // The city renders again once it is detected, and the router acknowledges once: nothing else.
    expect(again.filter((names) => names[0] === 'ShopInfoBar').length).toBeLessThanOrEqual(2);
    expect(again.filter((names) => names[0] !== 'ShopInfoBar').length).toBeLessThanOrEqual(1);
    // The page below the root route's Suspense boundary hydrates after ready (React hydrates a
    // boundary in a pass of its own, after the shell's commit): mounted, never rendered twice.
    expect(page.afterReady.some((commit) => commit.mounted.includes('PageHead'))).toBe(true);
  });

  it('a visitor’s stored favourite: the page hydrates without a mismatch, then its heart and the header’s count render', async () => {
    // React reports a mismatched attribute only on the console (it leaves it unpatched): caught here.
    const consoleErrors = vi.spyOn(console, 'error');
    const page = await hydrateAndStart('/category/mebel/divany', {
      [FAVOURITES_SLOT.key]: FAVOURITES_SLOT.encode([product()]),
    });
    expect(page.mismatches).toEqual([]);
    const again = page.afterReady.flatMap((commit) => commit.rerendered);
    expect(again).toContain('ProductCard');
    expect(again).toContain('SiteHeader');
    const mismatchReports = consoleErrors.mock.calls.filter((call) =>
      String(call[0]).includes("didn't match"),
    );
    expect(mismatchReports).toEqual([]);
    // The heart shows the stored favourite (drawn after hydration, not left as the server drew it).
    expect(
      document.querySelector('[aria-label="Удалить из избранного"][aria-pressed="true"]'),
    ).not.toBeNull();
  });

  it('the cart drawn with the lines of its cookie: the lines the visitor’s storage holds are not drawn again', async () => {
    const consoleErrors = vi.spyOn(console, 'error');
    const page = await hydrateAndStart(
      '/cart',
      { [CART_SLOT.key]: CART_SLOT.encode([{ ...product(), quantity: 2 }]) },
      [provide(CART_COOKIE_PORT, { read: async () => parseCartCookie('1.2'), write: () => undefined })],
    );
    expect(page.mismatches).toEqual([]);
    expect(consoleErrors.mock.calls.filter((call) => String(call[0]).includes("didn't match"))).toEqual([]);
    // Hydrated as drawn: the line and the page around it.
    expect(page.afterReady.some((commit) => commit.mounted.includes('CartLine'))).toBe(true);
    const again = page.afterReady.flatMap((commit) => commit.rerendered);
    // The header's count is the visitor's (the server draws none); the lines stay as drawn.
    expect(again).not.toContain('CartView');
    expect(again).not.toContain('CartLine');
    // «Частями от …» under the sums is drawn from the options the loader read, not after a read of its own.
    expect(again).not.toContain('InstallmentHint');
    expect(again).not.toContain('InstallmentNote');
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(document.querySelector('li[aria-label]')?.getAttribute('aria-label')).toBe(product().name);
  });
});
