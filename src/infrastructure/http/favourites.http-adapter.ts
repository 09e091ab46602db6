import * as Favorites from '../../../api/favorites';
import type { FavouritesPort } from '../../application/ports/favourites.port';
import type { LoggerPort } from '../../application/ports/logger.port';
import type { CallOptions } from '../../application/ports/port-failure';
import { type Favourites, parseStoredFavourites } from '../../domain/favourites';
import type { HttpApiClient } from './api-client';
import { isPositiveClientId, refuseCall } from './call-preconditions';

export class FavouritesHttpAdapter implements FavouritesPort {
  private readonly api: HttpApiClient;
  private readonly logger: LoggerPort;

  constructor(api: HttpApiClient, logger: LoggerPort) {
    this.api = api;
    this.logger = logger;
  }

  async list(clientId: number, options: CallOptions = {}): Promise<Favourites> {
    this.require(clientId, 'getFavorites');
    const items = await this.api.call(Favorites.listFavorites, { ...options, query: { clientId } });
    return parseStoredFavourites(items);
  }

  async add(clientId: number, productId: number, options: CallOptions = {}): Promise<void> {
    this.require(clientId, 'addFavorite');
    await this.api.call(Favorites.addFavorite, { ...options, body: { clientId, productId } });
  }

  async remove(clientId: number, productId: number, options: CallOptions = {}): Promise<void> {
    this.require(clientId, 'removeFavorite');
    await this.api.call(Favorites.removeFavorite, { ...options, params: { clientId, productId } });
  }

  async clear(clientId: number, options: CallOptions = {}): Promise<void> {
    this.require(clientId, 'clearFavorites');
    await this.api.call(Favorites.clearFavorites, { ...options, params: { clientId } });
  }

  async share(productIds: readonly number[] | null, options: CallOptions = {}): Promise<string> {
    const body = productIds === null ? {} : { productIds };
    const answer = await this.api.call(Favorites.shareFavorites, { ...options, body });
    return answer.hash;
  }

  async getShared(hash: string, options: CallOptions = {}): Promise<Favourites> {
    const answer = await this.api.call(Favorites.getSharedFavorites, { ...options, params: { hash } });
    return parseStoredFavourites(answer.products);
  }

  /** Spec §5: favourite calls need a numeric clientId; the client ids of the shop are positive. */
  private require(clientId: number, call: string): void {
    if (!isPositiveClientId(clientId)) {
      throw refuseCall(this.logger, `${call}: a numeric clientId is required, got ${String(clientId)}`);
    }
  }
}
