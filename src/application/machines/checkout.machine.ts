/**
 * The checkout page (/checkout, «Оформление заказа»): the form, its checks, and placing the order
 * (POST /api/orders) exactly once per attempt.
 *
 * The root is parallel. Region `form`:
 * - `editing`    — the shopper types; a field is checked on blur, and a field that shows an error is
 *                  re-checked as it is corrected (rules: src/domain/checkout.ts);
 * - `validating` — a submit checks every field and the cart: an invalid form goes back to `editing`
 *                  with every message and focus on the first invalid field; a valid one becomes an
 *                  attempt (the order and its Idempotency-Key, kept in the context);
 * - `submitting` — the order is being placed (tag `busy`: a second submit is ignored);
 * - `placed`     — the server answered the order: the cart machine is told (`cart.orderPlaced`) and
 *                  the shopper goes to /thank-you (tag `busy`: the form stays as it was meanwhile);
 * - `failed`     — the server refused or could not be reached: a refusal about one field shows under
 *                  that field (promo code, address, consent), one about the cart (stock changed, a
 *                  product no longer sold) beside the order's lines, anything else above the button.
 *                  Editing returns to `editing`; a submit tries again.
 * Region `prefill`: a signed-in client's e-mail and phone are filled in (spec §6), then the name,
 * phone and address of their last order (issue 22, item 9) — never over what was typed; a failure
 * leaves them empty.
 * Region `quote` (issue 22, item 9; docs/money.md «The checkout quote»): the server's quote of the
 * cart the page shows, the promo code and the delivery method — «Товары», «Скидка по промокоду»,
 * «Доставка», «Итого» before «Подтвердить заказ». A change of any of them waits `quoteDelay`
 * (`waiting`), then asks (`loading`); a change meanwhile starts over, so an older answer is dropped
 * and the latest wins. A failure (`failed`) shows QUOTE_FAILED_MESSAGE and blocks nothing; the
 * previous figures stay until new ones come. `idle` while the cart is empty. Issue 23: the delivery
 * details (zone, km, floor, lift, services) and the chosen slot are quoted too — a paid window is a
 * line «Доставка ко времени: …» — and the details are the one delivery draft the cart page shares
 * (`restoreDeliveryDraft` on start, `rememberDeliveryDraft` on each change).
 *
 * The attempt rule (domain `attemptFor`): a retry of the same order reuses the attempt's key, so a
 * double submit or a retry after a lost answer gets the first order back from the server instead of
 * a second one; an edit that changes the order makes a new key on the next submit.
 */

import { assign, fromPromise, setup } from 'xstate';
import { orderProducts } from '../../domain/analytics';
import type { Cart } from '../../domain/cart';
import {
  attemptFor,
  CHECKOUT_FIELDS,
  type CheckoutAttempt,
  type CheckoutDelivery,
  type CheckoutDeliveryDetails,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutOrder,
  type CheckoutPayment,
  type CheckoutTextField,
  type CheckoutValues,
  checkoutOrder,
  EMPTY_CHECKOUT,
  prefillFromLastOrder,
  QUOTE_FAILED_MESSAGE,
  quoteRequestOf,
  validateCheckout,
  validateCheckoutField,
} from '../../domain/checkout';
import { prefillContacts } from '../../domain/contact-form-validation';
import { ANALYTICS_PORT, type AnalyticsPort } from '../ports/analytics.port';
import { CLIENTS_PORT, type ClientContact, type ClientsPort } from '../ports/clients.port';
import { failureMessage } from '../ports/failure-message';
import { KEY_VALUE_STORAGE_PORT, type KeyValueStoragePort } from '../ports/key-value-storage.port';
import { DELIVERY_DRAFT_SLOT } from '../ports/order-draft-slots';
import {
  type LastOrderContact,
  ORDERS_PORT,
  type Order,
  type OrderQuote,
  type OrdersPort,
  type QuoteRequest,
} from '../ports/orders.port';
import { isPortFailure } from '../ports/port-failure';
import { defineUseCase } from '../use-case';

export const CHECKOUT_FAILED_MESSAGE = 'Не удалось оформить заказ. Попробуйте ещё раз.';
/** Shown beside the order's lines when the cart is empty at submit (another tab emptied it). */
export const CHECKOUT_EMPTY_CART_MESSAGE = 'В корзине нет товаров. Добавьте товары, чтобы оформить заказ.';

