import type { Favourites } from '../../domain/favourites';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * The signed-in client's server favourites and shared lists (spec §7 "Favourites").
 * Spec §5: calls for a client need a numeric (positive) clientId; otherwise a warning is logged,
 * nothing is sent, and the call rejects with a `precondition` PortFailure.
 */
export interface FavouritesPort {
  list(clientId: number, options?: CallOptions): Promise<Favourites>;
  add(clientId: number, productId: number, options?: CallOptions): Promise<void>;
  remove(clientId: number, productId: number, options?: CallOptions): Promise<void>;
  clear(clientId: number, options?: CallOptions): Promise<void>;
  /** Saves a snapshot (of these ids, or of the signed-in client's list) and resolves with its hash. */
  share(productIds: readonly number[] | null, options?: CallOptions): Promise<string>;
  /** A shared list by its hash; an unknown hash rejects with `bad-request` (404). */
  getShared(hash: string, options?: CallOptions): Promise<Favourites>;
}

export const FAVOURITES_PORT: PortToken<FavouritesPort> = portToken<FavouritesPort>('FavouritesPort');
