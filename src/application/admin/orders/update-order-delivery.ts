import { formMachine } from '../../machines/admin/admin-machines';
import { ADMIN_ORDERS_PORT, type AdminOrderDetail } from '../../ports/admin-orders.port';
import { defineUseCase } from '../../use-case';
import { deliveryErrors, deliveryPatchOf, type OrderDeliveryDraft } from './order-drafts';

/** «Доставка» on the order card: method, address, day, time, floor, lift, assembly; answers the saved order. */
export const updateOrderDelivery = defineUseCase(
  'admin.orders.updateDelivery',
  { orders: ADMIN_ORDERS_PORT },
  ({ orders }) =>
    formMachine<OrderDeliveryDraft, AdminOrderDetail>(
      { id: 'orderDelivery', isValid: (draft) => Object.keys(deliveryErrors(draft)).length === 0 },
      (draft, signal) => orders.updateDelivery(draft.orderId, deliveryPatchOf(draft), { signal }),
    ),
);
