/**
 * A client's totals on the back office's client card (issue 25, item 9): what the client has really
 * bought. An order counts when it is not cancelled and the money or the goods changed hands — it is
 * paid (`isPaid`: the online payments cover the total, or a manager marked it paid and nothing was
 * refunded) or it reached «Доставлен» / «Выполнен» (paid at handover). Orders in the bin are not the
 * client's any more and are never passed in. What a counted order adds to «Потрачено» is its total
 * less what was refunded from it, never below zero. The average cheque is «Потрачено» over the counted
 * orders, rounded half up to the kopeck; none without a counted order. Money: whole kopecks.
 */
import { isPaid, type PaymentFacts } from './order-admin-rules';

export interface OrderForTotals extends PaymentFacts {
  readonly status: string;
}

export interface ClientTotals {
  /** Orders that count (paid or delivered, not cancelled). */
  readonly orders: number;
  /** Kopecks. */
  readonly spent: number;
  /** Kopecks; null when no order counts. */
  readonly averageCheque: number | null;
}

const HANDED_OVER: ReadonlySet<string> = new Set(['delivered', 'completed']);

export function countsTowardsTotals(order: OrderForTotals): boolean {
  if (order.status === 'cancelled') return false;
  return HANDED_OVER.has(order.status) || isPaid(order);
}

export function clientTotals(orders: readonly OrderForTotals[]): ClientTotals {
  let counted = 0;
  let spent = 0;
  for (const order of orders) {
    if (!countsTowardsTotals(order)) continue;
    counted += 1;
    spent += Math.max(0, order.total - order.refundedAmount);
  }
  return {
    orders: counted,
    spent,
    averageCheque: counted === 0 ? null : Math.floor((spent * 2 + counted) / (counted * 2)),
  };
}
