import type { OrderStatus } from '../../domain/order-lifecycle.machine';
import { type AdminActor, type AdminOrderResult, type FindOrder, savedOrder } from './admin-order-result';
import type { ChangeOrderStatus } from './change-order-status';

export type AllowPayment = (actor: AdminActor, id: number, allowed: boolean) => Promise<AdminOrderResult>;

/**
 * «Разрешить оплату»: allow = the move to «Ожидает оплаты»; withdraw = back to «Подтверждён».
 * Already there counts as done (idempotent), so a repeated click or bulk does not report an error.
 */
export function allowPayment(ports: {
  readonly orders: FindOrder;
  readonly changeStatus: ChangeOrderStatus;
}): AllowPayment {
  return async (actor, id, allowed) => {
    const target: OrderStatus = allowed ? 'awaiting_payment' : 'confirmed';
    const result = await ports.changeStatus(actor, id, target);
    if (!result.ok && result.error === 'same_status') return savedOrder(ports.orders, id);
    return result;
  };
}
