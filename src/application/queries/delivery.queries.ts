import {
  type AddressSuggestion,
  DELIVERY_PORT,
  type DeliveryOffer,
  type DeliveryPromise,
} from '../ports/delivery.port';
import { defineUseCase } from '../use-case';

/**
 * A product's earliest delivery in words (issue 23): «Привезём 3–5 декабря». A failed read shows
 * nothing rather than a guess.
 */
export const productDeliveryPromise = defineUseCase(
  'delivery.productPromise',
  { delivery: DELIVERY_PORT },
  ({ delivery }) =>
    (productId: number): Promise<DeliveryPromise | null> =>
      Promise.resolve()
        .then(() => delivery.promise(productId))
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
