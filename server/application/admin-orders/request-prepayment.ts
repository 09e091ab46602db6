import { availableMoves } from '../../domain/order-lifecycle.machine';
import { type PrepaymentRequest, prepaymentOf } from '../../domain/order-money';
import type { AdminActor, AdminOrderResult, FindOrder } from './admin-order-result';
import type { ChangeOrderStatus } from './change-order-status';
import type { UpdatePaymentTerms } from './update-payment-terms';

type PrepaymentRequestResult =
  | AdminOrderResult
  /** More than is left to pay: `left` is the most the prepayment may be (kopecks). */
  | { readonly ok: false; readonly error: 'prepayment_too_large'; readonly left: number };

export type RequestPrepayment = (
  actor: AdminActor,
  id: number,
  request: PrepaymentRequest,
) => Promise<PrepaymentRequestResult>;

/**
 * «Запросить предоплату» with an amount (issue 22): the percent or sum becomes kopecks (a percent of
 * the total rounded up to whole roubles), at most what is left to pay; it is stored as the order's
 * prepayment, then the order moves to «Ожидает предоплаты» through the chart (which opens the pay
 * link and mails it). An order already waiting for its prepayment only takes the new amount; a pending
 * payment of the old amount is voided when the client next opens the pay page.
 */
export function requestPrepayment(ports: {
  readonly orders: FindOrder;
  readonly updatePaymentTerms: UpdatePaymentTerms;
  readonly changeStatus: ChangeOrderStatus;
}): RequestPrepayment {
  return async (actor, id, request) => {
    const order = await ports.orders.find(id);
    if (order === null) return { ok: false, error: 'not_found' };
    if (order.deletedAt !== null) return { ok: false, error: 'deleted' };
    const waiting = order.status === 'awaiting_prepayment';
    if (!waiting && !availableMoves(order.status).includes('awaiting_prepayment'))
      return { ok: false, error: 'status_not_allowed', from: order.status, to: 'awaiting_prepayment' };
    const decided = prepaymentOf(request, order);
    if (!decided.ok) return decided;
    const stored = await ports.updatePaymentTerms(actor, id, { prepaymentAmount: decided.amount });
    if (!stored.ok || waiting) return stored;
    return ports.changeStatus(actor, id, 'awaiting_prepayment');
  };
}
