import type { Cart } from '../../domain/cart';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * The signed-in client's server cart (spec §7: GET/PUT /api/cart/{clientId}).
 * Spec §5: both calls need a positive numeric clientId; otherwise a warning is logged, nothing is
 * sent, and the call rejects with a `precondition` PortFailure.
 */
export interface CartPort {
  load(clientId: number, options?: CallOptions): Promise<Cart>;
  /** Replaces the server cart; resolves with the cart the server kept (unsold products dropped). */
  save(clientId: number, cart: Cart, options?: CallOptions): Promise<Cart>;
}

export const CART_PORT: PortToken<CartPort> = portToken<CartPort>('CartPort');
