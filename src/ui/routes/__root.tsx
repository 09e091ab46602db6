// Fontsource's Manrope faces, with «₽» in a 1 kB inlined face instead of the 15 KiB latin-ext file.
import '../theme/fonts/manrope.css';
import { createRootRouteWithContext, Outlet, useMatches } from '@tanstack/react-router';
import { menuCategories } from '../../application/queries/home-page.query';
import { LoadingScreen } from '../components/spinner';
import type { RouterContext } from '../router-context';
import { MinimalShell } from '../shell/minimal-shell';
import { ShopRuntimeProvider } from '../shell/shop-context';
import { ShopShell } from '../shell/shop-shell';
import { NotFoundPage } from './-components/not-found-page';

export const Route = createRootRouteWithContext<RouterContext>()({
  loader: ({ context }) => context.shop.resolve(menuCategories)(),
  // The category list changes rarely: keep it across navigations for five minutes.
  staleTime: 5 * 60_000,
  shouldReload: false,
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  pendingComponent: PagePending,
});

function RootLayout() {
  const { shop } = Route.useRouteContext();
  const { categories } = Route.useLoaderData();
  // A route may ask for the minimal chrome (the payment page: logo, schedule and phone only).
  const chrome = useMatches({
    select: (matches) =>
      matches.findLast((match) => match.staticData?.chrome !== undefined)?.staticData?.chrome,
  });
  return (
    <ShopRuntimeProvider shop={shop}>
      {chrome === 'admin' ? (
        // The back office (src/ui/routes/admin/route.tsx) draws its own layout in its own chunk.
        <Outlet />
      ) : chrome === 'minimal' ? (
        <MinimalShell>
          <Outlet />
        </MinimalShell>
      ) : (
        <ShopShell categories={categories}>
          <Outlet />
        </ShopShell>
      )}
    </ShopRuntimeProvider>
  );
}

function PagePending() {
  return <LoadingScreen kind="page" />;
}
