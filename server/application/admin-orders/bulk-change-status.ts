import type { OrderStatus } from '../../domain/order-lifecycle.machine';
import type { AdminActor, AdminOrderResult } from './admin-order-result';
import type { ChangeOrderStatus } from './change-order-status';

export type BulkChangeStatus = (
  actor: AdminActor,
  orders: readonly { readonly id: number; readonly expected?: OrderStatus }[],
  to: OrderStatus,
) => Promise<{ readonly id: number; readonly result: AdminOrderResult }[]>;

/**
 * Bulk = the single change, one order after another (the same chart, the same compare-and-set),
 * each with the status the manager saw in the list (`expected`, by id). A repeated id counts once.
 */
export function bulkChangeStatus(changeStatus: ChangeOrderStatus): BulkChangeStatus {
  return async (actor, orders, to) => {
    const results = [];
    const seen = new Set<number>();
    for (const { id, expected } of orders) {
      if (seen.has(id)) continue;
      seen.add(id);
      results.push({ id, result: await changeStatus(actor, id, to, expected) });
    }
    return results;
  };
}
