import { Schema } from 'effect';
import { MAX_CART_LINES } from '../shared-rules/cart-limits-rule';
import { DELIVERY_ZONES, OPTIONAL_SERVICES, SERVICE_KINDS } from '../shared-rules/delivery-service-rule';
import { ONLINE_PAYMENT_METHODS } from '../shared-rules/installment-rule';
import { DELIVERY_METHODS, LIFT_KINDS, PAYMENT_METHODS } from '../shared-rules/order-options-rule';
import { ORDER_STATUSES } from '../shared-rules/order-status-rule';
import { Email, Phone } from './auth';
import { CartLineInput } from './cart';
import { DeliverySlotInput } from './delivery';
import { defineEndpoint } from './endpoint';
import { Kopecks } from './money';
import { OrderPaymentSummary } from './order-money';
import { IdFromString } from './query-fields';
import { MultiLineText, SingleLineText } from './text';

/**
 * Orders. The browser sends ids, quantities and contact details; every price, discount, total,
 * status and owner is decided by the server. `Idempotency-Key` (8–255 visible ASCII characters) makes
 * a retried POST /api/orders return the order the first attempt created.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The 14 statuses of the order lifecycle chart (their one home: shared-rules/order-status-rule.ts). */
export const OrderStatus = Schema.Literals(ORDER_STATUSES);
export type OrderStatus = typeof OrderStatus.Type;

export const DeliveryMethod = Schema.Literals(DELIVERY_METHODS);
export const PaymentMethod = Schema.Literals(PAYMENT_METHODS);

/** Free text of an order (address, comment): checked text, line breaks allowed (api/text.ts). */
const Text = (max: number) => MultiLineText(max);

const ContactInput = Schema.Struct({
  name: SingleLineText(200, 1),
  phone: Phone,
  email: Email,
});

const DeliveryInput = Schema.Struct({
  method: DeliveryMethod,
  /** Required for courier delivery. */
  address: Schema.optionalKey(Text(500)),
});

const BoundedInt = (min: number, max: number) =>
  Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: min, maximum: max })));

/**
 * How the goods are delivered, for the delivery services (issue 23; docs/delivery.md «One quote»): the
 * zone (inside or outside КАД, pickup, another region), whole km beyond КАД, the floor (1 = ground),
 * the lift and the services chosen. Without a zone a courier delivery is priced by the manager.
 */
const DeliveryChoice = {
  zone: Schema.optionalKey(Schema.Literals(DELIVERY_ZONES)),
  kmBeyondKad: Schema.optionalKey(BoundedInt(0, 500)),
  floor: Schema.optionalKey(BoundedInt(1, 100)),
  lift: Schema.optionalKey(Schema.Literals(LIFT_KINDS)),
  services: Schema.optionalKey(
    Schema.Array(Schema.Literals(OPTIONAL_SERVICES)).pipe(
      Schema.check(Schema.isMaxLength(OPTIONAL_SERVICES.length)),
    ),
  ),
};

/** A service line of a quote or an order: «Доставка», «Подъём на 5 этаж без лифта», «Сборка»… */
export const ServiceLine = Schema.Struct({
  kind: Schema.Literals(SERVICE_KINDS),
  label: Schema.String,
  /** Kopecks, whole roubles. */
  amount: Kopecks,
});
export type ServiceLine = typeof ServiceLine.Type;
const CheckoutDeliveryInput = Schema.Struct({
  ...DeliveryInput.fields,
  /**
   * Issue 23 (courier only): a day and window POST /api/delivery/days offered; the order takes the
   * day's place in its own transaction (409 delivery_day_full when the day sold out meanwhile, 422
   * delivery_day_not_offered / unknown_window when it was never offered).
   */
  slot: Schema.optionalKey(DeliverySlotInput),
});

/** The booked slot on an order: the window's label and its price (kopecks, 0 for a free window). */
const DeliverySlot = Schema.Struct({
  day: Schema.String,
  windowId: Schema.Int,
  label: Schema.String,
  price: Kopecks,
});

