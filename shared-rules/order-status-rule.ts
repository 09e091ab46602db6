/**
 * The order's statuses (issue 25, item 4: one vocabulary): the 14 ids of the lifecycle chart
 * (server/domain/order-lifecycle.machine.ts decides the moves), their Russian labels as every screen,
 * mail, history line and export shows them, and the verb of the button that moves an order into
 * each. The contract (api/orders.ts), the storefront, the back office and the server import them from
 * here; test/architecture/vocabulary.test.ts fails when a label is typed again anywhere else.
 */
export const ORDER_STATUSES = [
  'new',
  'confirmed',
  'awaiting_payment',
  'awaiting_prepayment',
  'paid',
  'prepaid',
  'ordered_from_factory',
  'in_stock',
  'delivery_agreed',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'claim',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

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

/** The verb a button shows for moving an order into a status. */
export const ORDER_ACTION_LABELS: Readonly<Record<OrderStatus, string>> = {
  new: 'Вернуть в новые',
  confirmed: 'Подтвердить',
  awaiting_payment: 'Разрешить оплату',
  awaiting_prepayment: 'Запросить предоплату',
  paid: 'Отметить оплату',
  prepaid: 'Отметить предоплату',
  ordered_from_factory: 'Заказать у фабрики',
  in_stock: 'На склад',
  delivery_agreed: 'Согласовать доставку',
  shipped: 'Передать в доставку',
  delivered: 'Отметить доставку',
  completed: 'Завершить',
  cancelled: 'Отменить заказ',
  claim: 'Оформить возврат / рекламацию',
};

/** The move back from «Ожидает оплаты» / «Ожидает предоплаты» to «Подтверждён»: the pay link closes. */
export const CLOSE_PAY_LINK_LABEL = 'Закрыть оплату';

/** Back from waiting for (pre)payment to «Подтверждён»: the client's pay link stops working. */
export function closesPayLink(from: OrderStatus, to: OrderStatus): boolean {
  return to === 'confirmed' && (from === 'awaiting_payment' || from === 'awaiting_prepayment');
}

/**
 * The button of the move from `from` to `to` (the server answers it as `actions[].label`): the verb
 * of the status it leads to, except the move that closes the pay link — a manager who has just pressed
 * «Разрешить оплату» is not offered «Подтвердить» again (issue 25, item 13).
 */
export function orderMoveLabel(from: OrderStatus, to: OrderStatus): string {
  return closesPayLink(from, to) ? CLOSE_PAY_LINK_LABEL : ORDER_ACTION_LABELS[to];
}
