/**
 * An order's money after it is placed (issue 22, docs/money.md), pure and total: the prepayment a
 * manager asks for, what the client has paid and still owes, and partial refunds by line or by amount.
 * Amounts are integer kopecks; a share of a sum is taken by the largest remainder (`allocate`), so
 * the parts always add up to the whole.
 */
import { allocate, type Kopecks, percentInWholeRoubles } from '../../shared-rules/money-rule';
import type { OrderStatus } from './order-lifecycle.machine';
import { type ReceiptLine, type ReceiptSourceLine, receiptLines } from './payment-receipt';

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
   * Still to pay: total − kept, where the total is the goods still sold (a line refunded before the
   * handover left it); nothing once the goods are handed over, because the rest is taken at handover
   * and the settlement receipt (54-FZ receipt №2) records it as the postpayment, and nothing in a
   * cancelled order.
   */
  readonly remaining: Kopecks;
  readonly refundState: RefundState;
}

/** Statuses after the handover: the client has paid the rest to the courier or at the warehouse. */
const HANDED_OVER: ReadonlySet<OrderStatus> = new Set(['delivered', 'completed', 'claim']);

/**
 * Before the handover a refunded line is no longer sold (54-FZ: the goods the settlement receipt
 * lists are the goods handed over): its units leave the order's goods and total. After it (and in a
 * cancelled order) the goods were sold or the order is void, so a refund leaves the goods as they are.
 */
export function refundRemovesGoods(status: OrderStatus): boolean {
  return !HANDED_OVER.has(status) && status !== 'cancelled';
}

export function paymentSummaryOf(order: {
  readonly total: Kopecks;
  readonly paidAmount: Kopecks;
  readonly refundedAmount: Kopecks;
  readonly status: OrderStatus;
}): PaymentSummary {
  const paid = Math.max(0, order.paidAmount);
  const refunded = Math.max(0, order.refundedAmount);
  const refundState: RefundState = refunded === 0 ? 'none' : paid === 0 ? 'full' : 'partial';
  // The total already left out the goods refunded by line before the handover, so what is owed is
  // the goods still sold minus the money the shop kept; an amount refund gave money back, not goods.
  const owed = refundRemovesGoods(order.status) ? Math.max(0, order.total - paid) : 0;
  return { paid, refunded, remaining: owed, refundState };
}

// ── Partial refunds ──────────────────────────────────────────────────────────────────────────────

/** A line of the order's goods with its money (kopecks; the discount share whole roubles). */
export interface GoodsLine {
  readonly name: string;
  readonly quantity: number;
  readonly unitPrice: Kopecks;
  readonly lineTotal: Kopecks;
  /** The line's share of the order discount. */
  readonly discount: Kopecks;
  /** lineTotal − discount: what the line costs the buyer. */
  readonly netTotal: Kopecks;
}

interface LineMoney {
  readonly lineTotal: Kopecks;
  readonly discount: Kopecks;
  readonly netTotal: Kopecks;
}

/**
 * A line split into `units` of its units and the rest. The discount share is split by the units in
 * whole roubles (largest remainder, like the order discount over its lines), and each part keeps a
 * discount within its own amount, so both parts are well-formed lines and together make the line.
 */
export function splitUnits(
  line: GoodsLine,
  units: number,
): { readonly taken: LineMoney; readonly rest: GoodsLine } {
  const count = Math.min(Math.max(0, units), line.quantity);
  const takenTotal =
    count >= line.quantity ? line.lineTotal : Math.min(line.lineTotal, line.unitPrice * count);
  const restTotal = line.lineTotal - takenTotal;
  const share = allocate(line.discount, [count, line.quantity - count], 100)[0] ?? 0;
  const takenDiscount = Math.max(line.discount - restTotal, Math.min(share, takenTotal));
  const restDiscount = line.discount - takenDiscount;
  return {
    taken: { lineTotal: takenTotal, discount: takenDiscount, netTotal: takenTotal - takenDiscount },
    rest: {
      ...line,
      quantity: line.quantity - count,
      lineTotal: restTotal,
      discount: restDiscount,
      netTotal: restTotal - restDiscount,
    },
  };
}