/** The pause after the last change before the checkout asks for a new quote. */
export const QUOTE_DELAY_MS = 400;

/** How the placing of an order failed, as the machine decides on it. */
export interface CheckoutRefusal {
  readonly _tag: 'CheckoutRefusal';
  /** The contract's error code (invalid_promo_code, out_of_stock, …), when the server sent one. */
  readonly code: string | null;
  /** What the shopper reads: the server's Russian message, a connection sentence or the fallback. */
  readonly message: string;
}

function isCheckoutRefusal(value: unknown): value is CheckoutRefusal {
  return (
    typeof value === 'object' && value !== null && (value as { _tag?: unknown })._tag === 'CheckoutRefusal'
  );
}

/** Server codes that belong to one field (api/orders and server/http/routes/orders.routes.ts). */
const FIELD_OF_CODE: Readonly<Record<string, CheckoutField>> = {
  invalid_promo_code: 'promoCode',
  promo_min_subtotal: 'promoCode',
  promo_limit: 'promoCode',
  address_required: 'address',
  consent_required: 'consent',
};

/** Server codes about the cart's lines: the fix is in the cart, not in the form. */
const CART_CODES: ReadonlySet<string> = new Set([
  'out_of_stock',
  'unavailable_products',
  'empty_cart',
  'too_many_lines',
  'invalid_quantity',
  'order_too_large',
]);

/** The server saw this key with another order: the next submit must be a new attempt. */
const KEY_REUSED_CODE = 'idempotency_key_reused';

export type CheckoutFailureTarget =
  | { readonly kind: 'field'; readonly field: CheckoutField }
  | { readonly kind: 'cart' }
  | { readonly kind: 'form'; readonly newAttempt: boolean };