const CreateOrderBody = Schema.Struct({
  cart: Schema.Array(CartLineInput).pipe(
    Schema.check(Schema.isMinLength(1), Schema.isMaxLength(MAX_CART_LINES)),
  ),
  contact: ContactInput,
  delivery: Schema.Struct({ ...CheckoutDeliveryInput.fields, ...DeliveryChoice }),
  comment: Schema.optionalKey(Text(500)),
  promoCode: Schema.optionalKey(SingleLineText(64)),
  paymentMethod: PaymentMethod,
  /**
   * With `online`: card, sbp or installments — only what GET /api/payment-options offers for the total
   * (else 422 method_not_offered). The pay page starts with it; the shopper may still change it there.
   */
  onlineMethod: Schema.optionalKey(Schema.Literals(ONLINE_PAYMENT_METHODS)),
  /** Consent to the processing of personal data; must be true. */
  consent: Schema.Boolean,
});

/**
 * A line of an order. Money is integer kopecks (api/money.ts, docs/money.md): `lineTotal` = unitPrice ×
 * quantity; `discount` is the line's share of the order discount (whole roubles, largest remainder);
 * `netTotal` = lineTotal − discount, the line's sum on the receipt of a full payment. `backorder`: the
 * line is sold «под заказ» (the stock did not cover it; docs/stock.md), absent otherwise.
 */
const OrderLine = Schema.Struct({
  productId: Schema.Int,
  name: Schema.String,
  quantity: Schema.Int,
  unitPrice: Kopecks,
  lineTotal: Kopecks,
  discount: Kopecks,
  netTotal: Kopecks,
  backorder: Schema.optionalKey(Schema.Boolean),
});

const OrderStatusChange = Schema.Struct({
  status: OrderStatus,
  at: Schema.String,
});

export const Order = Schema.Struct({
  id: Schema.Int,
  clientId: Schema.Int,
  status: OrderStatus,
  createdAt: Schema.String,
  items: Schema.Array(OrderLine),
  /** Kopecks: Σ lineTotal. */
  subtotal: Kopecks,
  /** Kopecks, whole roubles: Σ of the lines' discount. */
  discount: Kopecks,
  /** Kopecks: subtotal − discount + Σ services; what the order costs and what a full payment charges. */
  total: Kopecks,
  promoCode: Schema.NullOr(Schema.String),
  contact: Schema.Struct({ name: Schema.String, phone: Schema.String, email: Schema.String }),
  delivery: Schema.Struct({
    method: DeliveryMethod,
    address: Schema.NullOr(Schema.String),
    slot: Schema.optionalKey(DeliverySlot),
  }),
  /** Delivery and its services (issue 23), in the order they are listed. Always sent by the server. */
  services: Schema.optionalKey(Schema.Array(ServiceLine)),
  comment: Schema.NullOr(Schema.String),
  paymentMethod: PaymentMethod,
  paymentAllowed: Schema.Boolean,
  paid: Schema.Boolean,
  /** Paid / remaining / refunded in kopecks (api/order-money.ts). Always sent by the server. */
  payment: Schema.optionalKey(OrderPaymentSummary),
  history: Schema.Array(OrderStatusChange),
  /** Notes the shop wrote to the client on this order (visible to the client), oldest first. */
  notes: Schema.optionalKey(
    Schema.Array(Schema.Struct({ id: Schema.Int, text: Schema.String, at: Schema.String })),
  ),
  /**
   * Only in the answer to POST /api/orders for an online order: `/pay/{id}?t=…`, the signed pay link
   * (it opens the pay page without signing in; api/pay-links.ts).
   */
  payLink: Schema.optionalKey(Schema.String),
});
export type Order = typeof Order.Type;

const OrderIdParams = Schema.Struct({ id: IdFromString });

export const createOrder = defineEndpoint({
  method: 'POST',
  path: '/api/orders',
  summary: 'Places an order from a cart; prices and totals are computed on the server',
  tag: 'orders',
  body: CreateOrderBody,
  response: Order,
  successStatus: 201,
  errorStatuses: [409, 415, 422, 429],
});

export const listOrders = defineEndpoint({
  method: 'GET',
  path: '/api/orders/:clientId',
  summary: "The client's orders, newest first (own orders only)",
  tag: 'orders',
  params: Schema.Struct({ clientId: IdFromString }),
  response: Schema.Array(Order),
  errorStatuses: [401, 403],
});

export const updateOrderAddress = defineEndpoint({
  method: 'POST',
  path: '/api/orders/:id/update-address',
  summary: 'Changes delivery while the order is new or confirmed',
  tag: 'orders',
  params: OrderIdParams,
  body: Schema.Struct({ delivery: DeliveryInput }),
  response: Order,
  errorStatuses: [401, 403, 404, 409, 415, 422],
});

