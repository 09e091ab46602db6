import * as Delivery from '../../../api/delivery';
import type { DeliveryOffer, DeliveryPort, DeliveryPromise } from '../../application/ports/delivery.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

/** GET /api/delivery/promise and POST /api/delivery/days (issue 23). */
export class DeliveryHttpAdapter implements DeliveryPort {
  private readonly api: HttpApiClient;

  constructor(api: HttpApiClient) {
    this.api = api;
  }

  suggest(query: string, options: CallOptions = {}) {
    return this.api.call(Delivery.suggestAddress, { ...options, query: { q: query } });
  }

  promise(productId: number, options: CallOptions = {}): Promise<DeliveryPromise> {
    return this.api.call(Delivery.getDeliveryPromise, { ...options, query: { productId } });
  }

  days(
    cart: readonly { readonly id: number; readonly quantity: number }[],
    options: CallOptions = {},
  ): Promise<DeliveryOffer> {
    return this.api.call(Delivery.getDeliveryDays, { ...options, body: { cart } });
  }
}
