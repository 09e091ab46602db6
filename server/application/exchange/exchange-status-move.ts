import { decide, isPayable, ORDER_STATUS_LABELS } from '../../domain/order-lifecycle.machine';
import type { CarryOutStatusEffects } from '../admin-orders/status-effects';
import type { AdminOrdersRepository } from '../admin-orders.port';
import type { EventLog } from '../auth.service';
import type { ExchangeStatusMove } from './exchange.port';

export interface ExchangeStatusMovePorts {
  readonly orders: Pick<AdminOrdersRepository, 'find' | 'moveStatus'>;
  readonly effects: CarryOutStatusEffects;
  readonly log: EventLog;
}

/**
 * A status 1С sends back, moved through the order chart exactly as a manager's move is (decide,
 * compare-and-set, the chart's effects: the client's mail, payment gates, refunds), recorded in the
 * order's history and the audit log as the system («Обмен с 1С»). The status the order already has
 * is no change; a move the chart forbids is refused with the reason, nothing applied.
 */
export function exchangeStatusMove({ orders, effects, log }: ExchangeStatusMovePorts): ExchangeStatusMove {
  return async (orderId, to) => {
    const order = await orders.find(orderId);
    if (order === null || order.deletedAt !== null)
      return { ok: false, message: 'такого заказа нет в магазине.' };
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
      if (decision.reason === 'same_status') return { ok: true, changed: false };
      if (decision.reason === 'delivery_date_required')
        return {
          ok: false,
          message: `переход в «${ORDER_STATUS_LABELS[to]}» невозможен без даты доставки, статус не изменён.`,
        };
      return {
        ok: false,
        message: `переход «${ORDER_STATUS_LABELS[order.status]}» → «${ORDER_STATUS_LABELS[to]}» невозможен, статус не изменён.`,
      };
    }
    const stored = await orders.moveStatus({
      id: orderId,
      from: decision.from,
      to: decision.to,
      actor: 'system',
      paymentAllowed: isPayable(decision.to),
      markPaid: decision.to === 'paid' && order.paidAt === null,
      audit: {
        actorKind: 'system',
        actorId: null,
        action: 'order.statusChanged',
        entityType: 'order',
        entityId: String(orderId),
        before: { status: decision.from },
        after: { status: decision.to, source: '1С' },
        ip: null,
      },
    });
    if (!stored) return { ok: false, message: 'статус заказа изменился во время обмена, повторите обмен.' };
    log.info(
      { event: 'order_status_changed', orderId, from: decision.from, to: decision.to, source: 'exchange' },
      'order status changed by the 1C exchange',
    );
    await effects(order, decision);
    return { ok: true, changed: true };
  };
}
