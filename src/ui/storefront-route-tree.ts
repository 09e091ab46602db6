import { createRoute } from '@tanstack/react-router';
import type { AppRouteTree } from './router';
import { routeTree as storefrontTree } from './storefront-route-tree.gen';

/** The back office's paths: /admin and everything below it. */
export const isBackOfficePath = (pathname: string): boolean => /^\/admin(?:\/|$)/.test(pathname);

/**
 * Stands for the whole back office in the storefront's tree: the 27 admin routes' definitions (their
 * search parsers, guards, options) are not in the storefront's first path (docs/performance.md «Admin
 * route tree»). A document of an /admin path builds its router from the full tree (src/main.tsx), so
 * this route is only reached by a client navigation from a storefront page into the back office (the
 * sign-in form sends staff to /admin, back/forward into it): the browser then loads that URL as a
 * document, which starts the full tree. A preload on hover does nothing.
 */
const backOfficeEntry = createRoute({
  getParentRoute: () => storefrontTree,
  path: 'admin/$',
  staticData: { chrome: 'admin' },
  beforeLoad: ({ location, preload }) => {
    if (preload || typeof window === 'undefined') return;
    window.location.assign(location.publicHref);
  },
  component: () => null,
});

/**
 * The storefront's route tree with the back office's entry. It is typed as the full tree: links and
 * navigations to admin paths are checked against their real routes, which the browser reaches through
 * `backOfficeEntry` (the two trees share the root route and every storefront route).
 */
export const storefrontRouteTree = storefrontTree.addChildren({
  ...storefrontTree.children,
  backOfficeEntry,
}) as unknown as AppRouteTree;
