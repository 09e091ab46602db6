import type { AdminOrdersRepository } from '../admin-orders.port';
import { type AdminActor, type AdminOrderResult, adminAudit, savedOrder } from './admin-order-result';

export type MoveOrderToBin = (actor: AdminActor, id: number) => Promise<AdminOrderResult>;

/**
 * «Удалить»: the order goes to the bin (soft delete, compare-and-set on deleted_at), audited. An
 * order whose goods are still the shop's gives its stock back (the repository, docs/stock.md).
 */
export function moveOrderToBin(ports: {
  readonly orders: Pick<AdminOrdersRepository, 'find' | 'setDeleted'>;
  readonly now: () => number;
}): MoveOrderToBin {
  return async (actor, id) => {
    const order = await ports.orders.find(id);
    if (order === null) return { ok: false, error: 'not_found' };
    if (order.deletedAt !== null) return { ok: false, error: 'deleted' };
    const at = new Date(ports.now()).toISOString();
    const done = await ports.orders.setDeleted(
      id,
      true,
      adminAudit(actor, id, 'order.deleted', { deletedAt: null }, { deletedAt: at }),
    );
    if (!done) return { ok: false, error: 'deleted' };
    return savedOrder(ports.orders, id);
  };
}
