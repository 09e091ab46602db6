import { createRouter } from '@tanstack/react-router';
import { routeTree } from './route-tree.gen';
import type { RouterContext } from './router-context';

export function createAppRouter(context: RouterContext) {
  return createRouter({ routeTree, context, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** 'minimal': only the logo, schedule and phone around the page (spec §2, /pay/{orderId}). */
    chrome?: 'full' | 'minimal';
  }
}
