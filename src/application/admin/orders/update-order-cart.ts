import { formMachine } from '../../machines/admin/admin-machines';
import { ADMIN_ORDERS_PORT, type AdminOrderDetail } from '../../ports/admin-orders.port';
import { defineUseCase } from '../../use-case';
import { cartErrors, type OrderCartDraft } from './order-drafts';

/** «Товары» on the order card: the lines and quantities; the server reprices and answers the saved order. */
export const updateOrderCart = defineUseCase(
  'admin.orders.updateCart',
  { orders: ADMIN_ORDERS_PORT },
  ({ orders }) =>
    formMachine<OrderCartDraft, AdminOrderDetail>(
      { id: 'orderCart', isValid: (draft) => cartErrors(draft) === null },
      (draft, signal) =>
        orders.updateCart(
          draft.orderId,
          draft.lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
          { signal },
        ),
    ),
);
