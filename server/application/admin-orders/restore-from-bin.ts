import type { AdminOrdersRepository } from '../admin-orders.port';
import { type AdminActor, type AdminOrderResult, adminAudit, savedOrder } from './admin-order-result';
import { adminLimitRefusal } from './limit-refusal';

export type RestoreOrderFromBin = (actor: AdminActor, id: number) => Promise<AdminOrderResult>;

/**
 * «Восстановить» from the bin. Restoring takes the order's stock again (issue 22): refused with the
 * product and what is left when it is no longer there, and the order stays in the bin.
 */
export function restoreOrderFromBin(ports: {
  readonly orders: Pick<AdminOrdersRepository, 'find' | 'setDeleted'>;
}): RestoreOrderFromBin {
  return async (actor, id) => {
    const order = await ports.orders.find(id);
    if (order === null) return { ok: false, error: 'not_found' };
    if (order.deletedAt === null) return { ok: false, error: 'not_deleted' };
    const restoring = ports.orders.setDeleted(
      id,
      false,
      adminAudit(
        actor,
        id,
        'order.restored',
        { deletedAt: new Date(order.deletedAt).toISOString() },
        { deletedAt: null },
      ),
    );
    const done = await restoring.catch((error: unknown) => {
      const refused = adminLimitRefusal(error);
      if (refused === null) throw error;
      return refused;
    });
    if (typeof done === 'object') return { ok: false, ...done };
    if (!done) return { ok: false, error: 'not_deleted' };
    return savedOrder(ports.orders, id);
  };
}
