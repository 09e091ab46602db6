import type { AddressZone } from '../../../shared-rules/delivery-service-rule';
import type { BoxSize } from '../../../shared-rules/fit-check-rule';
import type { ItemClass } from '../../../shared-rules/item-class-rule';
import type { CallOptions } from './port-failure';
import type { PortToken } from './port-token';
import { portToken } from './port-token';

/** «Привезём 3–5 декабря»: a product's or a cart's earliest delivery range (issue 23). */
export interface DeliveryPromise {
  readonly from: string;
  readonly to: string;
  readonly text: string;
}

interface DeliveryWindowOption {
  readonly id: number;
  readonly label: string;
  /** Kopecks; 0 for a free window. */
  readonly price: number;
}

interface DeliveryDayOption {
  readonly day: string;
  /** «пятница, 4 декабря». */
  readonly label: string;
  /** No place left: shown, not choosable. */
  readonly full: boolean;
}

export interface DeliveryOffer {
  readonly promise: DeliveryPromise | null;
  readonly days: readonly DeliveryDayOption[];
  readonly windows: readonly DeliveryWindowOption[];
}

/** The delivery slot the shopper picks at checkout. */
export interface DeliverySlotChoice {
  readonly day: string;
  readonly windowId: number;
}

/** A suggested address with the delivery zone it tells (null: the shopper picks the zone). */
export interface AddressSuggestion {
  readonly value: string;
  readonly zone: AddressZone | null;
  /** Whole km beyond КАД (0 unless outside it). */
  readonly kmBeyondKad: number;
  readonly zoneText: string | null;
}

/** A product's date, class and packed box (GET /api/delivery/products, …/products/slug/:slug). */
export interface ProductDelivery {
  readonly productId: number;
  readonly promise: DeliveryPromise;
  readonly itemClass: ItemClass | null;
  readonly packed: BoxSize | null;
}

/** Several products' delivery facts from one read, and the date of them all in one delivery. */
export interface ProductsDelivery {
  readonly items: readonly ProductDelivery[];
  readonly together: DeliveryPromise | null;
}

/** Delivery for the storefront (api/delivery.ts): dates in words, the checkout's days, addresses. */
export interface DeliveryPort {
  /** `enabled: false` without the suggestions service: the shopper picks the zone by hand. */
  suggest(
    query: string,
    options?: CallOptions,
  ): Promise<{ readonly enabled: boolean; readonly suggestions: readonly AddressSuggestion[] }>;
  /** The cart's lines (or one product): each date, class and packed box, and the latest date. */
  products(productIds: readonly number[], options?: CallOptions): Promise<ProductsDelivery>;
  /**
   * One shown product's facts by its slug, so the product page asks with the product, not after it;
   * an unknown slug is a 404 failure.
   */
  productBySlug(slug: string, options?: CallOptions): Promise<ProductDelivery>;
  days(
    cart: readonly { readonly id: number; readonly quantity: number }[],
    options?: CallOptions,
  ): Promise<DeliveryOffer>;
}

export const DELIVERY_PORT: PortToken<DeliveryPort> = portToken<DeliveryPort>('DeliveryPort');
