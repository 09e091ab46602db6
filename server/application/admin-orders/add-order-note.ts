import type { AdminOrdersRepository } from '../admin-orders.port';
import { type AdminActor, type AdminOrderResult, adminAudit, savedOrder } from './admin-order-result';

export type AddOrderNote = (
  actor: AdminActor,
  id: number,
  text: string,
  visibility: 'internal' | 'client',
) => Promise<AdminOrderResult>;

/** A manager's note on the order: internal, or shown to the client in their account. */
export function addOrderNote(ports: {
  readonly orders: Pick<AdminOrdersRepository, 'find' | 'addNote'>;
}): AddOrderNote {
  return async (actor, id, text, visibility) => {
    const order = await ports.orders.find(id);
    if (order === null) return { ok: false, error: 'not_found' };
    await ports.orders.addNote(
      { orderId: id, authorId: actor.adminId, text: text.trim(), visibility },
      (noteId) => adminAudit(actor, id, 'order.noteAdded', null, { noteId, visibility }),
    );
    return savedOrder(ports.orders, id);
  };
}
