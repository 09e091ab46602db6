import { servicesTotal } from '../../domain/delivery-quote';
import type { OrderStatus } from '../../domain/order-lifecycle.machine';
import type { PricedLine } from '../../domain/order-pricing';
import type { AdminOrderRecord } from '../admin-orders.port';
import { type AdminActor, type AdminOrderResult, type FindOrder, liveOrder } from './admin-order-result';
import { adminLimitRefusal } from './limit-refusal';
import type { PatchOrder } from './order-patch';
import type { OrderLineRequest, PriceOrderLines } from './price-order-lines';

/** Statuses in which the lines and promo may still change: nothing paid, nothing handed over. */
const CART_EDITABLE_STATUSES: readonly OrderStatus[] = [
  'new',
  'confirmed',
  'awaiting_payment',
  'awaiting_prepayment',
];

export interface RepricePorts {
  readonly orders: FindOrder;
  readonly price: PriceOrderLines;
  readonly patch: PatchOrder;
}

const pricedFields = (value: {
  readonly items: readonly Pick<PricedLine, 'productId' | 'name' | 'quantity' | 'unitPrice'>[];
  readonly subtotal: number;
  readonly discount: number;
  readonly total: number;
  readonly promoCode: string | null;
}) => ({
  items: value.items.map((line) => ({
    productId: line.productId,
    name: line.name,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
  })),
  subtotal: value.subtotal,
  discount: value.discount,
  total: value.total,
  promoCode: value.promoCode,
});

/**
 * A line or promo edit: the order is priced again with checkout's rule and stored only while it is
 * still editable (CART_EDITABLE_STATUSES, nothing paid). The repository takes or gives back exactly
 * the stock difference and counts the promo use in the same transaction; short stock or a spent code
 * refuses the whole edit (`out_of_stock` / `promo_limit` with a Russian message), nothing changes.
 */
export async function repriceOrder(
  ports: RepricePorts,
  actor: AdminActor,
  id: number,
  action: 'order.promoChanged' | 'order.cartChanged',
  lines: (order: AdminOrderRecord) => readonly OrderLineRequest[],
  promoCode: (order: AdminOrderRecord) => string | null,
): Promise<AdminOrderResult> {
  const current = await liveOrder(ports.orders, id);
  if (!current.ok) return current;
  const order = current.order;
  if (!CART_EDITABLE_STATUSES.includes(order.status) || order.paidAmount > 0 || order.paidAt !== null)
    return { ok: false, error: 'order_locked' };
  const priced = await ports.price(lines(order), promoCode(order));
  if (!priced.ok) return { ok: false, error: priced.problem.kind };
  const pricing = {
    items: priced.order.lines,
    subtotal: priced.order.subtotal,
    discount: priced.order.discount,
    // The services stay as they are (the manager edits them on their own, issue 23).
    total: priced.order.total + servicesTotal(order.services),
    promoCode: priced.order.promoCode,
  };
  try {
    return await ports.patch(
      actor,
      order,
      action,
      pricedFields(order),
      pricedFields(pricing),
      { pricing },
      CART_EDITABLE_STATUSES,
    );
  } catch (error) {
    const refused = adminLimitRefusal(error);
    if (refused === null) throw error;
    return { ok: false, ...refused };
  }
}
