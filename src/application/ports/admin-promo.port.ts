import type { LoadedRecord, SaveRequest } from '../machines/admin/record-form.machine';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/**
 * Promo codes in the back office (/api/admin/promo, issue 11): percent or fixed, minimum order,
 * validity dates, active flag, total and per-client limits, and how much each code was used.
 */
export type PromoKind = 'percent' | 'fixed';

export interface PromoStats {
  readonly uses: number;
  /** Kopecks. */
  readonly revenue: number;
  /** Kopecks. */
  readonly discount: number;
  readonly clients: number;
}

export interface PromoDraft {
  readonly code: string;
  readonly kind: PromoKind;
  readonly value: number;
  readonly description: string;
  readonly min_order_total: number;
  /** YYYY-MM-DD or null. */
  readonly valid_from: string | null;
  readonly valid_until: string | null;
  readonly active: boolean;
  readonly usage_limit: number | null;
  readonly per_client_limit: number | null;
}

export interface AdminPromoRow extends PromoDraft {
  readonly stats: PromoStats;
}

export type LoadedPromo = LoadedRecord<PromoDraft, PromoStats>;

export interface AdminPromoPort {
  list(query: { readonly q?: string }, options?: CallOptions): Promise<readonly AdminPromoRow[]>;
  load(code: string, options?: CallOptions): Promise<LoadedPromo>;
  save(request: SaveRequest<PromoDraft>, options?: CallOptions): Promise<LoadedPromo>;
  remove(code: string, options?: CallOptions): Promise<void>;
}

export const ADMIN_PROMO_PORT: PortToken<AdminPromoPort> = portToken<AdminPromoPort>('AdminPromoPort');
