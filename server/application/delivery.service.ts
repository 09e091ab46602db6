import { type AddressZone, deliveryZoneText } from '../../shared-rules/delivery-service-rule';
import type { BoxSize } from '../../shared-rules/fit-check-rule';
import type { ItemClass } from '../../shared-rules/item-class-rule';
import {
  type AvailabilitySource,
  addCalendarDays,
  type CalendarDay,
  type DeliveryRange,
  deliveryPromise,
  deliveryRange,
  isWorkingDay,
  moscowToday,
  rangeOfAll,
  weekdayDayText,
} from '../domain/delivery-dates';
import { DELIVERY_PRICE_LATER } from '../domain/delivery-quote';
import { zoneOfAddress } from '../domain/ring-road';
import type { AddressSuggestions } from './address-suggestions.port';
import type { CarrierPackage, CarrierQuote } from './carrier-quote.port';
import type { DeliveryCalendar, DeliveryWindowRecord } from './delivery-calendar.port';

type CartLines = readonly { readonly id: number; readonly quantity: number }[];

export interface PromiseAnswer extends DeliveryRange {
  readonly text: string;
}

interface OfferedDay {
  readonly day: CalendarDay;
  readonly label: string;
  readonly full: boolean;
}

export interface DeliveryOffer {
  readonly promise: PromiseAnswer | null;
  readonly days: readonly OfferedDay[];
  readonly windows: readonly DeliveryWindowRecord[];
}

/** A slot the order books: checked against the offer, with the window's label and price fixed. */
interface BookedSlot {
  readonly day: CalendarDay;
  readonly windowId: number;
  readonly label: string;
  /** Kopecks of the paid slot (0 for a free window). */
  readonly price: number;
}

export type SlotCheck =
  | { readonly ok: true; readonly slot: BookedSlot }
  | {
      readonly ok: false;
      readonly error: 'delivery_day_not_offered' | 'unknown_window' | 'delivery_day_full';
    };

export interface SuggestedAddress {
  readonly value: string;
  readonly region: string | null;
  readonly city: string | null;
  readonly postalCode: string | null;
  /** Null when the address does not tell: the shopper picks the zone by hand. */
  readonly zone: AddressZone | null;
  /** Whole km beyond КАД (0 unless outside it). */
  readonly kmBeyondKad: number;
  readonly zoneText: string | null;
}

export interface CarrierAnswer {
  readonly price: number | null;
  readonly note: string | null;
  readonly days: { readonly min: number; readonly max: number } | null;
}

/** Packed size and weight of a product for the carrier (until h23-quote's packed fields: its item sizes). */
export interface PackedProduct {
  readonly id: number;
  readonly widthCm: number | null;
  readonly depthCm: number | null;
  readonly heightCm: number | null;
  readonly weightKg: number | null;
}

/** What the cart's lines need to say «Привезём …» and «Поместится?» (issue 23, items 5–6). */
export interface ProductDeliveryFacts {
  readonly source: AvailabilitySource;
  readonly itemClass: ItemClass | null;
  readonly packed: BoxSize | null;
}

export interface ProductDeliveryAnswer {
  readonly productId: number;
  readonly promise: PromiseAnswer;
  readonly itemClass: ItemClass | null;
  readonly packed: BoxSize | null;
}

export interface DeliveryDeps {
  readonly calendar: DeliveryCalendar;
  /** Null without DADATA_TOKEN: the shopper picks the zone by hand. */
  readonly addresses: AddressSuggestions | null;
  /** Null without the carrier's credentials: the manager tells the price. */
  readonly carrier: CarrierQuote | null;
  readonly packedSizes: (productIds: readonly number[]) => Promise<ReadonlyMap<number, PackedProduct>>;
  /** Availability, class and packed box of several products, read in one query. */
  readonly productFacts: (
    productIds: readonly number[],
  ) => Promise<ReadonlyMap<number, ProductDeliveryFacts>>;
  /** The same facts of the shown product at a slug; null when the shop shows none there. */
  readonly productFactsBySlug: (
    slug: string,
  ) => Promise<{ readonly productId: number; readonly facts: ProductDeliveryFacts } | null>;
  readonly now: () => number;
}

