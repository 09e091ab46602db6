import { formMachine } from '../../machines/admin/admin-machines';
import { ADMIN_ORDERS_PORT, type AdminOrderDetail } from '../../ports/admin-orders.port';
import { defineUseCase } from '../../use-case';
import { contactErrors, contactPatchOf, type OrderContactDraft } from './order-drafts';

/** «Покупатель» on the order card: saves the buyer's name, phone and e-mail; answers the saved order. */
export const updateOrderContact = defineUseCase(
  'admin.orders.updateContact',
  { orders: ADMIN_ORDERS_PORT },
  ({ orders }) =>
    formMachine<OrderContactDraft, AdminOrderDetail>(
      { id: 'orderContact', isValid: (draft) => Object.keys(contactErrors(draft)).length === 0 },
      (draft, signal) => orders.updateContact(draft.orderId, contactPatchOf(draft), { signal }),
    ),
);
