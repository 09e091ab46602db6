import { formMachine } from '../../machines/admin/admin-machines';
import { ADMIN_ORDERS_PORT, type AdminOrderDetail } from '../../ports/admin-orders.port';
import { defineUseCase } from '../../use-case';
import type { OrderPaymentMethodDraft } from './order-drafts';

/** «Способ оплаты» on the order card (online or on delivery); answers the saved order. */
export const changeOrderPaymentMethod = defineUseCase(
  'admin.orders.changePaymentMethod',
  { orders: ADMIN_ORDERS_PORT },
  ({ orders }) =>
    formMachine<OrderPaymentMethodDraft, AdminOrderDetail>(
      { id: 'orderPayment', isValid: () => true },
      (draft, signal) => orders.updatePayment(draft.orderId, draft.paymentMethod, { signal }),
    ),
);
