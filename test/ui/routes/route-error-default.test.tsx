import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APP_ROUTER_DEFAULTS } from '../../../src/ui/router';
import { PAGE_LOAD_ERROR } from '../../../src/ui/routes/-components/route-error';

describe('a route without its own error view', () => {
  it('shows the shop’s Russian error and retry when its data cannot be loaded (offline reload)', async () => {
    const rootRoute = createRootRoute({ component: () => <Outlet /> });
    const productRoute = createRoute({
      getParentRoute: () => rootRoute,
      path: '/product/$slug',
      loader: () => {
        throw new TypeError('Failed to fetch');
      },
      component: () => <p>товар</p>,
    });
    const router = createRouter({
      ...APP_ROUTER_DEFAULTS,
      routeTree: rootRoute.addChildren([productRoute]),
      history: createMemoryHistory({ initialEntries: ['/product/divan'] }),
    });
    await act(async () => {
      await router.load();
      render(<RouterProvider router={router} />);
    });
    expect(await screen.findByRole('heading', { name: PAGE_LOAD_ERROR.title })).toBeTruthy();
    expect(screen.getByRole('button', { name: PAGE_LOAD_ERROR.retry })).toBeTruthy();
    expect(screen.queryByText(/Something went wrong/i)).toBeNull();
  });
});
