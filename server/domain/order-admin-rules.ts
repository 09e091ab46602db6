/**
 * Back-office rules about orders that are not status moves (those are the lifecycle chart's): when an
 * order counts as overdue, its payment state, and how a typed phone number is compared.
 */
import type { OrderStatus } from './order-lifecycle.machine';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * How long an order may stay in a status before the manager is warned (the «просрочен» flag and the
 * dashboard figure). Final statuses never become overdue. The figures are a furniture shop's usual
 * promises: a call back within two hours, a factory order within six weeks, a claim answered in ten
 * days (Закон о защите прав потребителей, ст. 22).
 */
export const OVERDUE_AFTER: Readonly<Record<OrderStatus, number | null>> = {
  new: 2 * HOUR,
  confirmed: DAY,
  awaiting_payment: 3 * DAY,
  awaiting_prepayment: 3 * DAY,
  paid: 2 * DAY,
  prepaid: 2 * DAY,
  ordered_from_factory: 45 * DAY,
  in_stock: 14 * DAY,
  delivery_agreed: 7 * DAY,
  shipped: 7 * DAY,
  delivered: null,
  completed: null,
  cancelled: null,
  claim: 10 * DAY,
};

export function isOverdue(status: OrderStatus, statusSince: number, now: number): boolean {
  const limit = OVERDUE_AFTER[status];
  return limit !== null && now - statusSince > limit;
}

export type PaymentState = 'awaiting' | 'paid' | 'prepaid' | 'unpaid';

/**
 * Awaiting while the pay link works; paid when marked paid or the money taken covers the total;
 * prepaid when some money was taken; otherwise unpaid. Money in kopecks.
 */
export function paymentStateOf(order: {
  readonly status: OrderStatus;
  readonly total: number;
  readonly paidAmount: number;
  readonly paidAt: number | null;
}): PaymentState {
  if (order.status === 'awaiting_payment' || order.status === 'awaiting_prepayment') return 'awaiting';
  if (order.paidAt !== null || (order.total > 0 && order.paidAmount >= order.total)) return 'paid';
  if (order.paidAmount > 0) return 'prepaid';
  return 'unpaid';
}

/**
 * The digits of a phone as stored for search: non-digits dropped, and an 11-digit number starting
 * with 8 read as +7 (the Russian trunk prefix). The SQL generated column `contact_phone_digits`
 * (migration 0003) applies the same rule.
 */
export function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
}

/** A search text is a phone search when it holds at least 5 digits and only phone punctuation. */
export const PHONE_SEARCH_MIN_DIGITS = 5;

export function phoneSearchDigits(query: string): string | null {
  if (!/^[\d\s()+\-.]+$/.test(query)) return null;
  const digits = phoneDigits(query);
  return digits.length >= PHONE_SEARCH_MIN_DIGITS ? digits : null;
}
