/**
 * An order's money after it is placed (issue 22, docs/money.md), pure and total: the prepayment a
 * manager asks for, what the client has paid and still owes, and partial refunds by line or by amount.
 * Amounts are integer kopecks; a share of a sum is taken by the largest remainder (`allocate`), so
 * the parts always add up to the whole.
 */
import { allocate, type Kopecks, percentInWholeRoubles } from '../../shared-rules/money-rule';
import type { OrderStatus } from './order-lifecycle.machine';
import { type ReceiptLine, receiptLines } from './payment-receipt';

// ── Prepayment ───────────────────────────────────────────────────────────────────────────────────

/** A manager's prepayment: a percent of the order total (1–100) or a sum. */
export type PrepaymentRequest =
  | { readonly kind: 'percent'; readonly percent: number }
  | { readonly kind: 'amount'; readonly amount: Kopecks };

export type PrepaymentDecision =
  | { readonly ok: true; readonly amount: Kopecks }
  /** More than is left to pay (or nothing at all): `left` says the most it may be. */
  | { readonly ok: false; readonly error: 'prepayment_too_large'; readonly left: Kopecks };

/**
 * The prepayment in kopecks: a percent of the total rounded up to whole roubles (the shop never asks
 * for a kopeck less than the percent), a sum as given; more than 0 and at most total − paid.
 */
export function prepaymentOf(
  request: PrepaymentRequest,
  order: { readonly total: Kopecks; readonly paidAmount: Kopecks },
): PrepaymentDecision {
  const left = Math.max(0, order.total - order.paidAmount);
  const amount =
    request.kind === 'percent' ? percentInWholeRoubles(order.total, request.percent, 'up') : request.amount;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left)
    return { ok: false, error: 'prepayment_too_large', left };
  return { ok: true, amount };
}

// ── Paid / remaining / refunded ──────────────────────────────────────────────────────────────────

/** `partial`: some of the money taken went back; `full`: all of it did. */
type RefundState = 'none' | 'partial' | 'full';

export interface PaymentSummary {
  /** Taken online and kept. */
  readonly paid: Kopecks;
  /** Given back to the client. */
  readonly refunded: Kopecks;
  /**
   * Still to pay: total − kept − given back (goods refunded are no longer owed); nothing once the goods
   * are handed over, because the rest is taken at handover and the settlement receipt (54-FZ receipt
   * №2) records it as the postpayment.
   */
  readonly remaining: Kopecks;
  readonly refundState: RefundState;
}

/** Statuses after the handover: the client has paid the rest to the courier or at the warehouse. */
const HANDED_OVER: ReadonlySet<OrderStatus> = new Set(['delivered', 'completed']);

export function paymentSummaryOf(order: {
  readonly total: Kopecks;
  readonly paidAmount: Kopecks;
  readonly refundedAmount: Kopecks;
  readonly status: OrderStatus;
}): PaymentSummary {
  const paid = Math.max(0, order.paidAmount);
  const refunded = Math.max(0, order.refundedAmount);
  const refundState: RefundState = refunded === 0 ? 'none' : paid === 0 ? 'full' : 'partial';
  const owed = HANDED_OVER.has(order.status) ? 0 : Math.max(0, order.total - paid - refunded);
  return { paid, refunded, remaining: owed, refundState };
}

// ── Partial refunds ──────────────────────────────────────────────────────────────────────────────

export interface RefundableLine {
  readonly name: string;
  readonly quantity: number;
  /** Kopecks after the line's share of the discount: the weight of its share of the payment. */
  readonly netTotal: Kopecks;
}

/** What a refund is decided against, read under the order's lock. */
export interface RefundBasis {
  readonly lines: readonly RefundableLine[];
  /** The succeeded payment's amount. */
  readonly paymentAmount: Kopecks;
  /** Already refunded from it (every refund, any kind). */
  readonly alreadyRefunded: Kopecks;
  /** Units of each line (by index) earlier refunds by line returned. */
  readonly refundedUnits: readonly number[];
}

