/**
 * Delivery zones and the services of a delivery (issue 23; docs/delivery.md, docs/delivery-dates.md):
 * the one vocabulary of zones — ids and Russian labels — and of the services, used by the address suggestions, the quote, the cart, the checkout, the order card,
 * receipts, mails and exports.
 */
import type { LiftKind } from './order-options-rule';

/** Where the goods go: Saint Petersburg inside or outside the ring road (КАД), the showroom, elsewhere. */
export const DELIVERY_ZONES = ['inside_kad', 'outside_kad', 'pickup', 'region'] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];
export const DELIVERY_ZONE_LABELS: Readonly<Record<DeliveryZone, string>> = {
  inside_kad: 'Санкт-Петербург в пределах КАД',
  outside_kad: 'За КАД',
  pickup: 'Самовывоз из шоу-рума',
  region: 'Другой регион',
};

/** The zones an address can tell (pickup is a way of delivery, not a place). */
export type AddressZone = Exclude<DeliveryZone, 'pickup'>;
export const ADDRESS_ZONES: readonly AddressZone[] = ['inside_kad', 'outside_kad', 'region'];

/** The farthest a courier goes beyond the ring road; farther is another region's carrier. */
export const MAX_KM_BEYOND = 100;

/** «За КАД, 12 км»: a zone in words (an address suggestion, the checkout's answer, the order card). */
export function deliveryZoneText(zone: DeliveryZone, kmBeyondKad: number): string {
  return zone === 'outside_kad'
    ? `${DELIVERY_ZONE_LABELS.outside_kad}, ${kmBeyondKad} км`
    : DELIVERY_ZONE_LABELS[zone];
}

/** The services a shopper may choose at checkout (delivery and carrying up follow from the address). */
export const OPTIONAL_SERVICES = [
  'assembly',
  'dismantling',
  'door_removal',
  'old_furniture_removal',
] as const;
export type OptionalService = (typeof OPTIONAL_SERVICES)[number];
export const OPTIONAL_SERVICE_LABELS: Readonly<Record<OptionalService, string>> = {
  assembly: 'Сборка',
  dismantling: 'Разборка перед подъёмом',
  door_removal: 'Снятие дверей',
  old_furniture_removal: 'Вывоз старой мебели',
};

/** Every kind of service line an order may carry. */
export const SERVICE_KINDS = [
  'delivery',
  'delivery_window',
  'carrying',
  ...OPTIONAL_SERVICES,
  'other',
] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

export const DELIVERY_LINE_LABEL = 'Доставка';

/** «Подъём на 5 этаж», «Подъём на 5 этаж (грузовой лифт)». */
export function carryingLabel(floor: number, lift: LiftKind): string {
  const base = `Подъём на ${floor} этаж`;
  if (lift === 'freight') return `${base} (грузовой лифт)`;
  if (lift === 'passenger') return `${base} (пассажирский лифт)`;
  return `${base} без лифта`;
}

/** «Доставка ко времени: 10:00–13:00». */
export function deliveryWindowLabel(window: string): string {
  return `Доставка ко времени: ${window}`;
}
