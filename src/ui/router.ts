import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { routeTree } from './route-tree.gen';
import type { RouterContext } from './router-context';
import { RouteErrorView } from './routes/-components/route-error';

/**
 * Options every route inherits. A route without its own errorComponent (an offline reload of a visited
 * page, a chunk that failed to load) shows the shop's Russian error with a retry, never the router's
 * English «Something went wrong!».
 */
export const APP_ROUTER_DEFAULTS = {
  defaultPreload: 'intent',
  scrollRestoration: true,
  defaultErrorComponent: RouteErrorView,
} as const;

/**
 * Every route, the back office's included (src/ui/route-tree.gen.ts). The server's renderer and a
 * document of an /admin path use it; a storefront document uses the storefront's tree
 * (storefront-route-tree.ts), which has the same type.
 */
export type AppRouteTree = typeof routeTree;

/** The app's router; the server's renderer passes a memory history at the page's URL. */
export function createAppRouter(context: RouterContext, routeTree: AppRouteTree, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...APP_ROUTER_DEFAULTS,
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
    /**
     * A public page the server draws into its HTML (src/entry-server.tsx): its content is the same
     * for every visitor. Pages of the visitor's own (cart, account, checkout) are drawn by the browser,
     * which has their storage and session.
     */
    drawnOnServer?: boolean;
  }
}
