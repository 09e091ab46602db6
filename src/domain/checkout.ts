/**
 * The checkout form as data: its values, the rules a shopper expects (Russian messages; phone and
 * e-mail formats are the spec's §5 ones, the comment limit and the line limits the shared rules'),
 * the order it becomes, and the attempt rule that keeps a retried order from being placed twice.
 * Pure, so every rule is tested without a page or a machine.
 */
import { MAX_LINE_QUANTITY } from '../../shared-rules/cart-limits-rule';
import {
  ADDRESS_ZONES,
  type AddressZone,
  OPTIONAL_SERVICES,
  type OptionalService,
} from '../../shared-rules/delivery-service-rule';
import { LIFT_KINDS, type LiftKind } from '../../shared-rules/order-options-rule';
import { type Cart, normaliseCart } from './cart';
import {
  COMMENT_TOO_LONG_MESSAGE,
  EMAIL_FORMAT_MESSAGE,
  isValidEmail,
  isValidPhone,
  MAX_COMMENT_LENGTH,
  PHONE_FORMAT_MESSAGE,
} from './contact-form-validation';

/**
 * The contract's delivery and payment methods (api/orders.ts). Online payment comes in three ways —
 * `online` is a card, `sbp` СБП, `installments` paying in parts — offered only as the provider allows.
 */
export type CheckoutDelivery = 'courier' | 'pickup';
export type CheckoutPayment = 'online' | 'sbp' | 'installments' | 'on_delivery';

/**
 * Where a courier brings the goods and the services asked (issue 23; docs/delivery.md): the zone — an
 * address suggestion fills it, the shopper may pick or correct it by hand ('' = not chosen: the
 * manager prices the delivery) —, km beyond КАД and the floor as typed, the lift, the chosen services.
 * The cart and the checkout share it (one draft, `DELIVERY_DRAFT_SLOT`).
 */
export interface CheckoutDeliveryDetails {
  readonly zone: AddressZone | '';
  readonly kmBeyondKad: string;
  readonly floor: string;
  readonly lift: LiftKind;
  /** The services chosen («Сборка», «Вывоз старой мебели»…). */
  readonly extras: readonly OptionalService[];
}

export interface CheckoutValues {
  readonly name: string;
  readonly phone: string;
  readonly email: string;
  readonly delivery: CheckoutDelivery;
  readonly address: string;
  readonly comment: string;
  readonly promoCode: string;
  readonly payment: CheckoutPayment;
  readonly consent: boolean;
  readonly details: CheckoutDeliveryDetails;
  /**
   * Issue 23: the delivery day and window picked from the days POST /api/delivery/days offered
   * (courier only); absent or null: the manager agrees the day by phone.
   */
  readonly slot?: { readonly day: string; readonly windowId: number } | null;
}

export type CheckoutField = 'name' | 'phone' | 'email' | 'address' | 'comment' | 'promoCode' | 'consent';
/** The fields typed as text (everything but the consent checkbox). */
export type CheckoutTextField = Exclude<CheckoutField, 'consent'>;
export type CheckoutErrors = Readonly<Partial<Record<CheckoutField, string>>>;

/** In the order the form shows them, so "the first invalid field" is the first on screen. */
export const CHECKOUT_FIELDS: readonly CheckoutField[] = [
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

/** The contract's limits (api/orders.ts: name 200, address 500, promo code 64, e-mail 254). */
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
  details: { zone: '', kmBeyondKad: '', floor: '', lift: 'none', extras: [] },
};

/** Shown under the sums (cart and checkout) when the last quote failed; the last figures stay. */
export const QUOTE_FAILED_MESSAGE = 'Не удалось рассчитать сумму — попробуйте ещё раз';

export const EMPTY_DELIVERY_DETAILS: CheckoutDeliveryDetails = EMPTY_CHECKOUT.details;

const MAX_DETAIL_TEXT = 10;

/**
 * The stored delivery draft (any JSON) as valid details: unknown zones, lifts and services are dropped,
 * the typed km and floor kept as short text. Total: garbage reads as the empty draft.
 */
export function parseStoredDeliveryDetails(value: unknown): CheckoutDeliveryDetails {
  if (typeof value !== 'object' || value === null) return EMPTY_DELIVERY_DETAILS;
  const stored = value as Readonly<Record<string, unknown>>;
  const text = (field: unknown): string =>
    typeof field === 'string' && field.length <= MAX_DETAIL_TEXT ? field : '';
  const extras = Array.isArray(stored.extras) ? stored.extras : [];
  return {
    zone: ADDRESS_ZONES.find((zone) => zone === stored.zone) ?? '',
    kmBeyondKad: text(stored.kmBeyondKad),
    floor: text(stored.floor),
    lift: LIFT_KINDS.find((lift) => lift === stored.lift) ?? 'none',
    extras: OPTIONAL_SERVICES.filter((service) => extras.includes(service)),
  };
}

/** The details an address suggestion tells: its zone and, beyond КАД, its whole km. */
export function detailsOfToldZone(zone: AddressZone, kmBeyondKad: number): Partial<CheckoutDeliveryDetails> {
  return { zone, kmBeyondKad: zone === 'outside_kad' ? String(kmBeyondKad) : '' };
}

/** The delivery choice the quote and the order take (api/orders.ts), only for a courier with a zone. */
export interface DeliveryChoice {
  readonly zone?: AddressZone;
  readonly kmBeyondKad?: number;
  readonly floor?: number;
  readonly lift?: LiftKind;
  readonly services?: readonly OptionalService[];
}

