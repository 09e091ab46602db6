import type { OrderStatus } from '../../domain/order-lifecycle.machine';
import type { AdminOrderPatch, AdminOrderRecord, AdminOrdersRepository } from '../admin-orders.port';
import { DeliveryDayFullError } from '../order-limits';
import { type AdminActor, type AdminOrderResult, adminAudit, savedOrder } from './admin-order-result';

/** Only the fields whose value changed (flattened `a.b` keys): the audit and timeline show those. */
function changedFields(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      changedBefore[key] = before[key] ?? null;
      changedAfter[key] = after[key] ?? null;
    }
  }
  return { before: changedBefore, after: changedAfter };
}

export type PatchOrder = (
  actor: AdminActor,
  order: AdminOrderRecord,
  action: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  patch: AdminOrderPatch,
  whileStatusIn?: readonly OrderStatus[],
) => Promise<AdminOrderResult>;

/**
 * Writes a manager's edit with its audit entry (only what changed; nothing changed = nothing
 * written). The repository refuses it (`order_locked`) when the order moved out of the statuses
 * that allow it or money was taken meanwhile, and throws DeliveryDayFullError (answered
 * `delivery_day_full`) when a new delivery day has no place left.
 */
export function patchOrder(orders: Pick<AdminOrdersRepository, 'find' | 'update'>): PatchOrder {
  return async (actor, order, action, before, after, patch, whileStatusIn) => {
    const changed = changedFields(before, after);
    if (Object.keys(changed.after).length === 0) return { ok: true, order };
    let done: boolean;
    try {
      done = await orders.update(
        order.id,
        patch,
        adminAudit(actor, order.id, action, changed.before, changed.after),
        whileStatusIn,
      );
    } catch (error) {
      // A new delivery day takes a place under the day's lock; a full day rolls the edit back.
      if (error instanceof DeliveryDayFullError) return { ok: false, error: 'delivery_day_full' };
      throw error;
    }
    if (!done) return { ok: false, error: 'order_locked' };
    return savedOrder(orders, order.id);
  };
}
