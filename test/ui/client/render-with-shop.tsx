import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { ShopRuntime } from '../../../src/application/shop-runtime';
import type { RouterContext } from '../../../src/ui/router-context';
import { ShopRuntimeProvider } from '../../../src/ui/shell/shop-context';
import type { ClientPorts } from './client-test-support';

/**
 * Renders one client view inside a router whose context carries the running shop, handed to the view
 * through the one door the app's root route opens (ShopRuntimeProvider), for the cases a route cannot
 * set up in jsdom (a clipboard that records, a payment page that is not really left). The view's use
 * cases reach the fake ports the shop was started with (startTestShop).
 */
export async function renderWithShop(ui: ReactElement, _ports: ClientPorts, shop: ShopRuntime) {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: () => <ShopRuntimeProvider shop={shop}>{ui}</ShopRuntimeProvider>,
  });
  const router = createRouter({
    routeTree: rootRoute,
    context: { shop },
    history: createMemoryHistory({ initialEntries: ['/favorites'] }),
  });
  let result: RenderResult | undefined;
  await act(async () => {
    await router.load();
    result = render(<RouterProvider router={router} />);
  });
  if (!result) throw new Error('render did not run');
  return result;
}
