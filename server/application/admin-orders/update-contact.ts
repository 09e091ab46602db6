import type { OrderContact } from '../orders.port';
import { type AdminActor, type AdminOrderResult, type FindOrder, liveOrder } from './admin-order-result';
import type { PatchOrder } from './order-patch';

export type UpdateOrderContact = (
  actor: AdminActor,
  id: number,
  contact: OrderContact,
) => Promise<AdminOrderResult>;

const fields = (contact: OrderContact) => ({
  'contact.name': contact.name,
  'contact.phone': contact.phone,
  'contact.email': contact.email,
});

/** The order's contact (name, phone, e-mail), as the route normalised it. */
export function updateOrderContact(ports: {
  readonly orders: FindOrder;
  readonly patch: PatchOrder;
}): UpdateOrderContact {
  return async (actor, id, contact) => {
    const current = await liveOrder(ports.orders, id);
    if (!current.ok) return current;
    const order = current.order;
    return ports.patch(actor, order, 'order.contactChanged', fields(order.contact), fields(contact), {
      contact,
    });
  };
}
