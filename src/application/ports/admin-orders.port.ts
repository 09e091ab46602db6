import type { Order, OrderStatus } from './orders.port';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/** The back office's order calls (spec §7 "Admin: Orders"); an administrator session only. */
export interface AdminOrderQuery {
  readonly status?: OrderStatus | null;
  readonly clientId?: number | null;
  readonly paymentAllowed?: boolean | null;
  /** Free text (number, name, phone, e-mail). */
  readonly q?: string | null;
  readonly page?: number;
  readonly limit?: number;
}

export interface AdminOrderPage {
  readonly items: readonly Order[];
  readonly total: number;
  readonly page: number;
  readonly limit: number;
}

/** Bulk calls succeed or fail per order. */
export interface BulkOutcome {
  readonly results: readonly { readonly id: number; readonly ok: boolean; readonly error?: string }[];
}

export interface AdminOrdersPort {
  list(query?: AdminOrderQuery, options?: CallOptions): Promise<AdminOrderPage>;
  get(orderId: number, options?: CallOptions): Promise<Order>;
  updateStatus(orderId: number, status: OrderStatus, options?: CallOptions): Promise<Order>;
  allowPayment(orderId: number, allowed: boolean, options?: CallOptions): Promise<Order>;
  bulkUpdateStatus(
    orderIds: readonly number[],
    status: OrderStatus,
    options?: CallOptions,
  ): Promise<BulkOutcome>;
  bulkAllowPayment(
    orderIds: readonly number[],
    allowed: boolean,
    options?: CallOptions,
  ): Promise<BulkOutcome>;
}

export const ADMIN_ORDERS_PORT: PortToken<AdminOrdersPort> = portToken<AdminOrdersPort>('AdminOrdersPort');
