import { decide, isPayable, type OrderStatus } from '../../domain/order-lifecycle.machine';
import type { AdminOrdersRepository } from '../admin-orders.port';
import type { EventLog } from '../auth.service';
import {
  type AdminActor,
  type AdminOrderResult,
  adminAudit,
  liveOrder,
  savedOrder,
} from './admin-order-result';
import type { CarryOutStatusEffects } from './status-effects';

export type ChangeOrderStatus = (
  actor: AdminActor,
  id: number,
  to: OrderStatus,
  /** The status the manager saw; when the order has moved since, nothing changes. */
  expected?: OrderStatus,
) => Promise<AdminOrderResult>;

export interface ChangeOrderStatusPorts {
  readonly orders: Pick<AdminOrdersRepository, 'find' | 'moveStatus'>;
  readonly effects: CarryOutStatusEffects;
  readonly log: EventLog;
}

/**
 * Moves one order through the lifecycle chart: decide, compare-and-set, then the effects. Every
 * status change of the back office — single, bulk, allow-payment, a phone order's pay link, a
 * prepayment request — comes here, so two managers (or a bulk change and a single one) never apply
 * the same move twice: the loser gets `status_changed` with the status the order is in now (409).
 * `expected` is the status the manager saw (issue 22): a stale card is refused before deciding.
 */
export function changeOrderStatus({ orders, effects, log }: ChangeOrderStatusPorts): ChangeOrderStatus {
  return async (actor, id, to, expected) => {
    const current = await liveOrder(orders, id);
    if (!current.ok) return current;
    const order = current.order;
    if (expected !== undefined && order.status !== expected)
      return { ok: false, error: 'status_changed', from: order.status, to };
    const decision = decide(
      {
        status: order.status,
        total: order.total,
        paidAmount: order.paidAmount,
        deliveryDate: order.deliveryDetails.date,
      },
      { type: 'order.moveTo', to },
    );
    if (!decision.ok) {
      return {
        ok: false,
        error:
          decision.reason === 'not_allowed'
            ? 'status_not_allowed'
            : decision.reason === 'same_status'
              ? 'same_status'
              : 'delivery_date_required',
        from: order.status,
        to,
      };
    }
    const stored = await orders.moveStatus({
      id,
      from: decision.from,
      to: decision.to,
      actor: 'admin',
      paymentAllowed: isPayable(decision.to),
      markPaid: decision.to === 'paid' && order.paidAt === null,
      audit: adminAudit(actor, id, 'order.statusChanged', { status: decision.from }, { status: decision.to }),
    });
    if (!stored) {
      // The compare-and-set lost: answer with the status the order is in now.
      const now = await orders.find(id);
      return now === null
        ? { ok: false, error: 'not_found' }
        : { ok: false, error: 'status_changed', from: now.status, to };
    }
    log.info(
      {
        event: 'order_status_changed',
        orderId: id,
        from: decision.from,
        to: decision.to,
        adminId: actor.adminId,
      },
      'order status changed',
    );
    await effects(order, decision);
    return savedOrder(orders, id);
  };
}
