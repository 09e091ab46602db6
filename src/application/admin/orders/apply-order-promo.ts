import { formMachine } from '../../machines/admin/admin-machines';
import { ADMIN_ORDERS_PORT, type AdminOrderDetail } from '../../ports/admin-orders.port';
import { defineUseCase } from '../../use-case';
import type { OrderPromoDraft } from './order-drafts';

/** «Промокод» on the order card: applies a code (an empty one takes it off); the server reprices the order. */
export const applyOrderPromo = defineUseCase(
  'admin.orders.applyPromo',
  { orders: ADMIN_ORDERS_PORT },
  ({ orders }) =>
    formMachine<OrderPromoDraft, AdminOrderDetail>(
      { id: 'orderPromo', isValid: () => true },
      (draft, signal) =>
        orders.updatePromo(draft.orderId, draft.promoCode.trim() === '' ? null : draft.promoCode.trim(), {
          signal,
        }),
    ),
);
