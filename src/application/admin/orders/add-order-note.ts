import { formMachine } from '../../machines/admin/admin-machines';
import { ADMIN_ORDERS_PORT, type AdminOrderDetail } from '../../ports/admin-orders.port';
import { defineUseCase } from '../../use-case';
import type { NoteDraft } from './order-drafts';

/** A note in the order's history (internal, or shown to the client); answers the order with it. */
export const addOrderNote = defineUseCase(
  'admin.orders.addNote',
  { orders: ADMIN_ORDERS_PORT },
  ({ orders }) =>
    formMachine<NoteDraft, AdminOrderDetail>(
      {
        id: 'orderNote',
        isValid: (draft) => draft.text.trim() !== '',
        afterSave: (draft) => ({ ...draft, text: '' }),
      },
      (draft, signal) =>
        orders.addNote(draft.orderId, { text: draft.text, visibility: draft.visibility }, { signal }),
    ),
);
