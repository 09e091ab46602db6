import type { PackedItem } from '../../domain/fit-verdicts';
import {
  type AddressSuggestion,
  DELIVERY_PORT,
  type DeliveryOffer,
  type DeliveryPromise,
  type ProductsDelivery,
} from '../ports/delivery.port';
import type { CallOptions } from '../ports/port-failure';
import { defineUseCase } from '../use-case';

/** A product's date and its packed box (the product page: «Привезём …» and «Поместится?»). */
export interface ProductDeliveryFacts {
  readonly promise: DeliveryPromise;
  readonly item: PackedItem;
}

/**
 * A product's earliest delivery in words (issue 23): «Привезём 3–5 декабря», with its class and
 * packed box for «Поместится?». Asked for by the page's slug, so the product page's loader asks for it
 * together with the product rather than after it (issue 27, item 4). A failed read — an unknown slug
 * too, whose page is the not-found one anyway — shows nothing rather than a guess.
 */
export const productDeliveryFacts = defineUseCase(
  'delivery.productFacts',
  { delivery: DELIVERY_PORT },
  ({ delivery }) =>
    (slug: string, options?: CallOptions): Promise<ProductDeliveryFacts | null> =>
      Promise.resolve()
        .then(() => delivery.productBySlug(slug, options))
        .then(({ promise, itemClass, packed }) => ({ promise, item: { itemClass, packed } }))
        .catch(() => null),
);

/**
 * The cart's lines in one read (issue 23, items 5–6): each one's date, class and packed box, and
 * «Привезём …» for them all (the latest). Null for an empty cart or a failed read (nothing shown).
 */
export const cartDeliveryFacts = defineUseCase(
  'delivery.cartFacts',
  { delivery: DELIVERY_PORT },
  ({ delivery }) =>
    (productIds: readonly number[]): Promise<ProductsDelivery | null> =>
      productIds.length === 0
        ? Promise.resolve(null)
        : Promise.resolve()
            .then(() => delivery.products(productIds))
            .catch(() => null),
);

/** The days and windows checkout offers for the cart (full days marked); null when the read failed. */
export const deliveryDaysOffered = defineUseCase(
  'delivery.daysOffered',
  { delivery: DELIVERY_PORT },
  ({ delivery }) =>
    (cart: readonly { readonly id: number; readonly quantity: number }[]): Promise<DeliveryOffer | null> =>
      cart.length === 0
        ? Promise.resolve(null)
        : Promise.resolve()
            .then(() => delivery.days(cart))
            .catch(() => null),
);

/**
 * Address suggestions with their zone while the shopper types (issue 23, item 4): `enabled: false`
 * without the service (or when it cannot be reached), so the checkout offers the zone by hand.
 */
export const addressSuggestions = defineUseCase(
  'delivery.addressSuggestions',
  { delivery: DELIVERY_PORT },
  ({ delivery }) =>
    (
      query: string,
    ): Promise<{ readonly enabled: boolean; readonly suggestions: readonly AddressSuggestion[] }> =>
      Promise.resolve()
        .then(() => delivery.suggest(query))
        .catch(() => ({ enabled: false, suggestions: [] })),
);
