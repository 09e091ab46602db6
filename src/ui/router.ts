import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './route-tree.gen';
import type { RouterContext } from './router-context';

/** The app's router; the server's renderer passes a memory history at the page's URL. */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    scrollRestoration: true,
    ...(history === undefined ? {} : { history }),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /**
     * 'minimal': only the logo, schedule and phone around the page (spec §2, /pay/{orderId});
     * 'admin': no shop chrome at all — the /admin routes draw the back office's own layout.
     */
    chrome?: 'full' | 'minimal' | 'admin';
  }
}
