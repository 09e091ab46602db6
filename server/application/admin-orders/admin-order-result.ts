import type { OrderStatus } from '../../domain/order-lifecycle.machine';
import type { PricingProblem } from '../../domain/order-pricing';
import type { AdminOrderRecord, AdminOrdersRepository } from '../admin-orders.port';
import type { AuditEntry } from '../audit-log.port';

/** Who makes an admin change: the session's administrator and the request's address. */
export interface AdminActor {
  readonly adminId: number;
  readonly ip: string | null;
}

export type AdminOrderFailure =
  | 'not_found'
  | 'deleted'
  | 'not_deleted'
  | 'same_status'
  | 'status_not_allowed'
  | 'status_changed'
  | 'order_locked'
  | 'address_required'
  /** «Доставка согласована» asked for an order without a delivery date (the chart's guard). */
  | 'delivery_date_required'
  | 'client_not_found'
  | 'client_required'
  | 'pay_link_needs_online'
  | 'prepayment_too_large'
  | 'nothing_to_change'
  | 'out_of_stock'
  | 'promo_limit'
  | 'order_changed'
  | 'invalid_service_amount'
  /** A new delivery day that has no place left (the day's capacity, issue 23). */
  | 'delivery_day_full'
  | PricingProblem['kind'];

export type AdminOrderRefusal = {
  readonly ok: false;
  readonly error: AdminOrderFailure;
  readonly from?: OrderStatus;
  readonly to?: OrderStatus;
  /** The refusal in Russian when the code alone cannot say it (stock, promo limit). */
  readonly message?: string;
};

/** What every single-order command answers: the order as saved, or why nothing changed. */
export type AdminOrderResult = { readonly ok: true; readonly order: AdminOrderRecord } | AdminOrderRefusal;

/** The one read every command starts with (the port's `find`). */
export type FindOrder = Pick<AdminOrdersRepository, 'find'>;

/** The audit entry of an admin write on an order (who, from where, what before and after). */
export function adminAudit(
  actor: AdminActor,
  orderId: number,
  action: string,
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
): AuditEntry {
  return {
    actorKind: 'admin',
    actorId: actor.adminId,
    action,
    entityType: 'order',
    entityId: String(orderId),
    before,
    after,
    ip: actor.ip,
  };
}

/** The order if it exists and is not in the bin (commands other than restore refuse binned orders). */
export async function liveOrder(orders: FindOrder, id: number): Promise<AdminOrderResult> {
  const order = await orders.find(id);
  if (order === null) return { ok: false, error: 'not_found' };
  if (order.deletedAt !== null) return { ok: false, error: 'deleted' };
  return { ok: true, order };
}

/** The order as stored now: a command answers the saved record (the card shows it without a refetch). */
export async function savedOrder(orders: FindOrder, id: number): Promise<AdminOrderResult> {
  const order = await orders.find(id);
  return order === null ? { ok: false, error: 'not_found' } : { ok: true, order };
}
