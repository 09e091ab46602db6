import { isOverdue } from '../../domain/order-admin-rules';
import type { AdminOrderListFilter, AdminOrderRecord, AdminOrdersRepository } from '../admin-orders.port';

/** An order of the back office's lists with what the clock says about it. */
export interface AdminOrderRow {
  readonly order: AdminOrderRecord;
  /** Waiting in its status longer than the status allows (a binned order never is). */
  readonly overdue: boolean;
}

export const orderRowAt = (order: AdminOrderRecord, now: number): AdminOrderRow => ({
  order,
  overdue: order.deletedAt === null && isOverdue(order.status, order.statusSince, now),
});

export type ListOrders = (
  filter: AdminOrderListFilter,
  page: number,
  limit: number,
) => Promise<{ readonly items: readonly AdminOrderRow[]; readonly total: number }>;

/** One page of the filtered, sorted list and how many orders match in all. */
export function listOrders(ports: {
  readonly orders: Pick<AdminOrdersRepository, 'list'>;
  readonly now: () => number;
}): ListOrders {
  return async (filter, page, limit) => {
    const { items, total } = await ports.orders.list(filter, page, limit);
    const now = ports.now();
    return { items: items.map((order) => orderRowAt(order, now)), total };
  };
}
