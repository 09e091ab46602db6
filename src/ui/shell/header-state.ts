import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { hoverPanelMachine } from '../../application/machines/hover-panel.machine';
import { cartTotalQuantity } from '../../domain/cart';
import { clientBadgeSum } from '../../domain/notification-counters';
import type { HeaderIndicators } from '../components/site-header';
import { useAfterHydration } from './hydration';
import { useShopChild } from './shop-context';

/** What the server draws: it has neither the visitor's storage nor their session. */
const GUEST_HEADER: HeaderIndicators = {
  clientId: null,
  signedIn: false,
  isAdmin: false,
  cartQuantity: 0,
  favouritesCount: 0,
  accountBadge: 0,
};

/**
 * The header's counts and identity, each read as a narrow slice of its machine; a guest's empty
 * header where the page must look as the server drew it (hydration).
 */
export function useHeaderIndicators(): HeaderIndicators {
  const auth = useShopChild('auth');
  const cart = useShopChild('cartSync');
  const favourites = useShopChild('favouritesSync');
  const counters = useShopChild('clientCounters');
  const clientId = useSelector(auth, (snapshot) => snapshot.context.identity.clientId);
  const signedIn = useSelector(auth, (snapshot) => snapshot.context.identity.isAuthenticated);
  const isAdmin = useSelector(auth, (snapshot) => snapshot.context.identity.role === 'admin');
  const cartQuantity = useSelector(cart, (snapshot) => cartTotalQuantity(snapshot.context.cart));
  const favouritesCount = useSelector(favourites, (snapshot) => snapshot.context.favourites.length);
  const accountBadge = useSelector(counters, (snapshot) =>
    clientBadgeSum(snapshot.context.counters.accumulated),
  );
  return useAfterHydration<HeaderIndicators>(
    { clientId, signedIn, isAdmin, cartQuantity, favouritesCount, accountBadge },
    GUEST_HEADER,
    sameIndicators,
  );
}

/** Field by field: a guest's header equals the server's, so hydration is not followed by a render. */
function sameIndicators(a: HeaderIndicators, b: HeaderIndicators): boolean {
  return (
    a.clientId === b.clientId &&
    a.signedIn === b.signedIn &&
    a.isAdmin === b.isAdmin &&
    a.cartQuantity === b.cartQuantity &&
    a.favouritesCount === b.favouritesCount &&
    a.accountBadge === b.accountBadge
  );
}

/**
 * Sends the logout request when a signed-in visitor may log out now (the header offers «Выйти» to
 * them only). The session check itself would accept a logout, so a guest's header would otherwise
 * render twice after ready: once as the check starts, once as it answers «guest».
 */
export function useLogout(): (() => void) | undefined {
  const auth = useShopChild('auth');
  const canLogout = useAfterHydration(
    useSelector(
      auth,
      (snapshot) =>
        snapshot.context.identity.isAuthenticated && snapshot.can({ type: 'auth.logoutRequested' }),
    ),
    false,
  );
  const logout = useCallback(() => auth.send({ type: 'auth.logoutRequested' }), [auth]);
  return canLogout ? logout : undefined;
}

export interface HoverPanel {
  readonly visible: boolean;
  readonly onHover: (inside: boolean) => void;
  readonly close: () => void;
}

/** A header hover panel (favourites, mini-cart): the hover machine times opening and closing. */
export function useHoverPanel(): HoverPanel {
  const panel = useActorRef(hoverPanelMachine);
  const visible = useSelector(panel, (snapshot) => snapshot.hasTag('visible'));
  const onHover = useCallback(
    (inside: boolean) => panel.send({ type: inside ? 'panel.pointerEntered' : 'panel.pointerLeft' }),
    [panel],
  );
  const close = useCallback(() => panel.send({ type: 'panel.closeRequested' }), [panel]);
  return { visible, onHover, close };
}
