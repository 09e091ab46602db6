import { isValidEmail } from '../../../../shared-rules/email-rule';
import { PAYMENT_METHOD_LABELS } from '../../../../shared-rules/order-options-rule';
import { maskPhoneInput, toE164 } from '../../../../shared-rules/phone-number';
import { isValidPhone } from '../../../../shared-rules/phone-rule';
import type {
  AdminDeliveryMethod,
  AdminOrderDetail,
  AdminPaymentMethod,
  ContactPatch,
  DeliveryPatch,
  LiftKind,
  NoteVisibility,
} from '../../ports/admin-orders.port';

/**
 * The order screens' drafts and their quick checks (the server checks again and has the last word).
 * Drafts hold text as typed (a floor is text until it is sent), so a failed save gives back exactly
 * what the manager typed. A card's draft carries the order's id: the form machine's save sends the
 * draft, and the id says which order it belongs to.
 */
interface OfOrder {
  readonly orderId: number;
}

export interface ContactDraft {
  readonly name: string;
  readonly phone: string;
  readonly email: string;
}

export interface DeliveryDraft {
  readonly method: AdminDeliveryMethod;
  readonly address: string;
  readonly date: string;
  readonly timeSlot: string;
  readonly floor: string;
  readonly lift: LiftKind | '';
  readonly assembly: boolean;
}

export interface CartDraftLine {
  readonly productId: number;
  readonly name: string;
  /** Kopecks: from the order's line, or the catalogue price of a product just added. */
  readonly unitPrice: number;
  readonly quantity: number;
}

export interface CartDraft {
  readonly lines: readonly CartDraftLine[];
}

export interface NoteDraft extends OfOrder {
  readonly text: string;
  readonly visibility: NoteVisibility;
}

export type OrderContactDraft = ContactDraft & OfOrder;
export type OrderDeliveryDraft = DeliveryDraft & OfOrder;
export type OrderCartDraft = CartDraft & OfOrder;
export interface OrderPaymentMethodDraft extends OfOrder {
  readonly paymentMethod: AdminPaymentMethod;
}
export interface OrderPromoDraft extends OfOrder {
  readonly promoCode: string;
}

const DRAFT_ERRORS = {
  name: 'Укажите имя',
  phone: 'Телефон: от 10 до 15 цифр',
  email: 'Проверьте e-mail',
  address: 'Для курьерской доставки нужен адрес',
  floor: 'Этаж — целое число',
  lines: 'В заказе должен остаться хотя бы один товар',
  quantity: 'Количество — от 1 до 999',
} as const;

export const NOTE_REQUIRED = 'Напишите текст заметки';

export function contactErrors(draft: ContactDraft): Partial<Record<keyof ContactDraft, string>> {
  return {
    ...(draft.name.trim() === '' ? { name: DRAFT_ERRORS.name } : {}),
    ...(isValidPhone(draft.phone) ? {} : { phone: DRAFT_ERRORS.phone }),
    ...(isValidEmail(draft.email.trim()) ? {} : { email: DRAFT_ERRORS.email }),
  };
}

export function deliveryErrors(draft: DeliveryDraft): Partial<Record<keyof DeliveryDraft, string>> {
  return {
    ...(draft.method === 'courier' && draft.address.trim() === '' ? { address: DRAFT_ERRORS.address } : {}),
    ...(draft.floor.trim() !== '' && !/^-?\d{1,3}$/.test(draft.floor.trim())
      ? { floor: DRAFT_ERRORS.floor }
      : {}),
  };
}

export function cartErrors(draft: CartDraft): string | null {
  if (draft.lines.length === 0) return DRAFT_ERRORS.lines;
  if (
    draft.lines.some((line) => !Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > 999)
  )
    return DRAFT_ERRORS.quantity;
  return null;
}

/**
 * A phone typed through the input mask («8 (921) 555-44-33») as the admin API receives it: E.164 when
 * the phone rule accepts it, else the text as typed so the server answers with its 400 and message.
 */
function phoneToSend(typed: string): string {
  return toE164(typed) ?? typed.trim();
}

export function contactPatchOf(draft: ContactDraft): ContactPatch {
  return { name: draft.name.trim(), phone: phoneToSend(draft.phone), email: draft.email.trim() };
}

/** The contact as the form edits it: the stored E.164 phone shown through the storefront's input mask. */
export const contactDraftOf = (order: AdminOrderDetail): OrderContactDraft => ({
  orderId: order.id,
  ...order.contact,
  phone: order.contact.phone === '' ? '' : maskPhoneInput(order.contact.phone),
});

export const deliveryDraftOf = (order: AdminOrderDetail): OrderDeliveryDraft => ({
  orderId: order.id,
  method: order.delivery.method,
  address: order.delivery.address ?? '',
  date: order.deliveryDetails.date ?? '',
  timeSlot: order.deliveryDetails.timeSlot ?? '',
  floor: order.deliveryDetails.floor === null ? '' : String(order.deliveryDetails.floor),
  lift: order.deliveryDetails.lift ?? '',
  assembly: order.deliveryDetails.assembly,
});

export function deliveryPatchOf(draft: DeliveryDraft): DeliveryPatch {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    method: draft.method,
    address: draft.method === 'courier' ? text(draft.address) : null,
    date: text(draft.date),
    timeSlot: text(draft.timeSlot),
    floor: draft.floor.trim() === '' ? null : Number(draft.floor.trim()),
    lift: draft.lift === '' ? null : draft.lift,
    assembly: draft.assembly,
  };
}

export const cartDraftOf = (order: AdminOrderDetail): OrderCartDraft => ({
  orderId: order.id,
  lines: order.items.map((line) => ({
    productId: line.productId,
    name: line.name,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
  })),
});

/** Adds a product (or one more of it, when it is already in the order). */
export function withProduct(
  lines: readonly CartDraftLine[],
  product: Omit<CartDraftLine, 'quantity'>,
): readonly CartDraftLine[] {
  if (lines.some((line) => line.productId === product.productId))
    return lines.map((line) =>
      line.productId === product.productId ? { ...line, quantity: Math.min(999, line.quantity + 1) } : line,
    );
  return [...lines, { ...product, quantity: 1 }];
}

export const paymentMethodLabel = (method: AdminPaymentMethod) =>
  method === 'online' ? 'Картой онлайн' : PAYMENT_METHOD_LABELS.on_delivery;
