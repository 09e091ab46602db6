import { RouterProvider } from '@tanstack/react-router';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { KEY_VALUE_STORAGE_PORT } from './application/ports/key-value-storage.port';
import { WEB_FONTS_LOADED_SLOT } from './application/ports/storage-slots';
import {
  attachRouterNavigation,
  createAppContainer,
  resolvePort,
  shopRuntimeOf,
  startPageShopSystem,
} from './infrastructure/composition-root';
import { replayEarlyInput } from './ui/early-input-replay';
import { createAppRouter } from './ui/router';
import { SiteOrigin } from './ui/routes/-components/page-head';
import { beginHydration, endHydration } from './ui/shell/hydration';
import { startSmoothScroll } from './ui/shell/smooth-scroll';
import { loadWebFontsForNextPage } from './ui/shell/web-fonts';
import { isBackOfficePath, storefrontRouteTree } from './ui/storefront-route-tree';
import './ui/theme/theme.css';

/**
 * Yields to the browser: what follows runs as a task of its own, so evaluating the code, starting the
 * machines, loading the page's data and hydrating do not add up to one long task (total blocking time
 * counts each task's time beyond 50 ms; docs/performance.md «Storefront»). The page is already painted
 * from the server's markup, so the yields cost no paint; a tap in between is held by index.html's
 * early-input script and replayed.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs the steps in order, each as a task of its own (see `nextTask`). */
function oneTaskEach(steps: readonly (() => void)[]): void {
  const [step, ...rest] = steps;
  if (step === undefined) return;
  setTimeout(() => {
    step();
    oneTaskEach(rest);
  }, 0);
}

/**
 * Marks `<html data-app="ready">` once the app has hydrated the server's markup (or replaced the
 * loading screen): from then on every control on the page works. Browser tests wait for it, and styles or
 * monitoring may use it.
 */
function MarkAppStarted({
  startMachines,
  afterStart,
  children,
}: {
  startMachines: () => void;
  afterStart: () => void;
  children: ReactNode;
}) {
  useEffect(() => {
    performance.mark('shop:ready');
    document.documentElement.dataset.app = 'ready';
    // The machines (when hydration went first), then the taps held by index.html's early-input
    // script, sent again now that every control works, then what waited for the app — each a task of
    // its own, after the components' own effects (subscriptions) have run.
    oneTaskEach([startMachines, () => replayEarlyInput(window, document.getElementById('root')), afterStart]);
  }, [startMachines, afterStart]);
  // It wraps the page rather than sitting beside it: the tree then has the server renderer's shape
  // (entry-server.tsx), where a sibling would shift every `useId` of the page (the search fields'
  // ids and their labels) away from the ids in the server's markup.
  return children;
}

// The composition root of the browser app (with entry-server.tsx, the only files that join the views
// to infrastructure, through composition-root.ts; src/ui itself never imports infrastructure).
/**
 * User Timing marks of the start-up phases (`shop:` names), for traces and bench:web's profiles: where
 * the main thread's time goes before the page answers taps (docs/performance.md).
 */
const markPhase = (name: string) => performance.mark(`shop:${name}`);
markPhase('code-evaluated');
await nextTask();
const container = createAppContainer();
/**
 * The request modals' delayed focus (spec §4: "focus moves after 120 ms"): the machine decides when,
 * this finds the dialog (Modal's `data-dialog`) and moves focus to its first field.
 */
function focusDialog(dialog: 'consultationModal' | 'feedbackModal'): void {
  const element = document.querySelector<HTMLElement>(`[role="dialog"][data-dialog="${dialog}"]`);
  if (element === null) return;
  const field = element.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled])');
  (field ?? element).focus();
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Root element #root is missing from index.html');

/**
 * The server's drawing of the page: page-document.ts puts it between `<!--app:drawn-->` and
 * `<!--/app-->` in #root (else #root holds the loading screen between `<!--app-->` and `<!--/app-->`).
 * The markers are taken out, so #root holds exactly what React hydrates.
 */
function takeServerMarkup(root: HTMLElement): boolean {
  const first = root.firstChild;
  const last = root.lastChild;
  const isMarker = (node: ChildNode | null, text: string) =>
    node !== null && node.nodeType === Node.COMMENT_NODE && (node as Comment).data === text;
  if (!isMarker(first, 'app:drawn') || !isMarker(last, '/app')) return false;
  first?.remove();
  last?.remove();
  return true;
}

const drawnByServer = takeServerMarkup(rootElement);
// Creating the container and creating the machines are each ~50 ms of a slow phone: two tasks.
await nextTask();

