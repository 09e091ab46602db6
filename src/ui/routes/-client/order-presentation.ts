import type { Order, OrderStatus } from '../../../application/ports/orders.port';

/** Order statuses as the account shows them. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  new: 'Новый',
  confirmed: 'Подтверждён',
  awaiting_payment: 'Ожидает оплаты',
  awaiting_prepayment: 'Ожидает предоплаты',
  paid: 'Оплачен',
  prepaid: 'Предоплата получена',
  ordered_from_factory: 'Заказан у фабрики',
  in_stock: 'На складе',
  delivery_agreed: 'Доставка согласована',
  shipped: 'Передан в доставку',
  delivered: 'Доставлен',
  completed: 'Выполнен',
  cancelled: 'Отменён',
  claim: 'Возврат / рекламация',
};

const awaitsPayment = (status: OrderStatus): boolean =>
  status === 'awaiting_payment' || status === 'awaiting_prepayment';

/**
 * Whether the shopper may pay the order online now: it waits for payment or prepayment (the manager
 * allowed it) and is not paid — the server's own rule, so the link never leads to a refusal.
 */
export function isOrderPayable(order: Pick<Order, 'paymentAllowed' | 'paid' | 'status'>): boolean {
  return order.paymentAllowed && !order.paid && awaitsPayment(order.status);
}

export type PaymentAvailability = 'payable' | 'paid' | 'awaiting-approval' | 'closed';

/** Why an order can or cannot be paid now, for the payment page's message. */
export function paymentAvailability(
  order: Pick<Order, 'paymentAllowed' | 'paid' | 'status'>,
): PaymentAvailability {
  if (order.paid || order.status === 'paid') return 'paid';
  if (isOrderPayable(order)) return 'payable';
  if (order.status === 'new' || order.status === 'confirmed') return 'awaiting-approval';
  return 'closed';
}

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

/** '22 ноября 2026 г.'; an unreadable date shows nothing rather than 'Invalid Date'. */
export function formatOrderDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? dateFormat.format(time) : '';
}
