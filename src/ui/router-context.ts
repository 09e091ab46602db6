import type { AppServices } from '../application/app-services';
import type { ShopRuntime } from '../application/shop-runtime';

/** What routes receive from the composition root: services behind ports and the running machines. */
export interface RouterContext {
  readonly services: AppServices;
  readonly shop: ShopRuntime;
}
