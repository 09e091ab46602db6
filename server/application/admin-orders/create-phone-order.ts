import type { AdminOrdersRepository } from '../admin-orders.port';
import type { AuthService, EventLog } from '../auth.service';
import { orderPlacedMail, type ShopIdentity } from '../mail-templates';
import { DeliveryDayFullError } from '../order-limits';
import type { OrderContact, PaymentMethod } from '../orders.port';
import { type AdminActor, type AdminOrderResult, adminAudit, savedOrder } from './admin-order-result';
import type { ChangeOrderStatus } from './change-order-status';
import { type DeliveryInput, NO_DELIVERY_DETAILS, resolveDelivery } from './delivery-input';
import { adminLimitRefusal } from './limit-refusal';
import type { MailAboutOrder } from './order-mail';
import type { OrderLineRequest, PriceOrderLines } from './price-order-lines';

interface PhoneOrderInput {
  readonly clientId?: number;
  readonly newClient?: OrderContact;
  readonly contact?: OrderContact;
  readonly lines: readonly OrderLineRequest[];
  readonly delivery: DeliveryInput;
  readonly promoCode?: string;
  readonly paymentMethod: PaymentMethod;
  readonly comment?: string;
  readonly sendPayLink?: boolean;
}

export type CreatePhoneOrder = (actor: AdminActor, input: PhoneOrderInput) => Promise<AdminOrderResult>;

export interface CreatePhoneOrderPorts {
  readonly orders: Pick<AdminOrdersRepository, 'find' | 'insert' | 'clientContact'>;
  readonly clients: Pick<AuthService, 'findOrCreateClient'>;
  readonly price: PriceOrderLines;
  readonly mail: MailAboutOrder;
  /** «Отправить ссылку на оплату» moves the new order to «Ожидает оплаты» like any status change. */
  readonly changeStatus: ChangeOrderStatus;
  readonly shop: ShopIdentity;
  readonly log: EventLog;
}

/**
 * A phone order: an existing or new client, priced lines, delivery; optionally straight to the pay
 * link. It takes its stock and promo use like checkout (issue 22), or is refused with the product
 * and what is left.
 */
export function createPhoneOrder(ports: CreatePhoneOrderPorts): CreatePhoneOrder {
  const clientOf = async (
    input: PhoneOrderInput,
  ): Promise<{ readonly clientId: number; readonly contact: OrderContact } | null> => {
    if (input.clientId !== undefined) {
      const client = await ports.orders.clientContact(input.clientId);
      if (client === null || client.role !== 'user') return null;
      return {
        clientId: client.id,
        contact: input.contact ?? { name: client.name ?? '', phone: client.phone ?? '', email: client.email },
      };
    }
    if (input.newClient === undefined) return null;
    const found = await ports.clients.findOrCreateClient(input.newClient.email, 'order', {
      name: input.newClient.name,
      phone: input.newClient.phone,
    });
    if (found.user.role !== 'user') return null;
    return { clientId: found.user.id, contact: input.contact ?? input.newClient };
  };

  return async (actor, input) => {
    if (input.sendPayLink === true && input.paymentMethod !== 'online')
      return { ok: false, error: 'pay_link_needs_online' };
    if (input.clientId === undefined && input.newClient === undefined)
      return { ok: false, error: 'client_required' };
    const client = await clientOf(input);
    if (client === null) return { ok: false, error: 'client_not_found' };
    const { clientId, contact } = client;
    if (contact.name.trim() === '' || contact.phone.trim() === '')
      return { ok: false, error: 'client_required' };
    const resolved = resolveDelivery(input.delivery, null, NO_DELIVERY_DETAILS);
    if (!resolved.ok) return { ok: false, error: 'address_required' };
    const priced = await ports.price(input.lines, input.promoCode ?? null);
    if (!priced.ok) return { ok: false, error: priced.problem.kind };
    const inserted = await ports.orders
      .insert(
        {
          clientId,
          items: priced.order.lines,
          subtotal: priced.order.subtotal,
          discount: priced.order.discount,
          total: priced.order.total,
          promoCode: priced.order.promoCode,
          contact,
          delivery: resolved.delivery,
          deliveryDetails: resolved.details,
          comment: input.comment?.trim() ? input.comment.trim() : null,
          paymentMethod: input.paymentMethod,
        },
        (orderId) =>
          adminAudit(actor, orderId, 'order.created', null, {
            clientId,
            total: priced.order.total,
            items: priced.order.lines.map((line) => ({
              productId: line.productId,
              name: line.name,
              quantity: line.quantity,
            })),
          }),
      )
      .catch((error: unknown) => {
        // The delivery day is booked in the order's transaction like checkout's: a full day rolls it back.
        if (error instanceof DeliveryDayFullError) return { error: 'delivery_day_full' as const };
        const refused = adminLimitRefusal(error);
        if (refused === null) throw error;
        return refused;
      });
    if (typeof inserted === 'object') return { ok: false, ...inserted };
    const id = inserted;
    ports.log.info(
      { event: 'order_placed_by_admin', orderId: id, clientId, adminId: actor.adminId },
      'order placed by a manager',
    );
    await ports.mail(
      id,
      orderPlacedMail(
        ports.shop,
        contact.email,
        { id, total: priced.order.total, discount: priced.order.discount, lines: priced.order.lines },
        clientId,
      ),
    );
    if (input.sendPayLink === true) return ports.changeStatus(actor, id, 'awaiting_payment');
    return savedOrder(ports.orders, id);
  };
}