const SUGGESTIONS = 7;
/** What the carrier is told when a product has no sizes: a 60 cm cube of 20 kg. */
const UNKNOWN_PARCEL: CarrierPackage = { weightGrams: 20_000, lengthCm: 60, widthCm: 60, heightCm: 60 };

/**
 * Delivery for the storefront (issue 23, items 4–5; docs/delivery-dates.md): the earliest date of a
 * product and of a cart, the days and windows checkout offers, the check of a chosen slot, address
 * suggestions with their zone, and the carrier's quote.
 */
export class DeliveryService {
  constructor(private readonly deps: DeliveryDeps) {}

  get suggestionsEnabled(): boolean {
    return this.deps.addresses !== null;
  }

  private today(): CalendarDay {
    return moscowToday(this.deps.now()).day;
  }

  private answer(range: DeliveryRange): PromiseAnswer {
    return { ...range, text: deliveryPromise(range, this.today()) };
  }

  /** A product's earliest range; null for an unknown product. */
  async promiseFor(productId: number): Promise<PromiseAnswer | null> {
    const sources = await this.deps.calendar.availabilityOf([productId]);
    const source = sources.get(productId);
    return source === undefined ? null : this.answer(deliveryRange(source, this.deps.now()));
  }

  /**
   * Each product's date, class and packed box in the order asked (unknown ones left out), and the
   * date of them all in one delivery (the latest): the cart's lines, from one read.
   */
  async productsDelivery(productIds: readonly number[]): Promise<{
    readonly items: readonly ProductDeliveryAnswer[];
    readonly together: PromiseAnswer | null;
  }> {
    const facts = await this.deps.productFacts(productIds);
    const now = this.deps.now();
    const items: ProductDeliveryAnswer[] = [];
    const ranges: DeliveryRange[] = [];
    for (const productId of new Set(productIds)) {
      const fact = facts.get(productId);
      if (fact === undefined) continue;
      const range = deliveryRange(fact.source, now);
      ranges.push(range);
      items.push({ productId, promise: this.answer(range), itemClass: fact.itemClass, packed: fact.packed });
    }
    const together = rangeOfAll(ranges);
    return { items, together: together === null ? null : this.answer(together) };
  }

  /**
   * One product's date, class and packed box by its slug (the product page asks with the product, not
   * after it: issue 27, item 4); null when the shop shows no product there.
   */
  async productDeliveryBySlug(slug: string): Promise<ProductDeliveryAnswer | null> {
    const found = await this.deps.productFactsBySlug(slug);
    if (found === null) return null;
    const { productId, facts } = found;
    const promise = this.answer(deliveryRange(facts.source, this.deps.now()));
    return { productId, promise, itemClass: facts.itemClass, packed: facts.packed };
  }

  /** The cart's range: one delivery, when its slowest line is ready. Null when no line is known. */
  async cartRange(cart: CartLines): Promise<DeliveryRange | null> {
    const sources = await this.deps.calendar.availabilityOf(cart.map((line) => line.id));
    const now = this.deps.now();
    return rangeOfAll([...sources.values()].map((source) => deliveryRange(source, now)));
  }

  /** The days from the cart's first possible day to the shop's horizon (working days), full ones marked. */
  async offer(cart: CartLines): Promise<DeliveryOffer> {
    const [range, settings, windows] = await Promise.all([
      this.cartRange(cart),
      this.deps.calendar.settings(),
      this.deps.calendar.windows(),
    ]);
    if (range === null) return { promise: null, days: [], windows };
    const first = range.from;
    const horizon = addCalendarDays(first, Math.max(1, settings.daysAhead) - 1);
    const loads = await this.deps.calendar.loads(first, horizon);
    const days: OfferedDay[] = [];
    for (let day = first; day <= horizon; day = addCalendarDays(day, 1)) {
      if (!isWorkingDay(day)) continue;
      const load = loads.get(day);
      days.push({
        day,
        label: weekdayDayText(day),
        full: load !== undefined && load.booked >= load.capacity,
      });
    }
    return { promise: this.answer(range), days, windows };
  }

