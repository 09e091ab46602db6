import { createContext, type ReactNode, useContext } from 'react';
import type { ProductSummary } from '../../../domain/product';
import type { ProductCardActions } from '../../components/home-view';
import { useProductCardActions } from '../../shell/product-actions';

/**
 * How catalogue pages reach the cart and favourites machines. The views never hold cart or
 * favourite state: a route wraps its view in <ProductActionsScope>, which hands it the shell's
 * `useProductCardActions()` (the cartSync and favouritesSync machines of the running shop). A test,
 * or a page rendered without the shop, puts <ProductActionsProvider value={…}> above instead.
 */
export type { ProductCardActions };

/** undefined: no override, use the shop's machines; null: no actions (buttons render disabled). */
const ProductActionsContext = createContext<ProductCardActions | null | undefined>(undefined);

export function ProductActionsProvider({
  value,
  children,
}: {
  value: ProductCardActions | null;
  children: ReactNode;
}) {
  return <ProductActionsContext.Provider value={value}>{children}</ProductActionsContext.Provider>;
}

type ActionsConsumer = (actions: ProductCardActions | null) => ReactNode;

function ShopProductActions({ children }: { children: ActionsConsumer }) {
  return children(useProductCardActions());
}

export function ProductActionsScope({ children }: { children: ActionsConsumer }) {
  const override = useContext(ProductActionsContext);
  if (override !== undefined) return children(override);
  return <ShopProductActions>{children}</ShopProductActions>;
}

/** The ProductCard props for one product from the actions (all undefined when none are wired). */
export function cardActionProps(actions: ProductCardActions | null, product: ProductSummary) {
  if (actions === null) return {};
  return {
    isFavourite: actions.isFavourite(product.id),
    inCart: actions.inCartFeedback(product.id),
    onToggleFavourite: actions.onToggleFavourite,
    onAddToCart: actions.onAddToCart,
  };
}
