import type { DeliveryMethod, NewOrder, PaymentMethod } from '../../../application/ports/orders.port';
import { type Cart, normaliseCart } from '../../../domain/cart';
import {
  COMMENT_TOO_LONG_MESSAGE,
  EMAIL_FORMAT_MESSAGE,
  isValidEmail,
  isValidPhone,
  MAX_COMMENT_LENGTH,
  PHONE_FORMAT_MESSAGE,
} from '../../../domain/contact-form-validation';

/**
 * The checkout form as data: its values, the rules a shopper expects (Russian messages; phone and
 * e-mail formats are the spec's §5 ones from the domain) and the order it becomes. Pure, so every
 * rule is tested without a page.
 */
export interface CheckoutValues {
  readonly name: string;
  readonly phone: string;
  readonly email: string;
  readonly delivery: DeliveryMethod;
  readonly address: string;
  readonly comment: string;
  readonly promoCode: string;
  readonly payment: PaymentMethod;
  readonly consent: boolean;
}

export type CheckoutField = 'name' | 'phone' | 'email' | 'address' | 'comment' | 'promoCode' | 'consent';
export type CheckoutErrors = Readonly<Partial<Record<CheckoutField, string>>>;

const CHECKOUT_FIELDS: readonly CheckoutField[] = [
  'name',
  'phone',
  'email',
  'address',
  'comment',
  'promoCode',
  'consent',
];

const CHECKOUT_MESSAGES = {
  nameRequired: 'Укажите имя',
  nameTooLong: 'Не более 200 символов',
  phoneRequired: 'Укажите телефон',
  emailRequired: 'Укажите email',
  addressRequired: 'Укажите адрес доставки',
  addressTooLong: 'Не более 500 символов',
  promoTooLong: 'Промокод не длиннее 64 символов',
  consentRequired: 'Нужно согласие на обработку персональных данных',
} as const;

const MAX_NAME_LENGTH = 200;
const MAX_ADDRESS_LENGTH = 500;
export const MAX_PROMO_LENGTH = 64;

export const EMPTY_CHECKOUT: CheckoutValues = {
  name: '',
  phone: '',
  email: '',
  delivery: 'courier',
  address: '',
  comment: '',
  promoCode: '',
  payment: 'on_delivery',
  consent: false,
};

export const DELIVERY_OPTIONS: readonly { value: DeliveryMethod; label: string; hint: string }[] = [
  { value: 'courier', label: 'Курьером', hint: 'Доставим по адресу; стоимость и время согласует менеджер' },
  { value: 'pickup', label: 'Самовывоз', hint: 'Заберите заказ со склада в Санкт-Петербурге' },
];

export const PAYMENT_OPTIONS: readonly { value: PaymentMethod; label: string; hint: string }[] = [
  { value: 'on_delivery', label: 'При получении', hint: 'Наличными или картой курьеру либо на складе' },
  {
    value: 'online',
    label: 'Онлайн картой',
    hint: 'Ссылка на оплату станет доступна после подтверждения заказа менеджером',
  },
];

/** Length in characters as people count them (an emoji is one), not UTF-16 units. */
const length = (text: string): number => [...text].length;

/** The message for one field, or null when it is valid. Text fields are judged trimmed. */
export function validateCheckoutField(field: CheckoutField, values: CheckoutValues): string | null {
  switch (field) {
    case 'name': {
      const name = values.name.trim();
      if (name === '') return CHECKOUT_MESSAGES.nameRequired;
      return length(name) > MAX_NAME_LENGTH ? CHECKOUT_MESSAGES.nameTooLong : null;
    }
    case 'phone': {
      const phone = values.phone.trim();
      if (phone === '') return CHECKOUT_MESSAGES.phoneRequired;
      return isValidPhone(phone) ? null : PHONE_FORMAT_MESSAGE;
    }
    case 'email': {
      const email = values.email.trim();
      if (email === '') return CHECKOUT_MESSAGES.emailRequired;
      return isValidEmail(email) && email.length <= 254 ? null : EMAIL_FORMAT_MESSAGE;
    }
    case 'address': {
      if (values.delivery !== 'courier') return null;
      const address = values.address.trim();
      if (address === '') return CHECKOUT_MESSAGES.addressRequired;
      return length(address) > MAX_ADDRESS_LENGTH ? CHECKOUT_MESSAGES.addressTooLong : null;
    }
    case 'comment':
      return length(values.comment.trim()) > MAX_COMMENT_LENGTH ? COMMENT_TOO_LONG_MESSAGE : null;
    case 'promoCode':
      return length(values.promoCode.trim()) > MAX_PROMO_LENGTH ? CHECKOUT_MESSAGES.promoTooLong : null;
    case 'consent':
      return values.consent ? null : CHECKOUT_MESSAGES.consentRequired;
  }
}

export function validateCheckout(values: CheckoutValues): CheckoutErrors {
  const errors: Partial<Record<CheckoutField, string>> = {};
  for (const field of CHECKOUT_FIELDS) {
    const message = validateCheckoutField(field, values);
    if (message !== null) errors[field] = message;
  }
  return errors;
}

/**
 * The order to send: ids and quantities only (prices are the server's), trimmed text, optional
 * fields left out when empty, and the address only for courier delivery. The server accepts at most
 * 999 of one product, so a larger local quantity is sent as 999 rather than failing the order.
 */
export function orderFromCheckout(values: CheckoutValues, cart: Cart): NewOrder {
  const comment = values.comment.trim();
  const promoCode = values.promoCode.trim();
  return {
    cart: normaliseCart(cart).map((line) => ({ id: line.id, quantity: Math.min(line.quantity, 999) })),
    contact: { name: values.name.trim(), phone: values.phone.trim(), email: values.email.trim() },
    delivery:
      values.delivery === 'courier'
        ? { method: 'courier', address: values.address.trim() }
        : { method: values.delivery },
    ...(comment !== '' ? { comment } : {}),
    ...(promoCode !== '' ? { promoCode } : {}),
    paymentMethod: values.payment,
    consent: values.consent,
  };
}

/**
 * A fresh Idempotency-Key: 128 random bits as 32 hex characters (the contract wants 8–255 visible
 * ASCII characters). crypto.getRandomValues works outside secure contexts too, unlike randomUUID.
 */
export function newIdempotencyKey(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = random(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One checkout attempt: the key is kept for as long as the same order is sent again (a retried
 * click, a lost answer), so the server answers with the order the first attempt made; a changed
 * order is a new attempt with a new key (reusing a key for another order is refused by the server).
 */
export interface CheckoutAttempt {
  readonly key: string;
  readonly payload: string;
}

export function attemptFor(
  previous: CheckoutAttempt | null,
  order: NewOrder,
  makeKey: () => string,
): CheckoutAttempt {
  const payload = JSON.stringify(order);
  if (previous !== null && previous.payload === payload) return previous;
  return { key: makeKey(), payload };
}