  /**
   * Whether the shopper may book this slot for this cart: a working day from the cart's first day to
   * the horizon, not full now, and an active window, whose label and price (the calendar's, never the
   * browser's) the quote and the order charge. The place itself is taken in the order's transaction,
   * which refuses a day that filled up after this check.
   */
  async checkSlot(
    cart: CartLines,
    choice: { readonly day: CalendarDay; readonly windowId: number },
  ): Promise<SlotCheck> {
    const [range, settings, windows] = await Promise.all([
      this.cartRange(cart),
      this.deps.calendar.settings(),
      this.deps.calendar.windows(),
    ]);
    const window = windows.find((candidate) => candidate.id === choice.windowId);
    if (window === undefined) return { ok: false, error: 'unknown_window' };
    if (range === null) return { ok: false, error: 'delivery_day_not_offered' };
    const horizon = addCalendarDays(range.from, Math.max(1, settings.daysAhead) - 1);
    if (choice.day < range.from || choice.day > horizon || !isWorkingDay(choice.day)) {
      return { ok: false, error: 'delivery_day_not_offered' };
    }
    const load = (await this.deps.calendar.loads(choice.day, choice.day)).get(choice.day);
    if (load !== undefined && load.booked >= load.capacity) return { ok: false, error: 'delivery_day_full' };
    return {
      ok: true,
      slot: { day: choice.day, windowId: window.id, label: window.label, price: window.price },
    };
  }

  /** Suggestions with their zone; [] without the service (the shopper picks the zone by hand). */
  async suggest(query: string): Promise<readonly SuggestedAddress[]> {
    const text = query.trim();
    if (this.deps.addresses === null || text.length < 3) return [];
    const found = await this.deps.addresses.suggest(text, SUGGESTIONS);
    return found.map((address) => {
      const zone = zoneOfAddress(address);
      return {
        value: address.value,
        region: address.region,
        city: address.city,
        postalCode: address.postalCode,
        zone: zone?.zone ?? null,
        kmBeyondKad: zone?.kmBeyondKad ?? 0,
        zoneText: zone === null ? null : deliveryZoneText(zone.zone, zone.kmBeyondKad),
      };
    });
  }

  /** The carrier's price for the cart's parcels; without a carrier or an offer the manager tells it. */
  async carrierQuote(
    cart: CartLines,
    to: { readonly postalCode: string | null; readonly city: string | null },
  ): Promise<CarrierAnswer> {
    const later: CarrierAnswer = { price: null, note: DELIVERY_PRICE_LATER, days: null };
    if (this.deps.carrier === null || (to.postalCode === null && to.city === null)) return later;
    const sizes = await this.deps.packedSizes(cart.map((line) => line.id));
    const packages: CarrierPackage[] = [];
    for (const line of cart) {
      const size = sizes.get(line.id);
      const parcel = size === undefined ? UNKNOWN_PARCEL : parcelOf(size);
      for (let unit = 0; unit < Math.min(line.quantity, 20); unit += 1) packages.push(parcel);
    }
    const offer = await this.deps.carrier.quote(to, packages);
    if (offer === null) return later;
    return { price: offer.price, note: null, days: { min: offer.minDays, max: offer.maxDays } };
  }
}

const whole = (value: number | null, fallback: number): number =>
  value !== null && Number.isFinite(value) && value > 0 ? Math.ceil(value) : fallback;

function parcelOf(size: PackedProduct): CarrierPackage {
  return {
    weightGrams: whole(size.weightKg === null ? null : size.weightKg * 1000, UNKNOWN_PARCEL.weightGrams),
    lengthCm: whole(size.widthCm, UNKNOWN_PARCEL.lengthCm),
    widthCm: whole(size.depthCm, UNKNOWN_PARCEL.widthCm),
    heightCm: whole(size.heightCm, UNKNOWN_PARCEL.heightCm),
  };
}
