import * as Geo from '../../../api/geo';
import { GEO_TIMEOUT_MS, type GeoPort } from '../../application/ports/geo.port';
import type { CallOptions } from '../../application/ports/port-failure';
import type { HttpApiClient } from './api-client';

/** GET /api/geo with the spec's 3 s limit (§7 "GET /api/geo (3000 ms timeout)"). */
export class GeoHttpAdapter implements GeoPort {
  private readonly api: HttpApiClient;
  private readonly timeoutMs: number;

  /** `timeoutMs` is a seam for tests; the shop always uses the spec's 3000 ms. */
  constructor(api: HttpApiClient, timeoutMs: number = GEO_TIMEOUT_MS) {
    this.api = api;
    this.timeoutMs = timeoutMs;
  }

  async detectCity(options: CallOptions = {}): Promise<string | null> {
    const answer = await this.api.call(Geo.getGeo, { ...options, timeoutMs: this.timeoutMs });
    const city = answer.city?.trim() ?? '';
    return city === '' ? null : city;
  }
}
