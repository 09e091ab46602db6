import { formMachine } from '../../machines/admin/admin-machines';
import { ADMIN_ORDERS_PORT, type AdminOrderDetail } from '../../ports/admin-orders.port';
import { defineUseCase } from '../../use-case';
import { type PrepaymentDraft, prepaymentCheck } from './order-money-drafts';

/** The prepayment dialog's draft: what was typed, and the order's figures it is checked against. */
export interface OrderPrepaymentDraft extends PrepaymentDraft {
  readonly orderId: number;
  /** Kopecks: the order's total and what is left to pay. */
  readonly total: number;
  readonly left: number;
}

/**
 * «Запросить предоплату» (issue 22): stores the amount and moves the order to «Ожидает предоплаты».
 * The call answers only that it worked, so the order is read once after it: the dialog answers the
 * saved order like every other command of the card.
 */
export const requestPrepayment = defineUseCase(
  'admin.orders.requestPrepayment',
  { orders: ADMIN_ORDERS_PORT },
  ({ orders }) =>
    formMachine<OrderPrepaymentDraft, AdminOrderDetail>(
      { id: 'orderPrepayment', isValid: (draft) => prepaymentCheck(draft, draft.total, draft.left).ok },
      async (draft, signal) => {
        const checked = prepaymentCheck(draft, draft.total, draft.left);
        if (!checked.ok) throw new Error(checked.error);
        await orders.requestPrepayment(draft.orderId, checked.ask, { signal });
        return orders.get(draft.orderId, { signal });
      },
    ),
);
