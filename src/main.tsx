import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import {
  appServicesOf,
  attachRouterNavigation,
  createAppContainer,
  shopRuntimeOf,
  startPageShopSystem,
} from './infrastructure/composition-root';
import { replayEarlyInput } from './ui/early-input-replay';
import { createAppRouter } from './ui/router';
import { startSmoothScroll } from './ui/shell/smooth-scroll';
import './ui/theme/theme.css';

/**
 * Yields to the browser: what follows runs as a task of its own, so evaluating the code and the first
 * render do not add up to one long task (total blocking time, docs/performance.md «Storefront»). A
 * further yield before the container and the machines was measured and made the page later.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Marks `<html data-app="ready">` once the app has replaced the server's markup (or the loading
 * screen): from then on every control on the page works. Browser tests wait for it, and styles or
 * monitoring may use it.
 */
function MarkAppStarted() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
    // Taps held by index.html's early-input script, sent again now that every control works; a task
    // later, so the components' own effects (subscriptions, machines) have run first.
    setTimeout(() => replayEarlyInput(window, document.getElementById('root')), 0);
  }, []);
  return null;
}

// The composition root of the browser app (with entry-server.tsx, the only files that join the views
// to infrastructure, through composition-root.ts; src/ui itself never imports infrastructure).
const container = createAppContainer();
const services = appServicesOf(container);
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

const system = await startPageShopSystem(container, { focusDialog });
const router = createAppRouter({ services, shop: shopRuntimeOf(system) });
attachRouterNavigation(container, (to, { replace }) => router.navigate({ href: to, replace }));

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Root element #root is missing from index.html');

// The first page's data before the first render, so the first commit is the whole page: it replaces
// the server's markup of the same page (or the loading screen) in one step, with no pending screen
// between. Failures are the routes' own business (their error components), not start-up's.
await router.load().catch((error: unknown) => console.error('Первая загрузка страницы не удалась', error));
await nextTask();
// Not inside startTransition: measured, it split the render but drew the page 0.1–0.2 s later
// (docs/performance.md «Storefront»).
createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
    <MarkAppStarted />
  </StrictMode>,
);

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
