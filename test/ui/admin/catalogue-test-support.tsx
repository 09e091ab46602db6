import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { ShopRuntime } from '../../../src/application/shop-runtime';
import { ShopRuntimeProvider } from '../../../src/ui/shell/shop-context';
import { type PortProvision, testUseCases } from '../../support/test-ports';
import { strictFake } from '../routes/route-test-support';

/**
 * Renders one back-office view inside a real router (memory history) and behind the one door views
 * use (ShopRuntimeProvider): its use cases are built by a test container from the given fake ports,
 * exactly as the page's container builds them from the HTTP adapters.
 */
export async function renderAdminView(
  ui: ReactElement,
  ports: readonly PortProvision[],
  path = '/',
): Promise<RenderResult> {
  const shop = strictFake<ShopRuntime>('ShopRuntime', { resolve: testUseCases(ports) });
  const rootRoute = createRootRoute({
    component: () => <ShopRuntimeProvider shop={shop}>{ui}</ShopRuntimeProvider>,
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  let result: RenderResult | undefined;
  await act(async () => {
    await router.load();
    result = render(<RouterProvider router={router} />);
  });
  if (!result) throw new Error('render did not run');
  return result;
}

export interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** A call that answers when the test says so: its settle handles queue up in `calls`. */
export function deferredCalls<T>(calls: Deferred<T>[]): Promise<T> {
  return new Promise<T>((resolve, reject) => calls.push({ resolve, reject }));
}
