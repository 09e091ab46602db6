/**
 * Back-office rules about orders that are not status moves (those are the lifecycle chart's): when an
 * order counts as overdue, its payment state, and how a typed phone number is compared.
 */
import type { PaymentState } from '../../shared-rules/order-options-rule';
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

export type { PaymentState };

export interface PaymentFacts {
  readonly total: number;
  /** Taken online and not refunded. */
  readonly paidAmount: number;
  /** Refunded from the order's online payments. */
  readonly refundedAmount: number;
  /** When the order was marked paid (online or by a manager for cash); never cleared. */
  readonly paidAt: number | null;
}

/**
 * Whether the order is paid now (the client's `paid`): the money taken online covers the total, or
 * it was marked paid and nothing was refunded since — `paid_at` stays after a refund, so alone it
 * would keep a cancelled, refunded order «paid». Money in kopecks. SQL twin: the `payment` list
 * filter in admin-orders.repository.ts.
 */
export function isPaid(order: PaymentFacts): boolean {
  if (order.total > 0 && order.paidAmount >= order.total) return true;
  return order.paidAt !== null && order.refundedAmount === 0;
}

/**
 * Awaiting while the pay link works; paid when isPaid; prepaid when some money was taken and is
 * kept; otherwise unpaid (a refunded order is unpaid; `refundedAmount` in the admin JSON tells why).
 */
export function paymentStateOf(order: PaymentFacts & { readonly status: OrderStatus }): PaymentState {
  if (order.status === 'awaiting_payment' || order.status === 'awaiting_prepayment') return 'awaiting';
  if (isPaid(order)) return 'paid';
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
const PHONE_SEARCH_MIN_DIGITS = 5;

export function phoneSearchDigits(query: string): string | null {
  if (!/^[\d\s()+\-.]+$/.test(query)) return null;
  const digits = phoneDigits(query);
  return digits.length >= PHONE_SEARCH_MIN_DIGITS ? digits : null;
}