/** Where a refusal's message goes. */
export function failureTarget(code: string | null): CheckoutFailureTarget {
  if (code === null) return { kind: 'form', newAttempt: false };
  const field = FIELD_OF_CODE[code];
  if (field) return { kind: 'field', field };
  if (CART_CODES.has(code)) return { kind: 'cart' };
  return { kind: 'form', newAttempt: code === KEY_REUSED_CODE };
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

interface CheckoutInput {
  /** The signed-in client whose contacts prefill the form, when known at the start. */
  readonly clientId: number | null;
  /** Makes an attempt's Idempotency-Key; tests give a counter, the page `newIdempotencyKey`. */
  readonly newAttemptKey?: () => string;
}

interface CheckoutContext {
  readonly values: CheckoutValues;
  readonly errors: CheckoutErrors;
  /** The cart as the last submit found it. */
  readonly cart: Cart;
  /** The order being placed (or last tried) with its key; null before the first valid submit. */
  readonly attempt: CheckoutAttempt | null;
  /** A failure that belongs to no field, shown above the submit button. */
  readonly formMessage: string | null;
  /** A failure about the cart's lines, shown beside them. */
  readonly cartMessage: string | null;
  readonly clientId: number | null;
  readonly newAttemptKey: () => string;
  readonly placedOrder: Order | null;
  /** The cart the page shows now (the quote's cart). */
  readonly shownCart: Cart;
  /** The latest quote answered; null before the first. */
  readonly quote: OrderQuote | null;
  /** QUOTE_FAILED_MESSAGE when the last quote failed. */
  readonly quoteMessage: string | null;
}

export type CheckoutEvent =
  | { readonly type: 'checkout.fieldChanged'; readonly field: CheckoutTextField; readonly value: string }
  | { readonly type: 'checkout.deliveryChosen'; readonly delivery: CheckoutDelivery }
  /** Zone, km beyond КАД, floor, lift or services changed (issue 23): quoted again. */
  | {
      readonly type: 'checkout.deliveryDetailsChanged';
      readonly details: Partial<CheckoutDeliveryDetails>;
    }
  | { readonly type: 'checkout.paymentChosen'; readonly payment: CheckoutPayment }
  /** Issue 23: a delivery day and window picked (null: none, the manager agrees the day); quoted again. */
  | {
      readonly type: 'checkout.slotChosen';
      readonly slot: { readonly day: string; readonly windowId: number } | null;
    }
  | { readonly type: 'checkout.consentChanged'; readonly consent: boolean }
  | { readonly type: 'checkout.fieldBlurred'; readonly field: CheckoutField }
  /** The shopper confirms the order; the view sends the cart it shows. */
  | { readonly type: 'checkout.submitted'; readonly cart: Cart }
  /** The auth machine knows the shopper is this client (prefills the contacts). */
  | { readonly type: 'checkout.signedIn'; readonly clientId: number }
  /** The page shows this cart (on start and whenever the cart changes): it is quoted again. */
  | { readonly type: 'checkout.cartShown'; readonly cart: Cart };

type EditEvent = Extract<
  CheckoutEvent,
  {
    type:
      | 'checkout.fieldChanged'
      | 'checkout.deliveryChosen'
      | 'checkout.deliveryDetailsChanged'
      | 'checkout.paymentChosen'
      | 'checkout.slotChosen'
      | 'checkout.consentChanged';
  }
>;

function isEditEvent(event: CheckoutEvent): event is EditEvent {
  return (
    event.type === 'checkout.fieldChanged' ||
    event.type === 'checkout.deliveryChosen' ||
    event.type === 'checkout.deliveryDetailsChanged' ||
    event.type === 'checkout.paymentChosen' ||
    event.type === 'checkout.slotChosen' ||
    event.type === 'checkout.consentChanged'
  );
}

function notProvided(kind: string, name: string): never {
  throw new Error(`checkout machine: ${kind} ${name} not provided`);
}

function isClientId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function edited(values: CheckoutValues, event: EditEvent): CheckoutValues {
  switch (event.type) {
    case 'checkout.fieldChanged':
      return { ...values, [event.field]: event.value };
    case 'checkout.deliveryChosen':
      return { ...values, delivery: event.delivery };
    case 'checkout.deliveryDetailsChanged':
      return { ...values, details: { ...values.details, ...event.details } };
    case 'checkout.paymentChosen':
      return { ...values, payment: event.payment };
    case 'checkout.slotChosen':
      return { ...values, slot: event.slot };
    case 'checkout.consentChanged':
      return { ...values, consent: event.consent };
  }
}

/** The fields an edit may change the verdict of (delivery decides whether an address is needed). */
function fieldsOf(event: EditEvent): readonly CheckoutField[] {
  switch (event.type) {
    case 'checkout.fieldChanged':
      return [event.field];
    case 'checkout.deliveryChosen':
      return ['address'];
    case 'checkout.deliveryDetailsChanged':
    case 'checkout.paymentChosen':
    case 'checkout.slotChosen':
      return [];
    case 'checkout.consentChanged':
      return ['consent'];
  }
}

/** The errors with one field's message set, or removed when it is `null`. */
function withFieldError(
  errors: CheckoutErrors,
  field: CheckoutField,
  message: string | null,
): CheckoutErrors {
  const { [field]: _previous, ...others } = errors;
  return message === null ? others : { ...others, [field]: message };
}

/** A field that shows an error is re-checked as it is corrected; others wait for their blur. */
function recheckShownErrors(
  errors: CheckoutErrors,
  values: CheckoutValues,
  event: EditEvent,
): CheckoutErrors {
  let next = errors;
  for (const field of fieldsOf(event)) {
    if (field in next) next = withFieldError(next, field, validateCheckoutField(field, values));
  }
  return next;
}

/** The first field on screen that shows an error. */
export function firstInvalidField(errors: CheckoutErrors): CheckoutField | null {
  return CHECKOUT_FIELDS.find((field) => errors[field] !== undefined) ?? null;
}

const checkoutSetup = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    tags: {} as 'busy',
  },
  delays: {
    quoteDelay: QUOTE_DELAY_MS,
  },
  actors: {
    /** POST /api/orders with the attempt's key; rejects with a CheckoutRefusal. */
    placeOrder: fromPromise<Order, { order: CheckoutOrder; idempotencyKey: string }>(async () =>
      notProvided('actor', 'placeOrder'),
    ),
    /** GET /api/clients/{id}; the phone as the phone field shows it. */
    loadContacts: fromPromise<ClientContact, { clientId: number }>(async () =>
      notProvided('actor', 'loadContacts'),
    ),
    /** GET /api/orders/last-contact: the client's own last order's name, phone and address. */
    loadLastOrderContact: fromPromise<LastOrderContact | null>(async () =>
      notProvided('actor', 'loadLastOrderContact'),
    ),
    /** POST /api/orders/quote. */
    quoteOrder: fromPromise<OrderQuote, QuoteRequest>(async () => notProvided('actor', 'quoteOrder')),
  },
  actions: {
    /** Moves focus to the first field that shows an error (the view knows the elements). */
    focusField: (_, _params: { field: CheckoutField }) => notProvided('action', 'focusField'),
    /** Keeps the placed order for /thank-you and /pay in this tab (a guest cannot read it back). */
    rememberOrder: (_, _params: { order: Order }) => notProvided('action', 'rememberOrder'),
    /** Sends `cart.orderPlaced` to the cart machine: the server emptied its copy in the order's transaction. */
    tellCartOrderPlaced: () => notProvided('action', 'tellCartOrderPlaced'),
    /** Goes to /thank-you?order={id}. */
    showThankYou: (_, _params: { orderId: number }) => notProvided('action', 'showThankYou'),
    /**
     * Issue 23: the delivery draft the cart left (zone, floor, lift, services) becomes the form's
     * details; without a draft store (a bare machine) the details start empty.
     */
    restoreDeliveryDraft: () => {},
    /** Issue 23: keeps the details as the one delivery draft the cart page shows too. */
    rememberDeliveryDraft: (_, _params: { details: CheckoutDeliveryDetails }) => {},
    applyEdit: assign(({ context, event }) => {
      if (!isEditEvent(event)) return {};
      const values = edited(context.values, event);
      return { values, errors: recheckShownErrors(context.errors, values, event) };
    }),
    checkBlurredField: assign(({ context, event }) =>
      event.type === 'checkout.fieldBlurred'
        ? {
            errors: withFieldError(
              context.errors,
              event.field,
              validateCheckoutField(event.field, context.values),
            ),
          }
        : {},
    ),
    clearFormMessage: assign({ formMessage: null }),
    keepSubmittedCart: assign(({ event }) =>
      event.type === 'checkout.submitted' ? { cart: event.cart } : {},
    ),
  },
  guards: {
    formInvalid: ({ context }) => Object.keys(validateCheckout(context.values)).length > 0,
    cartEmpty: ({ context }) => checkoutOrder(context.values, context.cart).cart.length === 0,
    hasClient: ({ context }) => context.clientId !== null,
    shownCartEmpty: ({ event }) => event.type === 'checkout.cartShown' && event.cart.length === 0,
    hasShownCart: ({ context }) => context.shownCart.length > 0,
    promoEditedWithCart: ({ context, event }) =>
      event.type === 'checkout.fieldChanged' && event.field === 'promoCode' && context.shownCart.length > 0,
  },
});

