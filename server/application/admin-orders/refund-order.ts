import {
  planRefund,
  type RefundBasis,
  type RefundRequest,
  refundReceiptLines,
} from '../../domain/order-money';
import type { PartialRefundOutcome, PaymentsService, RefundDecision } from '../payments.service';
import type { AdminActor } from './admin-order-result';

export type RefundOrder = (
  actor: AdminActor,
  id: number,
  request: RefundRequest,
  reason: string | undefined,
) => Promise<PartialRefundOutcome>;

/**
 * What a refund returns, against the order money of docs/money.md: by line, the units' share of what
 * the payment kept (discount, partial prepayment and earlier refunds counted, the last unit takes what
 * is left); by amount, as asked; never above the payment minus earlier refunds. The receipt lists
 * exactly the refunded lines at their share, or a refund by amount spread over the goods.
 */
function planOrderRefund(basis: RefundBasis, request: RefundRequest): RefundDecision {
  const plan = planRefund(basis, request);
  if (!plan.ok)
    return plan.error === 'refund_too_large'
      ? { ok: false, error: plan.error, refundable: plan.refundable }
      : { ok: false, error: plan.error };
  return {
    ok: true,
    amount: plan.amount,
    lines: plan.lines,
    receiptLines: refundReceiptLines(plan, basis.lines),
  };
}

/**
 * «Оформить возврат» (issue 22): some lines (their net paid share) or an amount. The plan is made
 * here; the payments side reads the basis under the order's lock (racing refunds cannot exceed the
 * payment), books and sends it with its receipt and retries an unconfirmed one. A manager who gives
 * no reason gets «Возврат по заказу № N» on the receipt and in the audit.
 */
export function refundOrder(ports: {
  readonly refunds: Pick<PaymentsService, 'refundAsPlanned'>;
}): RefundOrder {
  return (actor, id, request, reason) =>
    ports.refunds.refundAsPlanned(actor, id, reason?.trim() || `Возврат по заказу № ${id}`, (basis) =>
      planOrderRefund(basis, request),
    );
}
