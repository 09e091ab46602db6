import { formMachine } from '../../machines/admin/admin-machines';
import {
  ADMIN_ORDERS_PORT,
  type AdminOrderDetail,
  type AdminPaymentMethod,
  type NewAdminOrder,
} from '../../ports/admin-orders.port';
import { defineUseCase } from '../../use-case';
import {
  type CartDraftLine,
  cartErrors,
  contactErrors,
  contactPatchOf,
  type DeliveryDraft,
  deliveryErrors,
  deliveryPatchOf,
} from './order-drafts';

/** The phone order as the manager fills it in (text as typed; see order-drafts.ts). */
export interface NewOrderDraft extends DeliveryDraft {
  /** The chosen existing client; null = a new client from the contact below. */
  readonly clientId: number | null;
  readonly clientLabel: string;
  readonly name: string;
  readonly phone: string;
  readonly email: string;
  readonly lines: readonly CartDraftLine[];
  readonly promoCode: string;
  readonly paymentMethod: AdminPaymentMethod;
  readonly comment: string;
  readonly sendPayLink: boolean;
}

export const EMPTY_NEW_ORDER: NewOrderDraft = {
  clientId: null,
  clientLabel: '',
  name: '',
  phone: '',
  email: '',
  lines: [],
  method: 'courier',
  address: '',
  date: '',
  timeSlot: '',
  floor: '',
  lift: '',
  assembly: false,
  promoCode: '',
  paymentMethod: 'online',
  comment: '',
  sendPayLink: true,
};

function newOrderErrors(draft: NewOrderDraft): Partial<Record<string, string>> {
  const lines = cartErrors(draft);
  return {
    ...contactErrors(draft),
    ...deliveryErrors(draft),
    ...(lines === null ? {} : { lines }),
  };
}

function newOrderOf(draft: NewOrderDraft): NewAdminOrder {
  const contact = contactPatchOf(draft);
  return {
    ...(draft.clientId === null ? { newClient: contact } : { clientId: draft.clientId, contact }),
    lines: draft.lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
    delivery: deliveryPatchOf(draft),
    ...(draft.promoCode.trim() === '' ? {} : { promoCode: draft.promoCode.trim() }),
    paymentMethod: draft.paymentMethod,
    ...(draft.comment.trim() === '' ? {} : { comment: draft.comment.trim() }),
    sendPayLink: draft.paymentMethod === 'online' && draft.sendPayLink,
  };
}

/** «Новый заказ» (a phone order): places it for a found or a new client; answers the created order. */
export const createOrder = defineUseCase('admin.orders.create', { orders: ADMIN_ORDERS_PORT }, ({ orders }) =>
  formMachine<NewOrderDraft, AdminOrderDetail>(
    { id: 'newOrder', isValid: (draft) => Object.keys(newOrderErrors(draft)).length === 0 },
    (draft, signal) => orders.create(newOrderOf(draft), { signal }),
  ),
);
