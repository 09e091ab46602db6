import { type ComponentProps, lazy, Suspense, useEffect } from 'react';

/**
 * The header's hover panels (the mini-cart and the favourites list, with the product pictures and
 * prices they draw) are not part of the first screen: their code is a chunk of its own, fetched in the
 * background once the page has started, so it is there before the 300 ms hover opens a panel, and out
 * of the entry's first path (docs/performance.md «Entry JS»).
 */
const loadMiniCart = () => import('../components/mini-cart');
const loadFavouritesPanel = () => import('../components/favourites-panel');
const LoadedMiniCart = lazy(() => loadMiniCart().then((module) => ({ default: module.MiniCart })));
const LoadedFavouritesPanel = lazy(() =>
  loadFavouritesPanel().then((module) => ({ default: module.FavouritesPanel })),
);

type MiniCartProps = ComponentProps<typeof LoadedMiniCart>;
type FavouritesPanelProps = ComponentProps<typeof LoadedFavouritesPanel>;

/** Starts fetching the panels' chunk; effects run after hydration, so it never delays the page. */
export function usePrefetchedHoverPanels(): void {
  useEffect(() => {
    Promise.all([loadMiniCart(), loadFavouritesPanel()]).catch((error: unknown) =>
      console.warn('Панели корзины и избранного не загрузились', error),
    );
  }, []);
}

export function LazyMiniCart(props: MiniCartProps) {
  return (
    <Suspense fallback={null}>
      <LoadedMiniCart {...props} />
    </Suspense>
  );
}

export function LazyFavouritesPanel(props: FavouritesPanelProps) {
  return (
    <Suspense fallback={null}>
      <LoadedFavouritesPanel {...props} />
    </Suspense>
  );
}
