/**
 * Money rules of online payment (pure): how much the pay page charges, and the 54-FZ receipt lines of
 * a payment. Money is whole kopecks throughout, so every sum is exact.
 *
 * A receipt lists the order's goods at their net amounts (after each line's share of the order
 * discount, docs/money.md); its line sums must add up to exactly the amount paid (the fiscal register
 * refuses anything else). A full payment's lines are therefore exactly the order's net lines, and a
 * partial amount (a prepayment) is spread across them in proportion, kopeck-exact (largest
 * remainder). A line whose share does not divide by its quantity becomes two items (`q − r` units
 * at `p`, `r` units at `p + 1`), so unit price × quantity always sums to the share.
 */
import { allocate, percentInWholeRoubles } from '../../shared-rules/money-rule';
import type { OrderStatus } from './order-lifecycle.machine';

/** A prepayment is 10 % of the total unless the manager set another amount. */
const DEFAULT_PREPAYMENT_PERCENT = 10;
/** YooKassa / 54-FZ: the item description is cut to this many characters. */
export const RECEIPT_DESCRIPTION_MAX = 128;

/** 10 % of the total rounded up to whole roubles (kopecks in, kopecks out). */
export function defaultPrepayment(total: number): number {
  if (total <= 0) return 0;
  return percentInWholeRoubles(total, DEFAULT_PREPAYMENT_PERCENT, 'up');
}

export interface AmountDueFacts {
  readonly status: OrderStatus;
  readonly total: number;
  readonly paidAmount: number;
  /** Set by a manager for this order; null → `defaultPrepayment(total)`. */
  readonly prepaymentAmount: number | null;
}

/**
 * What the pay page charges now: awaiting payment → the rest of the total; awaiting prepayment → the
 * prepayment (never more than the rest); any other status → 0 (nothing to pay online).
 */
export function amountDue(order: AmountDueFacts): number {
  const rest = Math.max(0, order.total - order.paidAmount);
  if (order.status === 'awaiting_payment') return rest;
  if (order.status === 'awaiting_prepayment') {
    const prepayment = order.prepaymentAmount ?? defaultPrepayment(order.total);
    return Math.min(Math.max(0, prepayment), rest);
  }
  return 0;
}

/**
 * Goods paid online before handover are a 100 % prepayment of what this payment covers when it
 * settles the whole rest of the total, else a partial prepayment.
 */
export function paymentModeOf(amount: number, order: { total: number; paidAmount: number }) {
  return order.paidAmount + amount >= order.total ? 'full_prepayment' : 'partial_prepayment';
}

/** 54-FZ payment subject: goods («товар») or a service («услуга»: delivery, carrying up, assembly). */
type ReceiptSubject = 'commodity' | 'service';

export interface ReceiptSourceLine {
  /** Absent: goods. */
  readonly subject?: ReceiptSubject;
  readonly name: string;
  readonly quantity: number;
  /** Kopecks after the line's share of the order discount; the weight of this line's share. */
  readonly netTotal: number;
}

export interface ReceiptLine {
  readonly subject: ReceiptSubject;
  readonly description: string;
  readonly quantity: number;
  /** Kopecks per unit. */
  readonly unitAmount: number;
}

const cut = (text: string): string => {
  const chars = Array.from(text.trim() || 'Товар');
  return chars.length <= RECEIPT_DESCRIPTION_MAX
    ? chars.join('')
    : chars.slice(0, RECEIPT_DESCRIPTION_MAX).join('');
};

/**
 * What a receipt is spread over: the goods at their net amounts, then the order's paid services
 * (issue 23: «услуга», one item each). A free service is not a receipt item.
 */
export function receiptSourcesOf(
  goods: readonly ReceiptSourceLine[],
  services: readonly { readonly label: string; readonly amount: number }[],
): ReceiptSourceLine[] {
  return [
    ...goods,
    ...services
      .filter((service) => service.amount > 0)
      .map((service) => ({
        subject: 'service' as const,
        name: service.label,
        quantity: 1,
        netTotal: service.amount,
      })),
  ];
}

/** Receipt lines for `amount` kopecks over the order's goods: Σ unitAmount × quantity = amount. */
export function receiptLines(lines: readonly ReceiptSourceLine[], amount: number): ReceiptLine[] {
  const shares = allocate(
    amount,
    lines.map((line) => line.netTotal),
  );
  const result: ReceiptLine[] = [];
  lines.forEach((line, index) => {
    const share = shares[index] ?? 0;
    const quantity = Math.max(1, line.quantity);
    const unit = Math.floor(share / quantity);
    const odd = share - unit * quantity;
    const description = cut(line.name);
    const subject = line.subject ?? 'commodity';
    // 0 ≤ odd < quantity, so the first item always has units.
    result.push({ subject, description, quantity: quantity - odd, unitAmount: unit });
    if (odd > 0) result.push({ subject, description, quantity: odd, unitAmount: unit + 1 });
  });
  return result;
}

export const receiptSum = (lines: readonly Pick<ReceiptLine, 'quantity' | 'unitAmount'>[]): number =>
  lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
