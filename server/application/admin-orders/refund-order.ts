import type { RefundRequest } from '../../domain/order-money';
import type { PartialRefundOutcome, PaymentsService } from '../payments.service';
import type { AdminActor } from './admin-order-result';

export type RefundOrder = (
  actor: AdminActor,
  id: number,
  request: RefundRequest,
  reason: string | undefined,
) => Promise<PartialRefundOutcome>;

/**
 * «Оформить возврат» (issue 22): some lines (their net paid share) or an amount, never above the
 * payment minus earlier refunds. The payments side plans it under the order's lock (racing refunds
 * cannot exceed it), sends it with its receipt and retries an unconfirmed one; a manager who gives no
 * reason gets «Возврат по заказу № N» on the receipt and in the audit.
 */
export function refundOrder(ports: { readonly refunds: Pick<PaymentsService, 'refundPart'> }): RefundOrder {
  return (actor, id, request, reason) =>
    ports.refunds.refundPart(actor, id, request, reason?.trim() || `Возврат по заказу № ${id}`);
}