// Over the server's markup the machines start after hydration (MarkAppStarted): hydration renders
// from their initial snapshots, and starting them is a task of its own.
const system = await startPageShopSystem(container, { focusDialog, deferStart: drawnByServer });
markPhase('machines-started');
await nextTask();
// A document of the back office builds its router from every route; the storefront's leaves the 27
// admin routes' definitions out of its first path (docs/performance.md «Admin route tree»).
const routeTree = isBackOfficePath(window.location.pathname)
  ? (await import('./ui/route-tree.gen')).routeTree
  : storefrontRouteTree;
const router = createAppRouter({ shop: shopRuntimeOf(system, container) }, routeTree);
attachRouterNavigation(container, (to, { replace }) => router.navigate({ href: to, replace }));

/** Once the app has taken over: the shop's typeface, for the next page (ui/shell/web-fonts.ts). */
function afterStart(): void {
  const storage = resolvePort(container, KEY_VALUE_STORAGE_PORT);
  loadWebFontsForNextPage(document, {
    remember: () => storage.write(WEB_FONTS_LOADED_SLOT, true),
    onPageChange: (listener) =>
      router.subscribe('onBeforeNavigate', (event) => {
        if (event.hrefChanged) listener();
      }),
  }).catch((error: unknown) => console.warn('Шрифт магазина не загрузился', error));
}
if (drawnByServer) {
  // Render as the server did: TanStack's matches without the client's extra Suspense boundary
  // (router-core's own hydrate() sets the same field).
  router.ssr = { manifest: undefined };
  // From the first page's loaders on: a loader that reads what the server read from the request (the
  // cart page's lines from its cookie) reads it for the hydration only (ui/shell/hydration.ts).
  beginHydration();
}
// Building the router (its tree of every route) and loading the page are each ~100 ms of a slow phone.
markPhase('router-created');
await nextTask();

// The first page's data before the first render, so the first commit is the whole page, with no
// pending screen between. Failures are the routes' own business (their error components), not start-up's.
await router.load().catch((error: unknown) => console.error('Первая загрузка страницы не удалась', error));
markPhase('page-loaded');
await nextTask();
markPhase('render-started');
const app = (
  <StrictMode>
    <MarkAppStarted startMachines={system.start} afterStart={afterStart}>
      <SiteOrigin.Provider value={window.location.origin}>
        <RouterProvider router={router} />
      </SiteOrigin.Provider>
    </MarkAppStarted>
  </StrictMode>
);
if (drawnByServer) {
  // Hydration adopts the server's DOM instead of drawing the page again. As a transition it is
  // rendered in slices that yield to the browser (taps and paints go first), not as one long task;
  // what only the browser knows (storage, session, city) renders right after (ui/shell/hydration.ts).
  // Hydration began before the page's loaders ran (above).
  // Hydration is over for the page only after this commit: React hydrates the page below the root
  // route's Suspense boundary (and each deferred block) in passes of their own, after the shell has
  // committed and `shop:ready` is marked. Components mounted in those passes must still draw the
  // server's shape (a stored favourite's heart would otherwise hydrate filled over the server's empty
  // one, a mismatch React leaves unpatched). So the page counts as hydrating until the first client
  // navigation; a component mounted before it by the visitor's own action takes one transition render
  // to show their values (ui/shell/hydration.ts; docs/performance.md «No re-render after ready»).
  const stopWatching = router.subscribe('onBeforeNavigate', (event) => {
    if (!event.hrefChanged) return;
    endHydration();
    stopWatching();
  });
  startTransition(() => {
    hydrateRoot(rootElement, app, {
      onRecoverableError: (error, info) =>
        console.error('Разметка сервера не совпала со страницей приложения', error, info.componentStack),
    });
  });
} else {
  // Not inside startTransition: measured, it split the render but drew the page 0.1–0.2 s later
  // (docs/performance.md «Storefront»).
  createRoot(rootElement).render(app);
}

// After the first paint: smooth wheel scrolling (not on touch screens), loaded on demand.
requestAnimationFrame(() => {
  setTimeout(() => {
    startSmoothScroll(window).catch((error: unknown) => console.warn('Smooth scrolling is off', error));
  }, 0);
});

/**
 * The service worker (spec §2: /sw.js at scope /), in production builds only; public/sw.js says why
 * it can never keep a visitor on an old release.
 */
// MODE rather than PROD: PROD follows NODE_ENV, which a build started from a test runner inherits as 'test'.
if (import.meta.env.MODE === 'production' && 'serviceWorker' in navigator) {
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  };
  // The start-up above awaits the shop system, so the load event may already have passed.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
