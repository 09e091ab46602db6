import type { ShopRuntime } from '../application/shop-runtime';

/**
 * What routes receive from the composition root: the running shop — its machines and its use cases,
 * the one door to the ports (src/application/use-case.ts).
 */
export interface RouterContext {
  readonly shop: ShopRuntime;
}
