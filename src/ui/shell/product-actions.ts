import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { favouriteIds } from '../../domain/favourites';
import type { ProductSummary } from '../../domain/product';
import type { ProductCardActions } from '../components/home-view';
import { useAfterHydration } from './hydration';
import { inCartFeedbackMachine } from './in-cart-feedback.machine';
import { useShopChild } from './shop-context';

/**
 * Product-card buttons wired to the cart and favourites machines, with the 1 s 'В корзине', and the
 * product page's visit wired to the recently-viewed machine.
 */
export function useProductCardActions(): ProductCardActions {
  const cart = useShopChild('cartSync');
  const favourites = useShopChild('favouritesSync');
  const viewed = useShopChild('recentlyViewed');
  const feedback = useActorRef(inCartFeedbackMachine);
  // A joined string keeps the selection stable while the list is unchanged. The server draws no
  // favourites (it has no storage), so hydration starts from none.
  const favouriteKey = useAfterHydration(
    useSelector(favourites, (snapshot) => favouriteIds(snapshot.context.favourites).join(',')),
    '',
  );
  const shownKey = useSelector(feedback, (snapshot) => Object.keys(snapshot.context.shown).join(','));
  return useMemo(() => {
    const favouriteSet = new Set(favouriteKey === '' ? [] : favouriteKey.split(',').map(Number));
    const shownSet = new Set(shownKey === '' ? [] : shownKey.split(',').map(Number));
    return {
      isFavourite: (id: number) => favouriteSet.has(id),
      inCartFeedback: (id: number) => shownSet.has(id),
      onToggleFavourite: (product: ProductSummary) =>
        favouriteSet.has(product.id)
          ? favourites.send({ type: 'favourites.removed', productId: product.id })
          : favourites.send({ type: 'favourites.added', item: product }),
      onAddToCart: (product: ProductSummary) => {
        cart.send({ type: 'cart.itemAdded', product });
        feedback.send({ type: 'feedback.shown', id: product.id });
      },
      onProductViewed: (productId: number) => viewed.send({ type: 'viewed.added', productId }),
    };
  }, [cart, favourites, feedback, viewed, favouriteKey, shownKey]);
}
