import type { RecentlyViewed } from '../../domain/recently-viewed';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * The signed-in client's recently viewed products on the server (spec §7: GET/POST/DELETE /api/viewed).
 * Spec: "GET /api/viewed (empty list on failure)" — `list` never rejects; the failure is logged.
 * `add` and `clear` reject with a PortFailure so the machine can log each failed item and go on.
 */
export interface ViewedPort {
  list(options?: CallOptions): Promise<RecentlyViewed>;
  add(productId: number, options?: CallOptions): Promise<void>;
  clear(options?: CallOptions): Promise<void>;
}

export const VIEWED_PORT: PortToken<ViewedPort> = portToken<ViewedPort>('ViewedPort');
