import * as Delivery from '../../../api/delivery';
import type {
  DeliveryOffer,
  DeliveryPort,
  ProductDelivery,
  ProductsDelivery,
} from '../../application/ports/delivery.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

/** GET /api/delivery/products (by ids or one by slug) and POST /api/delivery/days (issue 23). */
export class DeliveryHttpAdapter implements DeliveryPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  suggest(query: string, options: CallOptions = {}) {
    return this.api.call(Delivery.suggestAddress, { ...options, query: { q: query } });
  }

  products(productIds: readonly number[], options: CallOptions = {}): Promise<ProductsDelivery> {
    return this.api.call(Delivery.getProductsDelivery, { ...options, query: { ids: productIds } });
  }

  productBySlug(slug: string, options: CallOptions = {}): Promise<ProductDelivery> {
    return this.api.call(Delivery.getProductDeliveryBySlug, { ...options, params: { slug } });
  }

  days(
    cart: readonly { readonly id: number; readonly quantity: number }[],
    options: CallOptions = {},
  ): Promise<DeliveryOffer> {
    return this.api.call(Delivery.getDeliveryDays, { ...options, body: { cart } });
  }
}
