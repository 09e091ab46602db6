import * as Viewed from '../../../api/viewed';
import type { LoggerPort } from '../../application/ports/logger.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { ViewedPort } from '../../application/ports/viewed.port';
import { EMPTY_RECENTLY_VIEWED, parseStoredViewed, type RecentlyViewed } from '../../domain/recently-viewed';
import type { HttpApiClient } from './api-client';

export class ViewedHttpAdapter implements ViewedPort {
  private readonly api: HttpApiClient;
  private readonly logger: LoggerPort;

  constructor(api: HttpApiClient, logger: LoggerPort) {
    this.api = api;
    this.logger = logger;
  }

  /** Spec §7: "GET /api/viewed (empty list on failure)"; the failure is only logged (§8). */
  async list(options: CallOptions = {}): Promise<RecentlyViewed> {
    try {
      return parseStoredViewed(await this.api.call(Viewed.getViewed, options));
    } catch (error) {
      this.logger.warn('getViewed failed; using an empty list', error);
      return EMPTY_RECENTLY_VIEWED;
    }
  }

  async add(productId: number, options: CallOptions = {}): Promise<void> {
    await this.api.call(Viewed.addViewed, { ...options, body: { productId } });
  }

  async clear(options: CallOptions = {}): Promise<void> {
    await this.api.call(Viewed.clearViewed, options);
  }
}