export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    values: EMPTY_CHECKOUT,
    errors: {},
    cart: [],
    attempt: null,
    formMessage: null,
    cartMessage: null,
    clientId: isClientId(input.clientId) ? input.clientId : null,
    newAttemptKey: input.newAttemptKey ?? (() => newIdempotencyKey()),
    placedOrder: null,
    shownCart: [],
    quote: null,
    quoteMessage: null,
  }),
  type: 'parallel',
  entry: 'restoreDeliveryDraft',
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'checkout.fieldChanged': { actions: 'applyEdit' },
            'checkout.deliveryChosen': { actions: 'applyEdit' },
            'checkout.deliveryDetailsChanged': {
              actions: [
                'applyEdit',
                {
                  type: 'rememberDeliveryDraft',
                  params: ({ context }) => ({ details: context.values.details }),
                },
              ],
            },
            'checkout.paymentChosen': { actions: 'applyEdit' },
            'checkout.slotChosen': { actions: 'applyEdit' },
            'checkout.consentChanged': { actions: 'applyEdit' },
            'checkout.fieldBlurred': { actions: 'checkBlurredField' },
            'checkout.submitted': { target: 'validating', actions: 'keepSubmittedCart' },
          },
        },
        validating: {
          always: [
            {
              guard: 'formInvalid',
              target: 'editing',
              actions: [
                assign({ errors: ({ context }) => validateCheckout(context.values), formMessage: null }),
                {
                  type: 'focusField',
                  params: ({ context }) => ({ field: firstInvalidField(context.errors) ?? 'name' }),
                },
              ],
            },
            {
              guard: 'cartEmpty',
              target: 'editing',
              actions: assign({ errors: {}, formMessage: null, cartMessage: CHECKOUT_EMPTY_CART_MESSAGE }),
            },
            {
              target: 'submitting',
              actions: assign({
                errors: {},
                formMessage: null,
                cartMessage: null,
                attempt: ({ context }) =>
                  attemptFor(
                    context.attempt,
                    checkoutOrder(context.values, context.cart),
                    context.newAttemptKey,
                  ),
              }),
            },
          ],
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'placeOrder',
            src: 'placeOrder',
            // Entered only from `validating`, which has just made the attempt.
            input: ({ context }) => ({
              order: context.attempt?.order ?? checkoutOrder(context.values, context.cart),
              idempotencyKey: context.attempt?.key ?? '',
            }),
            onDone: {
              target: 'placed',
              actions: [
                assign({ placedOrder: ({ event }) => event.output }),
                { type: 'rememberOrder', params: ({ event }) => ({ order: event.output }) },
                // Told first: the form stays `busy`, so the emptied cart never flashes on screen.
                'tellCartOrderPlaced',
                { type: 'showThankYou', params: ({ event }) => ({ orderId: event.output.id }) },
              ],
            },
            onError: {
              target: 'failed',
              actions: assign(({ context, event }) => {
                const refusal = isCheckoutRefusal(event.error)
                  ? event.error
                  : { code: null, message: CHECKOUT_FAILED_MESSAGE };
                const target = failureTarget(refusal.code);
                switch (target.kind) {
                  case 'field':
                    return {
                      errors: withFieldError(context.errors, target.field, refusal.message),
                      formMessage: refusal.message,
                    };
                  case 'cart':
                    return { cartMessage: refusal.message };
                  case 'form':
                    return {
                      formMessage: target.newAttempt ? CHECKOUT_FAILED_MESSAGE : refusal.message,
                      attempt: target.newAttempt ? null : context.attempt,
                    };
                }
              }),
            },
          },
        },
        placed: { tags: ['busy'] },
        failed: {
          on: {
            'checkout.fieldChanged': { target: 'editing', actions: ['applyEdit', 'clearFormMessage'] },
            'checkout.deliveryChosen': { target: 'editing', actions: ['applyEdit', 'clearFormMessage'] },
            'checkout.deliveryDetailsChanged': {
              target: 'editing',
              actions: [
                'applyEdit',
                {
                  type: 'rememberDeliveryDraft',
                  params: ({ context }) => ({ details: context.values.details }),
                },
                'clearFormMessage',
              ],
            },
            'checkout.paymentChosen': { target: 'editing', actions: ['applyEdit', 'clearFormMessage'] },
            'checkout.slotChosen': { target: 'editing', actions: ['applyEdit', 'clearFormMessage'] },
            'checkout.consentChanged': { target: 'editing', actions: ['applyEdit', 'clearFormMessage'] },
            'checkout.fieldBlurred': { actions: 'checkBlurredField' },
            'checkout.submitted': { target: 'validating', actions: 'keepSubmittedCart' },
          },
        },
      },
    },
    /** Spec §6: a signed-in client's e-mail and phone are prefilled. */
    prefill: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'hasClient', target: 'loading' }, { target: 'waiting' }],
        },
        waiting: {
          on: {
            'checkout.signedIn': {
              target: 'loading',
              actions: assign({ clientId: ({ event }) => event.clientId }),
            },
          },
        },
        loading: {
          invoke: {
            id: 'loadContacts',
            src: 'loadContacts',
            // Entered only with a client id (see `deciding` and `waiting`).
            input: ({ context }) => ({ clientId: context.clientId ?? 0 }),
            onDone: {
              target: 'lastOrder',
              actions: assign({
                values: ({ context, event }) => prefillContacts(context.values, event.output),
              }),
            },
            // Prefilling is a convenience: without it the shopper types the contacts.
            onError: { target: 'lastOrder' },
          },
        },
        lastOrder: {
          invoke: {
            id: 'loadLastOrderContact',
            src: 'loadLastOrderContact',
            onDone: {
              target: 'done',
              actions: assign({
                values: ({ context, event }) =>
                  event.output === null ? context.values : prefillFromLastOrder(context.values, event.output),
              }),
            },
            onError: { target: 'done' },
          },
        },
        done: {},
      },
    },
    /** Issue 22, item 9: the money before «Подтвердить заказ» (see the module comment). */
    quote: {
      initial: 'idle',
      on: {
        'checkout.cartShown': [
          {
            guard: 'shownCartEmpty',
            target: '.idle',
            actions: assign({ shownCart: [], quote: null, quoteMessage: null }),
          },
          {
            target: '.waiting',
            reenter: true,
            actions: assign({
              shownCart: ({ event }) => (event.type === 'checkout.cartShown' ? event.cart : []),
            }),
          },
        ],
        'checkout.deliveryChosen': { guard: 'hasShownCart', target: '.waiting', reenter: true },
        'checkout.deliveryDetailsChanged': { guard: 'hasShownCart', target: '.waiting', reenter: true },
        // A paid window is a line of the quote (issue 23), so a new slot is quoted again.
        'checkout.slotChosen': { guard: 'hasShownCart', target: '.waiting', reenter: true },
        'checkout.fieldChanged': { guard: 'promoEditedWithCart', target: '.waiting', reenter: true },
      },
      states: {
        idle: {},
        waiting: { after: { quoteDelay: 'loading' } },
        loading: {
          invoke: {
            id: 'quoteOrder',
            src: 'quoteOrder',
            input: ({ context }) => quoteRequestOf(context.values, context.shownCart),
            onDone: {
              target: 'ready',
              actions: assign({ quote: ({ event }) => event.output, quoteMessage: null }),
            },
            onError: {
              target: 'failed',
              // The server's reason when it refused the details (a day filled up, a window gone).
              actions: assign({
                quoteMessage: ({ event }) => failureMessage(event.error, QUOTE_FAILED_MESSAGE),
              }),
            },
          },
        },
        ready: {},
        failed: {},
      },
    },
  },
});

