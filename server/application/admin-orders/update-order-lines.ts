import type { AdminActor, AdminOrderResult } from './admin-order-result';
import type { OrderLineRequest } from './price-order-lines';
import { type RepricePorts, repriceOrder } from './reprice-order';

export type UpdateOrderLines = (
  actor: AdminActor,
  id: number,
  lines: readonly OrderLineRequest[],
) => Promise<AdminOrderResult>;

/** «Состав заказа»: the new lines with the order's current promo code, priced and stocked again. */
export function updateOrderLines(ports: RepricePorts): UpdateOrderLines {
  return (actor, id, lines) =>
    repriceOrder(
      ports,
      actor,
      id,
      'order.cartChanged',
      () => lines,
      (order) => order.promoCode,
    );
}
