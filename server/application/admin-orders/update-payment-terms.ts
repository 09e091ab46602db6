import type { PaymentMethod } from '../orders.port';
import { type AdminActor, type AdminOrderResult, type FindOrder, liveOrder } from './admin-order-result';
import type { PatchOrder } from './order-patch';

interface PaymentTermsChange {
  readonly paymentMethod?: PaymentMethod;
  /** Kopecks; null → the default 10 % rule. */
  readonly prepaymentAmount?: number | null;
}

export type UpdatePaymentTerms = (
  actor: AdminActor,
  id: number,
  change: PaymentTermsChange,
) => Promise<AdminOrderResult>;

/**
 * The payment method and/or the prepayment. A prepayment must leave nothing negative: more than
 * zero and at most total − paid (checked again in the update itself, against a total changed
 * meanwhile: then `prepayment_too_large` too).
 */
export function updatePaymentTerms(ports: {
  readonly orders: FindOrder;
  readonly patch: PatchOrder;
}): UpdatePaymentTerms {
  return async (actor, id, change) => {
    if (change.paymentMethod === undefined && change.prepaymentAmount === undefined)
      return { ok: false, error: 'nothing_to_change' };
    const current = await liveOrder(ports.orders, id);
    if (!current.ok) return current;
    const order = current.order;
    const prepayment = change.prepaymentAmount;
    if (typeof prepayment === 'number' && (prepayment <= 0 || prepayment > order.total - order.paidAmount))
      return { ok: false, error: 'prepayment_too_large' };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (change.paymentMethod !== undefined) {
      before.paymentMethod = order.paymentMethod;
      after.paymentMethod = change.paymentMethod;
    }
    if (prepayment !== undefined) {
      before.prepaymentAmount = order.prepaymentAmount;
      after.prepaymentAmount = prepayment;
    }
    const action =
      change.paymentMethod !== undefined && prepayment === undefined
        ? 'order.paymentMethodChanged'
        : 'order.paymentChanged';
    const patched = await ports.patch(actor, order, action, before, after, {
      ...(change.paymentMethod !== undefined ? { paymentMethod: change.paymentMethod } : {}),
      ...(prepayment !== undefined ? { prepaymentAmount: prepayment } : {}),
    });
    if (!patched.ok && patched.error === 'order_locked' && typeof prepayment === 'number')
      return { ok: false, error: 'prepayment_too_large' };
    return patched;
  };
}