/** The machine with its calls bound to the orders and clients ports (views never call them). */
export function checkoutMachineFor(
  ports: {
    readonly orders: Pick<OrdersPort, 'create' | 'quote' | 'lastContact'>;
    readonly clients: Pick<ClientsPort, 'getContact'>;
    /** The purchase for web analytics (issue 26, item 4); absent: not reported. */
    readonly analytics?: Pick<AnalyticsPort, 'purchased'>;
    /** Where the delivery draft the cart shares is kept (issue 23); absent: none is kept. */
    readonly storage?: Pick<KeyValueStoragePort, 'read' | 'write'>;
  },
  /** A stored phone as the phone field shows it (the view's mask, shared-rules/phone-number.ts). */
  phoneFieldValue: (stored: string | null) => string,
) {
  const { storage } = ports;
  return checkoutMachine.provide({
    actions:
      storage === undefined
        ? {}
        : {
            restoreDeliveryDraft: assign(({ context }) => ({
              values: { ...context.values, details: storage.read(DELIVERY_DRAFT_SLOT) },
            })),
            rememberDeliveryDraft: (_, { details }) => storage.write(DELIVERY_DRAFT_SLOT, details),
          },
    actors: {
      placeOrder: fromPromise<Order, { order: CheckoutOrder; idempotencyKey: string }>(
        async ({ input, signal }) => {
          try {
            const order = await ports.orders.create(input.order, input.idempotencyKey, { signal });
            ports.analytics?.purchased(order.id, orderProducts(order.items));
            return order;
          } catch (error) {
            const refusal: CheckoutRefusal = {
              _tag: 'CheckoutRefusal',
              code: isPortFailure(error) ? (error.code ?? null) : null,
              message: failureMessage(error, CHECKOUT_FAILED_MESSAGE),
            };
            throw refusal;
          }
        },
      ),
      loadContacts: fromPromise<ClientContact, { clientId: number }>(async ({ input, signal }) => {
        const contact = await ports.clients.getContact(input.clientId, { signal });
        return { email: contact.email, phone: phoneFieldValue(contact.phone) };
      }),
      loadLastOrderContact: fromPromise<LastOrderContact | null>(async ({ signal }) => {
        const last = await ports.orders.lastContact({ signal });
        return last === null ? null : { ...last, phone: phoneFieldValue(last.phone) };
      }),
      quoteOrder: fromPromise<OrderQuote, QuoteRequest>(({ input, signal }) =>
        ports.orders.quote(input, { signal }),
      ),
    },
  });
}

/**
 * The checkout machine provided with this page's orders and clients ports; the view gives the phone
 * field's mask (how a stored phone is shown) and its own navigation.
 */
export const checkout = defineUseCase(
  'checkout.machine',
  { orders: ORDERS_PORT, clients: CLIENTS_PORT, analytics: ANALYTICS_PORT, storage: KEY_VALUE_STORAGE_PORT },
  (ports) => (phoneFieldValue: (stored: string | null) => string) =>
    checkoutMachineFor(ports, phoneFieldValue),
);
