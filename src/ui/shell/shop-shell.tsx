import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { CatalogueCategory } from '../../application/ports/catalogue.port';
import { AppShell } from '../components/app-shell';
import { CookieNotice } from '../components/cookie-notice';
import { InfoBar } from '../components/info-bar';
import { CityOverlays, useCity } from './city-view';
import { useHeaderSearch } from './header-search';
import { useHeaderIndicators, useHoverPanel, useLogout } from './header-state';
import { LazyFavouritesPanel, LazyMiniCart, usePrefetchedHoverPanels } from './hover-panels';
import { MegaMenu } from './mega-menu-view';
import { RequestModal } from './request-modal';
import { useShopChild, useShopRuntime } from './shop-context';

function CartPanel() {
  const cart = useShopChild('cartSync');
  const items = useSelector(cart, (snapshot) => snapshot.context.cart);
  return (
    <LazyMiniCart
      items={items}
      onIncrease={(id) => {
        const line = items.find((item) => item.id === id);
        if (line) cart.send({ type: 'cart.quantityChanged', id, quantity: line.quantity + 1 });
      }}
      // The domain removes a line whose quantity goes below 1 (spec §4 mini-cart).
      onDecrease={(id) => {
        const line = items.find((item) => item.id === id);
        if (line) cart.send({ type: 'cart.quantityChanged', id, quantity: line.quantity - 1 });
      }}
      onRemove={(id) => cart.send({ type: 'cart.itemRemoved', id })}
    />
  );
}

function FavouritesMiniPanel() {
  const favourites = useShopChild('favouritesSync');
  const items = useSelector(favourites, (snapshot) => snapshot.context.favourites);
  return (
    <LazyFavouritesPanel
      items={items}
      onRemove={(productId) => favourites.send({ type: 'favourites.removed', productId })}
    />
  );
}

/**
 * The info bar with the visitor's city: a view of its own, so the city the machine detects after
 * hydration (a visitor value) renders this bar alone, not the whole frame.
 */
function ShopInfoBar() {
  const { city, openSelector } = useCity();
  return <InfoBar city={city} onCityClick={openSelector} />;
}

export interface ShopShellProps {
  readonly children: ReactNode;
  /** The catalogue's categories for the mega menu (root loader); empty when they failed to load. */
  readonly categories: readonly CatalogueCategory[];
}

/**
 * The page frame wired to the running shop: header counts and hover panels, logout, the city (info
 * bar, banner, selector), the mega menu and the feedback modal behind the help button.
 */
export function ShopShell({ children, categories }: ShopShellProps) {
  const shop = useShopRuntime();
  const indicators = useHeaderIndicators();
  const search = useHeaderSearch();
  const logout = useLogout();
  const cartPanel = useHoverPanel();
  const favouritesPanel = useHoverPanel();
  usePrefetchedHoverPanels();
  const feedback = useActorRef(shop.machines.feedbackModal);
  const clientId = indicators.signedIn ? indicators.clientId : null;
  return (
    <AppShell
      infoBar={<ShopInfoBar />}
      indicators={indicators}
      search={search}
      onLogout={logout}
      onHelp={() => feedback.send({ type: 'modal.openRequested', clientId })}
      nav={categories.length > 0 ? <MegaMenu categories={categories} /> : undefined}
      mobileNav={categories.length > 0 ? <MegaMenu categories={categories} /> : undefined}
      favouritesPanel={
        favouritesPanel.visible && indicators.favouritesCount > 0 ? <FavouritesMiniPanel /> : null
      }
      cartPanel={cartPanel.visible && indicators.cartQuantity > 0 ? <CartPanel /> : null}
      onFavouritesHover={favouritesPanel.onHover}
      onCartHover={cartPanel.onHover}
      overlays={
        <>
          <CityOverlays />
          <RequestModal kind="feedback" actor={feedback} clientId={clientId} />
          <CookieNotice />
        </>
      }
    >
      {children}
    </AppShell>
  );
}
