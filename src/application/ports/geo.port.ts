import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/** Spec §4 "City": the server's guess from the IP address, GET /api/geo with a 3 s timeout. */
export const GEO_TIMEOUT_MS = 3000;

export interface GeoPort {
  /** The city as the server names it (not yet normalised), or null when unknown. */
  detectCity(options?: CallOptions): Promise<string | null>;
}

export const GEO_PORT: PortToken<GeoPort> = portToken<GeoPort>('GeoPort');
