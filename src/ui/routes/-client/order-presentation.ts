import type { Order, OrderStatus } from '../../../application/ports/orders.port';

/** Order statuses as the account shows them. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  new: 'Новый',
  confirmed: 'Подтверждён',
  paid: 'Оплачен',
  shipped: 'Отправлен',
  delivered: 'Доставлен',
  cancelled: 'Отменён',
};

/**
 * Whether the shopper may pay the order online now: the manager allowed payment, it is not paid and
 * it is still new or confirmed (the server's own rule, so the link never leads to a refusal).
 */
export function isOrderPayable(order: Pick<Order, 'paymentAllowed' | 'paid' | 'status'>): boolean {
  return order.paymentAllowed && !order.paid && (order.status === 'new' || order.status === 'confirmed');
}

export type PaymentAvailability = 'payable' | 'paid' | 'awaiting-approval' | 'closed';

/** Why an order can or cannot be paid now, for the payment page's message. */
export function paymentAvailability(
  order: Pick<Order, 'paymentAllowed' | 'paid' | 'status'>,
): PaymentAvailability {
  if (order.paid || order.status === 'paid') return 'paid';
  if (order.status !== 'new' && order.status !== 'confirmed') return 'closed';
  return order.paymentAllowed ? 'payable' : 'awaiting-approval';
}

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

/** '22 ноября 2026 г.'; an unreadable date shows nothing rather than 'Invalid Date'. */
export function formatOrderDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? dateFormat.format(time) : '';
}
