import type { DeliveryDetailsRecord } from '../admin-orders.port';
import type { DeliveryMethod } from '../orders.port';
import { type AdminActor, type AdminOrderResult, type FindOrder, liveOrder } from './admin-order-result';
import { type DeliveryInput, resolveDelivery } from './delivery-input';
import type { PatchOrder } from './order-patch';

export type UpdateOrderDelivery = (
  actor: AdminActor,
  id: number,
  input: DeliveryInput,
) => Promise<AdminOrderResult>;

const fields = (
  delivery: { readonly method: DeliveryMethod; readonly address: string | null },
  details: DeliveryDetailsRecord,
): Record<string, unknown> => ({
  'delivery.method': delivery.method,
  'delivery.address': delivery.address,
  'delivery.date': details.date,
  'delivery.timeSlot': details.timeSlot,
  'delivery.floor': details.floor,
  'delivery.lift': details.lift,
  'delivery.assembly': details.assembly,
});

/** Method, address, date, time slot, floor, lift and assembly; a courier without an address is refused. */
export function updateOrderDelivery(ports: {
  readonly orders: FindOrder;
  readonly patch: PatchOrder;
}): UpdateOrderDelivery {
  return async (actor, id, input) => {
    const current = await liveOrder(ports.orders, id);
    if (!current.ok) return current;
    const order = current.order;
    const resolved = resolveDelivery(input, order.delivery.address, order.deliveryDetails);
    if (!resolved.ok) return { ok: false, error: 'address_required' };
    return ports.patch(
      actor,
      order,
      'order.deliveryChanged',
      fields(order.delivery, order.deliveryDetails),
      fields(resolved.delivery, resolved.details),
      { delivery: resolved.delivery, deliveryDetails: resolved.details },
    );
  };
}
