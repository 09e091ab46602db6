import * as CartApi from '../../../api/cart';
import type { CartPort } from '../../application/ports/cart.port';
import type { LoggerPort } from '../../application/ports/logger.port';
import type { CallOptions } from '../../application/ports/port-failure';
import { type Cart, parseStoredCart } from '../../domain/cart';
import type { HttpApiClient } from './api-client';
import { isPositiveClientId, refuseCall } from './call-preconditions';

export class CartHttpAdapter implements CartPort {
  private readonly api: HttpApiClient;
  private readonly logger: LoggerPort;

  constructor(api: HttpApiClient, logger: LoggerPort) {
    this.api = api;
    this.logger = logger;
  }

  async load(clientId: number, options: CallOptions = {}): Promise<Cart> {
    if (!isPositiveClientId(clientId)) {
      throw refuseCall(
        this.logger,
        `getCart: a positive numeric clientId is required, got ${String(clientId)}`,
      );
    }
    const lines = await this.api.call(CartApi.getCart, { ...options, params: { clientId } });
    // The domain's decoder keeps its own invariants (one line per id, quantity bounds, line cap).
    return parseStoredCart(lines);
  }

  async save(clientId: number, cart: Cart, options: CallOptions = {}): Promise<Cart> {
    if (!isPositiveClientId(clientId)) {
      throw refuseCall(
        this.logger,
        `saveCart: a positive numeric clientId is required, got ${String(clientId)}`,
      );
    }
    // The contract takes ids and quantities only: names and prices always come from the catalogue.
    const lines = cart.map(({ id, quantity }) => ({ id, quantity }));
    const saved = await this.api.call(CartApi.putCart, {
      ...options,
      params: { clientId },
      body: { cart: lines },
    });
    return parseStoredCart(saved);
  }
}
