import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';

/**
 * Renders a view inside a real TanStack router (memory history), because views link with the
 * router's <Link>. Resolves once the router has loaded and the view is on screen.
 */
export async function renderWithRouter(ui: ReactElement, path = '/'): Promise<RenderResult> {
  const rootRoute = createRootRoute({ component: () => ui });
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
