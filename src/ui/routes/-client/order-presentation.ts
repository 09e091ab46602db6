import type { OrderStatus } from '../../../application/ports/orders.port';

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

/** The payment rule is the pay page machine's (the account's pay links use the same one). */
export { isOrderPayable } from '../../../application/machines/pay-page.machine';

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

/** '22 ноября 2026 г.'; an unreadable date shows nothing rather than 'Invalid Date'. */
export function formatOrderDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? dateFormat.format(time) : '';
}