const wholeIn = (text: string, min: number, max: number): number | undefined => {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
};

function deliveryChoiceOf(values: CheckoutValues): DeliveryChoice {
  const { details } = values;
  if (values.delivery !== 'courier' || details.zone === '') return {};
  const floor = wholeIn(details.floor, 1, 100);
  const km = details.zone === 'outside_kad' ? wholeIn(details.kmBeyondKad, 0, 500) : undefined;
  return {
    zone: details.zone,
    ...(km === undefined ? {} : { kmBeyondKad: km }),
    ...(floor === undefined ? {} : { floor }),
    lift: details.lift,
    services: details.extras,
  };
}

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
      return isValidEmail(email) ? null : EMAIL_FORMAT_MESSAGE;
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

/** The order as POST /api/orders takes it (the orders port's NewOrder has this shape). */
export interface CheckoutOrder {
  readonly cart: readonly { readonly id: number; readonly quantity: number }[];
  readonly contact: { readonly name: string; readonly phone: string; readonly email: string };
  readonly delivery: {
    readonly method: CheckoutDelivery;
    readonly address?: string;
    readonly slot?: { readonly day: string; readonly windowId: number };
  } & DeliveryChoice;
  readonly comment?: string;
  readonly promoCode?: string;
  readonly paymentMethod: 'online' | 'on_delivery';
  /** СБП or installments (a card is the default online way and is not sent). */
  readonly onlineMethod?: 'sbp' | 'installments';
  readonly consent: boolean;
}

/**
 * The order to send: ids and quantities only (prices are the server's), trimmed text, optional
 * fields left out when empty, and the address only for courier delivery. The server accepts at most
 * MAX_LINE_QUANTITY of one product, so a larger local quantity is sent as that rather than failing.
 */
export function checkoutOrder(values: CheckoutValues, cart: Cart): CheckoutOrder {
  const comment = values.comment.trim();
  const promoCode = values.promoCode.trim();
  return {
    cart: normaliseCart(cart).map((line) => ({
      id: line.id,
      quantity: Math.min(line.quantity, MAX_LINE_QUANTITY),
    })),
    contact: { name: values.name.trim(), phone: values.phone.trim(), email: values.email.trim() },
    delivery:
      values.delivery === 'courier'
        ? {
            method: 'courier',
            address: values.address.trim(),
            ...deliveryChoiceOf(values),
            ...(values.slot === undefined || values.slot === null ? {} : { slot: values.slot }),
          }
        : { method: values.delivery },
    ...(comment !== '' ? { comment } : {}),
    ...(promoCode !== '' ? { promoCode } : {}),
    paymentMethod: values.payment === 'on_delivery' ? 'on_delivery' : 'online',
    ...(values.payment === 'sbp' || values.payment === 'installments'
      ? { onlineMethod: values.payment }
      : {}),
    consent: values.consent,
  };
}

/**
 * What the checkout quote is asked for: the cart, the delivery as the order will send it (zone, floor,
 * lift, services and the chosen slot, whose paid window the quote charges like the order) and the
 * code as typed.
 */
export function quoteRequestOf(
  values: CheckoutValues,
  cart: Cart,
): {
  readonly cart: readonly { readonly id: number; readonly quantity: number }[];
  readonly delivery: { readonly method: CheckoutDelivery } & DeliveryChoice & {
      readonly slot?: { readonly day: string; readonly windowId: number };
    };
  readonly promoCode?: string;
} {
  const order = checkoutOrder(values, cart);
  const { address: _address, ...delivery } = order.delivery;
  return {
    cart: order.cart,
    delivery,
    ...(order.promoCode === undefined ? {} : { promoCode: order.promoCode }),
  };
}

/** The cart page's quote (issue 23, item 3): the cart and the delivery draft, before any checkout. */
export function cartQuoteRequestOf(details: CheckoutDeliveryDetails, cart: Cart) {
  return quoteRequestOf({ ...EMPTY_CHECKOUT, details }, cart);
}

/**
 * A signed-in client's name and delivery address from their last order, filled in where nothing was
 * typed yet (a field the shopper already typed into keeps what was typed).
 */
export function prefillFromLastOrder(
  values: CheckoutValues,
  last: { readonly name: string; readonly phone: string; readonly address: string | null },
): CheckoutValues {
  return {
    ...values,
    name: values.name.trim() ? values.name : last.name,
    phone: values.phone.trim() ? values.phone : last.phone,
    address: values.address.trim() ? values.address : (last.address ?? ''),
  };
}

/**
 * One checkout attempt: the order sent and the Idempotency-Key it is sent with. The server answers a
 * repeated key with the order the key first made, and refuses the key for a different order; so the
 * key is kept for as long as the same order is sent again (a double submit, a lost answer, a retry
 * after a network failure), and an edit that changes the order is a new attempt with a new key.
 */
export interface CheckoutAttempt {
  readonly key: string;
  readonly order: CheckoutOrder;
  /** The order serialised: two attempts with equal fingerprints send the same request body. */
  readonly fingerprint: string;
}

export function attemptFor(
  previous: CheckoutAttempt | null,
  order: CheckoutOrder,
  makeKey: () => string,
): CheckoutAttempt {
  const fingerprint = JSON.stringify(order);
  if (previous !== null && previous.fingerprint === fingerprint) return previous;
  return { key: makeKey(), order, fingerprint };
}