export type RefundRequest =
  | {
      readonly kind: 'lines';
      /** `line`: index in the order's items. */
      readonly lines: readonly { readonly line: number; readonly quantity: number }[];
    }
  | { readonly kind: 'amount'; readonly amount: Kopecks };

export interface RefundedLine {
  readonly line: number;
  readonly name: string;
  readonly quantity: number;
  readonly amount: Kopecks;
}

export type RefundPlan =
  | { readonly ok: true; readonly amount: Kopecks; readonly lines: readonly RefundedLine[] }
  | { readonly ok: false; readonly error: 'nothing_to_refund' }
  | { readonly ok: false; readonly error: 'refund_too_large'; readonly refundable: Kopecks }
  /** A line that is not in the order, or more units than are left to return. */
  | {
      readonly ok: false;
      readonly error: 'invalid_refund_line';
      readonly line: number;
      readonly left: number;
    };

/**
 * The net paid share of the first `units` units of a line whose units together got `share` kopecks:
 * the largest-remainder split of `share` between `units` and the rest. Non-decreasing in `units` and
 * equal to `share` for all units, so refunding a line in several steps returns exactly its share.
 */
export function unitsShare(share: Kopecks, units: number, quantity: number): Kopecks {
  if (quantity <= 0 || units <= 0) return 0;
  if (units >= quantity) return share;
  return allocate(share, [units, quantity - units])[0] ?? 0;
}

/**
 * How much a refund returns, never more than the payment kept. By line: each line's net paid share
 * (the payment spread over the lines by their totals, so the discount and a partial prepayment are
 * counted) for the units asked, after the units earlier refunds returned. By amount: as asked.
 */
export function planRefund(basis: RefundBasis, request: RefundRequest): RefundPlan {
  const refundable = Math.max(0, basis.paymentAmount - basis.alreadyRefunded);
  if (refundable === 0) return { ok: false, error: 'nothing_to_refund' };
  if (request.kind === 'amount') {
    if (request.amount <= 0 || request.amount > refundable)
      return { ok: false, error: 'refund_too_large', refundable };
    return { ok: true, amount: request.amount, lines: [] };
  }
  const asked = new Map<number, number>();
  for (const { line, quantity } of request.lines) asked.set(line, (asked.get(line) ?? 0) + quantity);
  const shares = allocate(
    basis.paymentAmount,
    basis.lines.map((line) => line.netTotal),
  );
  const lines: RefundedLine[] = [];
  for (const [index, quantity] of [...asked.entries()].sort((a, b) => a[0] - b[0])) {
    const line = basis.lines[index];
    const before = basis.refundedUnits[index] ?? 0;
    const left = line === undefined ? 0 : Math.max(0, line.quantity - before);
    if (line === undefined || quantity <= 0 || quantity > left)
      return { ok: false, error: 'invalid_refund_line', line: index, left };
    const share = shares[index] ?? 0;
    const amount =
      unitsShare(share, before + quantity, line.quantity) - unitsShare(share, before, line.quantity);
    lines.push({ line: index, name: line.name, quantity, amount });
  }
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  if (amount <= 0 || amount > refundable) return { ok: false, error: 'refund_too_large', refundable };
  return { ok: true, amount, lines };
}

/**
 * The refund receipt's lines: exactly the refunded lines (each its units at its share), or for a
 * refund by amount the amount spread over the order's goods. Σ unitAmount × quantity = the amount.
 */
export function refundReceiptLines(
  plan: { readonly amount: Kopecks; readonly lines: readonly RefundedLine[] },
  orderLines: readonly RefundableLine[],
): ReceiptLine[] {
  if (plan.lines.length === 0) return receiptLines(orderLines, plan.amount);
  return plan.lines.flatMap((line) =>
    receiptLines([{ name: line.name, quantity: line.quantity, netTotal: line.amount }], line.amount),
  );
}