/** What a refund is decided against, read under the order's lock. */
export interface RefundBasis {
  /**
   * The goods a refund by line may still return, by the order's line index: the order's lines less
   * the units earlier refunds returned after the handover (before it they already left the lines).
   */
  readonly lines: readonly GoodsLine[];
  /** What the payment took minus every earlier refund: the most any refund may return. */
  readonly kept: Kopecks;
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
 * equal to `share` for all units.
 */
export function unitsShare(share: Kopecks, units: number, quantity: number): Kopecks {
  if (quantity <= 0 || units <= 0) return 0;
  if (units >= quantity) return share;
  return allocate(share, [units, quantity - units])[0] ?? 0;
}

/**
 * How much a refund returns, never more than the money kept. By line: the units' part of the money
 * kept, in the proportion of their net amount to the goods not yet returned (so a partial prepayment,
 * the discount and earlier refunds by amount are all counted, and the last unit returned takes all
 * that is left); the refund is then spread over the lines asked by their net amounts. By amount: as
 * asked.
 */
export function planRefund(basis: RefundBasis, request: RefundRequest): RefundPlan {
  const refundable = Math.max(0, basis.kept);
  if (refundable === 0) return { ok: false, error: 'nothing_to_refund' };
  if (request.kind === 'amount') {
    if (request.amount <= 0 || request.amount > refundable)
      return { ok: false, error: 'refund_too_large', refundable };
    return { ok: true, amount: request.amount, lines: [] };
  }
  const asked = new Map<number, number>();
  for (const { line, quantity } of request.lines) asked.set(line, (asked.get(line) ?? 0) + quantity);
  const taken: { line: number; name: string; quantity: number; net: Kopecks }[] = [];
  for (const [index, quantity] of [...asked.entries()].sort((a, b) => a[0] - b[0])) {
    const line = basis.lines[index];
    const left = line === undefined ? 0 : line.quantity;
    if (line === undefined || quantity <= 0 || quantity > left)
      return { ok: false, error: 'invalid_refund_line', line: index, left };
    taken.push({ line: index, name: line.name, quantity, net: splitUnits(line, quantity).taken.netTotal });
  }
  const goods = basis.lines.reduce((sum, line) => sum + Math.max(0, line.netTotal), 0);
  const returned = taken.reduce((sum, each) => sum + each.net, 0);
  const amount =
    returned >= goods ? refundable : (allocate(refundable, [returned, goods - returned])[0] ?? 0);
  if (amount <= 0 || amount > refundable) return { ok: false, error: 'refund_too_large', refundable };
  const parts = allocate(
    amount,
    taken.map((each) => each.net),
  );
  return {
    ok: true,
    amount,
    lines: taken.map((each, index) => ({
      line: each.line,
      name: each.name,
      quantity: each.quantity,
      amount: parts[index] ?? 0,
    })),
  };
}

/**
 * The goods once `refunded` units left them (a refund by line before the handover): each line less
 * those units (split by `splitUnits`), a line with no units left dropped. Σ lineTotal, Σ discount and
 * Σ netTotal of the result are the order's new subtotal, discount and total.
 */
export function goodsAfterRefund<L extends GoodsLine>(
  lines: readonly L[],
  refunded: readonly { readonly line: number; readonly quantity: number }[],
): { readonly lines: L[]; readonly subtotal: Kopecks; readonly discount: Kopecks; readonly total: Kopecks } {
  const units = new Map<number, number>();
  for (const { line, quantity } of refunded) units.set(line, (units.get(line) ?? 0) + quantity);
  const left = lines
    .map((line, index) => ({ ...line, ...splitUnits(line, units.get(index) ?? 0).rest }))
    .filter((line) => line.quantity > 0);
  const subtotal = left.reduce((sum, line) => sum + line.lineTotal, 0);
  const discount = left.reduce((sum, line) => sum + line.discount, 0);
  return { lines: left, subtotal, discount, total: subtotal - discount };
}

/**
 * The settlement receipt at handover (54-FZ receipt №2, «полный расчёт»): the goods handed over — the
 * order's lines as they are now, refunded lines gone — for the order's total, the money kept online
 * counted as the prepayment and the rest as the postpayment taken at handover. Σ items = total =
 * prepaid + postpaid.
 */
export function settlementOf(order: {
  readonly lines: readonly ReceiptSourceLine[];
  readonly total: Kopecks;
  readonly paidAmount: Kopecks;
}): { readonly lines: ReceiptLine[]; readonly prepaid: Kopecks; readonly postpaid: Kopecks } {
  const prepaid = Math.min(Math.max(0, order.paidAmount), order.total);
  return { lines: receiptLines(order.lines, order.total), prepaid, postpaid: order.total - prepaid };
}

/**
 * The refund receipt's lines: exactly the refunded lines (each its units at its share), or for a
 * refund by amount the amount spread over the order's goods. Σ unitAmount × quantity = the amount.
 */
export function refundReceiptLines(
  plan: { readonly amount: Kopecks; readonly lines: readonly RefundedLine[] },
  orderLines: readonly ReceiptSourceLine[],
): ReceiptLine[] {
  if (plan.lines.length === 0) return receiptLines(orderLines, plan.amount);
  return plan.lines.flatMap((line) =>
    receiptLines([{ name: line.name, quantity: line.quantity, netTotal: line.amount }], line.amount),
  );
}
