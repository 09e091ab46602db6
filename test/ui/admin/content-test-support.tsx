import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { ShopRuntime } from '../../../src/application/shop-runtime';
import { ShopRuntimeProvider } from '../../../src/ui/shell/shop-context';
import { type PortProvision, testUseCases } from '../../support/test-ports';
import { strictFake } from '../routes/route-test-support';

/**
 * Renders a back-office view as the page does: inside a router (views link and navigate) and with the
 * running shop the views ask for use cases, built from this test's fake ports (a test container).
 * Answers where the router is, so a test can read where a view moved to.
 */
export async function renderAdminView(
  ui: ReactElement,
  provisions: readonly PortProvision[],
  path = '/admin',
): Promise<{ view: RenderResult; pathname: () => string }> {
  const shop = strictFake<ShopRuntime>('ShopRuntime', { resolve: testUseCases(provisions) });
  const rootRoute = createRootRoute({
    component: () => <ShopRuntimeProvider shop={shop}>{ui}</ShopRuntimeProvider>,
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  let view: RenderResult | undefined;
  await act(async () => {
    await router.load();
    view = render(<RouterProvider router={router} />);
  });
  if (!view) throw new Error('render did not run');
  return { view, pathname: () => router.state.location.pathname };
}