export const updateOrderUserInfo = defineEndpoint({
  method: 'POST',
  path: '/api/orders/:id/update-userinfo',
  summary: 'Changes the contact details while the order is new or confirmed',
  tag: 'orders',
  params: OrderIdParams,
  body: Schema.Struct({ contact: ContactInput }),
  response: Order,
  errorStatuses: [401, 403, 404, 409, 415],
});

export const updateOrderComment = defineEndpoint({
  method: 'POST',
  path: '/api/orders/:id/comment',
  summary: "Replaces the client's comment on the order",
  tag: 'orders',
  params: OrderIdParams,
  body: Schema.Struct({ comment: Text(500) }),
  response: Order,
  errorStatuses: [401, 403, 404, 409, 415],
});

/**
 * The checkout quote (issue 22, item 9; docs/money.md «The checkout quote»): the cart, promo code and
 * delivery method of the checkout form, priced by the same server code that prices the order.
 */
const QuoteBody = Schema.Struct({
  cart: CreateOrderBody.fields.cart,
  promoCode: Schema.optionalKey(SingleLineText(64)),
  delivery: Schema.Struct({
    method: DeliveryMethod,
    ...DeliveryChoice,
    /**
     * Issue 23 (courier only): the day and window the checkout chose. Checked as the order checks it
     * (422 delivery_day_not_offered / unknown_window, 409 delivery_day_full); a paid window is the
     * service line «Доставка ко времени: …» at the calendar's price, exactly as the order charges it.
     */
    slot: Schema.optionalKey(DeliverySlotInput),
  }),
});

const QuoteLine = Schema.Struct({
  ...OrderLine.fields,
  /** Units on hand when the stock is tracked and the product is not sold «под заказ»; null otherwise. */
  available: Schema.NullOr(Schema.Int),
});

const PromoProblemKind = Schema.Literals(['invalid', 'expired', 'min_subtotal', 'usage_limit']);

export const OrderQuote = Schema.Struct({
  items: Schema.Array(QuoteLine),
  /** Kopecks: Σ lineTotal («Товары»). */
  subtotal: Kopecks,
  /** Kopecks, whole roubles: the promo discount («Скидка по промокоду»); 0 when no code applies. */
  discount: Kopecks,
  /** The service lines the order will carry («Доставка», «Подъём на 5 этаж», «Сборка»…). */
  services: Schema.Array(ServiceLine),
  /** Kopecks: Σ services (0 for pickup and free delivery); null when the manager tells the price (`deliveryNote`). */
  delivery: Schema.NullOr(Kopecks),
  deliveryNote: Schema.NullOr(Schema.String),
  /** Kopecks: subtotal − discount + Σ services — exactly the placed order's total for the same input. */
  total: Kopecks,
  /**
   * Issue 23: the price next to each service's checkbox («Сборка — 2 400 ₽») for this cart and
   * delivery — the amount of the line the quote adds when the box is ticked, priced by the same quote.
   * A service the quote would not charge (nothing to assemble, pickup, a delivery the manager prices)
   * is left out.
   */
  offers: Schema.Array(Schema.Struct({ service: Schema.Literals(OPTIONAL_SERVICES), amount: Kopecks })),
  /** The promo code's outcome: none sent, applied, or a Russian `message` why it does not apply. */
  promo: Schema.Union([
    Schema.Struct({ status: Schema.Literal('none') }),
    Schema.Struct({ status: Schema.Literal('applied'), code: Schema.String }),
    Schema.Struct({
      status: Schema.Literal('problem'),
      code: Schema.String,
      problem: PromoProblemKind,
      message: Schema.String,
    }),
  ]),
});
export type OrderQuote = typeof OrderQuote.Type;

export const quoteOrder = defineEndpoint({
  method: 'POST',
  path: '/api/orders/quote',
  summary: 'What the checkout will cost: goods, promo discount, delivery and total, priced like the order',
  tag: 'orders',
  body: QuoteBody,
  response: OrderQuote,
  errorStatuses: [403, 409, 415, 422, 429],
});

export const LastContact = Schema.Struct({
  name: Schema.String,
  phone: Schema.String,
  address: Schema.NullOr(Schema.String),
});
export type LastContact = typeof LastContact.Type;

export const getLastContact = defineEndpoint({
  method: 'GET',
  path: '/api/orders/last-contact',
  summary: "The name, phone and delivery address of the signed-in client's own last order (null without one)",
  tag: 'orders',
  response: Schema.NullOr(LastContact),
  errorStatuses: [401, 403],
});
