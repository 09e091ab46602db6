import type { ServiceKind } from '../../../shared-rules/delivery-service-rule';
import { formatKopecks, KOPECKS_PER_ROUBLE } from '../../../shared-rules/money-rule';
import { servicesTotal } from '../../domain/delivery-quote';
import type { OrderStatus } from '../../domain/order-lifecycle.machine';
import { type AdminActor, type AdminOrderResult, type FindOrder, liveOrder } from './admin-order-result';
import type { PatchOrder } from './order-patch';

/** Statuses in which the services may still change: like the lines, nothing paid, nothing handed over. */
export const SERVICES_EDITABLE_STATUSES: readonly OrderStatus[] = [
  'new',
  'confirmed',
  'awaiting_payment',
  'awaiting_prepayment',
];

interface ServiceLineInput {
  readonly kind: ServiceKind;
  readonly label: string;
  readonly amount: number;
}

export type UpdateOrderServices = (
  actor: AdminActor,
  id: number,
  change: { readonly services: readonly ServiceLineInput[]; readonly seenTotal: number },
) => Promise<AdminOrderResult>;

const listed = (services: readonly ServiceLineInput[]): string =>
  services.map((line) => `${line.label}: ${formatKopecks(line.amount)}`).join('; ');

/**
 * A manager replaces the order's services (issue 23, docs/delivery.md «The manager's edit»): the total
 * becomes goods − discount + Σ services. `seenTotal` is the total the card showed: when the order
 * changed meanwhile nothing is written (409 `order_changed`), so nobody prices over a colleague's edit
 * unseen; after payment or handover the services are fixed (409 `order_locked`), like the lines.
 */
export function updateOrderServices(ports: {
  readonly orders: FindOrder;
  readonly patch: PatchOrder;
}): UpdateOrderServices {
  return async (actor, id, change) => {
    const current = await liveOrder(ports.orders, id);
    if (!current.ok) return current;
    const order = current.order;
    if (!SERVICES_EDITABLE_STATUSES.includes(order.status) || order.paidAmount > 0 || order.paidAt !== null)
      return { ok: false, error: 'order_locked' };
    if (order.total !== change.seenTotal) return { ok: false, error: 'order_changed' };
    if (change.services.some((line) => line.amount % KOPECKS_PER_ROUBLE !== 0))
      return { ok: false, error: 'invalid_service_amount' };
    const services = change.services.map((line) => ({
      kind: line.kind,
      label: line.label.trim(),
      amount: line.amount,
    }));
    return ports.patch(
      actor,
      order,
      'order.servicesChanged',
      { services: listed(order.services), total: order.total },
      { services: listed(services), total: order.subtotal - order.discount + servicesTotal(services) },
      { services: { lines: services, seenTotal: change.seenTotal } },
      SERVICES_EDITABLE_STATUSES,
    );
  };
}
