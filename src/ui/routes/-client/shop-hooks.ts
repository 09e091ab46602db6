import { useSelector } from '@xstate/react';
import type { AuthIdentity } from '../../../application/machines/auth.machine';
import type { ShopRuntime } from '../../../application/shop-runtime';
import type { Cart } from '../../../domain/cart';
import type { Favourites } from '../../../domain/favourites';
import { shopChild, useShopRuntime } from '../../shell/shop-context';

/**
 * The client routes' narrow window onto the running shop system. There is one door to it for every
 * view, shell and routes alike: `useShopRuntime()` (shell/shop-context.tsx, provided once by the root
 * route from the router context). Views read slices with `useSelector` and send events to the
 * children; they never hold cart, favourites or identity themselves.
 */

/** The auth machine's top-level state as the views need it. */
export type AuthStatus = 'checking' | 'client' | 'admin' | 'guest';

export interface AuthView {
  readonly status: AuthStatus;
  readonly identity: AuthIdentity;
  readonly tempPasswordActive: boolean;
  /** A temporary password a request or subscription returned (prefills the permanent-password step). */
  readonly tempPassword: string | null;
}

type Children = ReturnType<ShopRuntime['system']['getSnapshot']>['children'];
export type AuthActor = NonNullable<Children['auth']>;
export type CartActor = NonNullable<Children['cartSync']>;
export type FavouritesActor = NonNullable<Children['favouritesSync']>;
export type ClientCountersActor = NonNullable<Children['clientCounters']>;

export const authActorOf = (shop: ShopRuntime): AuthActor => shopChild(shop, 'auth');
export const cartActorOf = (shop: ShopRuntime): CartActor => shopChild(shop, 'cartSync');
export const favouritesActorOf = (shop: ShopRuntime): FavouritesActor => shopChild(shop, 'favouritesSync');
export const clientCountersActorOf = (shop: ShopRuntime): ClientCountersActor =>
  shopChild(shop, 'clientCounters');

type AuthSnapshot = ReturnType<AuthActor['getSnapshot']>;

/** The status of an auth snapshot; logging out counts as checking (the answer is not known yet). */
export function authStatusOf(snapshot: AuthSnapshot): AuthStatus {
  if (snapshot.matches('client')) return 'client';
  if (snapshot.matches('admin')) return 'admin';
  if (snapshot.matches('unauthenticated')) return 'guest';
  return 'checking';
}

function sameAuthView(a: AuthView, b: AuthView): boolean {
  return (
    a.status === b.status &&
    a.identity === b.identity &&
    a.tempPasswordActive === b.tempPasswordActive &&
    a.tempPassword === b.tempPassword
  );
}

export function authViewOf(snapshot: AuthSnapshot): AuthView {
  return {
    status: authStatusOf(snapshot),
    identity: snapshot.context.identity,
    tempPasswordActive: snapshot.context.tempPasswordActive,
    tempPassword: snapshot.context.tempPassword,
  };
}

export function useAuthView(): AuthView {
  const shop = useShopRuntime();
  return useSelector(authActorOf(shop), authViewOf, sameAuthView);
}

export function useCart(): Cart {
  const shop = useShopRuntime();
  return useSelector(cartActorOf(shop), (snapshot) => snapshot.context.cart);
}

export function useFavourites(): Favourites {
  const shop = useShopRuntime();
  return useSelector(favouritesActorOf(shop), (snapshot) => snapshot.context.favourites);
}
