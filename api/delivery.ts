import { Schema } from 'effect';
import { MAX_CART_LINES } from '../shared-rules/cart-limits-rule';
import { ADDRESS_ZONES } from '../shared-rules/delivery-service-rule';
import { ITEM_CLASSES } from '../shared-rules/item-class-rule';
import { CartLineInput } from './cart';
import { IsoDate } from './dates';
import { defineEndpoint } from './endpoint';
import { Kopecks } from './money';
import { ProductsByIdsQuery } from './products';
import { IdFromString, Slug } from './query-fields';
import { SingleLineText } from './text';

/**
 * Delivery for the storefront (issue 23, items 4–5; docs/delivery-dates.md): address suggestions with
 * the zone they tell, the product's and the cart's earliest delivery date in words, the days and
 * windows the checkout offers (a full day is marked and cannot be chosen), and a carrier's quote for
 * another region.
 */

const AddressSuggestion = Schema.Struct({
  /** The address as DaData writes it: «г Санкт-Петербург, Невский пр-кт, д 1». */
  value: Schema.String,
  region: Schema.NullOr(Schema.String),
  city: Schema.NullOr(Schema.String),
  postalCode: Schema.NullOr(Schema.String),
  /**
   * The zone of the quote (`POST /api/orders/quote` takes it as it is); null when the address does
   * not tell (no coordinates): the shopper picks the zone by hand.
   */
  zone: Schema.NullOr(Schema.Literals(ADDRESS_ZONES)),
  /** Whole km beyond КАД, the quote's `kmBeyondKad` (0 unless outside it). */
  kmBeyondKad: Schema.Int,
  /** «Санкт-Петербург в пределах КАД», «За КАД, 12 км», «Другой регион»; null with the zone. */
  zoneText: Schema.NullOr(Schema.String),
});

const AddressSuggestions = Schema.Struct({
  /** False without DADATA_TOKEN: the checkout offers the zone by hand. */
  enabled: Schema.Boolean,
  suggestions: Schema.Array(AddressSuggestion),
});

export const suggestAddress = defineEndpoint({
  method: 'GET',
  path: '/api/address/suggest',
  summary: 'Address suggestions (DaData) with the delivery zone each tells; rate-limited',
  tag: 'delivery',
  // Without `q` (the checkout asks before the shopper types): whether suggestions are on, none offered.
  query: Schema.Struct({ q: Schema.optionalKey(SingleLineText(200)) }),
  response: AddressSuggestions,
  errorStatuses: [429],
});

const DeliveryRange = Schema.Struct({
  from: Schema.String,
  to: Schema.String,
  /** «Привезём 3–5 декабря», «Привезём завтра». */
  text: Schema.String,
});

export const getDeliveryPromise = defineEndpoint({
  method: 'GET',
  path: '/api/delivery/promise',
  summary: "A product's earliest delivery range from today (Moscow), in words",
  tag: 'delivery',
  query: Schema.Struct({ productId: IdFromString }),
  response: DeliveryRange,
  errorStatuses: [404],
});

export const DeliveryWindow = Schema.Struct({
  id: Schema.Int,
  /** «10:00–13:00», «Весь день, 10:00–22:00». */
  label: Schema.String,
  /** Kopecks; 0 for a free window. A paid slot is a service line of the order. */
  price: Kopecks,
});

const DeliveryDay = Schema.Struct({
  day: Schema.String,
  /** «пятница, 4 декабря». */
  label: Schema.String,
  /** No place left: the day cannot be chosen. */
  full: Schema.Boolean,
});

const DeliveryDays = Schema.Struct({
  /** The cart's earliest range; null for an empty cart. */
  promise: Schema.NullOr(DeliveryRange),
  /** From the earliest day on, working days only, for the shop's horizon. */
  days: Schema.Array(DeliveryDay),
  windows: Schema.Array(DeliveryWindow),
});

const CartBody = Schema.Array(CartLineInput).pipe(
  Schema.check(Schema.isMinLength(1), Schema.isMaxLength(MAX_CART_LINES)),
);

export const getDeliveryDays = defineEndpoint({
  method: 'POST',
  path: '/api/delivery/days',
  summary: 'The delivery days and windows the checkout offers for a cart, with full days marked',
  tag: 'delivery',
  body: Schema.Struct({ cart: CartBody }),
  response: DeliveryDays,
  errorStatuses: [415, 422],
});

/** The slot a shopper picks at checkout: a day the checkout offered and one of its windows. */
export const DeliverySlotInput = Schema.Struct({ day: IsoDate, windowId: Schema.Int });

const CarrierQuoteAnswer = Schema.Struct({
  /** Kopecks; null when the carrier is not configured or did not answer — then `note`. */
  price: Schema.NullOr(Kopecks),
  /** «Стоимость доставки сообщит менеджер» when there is no price. */
  note: Schema.NullOr(Schema.String),
  /** Working days the carrier states. */
  days: Schema.NullOr(Schema.Struct({ min: Schema.Int, max: Schema.Int })),
});

export const quoteCarrier = defineEndpoint({
  method: 'POST',
  path: '/api/delivery/carrier-quote',
  summary: 'A carrier (СДЭК) quote for another region from the packed sizes of the cart',
  tag: 'delivery',
  body: Schema.Struct({
    cart: CartBody,
    postalCode: Schema.optionalKey(Schema.String.pipe(Schema.check(Schema.isPattern(/^\d{6}$/)))),
    city: Schema.optionalKey(SingleLineText(200, 1)),
  }),
  response: CarrierQuoteAnswer,
  errorStatuses: [415, 429],
});

const ItemClass = Schema.Literals(ITEM_CLASSES);

const PackedBox = Schema.Struct({ widthCm: Schema.Number, depthCm: Schema.Number, heightCm: Schema.Number });

const ProductDelivery = Schema.Struct({
  productId: Schema.Int,
  /** «Привезём 3–5 декабря» for this product alone. */
  promise: DeliveryRange,
  /** What the tariffs price it as (shared-rules/item-class-rule.ts); null: a small item. */
  itemClass: Schema.NullOr(ItemClass),
  /** The packed box for «Поместится?»; null until the product's packed sizes are filled in. */
  packed: Schema.NullOr(PackedBox),
});

export const getProductsDelivery = defineEndpoint({
  method: 'GET',
  path: '/api/delivery/products',
  summary:
    'Delivery facts of several products in one read (the cart): each one’s date, class and packed box, and the date of them all together',
  tag: 'delivery',
  query: ProductsByIdsQuery,
  response: Schema.Struct({
    /** In the order asked; unknown or removed products are left out. */
    items: Schema.Array(ProductDelivery),
    /** One delivery of them all: when the slowest is ready; null when none is known. */
    together: Schema.NullOr(DeliveryRange),
  }),
});

/**
 * The same facts of one product asked for by its slug (issue 27, item 4): the product page knows only
 * its address, so it asks for these together with the product (`GET /api/products/slug/:slug`)
 * instead of after it. A removed or hidden product — a page the shop does not show — is 404.
 */
export const getProductDeliveryBySlug = defineEndpoint({
  method: 'GET',
  path: '/api/delivery/products/slug/:slug',
  summary: 'One product’s delivery facts by its slug (the product page): its date, class and packed box',
  tag: 'delivery',
  params: Schema.Struct({ slug: Slug }),
  response: ProductDelivery,
  errorStatuses: [404],
});
