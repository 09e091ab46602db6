/**
 * The quote of a delivery and its services (issue 23, item 3; docs/delivery.md «One quote»): from the
 * goods, the address zone, the floor, the lift and the chosen services, the service lines an order
 * carries («Доставка», «Подъём на 5 этаж без лифта», «Сборка», «Вывоз старой мебели»…) and their
 * total. The cart, the checkout, the placed order and the manager's edit all price through this one
 * function. Pure and total; every amount is whole roubles in kopecks.
 */
import {
  carryingLabel,
  DELIVERY_LINE_LABEL,
  type DeliveryZone,
  deliveryWindowLabel,
  OPTIONAL_SERVICE_LABELS,
  type OptionalService,
  type ServiceKind,
} from '../../shared-rules/delivery-service-rule';
import type { ItemClass } from '../../shared-rules/item-class-rule';
import { type Kopecks, percentInWholeRoubles } from '../../shared-rules/money-rule';
import type { LiftKind } from '../../shared-rules/order-options-rule';
import type { ClassTariff, DeliveryTariffs } from './delivery-tariffs';

/** Tells the shopper that the manager prices a delivery the tariffs do not cover (another region). */
export const DELIVERY_PRICE_LATER = 'Стоимость доставки сообщит менеджер';

const MAX_FLOOR = 100;
const MAX_KM_BEYOND_KAD = 500;

/** A line of goods as the services see it. */
export interface QuoteGoodsLine {
  readonly itemClass: ItemClass;
  readonly quantity: number;
  /** The line's goods after its discount share (kopecks): the base of a percent assembly. */
  readonly netTotal: Kopecks;
  /** Whether the product can be assembled by the shop (a sofa yes, a vase no). */
  readonly assemblyAvailable: boolean;
}

export interface DeliveryRequest {
  readonly zone: DeliveryZone;
  /** Whole km beyond the ring road (outside КАД only). */
  readonly kmBeyondKad: number;
  /** 1 = the ground floor (nothing to carry up). */
  readonly floor: number;
  readonly lift: LiftKind;
  readonly services: readonly OptionalService[];
  /** A paid delivery window from the delivery calendar: «10:00–13:00» and its price. */
  readonly window: { readonly label: string; readonly price: Kopecks } | null;
}

export interface ServiceLine {
  readonly kind: ServiceKind;
  readonly label: string;
  readonly amount: Kopecks;
}

export interface DeliveryQuote {
  readonly lines: readonly ServiceLine[];
  /** Σ lines. */
  readonly total: Kopecks;
  /** DELIVERY_PRICE_LATER when the tariffs do not cover the zone; then there are no lines. */
  readonly note: string | null;
}

/** Σ amount of an order's service lines. */
export function servicesTotal(lines: readonly { readonly amount: Kopecks }[]): Kopecks {
  return lines.reduce((sum, line) => sum + line.amount, 0);
}

/**
 * An order's services after its delivery window changed (the manager's «Перенести»): every paid-window
 * line gives way to the new window's line — none when the new window is free — kept where the first one
 * stood, so the total moves by exactly the difference of the two prices.
 */
export function servicesWithWindow<
  Line extends { readonly kind: string; readonly label: string; readonly amount: Kopecks },
>(
  services: readonly Line[],
  window: { readonly label: string; readonly price: Kopecks },
  lineOf: (kind: 'delivery_window', label: string, amount: Kopecks) => Line,
): Line[] {
  const replacement =
    window.price > 0 ? [lineOf('delivery_window', deliveryWindowLabel(window.label), window.price)] : [];
  const at = services.findIndex((line) => line.kind === 'delivery_window');
  const others = services.filter((line) => line.kind !== 'delivery_window');
  if (at < 0) return [...others, ...replacement];
  const before = services.slice(0, at).filter((line) => line.kind !== 'delivery_window').length;
  return [...others.slice(0, before), ...replacement, ...others.slice(before)];
}

const clampInt = (value: number, min: number, max: number): number =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, Math.trunc(value))) : min;

const units = (lines: readonly QuoteGoodsLine[], include: (line: QuoteGoodsLine) => boolean): number =>
  lines.reduce((sum, line) => sum + (include(line) ? Math.max(0, Math.trunc(line.quantity)) : 0), 0);

