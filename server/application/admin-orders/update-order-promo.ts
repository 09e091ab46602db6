import type { AdminActor, AdminOrderResult } from './admin-order-result';
import { type RepricePorts, repriceOrder } from './reprice-order';

export type UpdateOrderPromo = (
  actor: AdminActor,
  id: number,
  promoCode: string | null,
) => Promise<AdminOrderResult>;

/** A promo code put on, replaced or taken off (null): the same lines priced again, the use counted. */
export function updateOrderPromo(ports: RepricePorts): UpdateOrderPromo {
  return (actor, id, promoCode) =>
    repriceOrder(
      ports,
      actor,
      id,
      'order.promoChanged',
      (order) => order.items.map((line) => ({ productId: line.productId, quantity: line.quantity })),
      () => promoCode,
    );
}
