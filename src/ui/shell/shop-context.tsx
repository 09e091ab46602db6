import { createContext, type ReactNode, useContext } from 'react';
import type { ShopRuntime } from '../../application/shop-runtime';
import type { UseCase } from '../../application/use-case';

const ShopRuntimeContext = createContext<ShopRuntime | null>(null);

/** Hands the page's running shop (from the router context) to the shell's views. */
export function ShopRuntimeProvider({ shop, children }: { shop: ShopRuntime; children: ReactNode }) {
  return <ShopRuntimeContext.Provider value={shop}>{children}</ShopRuntimeContext.Provider>;
}

export function useShopRuntime(): ShopRuntime {
  const shop = useContext(ShopRuntimeContext);
  if (shop === null) throw new Error('useShopRuntime: no ShopRuntimeProvider above this view');
  return shop;
}

/**
 * A command, query or provided machine of the application layer (src/application/use-case.ts): the
 * views' one door to what the shop does. The same use case object comes back on every render (one per
 * container), so it is safe in effect and memo dependencies.
 */
export function useUseCase<Run>(useCase: UseCase<Run>): Run {
  return useShopRuntime().resolve(useCase);
}

type ShopChildren = ReturnType<ShopRuntime['system']['getSnapshot']>['children'];
export type ShopChildId = Exclude<keyof ShopChildren, 'authRelay'>;

/**
 * One long-lived child of the shop system (auth, cartSync, favouritesSync, recentlyViewed,
 * adminCounters, clientCounters, city). They live as long as the page, so the reference is stable.
 */
export function shopChild<K extends ShopChildId>(shop: ShopRuntime, id: K): NonNullable<ShopChildren[K]> {
  const child = shop.system.getSnapshot().children[id];
  if (child === undefined) throw new Error(`The shop system has no running child '${id}'`);
  return child as NonNullable<ShopChildren[K]>;
}

export function useShopChild<K extends ShopChildId>(id: K): NonNullable<ShopChildren[K]> {
  return shopChild(useShopRuntime(), id);
}