/** Large items: everything but small goods (decor, textiles), which need no carrying or dismantling. */
const isLarge = (line: QuoteGoodsLine): boolean => line.itemClass !== 'small_item';

/**
 * Carrying one item to `floor`: the stairs per floor above the first; a lift never costs more than the
 * stairs (a passenger lift when the item fits it, a freight lift a flat price per item).
 */
function carryOne(tariff: ClassTariff, freightLift: Kopecks, floor: number, lift: LiftKind): Kopecks {
  const stairs = tariff.carryPerFloor * Math.max(0, floor - 1);
  if (stairs === 0) return 0;
  if (lift === 'freight') return Math.min(stairs, freightLift);
  if (lift === 'passenger' && tariff.carryPassengerLift !== null)
    return Math.min(stairs, tariff.carryPassengerLift);
  return stairs;
}

function assemblyOf(tariff: ClassTariff, line: QuoteGoodsLine): Kopecks {
  if (!line.assemblyAvailable) return 0;
  const quantity = Math.max(0, Math.trunc(line.quantity));
  return tariff.assembly.kind === 'fixed'
    ? tariff.assembly.amount * quantity
    : percentInWholeRoubles(Math.max(0, line.netTotal), tariff.assembly.percent, 'half_up');
}

/**
 * The service lines of a delivery. `goods` is the goods total after the discount (it decides the free
 * delivery). Pickup costs nothing; another region is priced by the manager (no lines, a note).
 */
export function deliveryQuote(
  tariffs: DeliveryTariffs,
  goods: Kopecks,
  lines: readonly QuoteGoodsLine[],
  request: DeliveryRequest,
): DeliveryQuote {
  if (request.zone === 'pickup') return { lines: [], total: 0, note: null };
  if (request.zone === 'region') return { lines: [], total: 0, note: DELIVERY_PRICE_LATER };
  const floor = clampInt(request.floor, 1, MAX_FLOOR);
  const km = request.zone === 'outside_kad' ? clampInt(request.kmBeyondKad, 0, MAX_KM_BEYOND_KAD) : 0;
  const free = goods >= tariffs.freeDeliveryFrom;
  const base = request.zone === 'inside_kad' ? tariffs.insideKad : tariffs.outsideKadBase;
  const result: ServiceLine[] = [
    {
      kind: 'delivery',
      label: request.zone === 'outside_kad' ? `${DELIVERY_LINE_LABEL} за КАД, ${km} км` : DELIVERY_LINE_LABEL,
      amount: (free ? 0 : base) + tariffs.outsideKadPerKm * km,
    },
  ];
  const add = (kind: ServiceKind, label: string, amount: Kopecks) => {
    if (amount > 0) result.push({ kind, label, amount });
  };
  if (request.window !== null && request.window.price > 0)
    add('delivery_window', deliveryWindowLabel(request.window.label), request.window.price);
  add(
    'carrying',
    carryingLabel(floor, request.lift),
    lines.reduce(
      (sum, line) =>
        sum +
        carryOne(tariffs.classes[line.itemClass], tariffs.freightLiftPerItem, floor, request.lift) *
          Math.max(0, Math.trunc(line.quantity)),
      0,
    ),
  );
  const chosen = new Set(request.services);
  if (chosen.has('assembly'))
    add(
      'assembly',
      OPTIONAL_SERVICE_LABELS.assembly,
      lines.reduce((sum, line) => sum + assemblyOf(tariffs.classes[line.itemClass], line), 0),
    );
  if (chosen.has('dismantling'))
    add(
      'dismantling',
      OPTIONAL_SERVICE_LABELS.dismantling,
      tariffs.dismantlingPerItem * units(lines, isLarge),
    );
  if (chosen.has('door_removal'))
    add('door_removal', OPTIONAL_SERVICE_LABELS.door_removal, tariffs.doorRemoval);
  if (chosen.has('old_furniture_removal'))
    add(
      'old_furniture_removal',
      OPTIONAL_SERVICE_LABELS.old_furniture_removal,
      tariffs.oldFurnitureRemovalPerItem * units(lines, isLarge),
    );
  return { lines: result, total: servicesTotal(result), note: null };
}
