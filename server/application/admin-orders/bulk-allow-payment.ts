import { allowPaymentSkipReason } from '../../../shared-rules/allow-payment-rule';
import { paymentStateOf } from '../../domain/order-admin-rules';
import { decide, ORDER_STATUS_LABELS } from '../../domain/order-lifecycle.machine';
import type { AdminActor, AdminOrderResult, FindOrder } from './admin-order-result';
import type { AllowPayment } from './allow-payment';

/** One order of a bulk «Разрешить оплату»: moved (or refused), or skipped with the preview's reason. */
type BulkAllowOutcome =
  | { readonly id: number; readonly result: AdminOrderResult }
  | { readonly id: number; readonly skipped: string };

export type BulkAllowPayment = (
  actor: AdminActor,
  ids: readonly number[],
  allowed: boolean,
) => Promise<BulkAllowOutcome[]>;

/**
 * Bulk «Разрешить оплату» (issue 22, item 8): cash/card on delivery, cancelled, paid, binned…
 * orders are skipped with the reason the preview showed (shared-rules/allow-payment-rule.ts); only
 * the rest move through `allowPayment` (chart + compare-and-set), and only they are mailed the pay
 * link. Withdrawing applies to every order given.
 */
export function bulkAllowPayment(ports: {
  readonly orders: FindOrder;
  readonly allowPayment: AllowPayment;
}): BulkAllowPayment {
  const skipReason = async (id: number): Promise<string | null> => {
    const order = await ports.orders.find(id);
    if (order === null) return 'заказ не найден';
    const move = decide(
      {
        status: order.status,
        total: order.total,
        paidAmount: order.paidAmount,
        deliveryDate: order.deliveryDetails.date,
      },
      { type: 'order.moveTo', to: 'awaiting_payment' },
    );
    return allowPaymentSkipReason({
      paymentMethod: order.paymentMethod,
      status: order.status,
      statusLabel: ORDER_STATUS_LABELS[order.status],
      deleted: order.deletedAt !== null,
      paid: paymentStateOf(order) === 'paid',
      canAwaitPayment: move.ok,
    });
  };
  return async (actor, ids, allowed) => {
    const outcomes: BulkAllowOutcome[] = [];
    for (const id of new Set(ids)) {
      const skipped = allowed ? await skipReason(id) : null;
      outcomes.push(
        skipped === null ? { id, result: await ports.allowPayment(actor, id, allowed) } : { id, skipped },
      );
    }
    return outcomes;
  };
}
