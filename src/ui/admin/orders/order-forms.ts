import type {
  AdminDeliveryMethod,
  AdminOrderDetail,
  AdminPaymentMethod,
  DeliveryPatch,
  LiftKind,
  NoteVisibility,
} from '../../../application/ports/admin-orders.port';
import { phoneFieldValue } from '../../components/phone-field-mask';

/**
 * The order screen's drafts and their quick checks (the server checks again and has the last word).
 * Drafts hold text as typed (a floor is text until it is sent), so a failed save gives back exactly
 * what the manager typed.
 */
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

export interface NoteDraft {
  readonly text: string;
  readonly visibility: NoteVisibility;
}

const phoneDigits = (phone: string) => phone.replace(/\D/g, '').length;

const CONTACT_ERRORS = {
  name: 'Укажите имя',
  phone: 'Телефон: от 10 до 15 цифр',
  email: 'Проверьте e-mail',
  address: 'Для курьерской доставки нужен адрес',
  floor: 'Этаж — целое число',
  lines: 'В заказе должен остаться хотя бы один товар',
  quantity: 'Количество — от 1 до 999',
  note: 'Напишите текст заметки',
} as const;

export function contactErrors(draft: ContactDraft): Partial<Record<keyof ContactDraft, string>> {
  return {
    ...(draft.name.trim() === '' ? { name: CONTACT_ERRORS.name } : {}),
    ...(phoneDigits(draft.phone) < 10 || phoneDigits(draft.phone) > 15
      ? { phone: CONTACT_ERRORS.phone }
      : {}),
    ...(/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim()) ? {} : { email: CONTACT_ERRORS.email }),
  };
}

export function deliveryErrors(draft: DeliveryDraft): Partial<Record<keyof DeliveryDraft, string>> {
  return {
    ...(draft.method === 'courier' && draft.address.trim() === '' ? { address: CONTACT_ERRORS.address } : {}),
    ...(draft.floor.trim() !== '' && !/^-?\d{1,3}$/.test(draft.floor.trim())
      ? { floor: CONTACT_ERRORS.floor }
      : {}),
  };
}

export function cartErrors(draft: CartDraft): string | null {
  if (draft.lines.length === 0) return CONTACT_ERRORS.lines;
  if (
    draft.lines.some((line) => !Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > 999)
  )
    return CONTACT_ERRORS.quantity;
  return null;
}

/** The contact as the form edits it: the stored E.164 phone shown through the storefront's input mask. */
export const contactDraftOf = (order: AdminOrderDetail): ContactDraft => ({
  ...order.contact,
  phone: phoneFieldValue(order.contact.phone),
});

export const deliveryDraftOf = (order: AdminOrderDetail): DeliveryDraft => ({
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

export const cartDraftOf = (order: AdminOrderDetail): CartDraft => ({
  lines: order.items.map((line) => ({
    productId: line.productId,
    name: line.name,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
  })),
});

/** Adds a product (or one more of it, when it is already in the order). */
export function withProduct(draft: CartDraft, product: Omit<CartDraftLine, 'quantity'>): CartDraft {
  const existing = draft.lines.find((line) => line.productId === product.productId);
  if (existing !== undefined) {
    return {
      lines: draft.lines.map((line) =>
        line.productId === product.productId ? { ...line, quantity: Math.min(999, line.quantity + 1) } : line,
      ),
    };
  }
  return { lines: [...draft.lines, { ...product, quantity: 1 }] };
}

export const paymentMethodLabel = (method: AdminPaymentMethod) =>
  method === 'online' ? 'Картой онлайн' : 'При получении';
