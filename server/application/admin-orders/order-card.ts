import type { AdminOrderRecord } from '../admin-orders.port';
import type { FindOrder } from './admin-order-result';
import { type AdminOrderRow, orderRowAt } from './list-orders';
import type { OrderTimeline, TimelineItem } from './order-timeline';

/** The order card: the order, whether it is overdue, and its history. */
export interface AdminOrderCard extends AdminOrderRow {
  readonly timeline: readonly TimelineItem[];
}

/** The card of an order a command just saved (the answer the card shows without refetching). */
export type OrderCardOf = (order: AdminOrderRecord) => Promise<AdminOrderCard>;

export function orderCardOf(ports: {
  readonly timeline: OrderTimeline;
  readonly now: () => number;
}): OrderCardOf {
  return async (order) => ({
    ...orderRowAt(order, ports.now()),
    timeline: (await ports.timeline(order.id)) ?? [],
  });
}

export type ShowOrderCard = (id: number) => Promise<AdminOrderCard | null>;

/** The card of an order by its number, binned ones included; null when there is none. */
export function showOrderCard(ports: {
  readonly orders: FindOrder;
  readonly cardOf: OrderCardOf;
}): ShowOrderCard {
  return async (id) => {
    const order = await ports.orders.find(id);
    return order === null ? null : ports.cardOf(order);
  };
}
