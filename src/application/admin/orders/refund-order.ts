import { formMachine } from '../../machines/admin/admin-machines';
import { ADMIN_ORDERS_PORT, type AdminOrderDetail } from '../../ports/admin-orders.port';
import { defineUseCase } from '../../use-case';
import { type RefundDraft, refundCheck } from './order-money-drafts';

/** The refund dialog's draft: what was typed, and the order's lines and paid kopecks it is checked against. */
export interface OrderRefundDraft extends RefundDraft {
  readonly orderId: number;
  readonly lines: readonly { readonly quantity: number }[];
  readonly refundable: number;
}

/**
 * «Вернуть деньги»: a partial refund of chosen lines or an amount. The call answers the refunded
 * amount only, so the order is read once after it and the dialog answers the saved order.
 */
export const refundOrder = defineUseCase('admin.orders.refund', { orders: ADMIN_ORDERS_PORT }, ({ orders }) =>
  formMachine<OrderRefundDraft, AdminOrderDetail>(
    { id: 'orderRefund', isValid: (draft) => refundCheck(draft, draft.lines, draft.refundable).ok },
    async (draft, signal) => {
      const checked = refundCheck(draft, draft.lines, draft.refundable);
      if (!checked.ok) throw new Error(checked.error);
      await orders.refund(draft.orderId, checked.ask, draft.reason, { signal });
      return orders.get(draft.orderId, { signal });
    },
  ),
);
