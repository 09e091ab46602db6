/**
 * Order lifecycle: new → confirmed → paid → shipped → delivered, and cancelled from any state before
 * shipping. Every change is recorded by the caller (it feeds the client's counter and e-mail), so this
 * module only decides whether a change is allowed.
 */
export const ORDER_STATUSES = ['new', 'confirmed', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  new: 'Новый',
  confirmed: 'Подтверждён',
  paid: 'Оплачен',
  shipped: 'Передан в доставку',
  delivered: 'Доставлен',
  cancelled: 'Отменён',
};

const ALLOWED: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['confirmed', 'cancelled'],
  // Cash-on-delivery orders skip "paid" and go straight to shipping.
  confirmed: ['paid', 'shipped', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function allowedNextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return ALLOWED[from];
}

export type StatusChange =
  | { readonly ok: true; readonly from: OrderStatus; readonly to: OrderStatus }
  | { readonly ok: false; readonly reason: 'same_status' | 'not_allowed'; readonly from: OrderStatus };

export function changeStatus(from: OrderStatus, to: OrderStatus): StatusChange {
  if (from === to) return { ok: false, reason: 'same_status', from };
  if (!ALLOWED[from].includes(to)) return { ok: false, reason: 'not_allowed', from };
  return { ok: true, from, to };
}

/** An order may be paid online only once an administrator allowed it and while it is still payable. */
export function isPayable(status: OrderStatus, paymentAllowed: boolean): boolean {
  return paymentAllowed && (status === 'new' || status === 'confirmed');
}
